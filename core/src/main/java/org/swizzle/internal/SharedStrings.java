package org.swizzle.internal;

import org.swizzle.store.LittleEndianBuffer;

/**
 * Short Latin-1 strings read from stored objects, shared between the objects that hold the same one.
 * Plain Java programs share such values (type names, codes, enum-like tags) through literals and
 * constants; a reader that made a new {@code String} per faulted object would add a string and its byte
 * array to every object and a chain of dependent cache misses to every traversal that looks at it.
 *
 * <p>A direct-mapped table: a hit returns the string already made, with no allocation; a miss makes the
 * string and replaces the slot's. Strings are immutable, so sharing one is invisible to the application
 * except through identity, which Java promises for no string read from a store. Used under the object
 * manager's lock, like the reader that owns it.
 */
final class SharedStrings {

    /** Longer strings are rarely repeated, and comparing them would cost more than it saves. */
    static final int MAX_LENGTH = 32;

    private static final int SLOTS = 4096;

    /** Made at the first short string, so that a reader that reads none costs nothing. */
    private String[] slots;

    /** The Latin-1 string of {@code length} bytes at {@code offset} in {@code buffer}, shared if it is short. */
    String latin1(LittleEndianBuffer buffer, int offset, int length) {
        if (length > MAX_LENGTH) {
            return latin1Copy(buffer, offset, length);
        }
        int hash = length;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + buffer.getByte(offset + i);
        }
        if (slots == null) {
            slots = new String[SLOTS];
        }
        int slot = (hash ^ hash >>> 12) & SLOTS - 1;
        String cached = slots[slot];
        if (cached != null && matches(cached, buffer, offset, length)) {
            return cached;
        }
        String made = latin1Copy(buffer, offset, length);
        slots[slot] = made;
        return made;
    }

    private static boolean matches(String cached, LittleEndianBuffer buffer, int offset, int length) {
        if (cached.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (cached.charAt(i) != (buffer.getByte(offset + i) & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    private static String latin1Copy(LittleEndianBuffer buffer, int offset, int length) {
        return StringCodec.latin1(buffer, offset, length, new byte[length]);
    }
}
