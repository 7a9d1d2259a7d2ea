package org.swizzle.it.crash;

import java.util.Random;

/** Random strings and arrays for the crash workload, with non-ASCII characters and surrogate pairs. */
final class RandomText {
    private static final int[] CODE_POINTS = {'a', 'b', 'q', 'z', 'K', '0', '7', ' ', '-', '_', 0xE9, 0xDF, 0x3A9,
        0x6F22, 0x5B57, 0x1F600, 0x1D11E};

    private RandomText() {
    }

    /** A string of up to {@code maxLength} code points, or null one time in ten. */
    static String string(Random random, int maxLength) {
        if (random.nextInt(10) == 0) {
            return null;
        }
        int length = random.nextInt(maxLength + 1);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.appendCodePoint(CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
        }
        return text.toString();
    }

    /** An array of {@code length} random ints, small ones more often. */
    static int[] ints(Random random, int length) {
        int[] values = new int[length];
        for (int i = 0; i < length; i++) {
            values[i] = random.nextBoolean() ? random.nextInt(100) : random.nextInt();
        }
        return values;
    }
}
