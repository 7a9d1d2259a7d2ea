package org.swizzle.store;

import java.nio.charset.StandardCharsets;

/** Magic numbers that read as text in a hex dump of a store file. */
final class Ascii {
    private Ascii() {
    }

    /** The little-endian long whose bytes are the eight ASCII characters of {@code text}. */
    static long magic8(String text) {
        return magic(text, 8);
    }

    /** The little-endian int whose bytes are the four ASCII characters of {@code text}. */
    static int magic4(String text) {
        return (int) magic(text, 4);
    }

    /** The eight characters of a magic made by {@link #magic8}, for messages. */
    static String text(long magic) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Long.BYTES; i++) {
            text.append((char) (magic >>> (8 * i) & 0xFF));
        }
        return text.toString();
    }

    private static long magic(String text, int length) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length != length) {
            throw new IllegalArgumentException("magic must be " + length + " ASCII characters: " + text);
        }
        long value = 0;
        for (int i = length - 1; i >= 0; i--) {
            value = (value << 8) | (bytes[i] & 0xFF);
        }
        return value;
    }
}
