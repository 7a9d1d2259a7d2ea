package org.swizzle.benchmarks.lws;

import java.util.Locale;

/**
 * One collection of Moss's series ("To swizzle or not to swizzle", section 5.1), named by
 * its series and the value of the variable the series varies: {@code VS8} (8 slots per node),
 * {@code VB52} (52 extra bytes), {@code VH16} (height 16), {@code VN14} (height 14, slots set for a
 * fixed total of 2^19 slots), {@code SI34} (leaves of 233 slots, 34 initialized), {@code BI220}
 * (leaves of 932 bytes, 220 set), {@code II21} (leaves of 233 integers, 21 set), {@code WS34} and
 * {@code WB84} (leaves with 34 slots or 84 bytes for the work measurements). Heights are scaled to a
 * 2-core machine: 12 to 16, and VH/VN up to what the run asks (18 in full mode).
 *
 * <p>Also the cost model's collection variables (Moss, Table 2) as totals: n, nb, np, ni.
 */
public record TreeShape(String name, int height, NodeShape internal, NodeShape leaf) {

    /** The collection named {@code name}. */
    public static TreeShape of(String name) {
        if (!name.matches("[A-Za-z]{2}[0-9]+")) {
            throw new IllegalArgumentException("Collection '" + name + "' is not a series and a value, e.g. VS8");
        }
        String series = name.substring(0, 2).toUpperCase(Locale.ROOT);
        int v = Integer.parseInt(name.substring(2));
        switch (series) {
            case "VS":
                return uniform(name, clamp(16 - log2(v / 2)), NodeShape.plain(Math.max(2, v), 0));
            case "VB":
                return uniform(name, clamp(16 - log2((v + 16) / 32)), NodeShape.plain(2, v));
            case "VH":
                return uniform(name, v, NodeShape.plain(2, 0));
            case "VN":
                return uniform(name, v, NodeShape.plain(Math.max(2, 1 << Math.max(0, 19 - v)), 0));
            case "SI":
                return new TreeShape(name, 12, NodeShape.plain(2, 0), new NodeShape(233, Math.min(v, 231), 0, 0, 0, 0));
            case "BI":
                return new TreeShape(name, 12, NodeShape.plain(2, 0), new NodeShape(2, 0, 932, Math.min(v, 932), 0, 0));
            case "II":
                return new TreeShape(name, 12, NodeShape.plain(2, 0), new NodeShape(2, 0, 0, 0, 233, Math.min(v, 233)));
            case "WS":
                return new TreeShape(name, 15, NodeShape.plain(2, 0), NodeShape.plain(Math.max(2, v), 0));
            case "WB":
                return new TreeShape(name, 15, NodeShape.plain(2, 0), NodeShape.plain(2, v));
            default:
                throw new IllegalArgumentException("Unknown series '" + series + "' in '" + name
                    + "': one of VS, VB, VH, VN, SI, BI, II, WS, WB");
        }
    }

    private static TreeShape uniform(String name, int height, NodeShape node) {
        return new TreeShape(name, height, node, node);
    }

    private static int clamp(int height) {
        return Math.max(12, Math.min(16, height));
    }

    private static int log2(int x) {
        return x <= 1 ? 0 : 31 - Integer.numberOfLeadingZeros(x);
    }

    long internalNodes() {
        return (1L << (height - 1)) - 1;
    }

    long leaves() {
        return 1L << (height - 1);
    }

    /** n: objects. */
    public long n() {
        return internalNodes() + leaves();
    }

    /** nb: user bytes in all, slots at 4 bytes each. */
    public long nb() {
        return internalNodes() * internal.userBytes() + leaves() * leaf.userBytes();
    }

    /** np: slots in all. */
    public long np() {
        return internalNodes() * internal.slots() + leaves() * leaf.slots();
    }

    /** ni: initialized slots in all (the tree's edges and the self-loops). */
    public long ni() {
        return 2 * internalNodes() + internalNodes() * internal.initialized() + leaves() * leaf.initialized();
    }

    /** Payload bytes a work visit reads, in all (the extra bytes and integers). */
    public long payloadBytes() {
        return internalNodes() * (internal.bytes() + 4L * internal.ints())
            + leaves() * (leaf.bytes() + 4L * leaf.ints());
    }

    /** Extra slots a work visit reads, in all. */
    public long extraSlots() {
        return internalNodes() * internal.extraSlots() + leaves() * leaf.extraSlots();
    }
}
