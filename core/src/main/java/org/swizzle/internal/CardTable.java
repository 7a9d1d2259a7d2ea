package org.swizzle.internal;

import java.util.Arrays;

/**
 * The card table of the write barrier (Hosking, Brown &amp; Moss): one byte per card of the resident
 * space, {@link #DIRTY} once any object whose card address lies in the card was written. Resident
 * objects get card addresses from {@link ResidentSpace}; transient objects have address 0, whose
 * card is a sink that no commit reads, so the barrier needs no branch.
 */
public final class CardTable {

    /** log2 of the card size; a constant the JIT folds into the barrier. */
    public static final int SHIFT = Integer.numberOfTrailingZeros(AgentOptions.current().cardSize());

    public static final byte DIRTY = 0;
    public static final byte CLEAN = 1;

    private static byte[] cards = newCards(1 << 12);

    private CardTable() {
    }

    /** The barrier: marks the card holding {@code address}. */
    public static void mark(long address) {
        cards[(int) (address >>> SHIFT)] = DIRTY;
    }

    static boolean isDirty(long card) {
        return cards[(int) card] == DIRTY;
    }

    static void clean(long card) {
        cards[(int) card] = CLEAN;
    }

    static void dirty(long card) {
        cards[(int) card] = DIRTY;
    }

    /** Makes sure cards up to (exclusive) {@code card} exist. Called with the resident space locked. */
    static void ensureCards(long cardLimit) {
        byte[] current = cards;
        if (cardLimit <= current.length) {
            return;
        }
        if (cardLimit > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("Card table exhausted: " + cardLimit + " cards");
        }
        long size = Math.max(cardLimit, (long) current.length * 2);
        byte[] grown = Arrays.copyOf(current, (int) Math.min(size, Integer.MAX_VALUE - 8));
        Arrays.fill(grown, current.length, grown.length, CLEAN);
        cards = grown;
    }

    private static byte[] newCards(int size) {
        byte[] table = new byte[size];
        Arrays.fill(table, CLEAN);
        return table;
    }
}
