package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class ByteDiffTest {
    private final ByteDiff diff = new ByteDiff(24);

    @Test
    void shouldFindNoRangeInEqualBytes() {
        assertEquals(List.of(), ranges(new byte[100], new byte[100]));
        assertEquals(List.of(), ranges(new byte[0], new byte[0]));
    }

    @Test
    void shouldFindEachDifferenceAtAnyAlignment() {
        for (int at = 0; at < 20; at++) {
            byte[] after = new byte[20];
            after[at] = 1;
            assertEquals(List.of(at + ".." + (at + 1)), ranges(new byte[20], after), "difference at " + at);
        }
    }

    @Test
    void shouldMergeRangesSeparatedByFewerEqualBytesThanTheGap() {
        byte[] after = new byte[200];
        after[10] = 1;
        after[11] = 1;
        after[35] = 1;
        after[60] = 1;
        after[199] = 1;
        assertEquals(List.of("10..36", "60..61", "199..200"), ranges(new byte[200], after),
            "gap 23 merges; gap 24 does not");
    }

    @Test
    void shouldCompareFromTheGivenOffsets() {
        LittleEndianBuffer before = LittleEndianBuffer.of(new byte[50]);
        LittleEndianBuffer after = LittleEndianBuffer.of(new byte[60]);
        after.putByte(10 + 7, (byte) 3);
        diff.reset(before, 5, after, 10, 40);
        List<String> found = new ArrayList<>();
        while (diff.next()) {
            found.add(diff.start() + ".." + diff.end());
        }
        assertEquals(List.of("7..8"), found);
    }

    @Test
    void shouldFindTheRangesAByteByByteComparisonFinds() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 2000; round++) {
            int length = random.nextInt(600);
            byte[] before = new byte[length + 16];
            random.nextBytes(before);
            byte[] after = before.clone();
            int changedShare = 1 + random.nextInt(100); // from a byte changed here and there to every byte
            for (int i = 0; i < after.length; i++) {
                if (random.nextInt(100) < changedShare) {
                    after[i] = (byte) (before[i] + 1 + random.nextInt(255));
                }
            }
            int beforeOffset = random.nextInt(8);
            int afterOffset = random.nextInt(8);
            int gap = 1 + random.nextInt(30);
            ByteDiff tried = new ByteDiff(gap);
            tried.reset(LittleEndianBuffer.of(before), beforeOffset, LittleEndianBuffer.of(after), afterOffset, length);
            List<String> found = new ArrayList<>();
            while (tried.next()) {
                found.add(tried.start() + ".." + tried.end());
            }
            assertEquals(byteByByte(before, beforeOffset, after, afterOffset, length, gap), found, "round " + round);
        }
    }

    /** The ranges {@link ByteDiff} finds, by the rule it states, one byte at a time. */
    private static List<String> byteByByte(byte[] before, int beforeOffset, byte[] after, int afterOffset, int length,
        int gap) {
        List<String> ranges = new ArrayList<>();
        int start = -1;
        int end = -1;
        for (int i = 0; i < length; i++) {
            if (before[beforeOffset + i] != after[afterOffset + i]) {
                if (start >= 0 && i - end >= gap) {
                    ranges.add(start + ".." + end);
                    start = -1;
                }
                if (start < 0) {
                    start = i;
                }
                end = i + 1;
            }
        }
        if (start >= 0) {
            ranges.add(start + ".." + end);
        }
        return ranges;
    }

    private List<String> ranges(byte[] before, byte[] after) {
        diff.reset(LittleEndianBuffer.of(before), 0, LittleEndianBuffer.of(after), 0, before.length);
        List<String> found = new ArrayList<>();
        while (diff.next()) {
            found.add(diff.start() + ".." + diff.end());
        }
        return found;
    }
}
