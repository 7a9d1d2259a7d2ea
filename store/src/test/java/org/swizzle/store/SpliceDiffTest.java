package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The ranges a SPLICE logs, and that applying them as {@link WalDescriptor} says (old front, new ranges,
 * old suffix) gives the new bytes back, whatever the edit.
 */
class SpliceDiffTest {
    private static final int GAP = WalDescriptor.SMALL_RANGE_HEADER_LENGTH;

    private final SpliceDiff diff = new SpliceDiff(GAP);

    @Test
    void shouldLogAnInsertionAtTheStartAsItsBytes() {
        byte[] old = TestBytes.bytes(1, 1000).byteArray();
        byte[] inserted = concat(new byte[] {7, 7, 7}, old);
        assertEquals(List.of("0..3"), ranges(old, inserted));
        assertEquals(1000, diff.suffixLength());
        assertSpliced(old, inserted);
    }

    @Test
    void shouldLogAnInsertionInTheMiddleAsItsBytes() {
        byte[] old = TestBytes.bytes(2, 1000).byteArray();
        byte[] inserted = insert(old, 500, TestBytes.bytes(3, 20).byteArray());
        List<String> ranges = ranges(old, inserted);
        assertEquals(1, ranges.size(), ranges.toString());
        assertTrue(payload(old, inserted) <= 20 + 1, ranges.toString());
        assertSpliced(old, inserted);
    }

    @Test
    void shouldLogAnInsertionAtTheEndAsItsBytes() {
        byte[] old = TestBytes.bytes(4, 1000).byteArray();
        byte[] appended = concat(old, new byte[] {1, 2, 3, 4, 5});
        assertEquals(List.of("1000..1005"), ranges(old, appended));
        assertEquals(0, diff.suffixLength());
        assertSpliced(old, appended);
    }

    @Test
    void shouldLogADeletionAsNoBytes() {
        byte[] old = TestBytes.bytes(5, 1000).byteArray();
        byte[] deleted = concat(Arrays.copyOf(old, 300), Arrays.copyOfRange(old, 340, 1000));
        assertEquals(List.of(), ranges(old, deleted));
        assertEquals(660, diff.suffixLength());
        assertSpliced(old, deleted);
    }

    @Test
    void shouldLogAGrowthWithAChangedHeaderAsTheHeaderAndTheInsertion() {
        byte[] old = TestBytes.bytes(6, 2000).byteArray();
        byte[] grown = insert(old, 1200, TestBytes.bytes(7, 30).byteArray());
        grown[4] ^= 1;
        grown[5] ^= 1;
        List<String> ranges = ranges(old, grown);
        assertEquals("4..6", ranges.get(0));
        assertEquals(2, ranges.size(), ranges.toString());
        assertTrue(payload(old, grown) <= 2 + 30 + 1, ranges.toString());
        assertSpliced(old, grown);
    }

    @Test
    void shouldLogAShrinkWithAChangedHeaderAsTheHeader() {
        byte[] old = TestBytes.bytes(8, 2000).byteArray();
        byte[] shrunk = concat(Arrays.copyOf(old, 900), Arrays.copyOfRange(old, 1000, 2000));
        shrunk[0] ^= 1;
        assertEquals(List.of("0..1"), ranges(old, shrunk));
        assertSpliced(old, shrunk);
    }

    @Test
    void shouldLogAWholeNewImageAsOneRange() {
        byte[] old = TestBytes.bytes(9, 100).byteArray();
        byte[] other = TestBytes.bytes(10, 150).byteArray();
        other[149] = (byte) ~old[99];
        assertEquals(List.of("0..150"), ranges(old, other));
        assertSpliced(old, other);
    }

    @Test
    void shouldGiveTheNewBytesBackForManyRandomEdits() {
        Random random = new Random(42);
        for (int round = 0; round < 3000; round++) {
            byte[] old = randomBytes(random, random.nextInt(300) + 1);
            byte[] changed = old.clone();
            for (int edits = random.nextInt(4) + 1; edits > 0; edits--) {
                changed = edit(random, changed);
            }
            if (changed.length > 0) {
                assertSpliced(old, changed);
            }
        }
    }

    /** An insertion, a deletion or an in-place change at a random place; bytes from a small alphabet repeat often. */
    private static byte[] edit(Random random, byte[] bytes) {
        int at = random.nextInt(bytes.length + 1);
        switch (random.nextInt(3)) {
            case 0:
                return insert(bytes, at, randomBytes(random, random.nextInt(40) + 1));
            case 1:
                int end = Math.min(bytes.length, at + random.nextInt(40) + 1);
                return concat(Arrays.copyOf(bytes, at), Arrays.copyOfRange(bytes, end, bytes.length));
            default:
                byte[] changed = bytes.clone();
                if (at < changed.length) {
                    changed[at] ^= (byte) (random.nextInt(255) + 1);
                }
                return changed;
        }
    }

    private static byte[] randomBytes(Random random, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(random.nextBoolean() ? 3 : 256);
        }
        return bytes;
    }

    /** Applies the splice of {@code after} on {@code before} as a SPLICE record is applied, and checks it gives {@code after}. */
    private void assertSpliced(byte[] before, byte[] after) {
        diff.reset(LittleEndianBuffer.of(before), 0, before.length, LittleEndianBuffer.of(after), 0, after.length);
        int suffix = diff.suffixLength();
        int front = after.length - suffix;
        int copied = Math.min(front, before.length - suffix);
        assertTrue(suffix <= Math.min(before.length, after.length));
        byte[] spliced = new byte[after.length];
        System.arraycopy(before, 0, spliced, 0, copied);
        System.arraycopy(before, before.length - suffix, spliced, front, suffix);
        boolean[] written = new boolean[after.length];
        int previousEnd = 0;
        while (diff.next()) {
            assertTrue(diff.start() >= previousEnd && diff.end() > diff.start() && diff.end() <= front,
                diff.start() + ".." + diff.end() + " in " + front);
            System.arraycopy(after, diff.start(), spliced, diff.start(), diff.end() - diff.start());
            Arrays.fill(written, diff.start(), diff.end(), true);
            previousEnd = diff.end();
        }
        for (int i = copied; i < front; i++) {
            assertTrue(written[i], "byte " + i + ", past the old bytes before the suffix, is logged");
        }
        assertArrayEquals(after, spliced, Arrays.toString(before) + " -> " + Arrays.toString(after));
    }

    private List<String> ranges(byte[] before, byte[] after) {
        diff.reset(LittleEndianBuffer.of(before), 0, before.length, LittleEndianBuffer.of(after), 0, after.length);
        List<String> found = new ArrayList<>();
        while (diff.next()) {
            found.add(diff.start() + ".." + diff.end());
        }
        return found;
    }

    private int payload(byte[] before, byte[] after) {
        diff.reset(LittleEndianBuffer.of(before), 0, before.length, LittleEndianBuffer.of(after), 0, after.length);
        int bytes = 0;
        while (diff.next()) {
            bytes += diff.end() - diff.start();
        }
        return bytes;
    }

    private static byte[] insert(byte[] bytes, int at, byte[] inserted) {
        return concat(concat(Arrays.copyOf(bytes, at), inserted), Arrays.copyOfRange(bytes, at, bytes.length));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
