package org.swizzle.internal;

/**
 * The layout of {@code $swz_word}, the one {@code long} of state the agent adds to a persistent object in place of a
 * field per piece: the OID, the store, the residency state, the dirty level and the watched bit. One word keeps an
 * object as small as the alignment allows (an {@code Item} of three fields is 32 bytes rather than 40), which a pass
 * over many objects pays in cache misses; it is read by a plain load in the residency check and the barriers, and
 * every change is a compare-and-set, so that threads changing different pieces (a barrier's dirty level, a fault's
 * state) never lose each other's.
 *
 * <pre>
 *  63            24 23         8 7   5  4        3   2 1     0
 * +----------------+------------+-----+---------+-----+-------+
 * |  OID (40 bits) | store slot | 0   | watched |dirty| state |
 * +----------------+------------+-----+---------+-----+-------+
 * </pre>
 *
 * The store is a slot of {@link OpenStores}: 0 for a transient object, {@link OpenStores#CLOSED} once its store closed.
 */
public final class StateWord {

    /** {@code word & STATE_MASK} is the object's {@code $swz_state}: {@code 0} when resident. */
    public static final long STATE_MASK = 0b11L;
    public static final int DIRTY_SHIFT = 2;
    /** {@code (word & DIRTY_MASK) >>> DIRTY_SHIFT} is the object's {@code $swz_dirty}. */
    public static final long DIRTY_MASK = 0b11L << DIRTY_SHIFT;
    /** Set while the object manager watches the object ({@link Persistable#WATCHED}). */
    public static final long WATCHED_BIT = 1L << 4;
    public static final int STORE_SHIFT = 8;
    public static final long STORE_MASK = 0xFFFFL << STORE_SHIFT;
    public static final int OID_SHIFT = 24;
    public static final long OID_MASK = -1L << OID_SHIFT;
    /** The largest OID a word holds: that of a stored reference. */
    public static final long MAX_OID = (1L << (64 - OID_SHIFT)) - 1;

    private StateWord() {
    }

    static long oid(long word) {
        return word >>> OID_SHIFT;
    }

    static int store(long word) {
        return (int) ((word & STORE_MASK) >>> STORE_SHIFT);
    }

    /** Replaces the bits of {@code mask} in {@code object}'s word with {@code bits} (already shifted in place). */
    static void set(Persistable object, long mask, long bits) {
        long word;
        do {
            word = object.$swz_word();
        } while (!object.$swz_swapWord(word, (word & ~mask) | (bits & mask)));
    }

    /** Sets the dirty level to {@code dirty} if it is lower; returns the level before. */
    static byte raiseDirty(Persistable object, byte dirty) {
        long word;
        byte before;
        do {
            word = object.$swz_word();
            before = (byte) ((word & DIRTY_MASK) >>> DIRTY_SHIFT);
            if (before >= dirty) {
                return before;
            }
        } while (!object.$swz_swapWord(word, (word & ~DIRTY_MASK) | ((long) dirty << DIRTY_SHIFT)));
        return before;
    }

    /** {@code oid} as it goes into a word; refused past {@link #MAX_OID}, which no store gives. */
    static long oidBits(long oid) {
        if (oid < 0 || oid > MAX_OID) {
            throw new IllegalArgumentException("OID " + oid + " is out of range (0 to " + MAX_OID + ")");
        }
        return oid << OID_SHIFT;
    }
}
