package org.swizzle.store;

/**
 * CRC32C arithmetic that lets a checksum follow a change without reading the unchanged bytes. A CRC is
 * affine over GF(2): for two messages of one length, {@code crc(a ^ b) = crc(a) ^ crc(b) ^ crc(zeros)}, so the
 * checksum of an image changed in place is the committed checksum xor the <em>raw</em> CRC (no initial value,
 * no final xor) of the change, and the raw CRC of a change followed by {@code n} unchanged bytes is its own
 * multiplied by {@code x^(8n)} modulo the polynomial: about 32 multiplications of 32 steps each for an image
 * of any length. The same algebra as zlib's {@code crc32_combine}, on the Castagnoli polynomial.
 */
final class CrcShift {

    /** The Castagnoli polynomial, bit-reflected as CRC32C computes. */
    private static final int POLYNOMIAL = 0x82F63B78;
    /** The reflected polynomial 1, that is x^0. */
    private static final int ONE = 0x80000000;
    /** {@code POWERS[k]}: x^(2^k) modulo the polynomial, for every k that x^(8n) needs with n a {@code long}. */
    private static final int[] POWERS = new int[3 + Long.SIZE];

    static {
        POWERS[0] = ONE >>> 1;
        for (int k = 1; k < POWERS.length; k++) {
            POWERS[k] = multiply(POWERS[k - 1], POWERS[k - 1]);
        }
    }

    private CrcShift() {
    }

    /** The raw CRC of a message whose raw CRC is {@code raw}, followed by {@code zeroBytes} zero bytes. */
    static int appendZeros(int raw, long zeroBytes) {
        return multiply(xToThe8Times(zeroBytes), raw);
    }

    /** {@code a * b} modulo the polynomial, both reflected. */
    static int multiply(int a, int b) {
        int product = 0;
        for (int bit = ONE; bit != 0; bit >>>= 1) {
            if ((a & bit) != 0) {
                product ^= b;
            }
            b = (b & 1) != 0 ? b >>> 1 ^ POLYNOMIAL : b >>> 1;
        }
        return product;
    }

    /** x^(8n) modulo the polynomial. */
    private static int xToThe8Times(long n) {
        int power = ONE;
        int k = 3; // 8n = n * 2^3
        for (long rest = n; rest != 0; rest >>>= 1, k++) {
            if ((rest & 1) != 0) {
                power = multiply(POWERS[k], power);
            }
        }
        return power;
    }
}
