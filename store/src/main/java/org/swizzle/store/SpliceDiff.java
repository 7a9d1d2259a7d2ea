package org.swizzle.store;

/**
 * Finds how the new bytes of an object whose length changed follow from its committed bytes, so that a
 * commit logs about the bytes that changed (a SPLICE record, see {@link WalDescriptor}) rather than the
 * whole object: the longest common suffix, at most the shorter of the two lengths, then the new bytes
 * before it as ranges, those that differ from the old bytes at the same offsets ({@link ByteDiff}) and
 * those past the old bytes before the suffix, all of which are new. An insertion or a deletion at one
 * place, with changes before it (a collection's size field), so comes out as a few short ranges.
 *
 * <p>A cursor, reused without allocation: {@link #reset}, then {@link #next()} until it returns
 * {@code false}, reading {@link #start()} and {@link #end()} after each {@code true}.
 */
final class SpliceDiff {
    private final ByteDiff diff;
    private final int mergeGap;
    private int suffixLength;
    /** Where the new bytes before the suffix end. */
    private int front;
    /** How many of those have old bytes at the same offsets to compare with. */
    private int compared;
    private boolean diffPending;
    private boolean tailPending;
    private int start;
    private int end;

    /** Ranges closer than {@code mergeGap} equal bytes come out as one, as in {@link ByteDiff}. */
    SpliceDiff(int mergeGap) {
        this.diff = new ByteDiff(mergeGap);
        this.mergeGap = mergeGap;
    }

    /** Starts on the old bytes {@code before} and the new bytes {@code after}, from their offsets. */
    void reset(LittleEndianBuffer before, int beforeOffset, int beforeLength, LittleEndianBuffer after, int afterOffset,
        int afterLength) {
        suffixLength = commonSuffix(before, beforeOffset, beforeLength, after, afterOffset, afterLength);
        front = afterLength - suffixLength;
        compared = Math.min(front, beforeLength - suffixLength);
        diff.reset(before, beforeOffset, after, afterOffset, compared);
        diffPending = diff.next();
        tailPending = compared < front;
    }

    /** How many of the new bytes' last bytes are the old bytes' last ones. */
    int suffixLength() {
        return suffixLength;
    }

    /** Moves to the next range of new bytes to log; {@code false} when there is none. */
    boolean next() {
        if (diffPending) {
            start = diff.start();
            end = diff.end();
            diffPending = diff.next();
            if (!diffPending && tailPending && compared - end < mergeGap) {
                end = front;
                tailPending = false;
            }
            return true;
        }
        if (tailPending) {
            start = compared;
            end = front;
            tailPending = false;
            return true;
        }
        return false;
    }

    /** Offset in the new bytes of the current range's first byte. */
    int start() {
        return start;
    }

    /** Offset in the new bytes just past the current range's last byte. */
    int end() {
        return end;
    }

    private static int commonSuffix(LittleEndianBuffer before, int beforeOffset, int beforeLength, LittleEndianBuffer after,
        int afterOffset, int afterLength) {
        int max = Math.min(beforeLength, afterLength);
        int beforeEnd = beforeOffset + beforeLength;
        int afterEnd = afterOffset + afterLength;
        int n = 0;
        while (n + Long.BYTES <= max
            && before.getLong(beforeEnd - n - Long.BYTES) == after.getLong(afterEnd - n - Long.BYTES)) {
            n += Long.BYTES;
        }
        while (n < max && before.getByte(beforeEnd - n - 1) == after.getByte(afterEnd - n - 1)) {
            n++;
        }
        return n;
    }
}
