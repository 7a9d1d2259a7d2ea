package org.swizzle.store;

import java.util.Arrays;

/**
 * The objects whose table entries this session read and found intact: a bit per OID. An entry is checked against
 * its checksum the first time {@link ObjectTable} reads it, and trusted by its later reads, so that a commit, which
 * reads the entry of each object it writes several times (its class and length, its bytes to compare, its patch to
 * stage), does not check it at each. Applying a commit checks the entry it rewrites every time
 * ({@link ClusterFile#readEntry}): an entry damaged since it was read fails there, rather than being written again
 * with a valid checksum.
 */
final class VerifiedEntries {

    private long[] words = new long[64];

    boolean contains(long oid) {
        long word = oid >>> 6;
        return word < words.length && (words[(int) word] & 1L << oid) != 0;
    }

    void add(long oid) {
        long word = oid >>> 6;
        if (word >= Integer.MAX_VALUE - 8) {
            return; // beyond what one array can note: checked at every read
        }
        if (word >= words.length) {
            words = Arrays.copyOf(words, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(word + 1, 2L * words.length)));
        }
        words[(int) word] |= 1L << oid;
    }
}
