package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

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

    private List<String> ranges(byte[] before, byte[] after) {
        diff.reset(LittleEndianBuffer.of(before), 0, LittleEndianBuffer.of(after), 0, before.length);
        List<String> found = new ArrayList<>();
        while (diff.next()) {
            found.add(diff.start() + ".." + diff.end());
        }
        return found;
    }
}
