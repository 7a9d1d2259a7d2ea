package org.swizzle.benchmarks.lws;

/**
 * Builds a collection and runs its phases, the same code for every system: the load traversal
 * (touches every node once, which faults it in a store), the work visits (Moss's read work: count
 * the null extra slots, sum the bytes and integers) and the update of a fraction u of the nodes
 * (Moss's update work: swap even-odd pairs of extra slots, negate the bytes and integers, and
 * bump {@link Node#stamp}).
 */
final class Tree {

    private long sum;
    private double credit;
    private int updated;

    /** A new tree of {@code shape}, on the heap. */
    static Node build(TreeShape shape) {
        return build(shape, shape.height(), new int[1]);
    }

    private static Node build(TreeShape shape, int height, int[] counter) {
        Node node = new Node();
        NodeShape kind = height == 1 ? shape.leaf() : shape.internal();
        if (kind.extraSlots() > 0) {
            node.slots = new Node[kind.extraSlots()];
            for (int i = 0; i < kind.initialized(); i++) {
                node.slots[i] = node;
            }
        }
        if (kind.bytes() > 0) {
            node.bytes = new byte[kind.bytes()];
            for (int i = 0; i < kind.initializedBytes(); i++) {
                node.bytes[i] = (byte) ++counter[0];
            }
        }
        if (kind.ints() > 0) {
            node.ints = new int[kind.ints()];
            for (int i = 0; i < kind.initializedInts(); i++) {
                node.ints[i] = ++counter[0];
            }
        }
        if (height > 1) {
            node.left = build(shape, height - 1, counter);
            node.right = build(shape, height - 1, counter);
        }
        return node;
    }

    /** Touches every node once (a store faults each in); returns the nodes reached. */
    static int load(Node node) {
        if (node == null) {
            return 0;
        }
        return 1 + load(node.left) + load(node.right);
    }

    /** {@code visits} visits of every node, each doing the read work; returns a checksum. */
    long work(Node root, int visits) {
        sum = 0;
        for (int v = 0; v < visits; v++) {
            visit(root);
        }
        return sum;
    }

    private void visit(Node node) {
        Node[] slots = node.slots;
        if (slots != null) {
            for (Node slot : slots) {
                if (slot == null) {
                    sum++;
                }
            }
        }
        byte[] bytes = node.bytes;
        if (bytes != null) {
            for (byte b : bytes) {
                sum += b;
            }
        }
        int[] ints = node.ints;
        if (ints != null) {
            for (int i : ints) {
                sum += i;
            }
        }
        sum += node.stamp;
        if (node.left != null) {
            visit(node.left);
        }
        if (node.right != null) {
            visit(node.right);
        }
    }

    /** Updates a fraction {@code u} of the nodes, spread evenly in preorder; returns how many. */
    int update(Node root, double u) {
        credit = 0;
        updated = 0;
        updateFrom(root, u);
        return updated;
    }

    private void updateFrom(Node node, double u) {
        credit += u;
        if (credit >= 1 - 1e-9) {
            credit -= 1;
            updated++;
            change(node);
        }
        if (node.left != null) {
            updateFrom(node.left, u);
        }
        if (node.right != null) {
            updateFrom(node.right, u);
        }
    }

    private static void change(Node node) {
        node.stamp++;
        Node[] slots = node.slots;
        if (slots != null) {
            for (int i = 0; i + 1 < slots.length; i += 2) {
                Node even = slots[i];
                slots[i] = slots[i + 1];
                slots[i + 1] = even;
            }
        }
        byte[] bytes = node.bytes;
        if (bytes != null) {
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) -bytes[i];
            }
        }
        int[] ints = node.ints;
        if (ints != null) {
            for (int i = 0; i < ints.length; i++) {
                ints[i] = -ints[i];
            }
        }
    }
}
