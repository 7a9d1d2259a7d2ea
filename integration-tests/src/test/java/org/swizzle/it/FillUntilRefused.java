package org.swizzle.it;

import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.it.model.Node;

/**
 * Child JVM of {@link FileSizeLimitTest}: adds nodes of 4 KB names to a root's children, committing every 100, until a
 * commit is refused; prints {@code COMMITTED n}, the refusal, and what the store does after it ({@code abort()}, a
 * read of every committed node, {@code close()}).
 */
public final class FillUntilRefused {
    static final int PER_COMMIT = 100;
    static final int MOST_COMMITS = 1_000;

    private FillUntilRefused() {
    }

    /** The name of the {@code i}th child: its number, then filler. */
    static String name(int i) {
        return i + ":" + "x".repeat(4_000);
    }

    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
            Node root = store.root("root", Node.class, () -> new Node("root"));
            int committed = root.children.size();
            try {
                for (int c = 0; c < MOST_COMMITS; c++) {
                    for (int i = 0; i < PER_COMMIT; i++) {
                        root.children.add(new Node(name(root.children.size())));
                    }
                    store.commit();
                    committed = root.children.size();
                }
                System.out.println("NEVER REFUSED");
                return;
            } catch (RuntimeException refused) {
                System.out.println("COMMITTED " + committed);
                System.out.println("REFUSED " + refused);
            }
            store.abort();
            for (int i = 0; i < root.children.size(); i++) {
                if (!root.children.get(i).name.equals(name(i))) {
                    throw new AssertionError("child " + i + " is " + root.children.get(i).name);
                }
            }
            System.out.println("AFTER ABORT " + root.children.size());
        }
        System.out.println("CLOSED");
    }
}
