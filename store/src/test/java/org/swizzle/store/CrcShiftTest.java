package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.Test;

class CrcShiftTest {

    private static int crc(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }

    /** The raw CRC (no initial value, no final xor) of {@code length} bytes, from Java's CRC32C. */
    private static int raw(byte[] bytes, int offset, int length) {
        return crc(bytes, offset, length) ^ crc(new byte[length], 0, length);
    }

    @Test
    void shouldGiveTheRawCrcOfAMessageFollowedByZeros() {
        Random random = new Random(7);
        for (int zeros : new int[] {0, 1, 7, 8, 4096, 65_537, 1 << 20}) {
            byte[] message = new byte[33 + zeros];
            random.nextBytes(message);
            java.util.Arrays.fill(message, 33, message.length, (byte) 0);
            assertEquals(raw(message, 0, message.length), CrcShift.appendZeros(raw(message, 0, 33), zeros), "zeros " + zeros);
        }
    }

    @Test
    void shouldFollowAnImageChangedInPlaceFromItsChecksumAndTheChangeAlone() {
        Random random = new Random(11);
        for (int round = 0; round < 200; round++) {
            int length = 1 + random.nextInt(round < 100 ? 300 : 300_000);
            byte[] before = new byte[length];
            random.nextBytes(before);
            byte[] after = before.clone();
            int from = random.nextInt(length);
            int changed = 1 + random.nextInt(Math.min(64, length - from));
            for (int i = from; i < from + changed; i++) {
                after[i] = (byte) random.nextInt();
            }
            byte[] delta = new byte[changed];
            for (int i = 0; i < changed; i++) {
                delta[i] = (byte) (before[from + i] ^ after[from + i]);
            }
            int followed = crc(before, 0, length) ^ CrcShift.appendZeros(raw(delta, 0, changed), length - from - changed);
            assertEquals(crc(after, 0, length), followed, "round " + round + ": " + changed + " bytes at " + from + " of " + length);
        }
    }

    @Test
    void shouldGiveTheRawCrcOfTheDifferenceOfTwoRangesOfAnyLength() {
        Random random = new Random(13);
        Checksums checksums = new Checksums();
        for (int length : new int[] {1, 7, 4095, 4096, 4097, 10_000}) {
            byte[] before = new byte[length + 3];
            byte[] after = new byte[length + 5];
            random.nextBytes(before);
            random.nextBytes(after);
            byte[] delta = new byte[length];
            for (int i = 0; i < length; i++) {
                delta[i] = (byte) (before[3 + i] ^ after[5 + i]);
            }
            assertEquals(raw(delta, 0, length), checksums.rawOfDifference(LittleEndianBuffer.of(before), 3,
                LittleEndianBuffer.of(after), 5, length), "length " + length);
        }
    }

    @Test
    void shouldMultiplyByOneAsTheIdentity() {
        assertEquals(0x1234_5678, CrcShift.multiply(0x8000_0000, 0x1234_5678));
        assertEquals(0x1234_5678, CrcShift.appendZeros(0x1234_5678, 0));
    }
}
