package org.swizzle.it.collections;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Function;

/**
 * The state of a stored bag or of its model as text, one line per field, identical for equal
 * contents; its digest is what the child announces and the test compares, and the text itself
 * shows the first difference when they disagree.
 */
final class Rendering {
    /** The rendering of a store without the model's root. */
    static final String EMPTY = "no root\n";

    private Rendering() {
    }

    static String of(Bag root) {
        if (root == null) {
            return EMPTY;
        }
        StringBuilder text = new StringBuilder();
        fields(text, "root", slot -> slot.snapshot(root));
        if (root.other == null) {
            text.append("other null\n");
        } else {
            Bag other = root.other;
            fields(text, "other", slot -> slot.snapshot(other));
        }
        return text.toString();
    }

    static String of(PlainBag root) {
        StringBuilder text = new StringBuilder();
        fields(text, "root", root::get);
        if (root.other == null) {
            text.append("other null\n");
        } else {
            fields(text, "other", root.other::get);
        }
        return text.toString();
    }

    private static void fields(StringBuilder text, String name, Function<Slot, Object> values) {
        for (Slot slot : Slot.values()) {
            text.append(name).append('.').append(slot.fieldName()).append(' ')
                .append(slot.render(values.apply(slot))).append('\n');
        }
    }

    /** Sixteen hex digits of the SHA-256 of {@code rendering}. */
    static String digest(String rendering) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(rendering.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first line where {@code expected} and {@code actual} differ, with both versions; null if they are equal. */
    static String firstDifference(String expected, String actual) {
        String[] want = expected.split("\n");
        String[] got = actual.split("\n");
        for (int i = 0; i < Math.max(want.length, got.length); i++) {
            String a = i < want.length ? want[i] : "(nothing)";
            String b = i < got.length ? got[i] : "(nothing)";
            if (!a.equals(b)) {
                return "line " + (i + 1) + ", expected <" + a + "> but found <" + b + ">";
            }
        }
        return null;
    }
}
