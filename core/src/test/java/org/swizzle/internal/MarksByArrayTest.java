package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class MarksByArrayTest {

    @Test
    void shouldFindTheLastMarksRegisteredForEachArray() {
        List<long[]> arrays = new ArrayList<>();
        List<PageMarks> marks = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            long[] array = new long[1];
            arrays.add(array);
            marks.add(PageMarks.register(array, ValueKind.LONG_ARRAY, null, null));
        }
        PageMarks again = PageMarks.register(arrays.get(7), ValueKind.LONG_ARRAY, null, null);
        for (int i = 0; i < arrays.size(); i++) {
            assertSame(i == 7 ? again : marks.get(i), PageMarks.of(arrays.get(i)), "array " + i);
        }
        assertNull(PageMarks.of(new long[1]), "an array never registered");
    }

    /** Objects with large arrays faulted in one after another: each registration fills a slot, not a new table. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void shouldRegisterTheArraysOfManyObjectsInLinearTime() {
        List<int[]> arrays = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            int[] array = new int[1];
            arrays.add(array);
            PageMarks.register(array, ValueKind.INT_ARRAY, null, null);
        }
        for (int[] array : arrays) {
            assertSame(array, PageMarks.of(array).array());
        }
    }
}
