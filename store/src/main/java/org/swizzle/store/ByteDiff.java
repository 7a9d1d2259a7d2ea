package org.swizzle.store;


/**
 * Finds the byte ranges in which an object's new bytes differ from its committed bytes, so that a
 * commit logs only those. Two ranges separated by fewer equal bytes than {@code mergeGap} come out
 * as one: logging the few equal bytes between them costs less than another range's header.
 *
 * <p>A cursor, reused without allocation: {@link #reset}, then {@link #next()} until it returns
 * {@code false}, reading {@link #start()} and {@link #end()} after each {@code true}.
 */
final class ByteDiff {
    private static final long LOW_BITS = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private final int mergeGap;
    private LittleEndianBuffer before;
    private int beforeOffset;
    private LittleEndianBuffer after;
    private int afterOffset;
    private int length;
    private int position;
    private int start;
    private int end;

    ByteDiff(int mergeGap) {
        this.mergeGap = mergeGap;
    }

    /** Starts comparing {@code length} bytes of {@code before} and {@code after} from their offsets. */
    void reset(LittleEndianBuffer before, int beforeOffset, LittleEndianBuffer after, int afterOffset, int length) {
        this.before = before;
        this.beforeOffset = beforeOffset;
        this.after = after;
        this.afterOffset = afterOffset;
        this.length = length;
        this.position = 0;
    }

    /** Moves to the next differing range; {@code false} when there is none. */
    boolean next() {
        int rangeStart = firstDifference(position);
        if (rangeStart == length) {
            position = length;
            return false;
        }
        int rangeEnd = firstEqual(rangeStart + 1);
        while (rangeEnd < length) {
            int nextDifference = firstDifference(rangeEnd);
            if (nextDifference == length || nextDifference - rangeEnd >= mergeGap) {
                break;
            }
            rangeEnd = firstEqual(nextDifference + 1);
        }
        start = rangeStart;
        end = rangeEnd;
        position = rangeEnd;
        return true;
    }

    /** Offset of the current range's first differing byte, relative to the compared bytes. */
    int start() {
        return start;
    }

    /** Offset just past the current range's last differing byte. */
    int end() {
        return end;
    }

    private int firstDifference(int from) {
        return from >= length ? length : from + before.mismatch(beforeOffset + from, after, afterOffset + from, length - from);
    }

    /** Eight bytes at a time: the lowest byte of their difference that is zero is the first equal one (little-endian). */
    private int firstEqual(int from) {
        int i = from;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            long difference = before.getLong(beforeOffset + i) ^ after.getLong(afterOffset + i);
            long zeroBytes = (difference - LOW_BITS) & ~difference & HIGH_BITS;
            if (zeroBytes != 0) {
                return i + Long.numberOfTrailingZeros(zeroBytes) / Byte.SIZE;
            }
        }
        while (i < length && before.getByte(beforeOffset + i) != after.getByte(afterOffset + i)) {
            i++;
        }
        return i;
    }
}
