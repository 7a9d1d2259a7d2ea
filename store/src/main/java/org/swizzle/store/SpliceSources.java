package org.swizzle.store;

import java.util.Arrays;

import org.agrona.collections.Long2LongHashMap;

/**
 * Where the SPLICE records of the log about to be replayed read their objects' old bytes, for recovery
 * to write the PATCHes before each SPLICE there: the place a SPLICE names is where its object lay since
 * the record before that placed it, while the object's table entry on disk may be one that the SPLICE or
 * a later block wrote (see {@link WalDescriptor}).
 *
 * <p>The SPLICEs of one object are kept in commit order; {@link #after} is asked in ascending commit
 * order per object, as the replay goes, so it drops the SPLICEs it has passed and costs O(1) amortized.
 */
final class SpliceSources {
    /** No SPLICE: in the maps, and in {@link #next} after an object's last. */
    private static final int NONE = -1;

    /** For each object, the index of its first SPLICE not passed yet. */
    private final Long2LongHashMap first = new Long2LongHashMap(NONE);
    /** For each object, the index of its last SPLICE. */
    private final Long2LongHashMap last = new Long2LongHashMap(NONE);
    private long[] commits = new long[16];
    private long[] positions = new long[16];
    private int[] lengths = new int[16];
    private int[] next = new int[16];
    private int count;

    /** Adds the SPLICE of {@code oid} in the block of {@code commit}, which reads {@code length} bytes at {@code position}. */
    void add(long oid, long commit, long position, int length) {
        if (count == commits.length) {
            commits = Arrays.copyOf(commits, 2 * count);
            positions = Arrays.copyOf(positions, 2 * count);
            lengths = Arrays.copyOf(lengths, 2 * count);
            next = Arrays.copyOf(next, 2 * count);
        }
        commits[count] = commit;
        positions[count] = position;
        lengths[count] = length;
        next[count] = NONE;
        long tail = last.put(oid, count);
        if (tail == NONE) {
            first.put(oid, count);
        } else {
            next[(int) tail] = count;
        }
        count++;
    }

    /**
     * The index of the first SPLICE of {@code oid} in a block after that of {@code commit}, -1 if there is
     * none; read it with {@link #position} and {@link #length}.
     */
    int after(long oid, long commit) {
        long index = first.get(oid);
        while (index != NONE && commits[(int) index] <= commit) {
            index = next[(int) index];
        }
        if (index == NONE) {
            first.remove(oid);
            return NONE;
        }
        first.put(oid, index);
        return (int) index;
    }

    /** Where the SPLICE at {@code index} reads its object's old bytes. */
    long position(int index) {
        return positions[index];
    }

    /** How many old bytes the SPLICE at {@code index} reads. */
    int length(int index) {
        return lengths[index];
    }
}
