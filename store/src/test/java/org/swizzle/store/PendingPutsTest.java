package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PendingPutsTest {

    private final PendingPuts puts = new PendingPuts();
    private final LittleEndianBuffer bytes = LittleEndianBuffer.of(new byte[64]);

    @Test
    void shouldListImagesInOidOrderWhateverOrderTheyCameIn() {
        for (long oid : new long[] {40, 7, 300, 8}) {
            puts.stageNew(oid, 1, bytes, 0, (int) (oid % 50), 0);
        }
        assertSorted(puts.sortImageOids(), 7, 8, 40, 300);
    }

    @Test
    void shouldSortOidsTooLargeToShareALongWithTheirPlace() {
        long large = 1L << 62;
        for (long oid : new long[] {large + 5, 3, large + 1}) {
            puts.stageNew(oid, 1, bytes, 0, 8, 0);
        }
        assertSorted(puts.sortImageOids(), 3, large + 1, large + 5);
    }

    @Test
    void shouldSortManyPutsInReverseOrder() {
        for (long oid = 1000; oid > 0; oid--) {
            puts.beginPatch(oid);
            puts.appendRange(0, bytes, 0, 1 + (int) (oid % 8));
            puts.endPatch(0);
        }
        int n = puts.sortPatchOids();
        assertEquals(1000, n);
        for (int i = 0; i < n; i++) {
            assertEquals(i + 1, puts.sortedOid(i));
            assertEquals(i + 1, puts.oid(puts.sortedPut(i)));
            assertEquals(1 + (i + 1) % 8, puts.payloadBytes(puts.sortedPut(i)));
        }
    }

    @Test
    void shouldSortOidsInAFewAscendingRunsAsInAnyOther() {
        for (int runs : new int[] {2, 32, 33, 200}) {
            puts.clear();
            int n = 10_000;
            for (int run = 0; run < runs; run++) { // run r holds the OIDs congruent to r modulo runs, ascending
                for (long oid = 3 + run; oid < 3 + n; oid += runs) {
                    puts.stageNew(oid, 1, bytes, 0, (int) (oid % 50), 0);
                }
            }
            assertEquals(n, puts.sortImageOids(), runs + " runs");
            for (int i = 0; i < n; i++) {
                assertEquals(3 + i, puts.sortedOid(i), runs + " runs");
                assertEquals(3 + i, puts.oid(puts.sortedPut(i)), runs + " runs: each OID keeps its put");
            }
        }
    }

    @Test
    void shouldSortOidsInNoOrderOfEveryWidth() {
        java.util.Random random = new java.util.Random(7);
        for (int bits : new int[] {10, 17, 33, 50}) {
            for (int n : new int[] {5, 63, 64, 300}) {
                puts.clear();
                java.util.TreeSet<Long> expected = new java.util.TreeSet<>();
                while (expected.size() < n) {
                    long oid = 1 + (random.nextLong() >>> (Long.SIZE - bits));
                    if (expected.add(oid)) {
                        puts.beginPatch(oid);
                        puts.appendRange(0, bytes, 0, 1 + (int) (oid % 8));
                        puts.endPatch(0);
                    }
                }
                assertSorted(puts.sortPatchOids(), expected.stream().mapToLong(Long::longValue).toArray());
                for (int i = 0; i < n; i++) {
                    assertEquals(1 + puts.sortedOid(i) % 8, puts.payloadBytes(puts.sortedPut(i)), "each OID keeps its put");
                }
            }
        }
    }

    @Test
    void shouldListImagesPutInOidOrderAsTheyCame() {
        for (long oid = 1; oid <= 40; oid++) {
            puts.stageNew(oid, 1, bytes, 0, (int) oid, 0);
        }
        int n = puts.sortImageOids();
        assertEquals(40, n);
        for (int i = 0; i < n; i++) {
            assertEquals(i + 1, puts.sortedOid(i));
            assertEquals(i + 1, puts.length(puts.sortedPut(i)), "the put of its own OID");
        }
    }

    @Test
    void shouldListOnlyTheLastPutOfAnObject() {
        puts.stageNew(5, 1, bytes, 0, 10, 0);
        puts.stageNew(3, 1, bytes, 0, 11, 0);
        puts.stageNew(5, 1, bytes, 0, 12, 0);
        assertSorted(puts.sortImageOids(), 3, 5);
        assertEquals(12, puts.length(puts.sortedPut(1)), "the second put of 5 replaced the first");

        puts.replace(3);
        assertSorted(puts.sortImageOids(), 5);
        puts.free(5, 4096, 12);
        assertEquals(0, puts.sortImageOids(), "freed: no image left");
        assertSorted(puts.sortFreeOids(), 5);
    }

    @Test
    void shouldKeepTheLastPutOfEachAllocatedOidApartFromExistingOnes() {
        puts.replace(4); // an existing object put unchanged before the first allocation
        puts.allocatesFrom(100);
        for (long oid = 100; oid < 3_000; oid++) {
            puts.stageNew(oid, 1, bytes, 0, 8, 0);
        }
        puts.stageNew(150, 1, bytes, 0, 9, 0);
        puts.stageNew(2_999, 1, bytes, 0, 10, 0);
        puts.beginPatch(7);
        puts.appendRange(0, bytes, 0, 4);
        puts.endPatch(0);
        assertTrue(puts.isPut(4));
        assertTrue(puts.isPut(150));
        assertFalse(puts.isPut(3_000), "allocated but never put");
        assertFalse(puts.isFreed(150));

        int n = puts.sortImageOids();
        assertEquals(2_900, n);
        for (int i = 0; i < n; i++) {
            assertEquals(100 + i, puts.sortedOid(i));
        }
        assertEquals(9, puts.length(puts.sortedPut(50)), "the second put of 150 replaced the first");
        assertEquals(10, puts.length(puts.sortedPut(2_899)));
        assertSorted(puts.sortPatchOids(), 7);

        puts.clear();
        assertFalse(puts.isPut(150), "a new transaction starts with nothing put");
        puts.allocatesFrom(120);
        puts.stageNew(125, 1, bytes, 0, 8, 0);
        assertFalse(puts.isPut(130), "cleared, though the last transaction put it");
        assertSorted(puts.sortImageOids(), 125);
    }

    @Test
    void shouldDropARecordThatAFailureLeftUnended() {
        puts.beginPatch(9);
        puts.appendRange(0, bytes, 0, 4);
        puts.dropUnended(); // as after appendRange threw
        puts.dropUnended();
        assertEquals(0, puts.sortPatchOids(), "no half-built PATCH is logged");
        puts.beginPatch(9);
        puts.appendRange(0, bytes, 0, 6);
        puts.endPatch(0);
        puts.dropUnended();
        assertSorted(puts.sortPatchOids(), 9);
        assertEquals(6, puts.payloadBytes(puts.sortedPut(0)), "an ended PATCH stays");
    }

    @Test
    void shouldSortEachKindApart() {
        puts.beginPatch(9);
        puts.appendRange(0, bytes, 0, 4);
        puts.endPatch(0);
        puts.stageNew(20, 1, bytes, 0, 8, 0);
        puts.beginPatch(2);
        puts.appendRange(4, bytes, 0, 4);
        puts.endPatch(0);
        assertSorted(puts.sortPatchOids(), 2, 9);
        assertSorted(puts.sortImageOids(), 20);
    }

    @Test
    void shouldKeepEachKindsOwnFieldsAsThePutsGrowAndAcrossTransactions() {
        int n = PendingPuts.PAGE_PUTS + 100;
        for (int round = 0; round < 2; round++) { // the second round reuses the first's arrays, at the same indexes
            puts.clear();
            puts.free(5, 4096, 40); // the first put: the first page's old places are made
            for (long oid = 100; oid < 100 + n; oid++) { // into a second page, which has no old places yet
                if (round == 0) {
                    puts.beginPatch(oid);
                    puts.appendRange(0, bytes, 0, 3);
                    puts.endPatch(7);
                } else {
                    puts.stageNew(oid, 2, bytes, 0, 16, 7);
                }
            }
            puts.stageMoved(6, 3, bytes, 0, 24, 9, 8192, 12288);
            puts.free(7, 16384, 56);

            assertSorted(puts.sortFreeOids(), 5, 7);
            assertEquals(4096, puts.oldOffset(puts.sortedPut(0)), "round " + round);
            assertEquals(40, puts.oldLength(puts.sortedPut(0)));
            assertEquals(16384, puts.oldOffset(puts.sortedPut(1)));
            assertEquals(56, puts.oldLength(puts.sortedPut(1)));
            assertEquals(0, puts.payloadBytes(puts.sortedPut(1)), "a free carries no bytes");
            int images = puts.sortImageOids();
            assertEquals(round == 0 ? 1 : n + 1, images);
            int moved = puts.sortedPut(0);
            assertEquals(PendingPuts.Kind.MOVED_IMAGE, puts.kind(moved));
            assertEquals(8192, puts.oldOffset(moved));
            assertEquals(24, puts.oldLength(moved));
            assertEquals(12288, puts.position(moved));
            assertEquals(24, puts.payloadBytes(moved));
            if (round == 0) {
                assertEquals(n, puts.sortPatchOids());
                int patch = puts.sortedPut(n - 1);
                assertEquals(100 + n - 1, puts.oid(patch));
                assertEquals(1, puts.rangeCount(patch));
                assertEquals(3, puts.payloadBytes(patch));
                assertEquals(7, puts.crc(patch));
            } else {
                assertEquals(0, puts.sortPatchOids(), "no PATCH of the first round is left");
                int image = puts.sortedPut(n);
                assertEquals(100 + n - 1, puts.oid(image));
                assertEquals(PendingPuts.Kind.NEW_IMAGE, puts.kind(image));
                assertEquals(16, puts.payloadBytes(image), "an image's bytes, not the ranges of the PATCH once at its index");
                assertEquals(2, puts.classId(image));
            }
        }
    }

    private void assertSorted(int n, long... oids) {
        assertEquals(oids.length, n);
        for (int i = 0; i < n; i++) {
            assertEquals(oids[i], puts.sortedOid(i));
            assertEquals(oids[i], puts.oid(puts.sortedPut(i)));
        }
    }
}
