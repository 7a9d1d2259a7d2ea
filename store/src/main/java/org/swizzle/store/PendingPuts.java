package org.swizzle.store;

import java.util.Arrays;

import org.agrona.collections.Hashing;
import org.agrona.collections.Long2LongHashMap;

/**
 * What the open transaction has put and freed, kept until it commits: the encoded ranges of PATCH
 * records for existing objects of unchanged length and class id, and of SPLICE records for existing
 * objects whose length changed, staged images of new and other resized objects, which the commit places, the objects to free with the space they hold, and what compaction
 * moves (unchanged images at places it chose, and segment tables). A put is named by its index, from 0 in the
 * order the puts were made, and kept in arrays side by side rather than as an object: a bulk load's new images
 * need 29 bytes each (kind, OID, class id, checksum, where staged, length), where an object holding every field took 88,
 * and what only some kinds need (ranges, old places) is in arrays made by the first put that needs them. The arrays
 * come in {@link Page}s of {@link #PAGE_PUTS} puts, so that a large transaction adds pages rather than copying every
 * array into one twice as long: arrays that doubled took twice the memory they kept, all of it new to the process,
 * and the copies were a seventh of a bulk load's commit (JFR). A second put of
 * the same object replaces the first; every OID put is remembered, changed or not, so that a put and
 * a free of one object are told apart. The commit logs each kind in OID order ({@link #sortImageOids},
 * {@link #sortPatchOids}, {@link #sortFreeOids}, {@link #sortSpliceOids}). Reused from one transaction to the next, so a steady
 * workload allocates nothing here, up to {@link #PUTS_KEPT} puts: what a larger one grew is let go.
 */
final class PendingPuts {
    /** How one put is kept. */
    enum Kind {
        /** The ranges of a PATCH record, encoded in the ranges buffer. */
        PATCH(false, true, false),
        /** The ranges of a SPLICE record, encoded in the ranges buffer: a resized object built from its old bytes. */
        SPLICE(false, true, true),
        /** The whole image of a new object, waiting for a place. */
        NEW_IMAGE(true, false, false),
        /** The whole image of an existing object whose length or class id changed, waiting for a place. */
        RESIZED_IMAGE(true, false, true),
        /**
         * The unchanged image of an existing object that compaction relocates, or rewrites where it is because its
         * segment's table moves: its place ({@link #position}) is chosen before the commit.
         */
        MOVED_IMAGE(true, false, true),
        /** An existing object to remove, and the space it holds. */
        FREE(false, false, true),
        /** Replaced by a later put of the same object. */
        REPLACED(false, false, false);

        private final boolean image;
        /** Whether it has ranges ({@link #rangeCount}). */
        private final boolean ranged;
        /** Whether it has an old place ({@link #oldOffset}). */
        private final boolean relocating;

        Kind(boolean image, boolean ranged, boolean relocating) {
            this.image = image;
            this.ranged = ranged;
            this.relocating = relocating;
        }
    }

    private static final Kind[] KINDS = Kind.values();
    private static final long NONE = -1;
    /** Fewer keys than this are sorted by comparison: a radix pass costs its 256 counts whatever the number of keys. */
    private static final int RADIX_SORT_MIN = 64;
    /**
     * Keys in at most this many ascending runs are sorted by comparison too: {@link Arrays#sort(long[], int, int)}
     * merges runs, in about a pass per doubling of their length. A commit's new objects come in such runs: each kind
     * (objects, collections, directory sections) takes its OIDs in the order the commit writes it.
     */
    private static final int MERGED_RUNS_MAX = 32;
    /** The live put of an object that was put, and whose bytes did not change. */
    private static final long UNCHANGED = -2;
    /** The capacity of {@link #latest} that a commit keeps for the next, whatever the next puts. */
    private static final int LATEST_KEPT = 4096;
    /**
     * The most puts whose arrays a transaction keeps for the next: a bulk load's (29 bytes a put and more for other
     * kinds, and the sort arrays) would otherwise stay on the heap as long as the store is open.
     */
    static final int PUTS_KEPT = 1 << 16;
    /** The most bytes of encoded ranges whose buffer a transaction keeps for the next. */
    static final int RANGES_KEPT = 1 << 20;
    private static final int RANGES_INITIAL = 4096;
    private static final int PAGE_SHIFT = 8;
    /**
     * The puts a {@link Page} holds: 7.25 KB of arrays, and 2 KB and 7 KB more for the ranges and old places of the kinds
     * that have them, kept from one transaction to the next as every page is (up to {@link #PUTS_KEPT} puts).
     */
    static final int PAGE_PUTS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_PUTS - 1;

    private final LittleEndianBuffer ranges = LittleEndianBuffer.growableDirect(RANGES_INITIAL);
    private final StagedImages images = new StagedImages();
    /** The live put of each OID put below {@link #firstNewOid} (every OID when the transaction allocated none). */
    private Long2LongHashMap latest = newLatestTable();
    /** The first OID the transaction allocated; the others follow it one after another. */
    private long firstNewOid = Long.MAX_VALUE;
    /** See {@link #newBytes()}. */
    private long newBytes;
    /**
     * The live put of each OID the transaction allocated, found by its distance from the first rather than by
     * hashing: {@code newLatest[oid - firstNewOid] - 1}, so that 0 is none.
     */
    private int[] newLatest = new int[0];
    /** Past the last OID in {@link #newLatest} put since the last {@link #clear()}. */
    private int newLatestEnd;
    private int count;
    /** Put {@code p} is at {@code p & PAGE_MASK} in page {@code p >>> PAGE_SHIFT}; null past the pages made so far. */
    private Page[] pages = new Page[0];
    private int rangesEnd;
    /** Whether the PATCH or SPLICE begun last is not ended yet. */
    private boolean unended;
    /** Where in its object the last range appended to the PATCH begun last ends. */
    private int lastRangeEnd;
    /** The bytes of the images and encoded ranges of the live puts. */
    private long liveBytes;
    private int live;
    private long[] sortedOids = new long[16];
    private int[] sortedPuts = new int[16];
    /** The puts of the last sort in the order they were put, while they are sorted. */
    private int[] unsorted = new int[0];
    /** Where a radix pass of {@link #sortKeys} puts the keys it reads from the other array. */
    private long[] radixScratch = new long[0];
    private final int[] radixCounts = new int[1 << Byte.SIZE];
    /** Segment tables that compaction moves: segment, old offset, new offset. */
    private long[] tableMoves = new long[3 * 4];
    private int tableMoveCount;

    private static Long2LongHashMap newLatestTable() {
        return new Long2LongHashMap(LATEST_KEPT / 4, Hashing.DEFAULT_LOAD_FACTOR, NONE);
    }

    void clear() {
        if (latest.size() > 0) { // cleared at a transaction's end and again at the next begin: decided once
            int capacity = latest.capacity();
            if (capacity > LATEST_KEPT && (latest.size() < capacity / 16 || capacity > 2 * PUTS_KEPT)) {
                // clearing fills the whole table: a large commit's, kept, would cost every small one, and hold its memory
                latest = newLatestTable();
            } else {
                latest.clear();
            }
        }
        Arrays.fill(newLatest, 0, newLatestEnd, 0);
        newLatestEnd = 0;
        letGoOfLargeCapacity();
        firstNewOid = Long.MAX_VALUE;
        newBytes = 0;
        count = 0;
        rangesEnd = 0;
        images.clear();
        liveBytes = 0;
        live = 0;
        tableMoveCount = 0;
        unended = false;
    }

    /** Lets go of what a large transaction grew past what the next one keeps ({@link #PUTS_KEPT}, {@link #RANGES_KEPT}). */
    private void letGoOfLargeCapacity() {
        if (pages.length > PUTS_KEPT / PAGE_PUTS) {
            pages = Arrays.copyOf(pages, PUTS_KEPT / PAGE_PUTS);
        }
        if (sortedOids.length > PUTS_KEPT) {
            sortedOids = new long[PUTS_KEPT];
            sortedPuts = new int[PUTS_KEPT];
        }
        if (unsorted.length > PUTS_KEPT) {
            unsorted = new int[PUTS_KEPT];
        }
        if (radixScratch.length > PUTS_KEPT) {
            radixScratch = new long[PUTS_KEPT];
        }
        if (newLatest.length > PUTS_KEPT) {
            newLatest = new int[PUTS_KEPT];
        }
        ranges.letGoPast(RANGES_KEPT, RANGES_INITIAL);
    }

    /**
     * The most puts any of its arrays has room for: after a transaction, what the next starts with, at most
     * {@link #PUTS_KEPT} (the table of the latest puts of existing objects, twice that).
     */
    int keptCapacity() {
        return Math.max(Math.max(pages.length * PAGE_PUTS, sortedOids.length), Math.max(Math.max(unsorted.length, radixScratch.length),
            Math.max(newLatest.length, latest.capacity() / 2)));
    }

    /** The transaction allocates OIDs from {@code oid} on, one after another: none of them is put yet. */
    void allocatesFrom(long oid) {
        firstNewOid = oid;
    }

    /** Whether there is nothing to log: nothing put, or nothing changed, and no table moved. */
    boolean isEmpty() {
        return live == 0 && tableMoveCount == 0;
    }

    int count() {
        return count;
    }

    LittleEndianBuffer ranges() {
        return ranges;
    }

    /** The memory that holds the staged bytes of image {@code put}, from {@link #imageOffset}. */
    LittleEndianBuffer imageOf(int put) {
        return images.memoryOf(page(put).places[slot(put)]);
    }

    /** Where the staged bytes of image {@code put} start in {@link #imageOf}. */
    int imageOffset(int put) {
        return StagedImages.offset(page(put).places[slot(put)]);
    }

    Kind kind(int put) {
        return KINDS[page(put).kinds[slot(put)]];
    }

    long oid(int put) {
        return page(put).oids[slot(put)];
    }

    /** The class id of image or SPLICE {@code put}. */
    int classId(int put) {
        return page(put).classIds[slot(put)];
    }

    /** The checksum of the object's new bytes. */
    int crc(int put) {
        return page(put).crcs[slot(put)];
    }

    /** The length of an image's bytes, or of a PATCH's or SPLICE's encoded ranges. */
    int length(int put) {
        return page(put).lengths[slot(put)];
    }

    /** Where the encoded ranges of PATCH or SPLICE {@code put} start in {@link #ranges()}. */
    int rangesStart(int put) {
        return (int) page(put).places[slot(put)];
    }

    /** How many ranges PATCH or SPLICE {@code put} has. */
    int rangeCount(int put) {
        return page(put).rangeCounts[slot(put)];
    }

    /** The object's bytes that {@code put} logs: an image's, or those a PATCH's or SPLICE's ranges carry. */
    long payloadBytes(int put) {
        Kind kind = kind(put);
        if (kind.image) {
            return length(put);
        }
        return kind.ranged ? page(put).rangeBytes[slot(put)] : 0;
    }

    /** Where the resized, freed, moved or spliced object of {@code put} is now. */
    long oldOffset(int put) {
        return page(put).oldOffsets[slot(put)];
    }

    /** The length of the resized, freed, moved or spliced object of {@code put} where it is now. */
    int oldLength(int put) {
        return page(put).oldLengths[slot(put)];
    }

    /** Where moved {@code put} goes; where spliced {@code put} goes, once {@link #placeSplice} placed it. */
    long position(int put) {
        return page(put).positions[slot(put)];
    }

    void placeSplice(int put, long position) {
        page(put).positions[slot(put)] = position;
    }

    /** The new length of spliced {@code put}. */
    int newLength(int put) {
        return page(put).newLengths[slot(put)];
    }

    /** How many of spliced {@code put}'s last bytes are its old bytes' last ones. */
    int suffixLength(int put) {
        return page(put).suffixLengths[slot(put)];
    }

    /** The bytes the live puts staged: their images and their encoded ranges. */
    long liveBytes() {
        return liveBytes;
    }

    /**
     * Drops the earlier put of {@code oid} in this transaction, if any, and notes that it is put again:
     * unchanged, unless a PATCH or image of it follows.
     */
    void replace(long oid) {
        long index = setLatest(oid, UNCHANGED);
        if (index >= 0) {
            retire((int) index);
        }
    }

    /** Whether {@code oid} was put in this transaction, changed or not. */
    boolean isPut(long oid) {
        long index = latestOf(oid);
        return index == UNCHANGED || index >= 0 && kind((int) index) != Kind.FREE;
    }

    /** Whether {@code oid} is freed in this transaction. */
    boolean isFreed(long oid) {
        long index = latestOf(oid);
        return index >= 0 && kind((int) index) == Kind.FREE;
    }

    /** Frees the existing object {@code oid}, which holds {@code length} bytes at {@code offset}. */
    void free(long oid, long offset, int length) {
        int put = add(Kind.FREE, oid, 0, 0);
        relocated(put, offset, length);
        remember(put);
    }

    /**
     * Starts the PATCH record of an existing object, which keeps its class id; follow with
     * {@link #appendRange}s, then {@link #endPatch}.
     */
    void beginPatch(long oid) {
        beginRanges(add(Kind.PATCH, oid, 0, rangesEnd));
    }

    /** Starts the ranges of PATCH or SPLICE {@code put}. */
    private void beginRanges(int put) {
        Page page = page(put);
        page.rangeCounts[slot(put)] = 0;
        page.rangeBytes[slot(put)] = 0;
        lastRangeEnd = 0;
        unended = true;
    }

    /** Adds the {@code length} changed bytes at {@code offsetInObject}, past the ranges before, to the PATCH begun last. */
    void appendRange(int offsetInObject, LittleEndianBuffer src, int srcOffset, int length) {
        int put = count - 1;
        rangesEnd = WalDescriptor.putRange(ranges, rangesEnd, offsetInObject - lastRangeEnd, src, srcOffset, length);
        lastRangeEnd = offsetInObject + length;
        Page page = page(put);
        page.rangeCounts[slot(put)]++;
        page.rangeBytes[slot(put)] += length;
    }

    /** Ends the PATCH begun last: the object's new bytes have checksum {@code crc}. */
    void endPatch(int crc) {
        int put = count - 1;
        Page page = page(put);
        page.lengths[slot(put)] = rangesEnd - rangesStart(put);
        page.crcs[slot(put)] = crc;
        remember(put);
        unended = false;
    }

    /**
     * Starts the SPLICE record of an existing object of {@code oldLength} bytes at {@code oldOffset}, which keeps
     * its class id and now has {@code newLength} bytes, the last {@code suffixLength} of them its old last ones;
     * follow with {@link #appendRange}s, then {@link #endSplice} or {@link #dropBegun}.
     */
    void beginSplice(long oid, int classId, long oldOffset, int oldLength, int newLength, int suffixLength) {
        int put = add(Kind.SPLICE, oid, classId, rangesEnd);
        beginRanges(put);
        relocated(put, oldOffset, oldLength);
        page(put).newLengths[slot(put)] = newLength;
        page(put).suffixLengths[slot(put)] = suffixLength;
    }

    /** The bytes the ranges of the PATCH or SPLICE begun last take so far. */
    int rangesLength() {
        return rangesEnd - rangesStart(count - 1);
    }

    /** Ends the SPLICE begun last: the object's new bytes have checksum {@code crc}. */
    void endSplice(int crc) {
        endPatch(crc);
    }

    /** Drops the PATCH or SPLICE begun last, unended, as if it had not been begun. */
    void dropBegun() {
        count--;
        rangesEnd = rangesStart(count);
        unended = false;
    }

    /** Drops the PATCH or SPLICE begun last if a failure left it unended, so that no commit logs half a record. */
    void dropUnended() {
        if (unended) {
            dropBegun();
        }
    }

    /** Stages the whole image of a new object. */
    void stageNew(long oid, int classId, LittleEndianBuffer src, int srcOffset, int length, int crc) {
        stage(Kind.NEW_IMAGE, oid, classId, src, srcOffset, length, crc);
        newBytes += length;
    }

    /** The bytes of the new objects' images staged since the last {@link #clear()}, each put counted. */
    long newBytes() {
        return newBytes;
    }

    /** Stages the whole image of an existing object, now {@code oldLength} bytes at {@code oldOffset}. */
    void stageResized(long oid, int classId, LittleEndianBuffer src, int srcOffset, int length, int crc, long oldOffset,
        int oldLength) {
        int put = stage(Kind.RESIZED_IMAGE, oid, classId, src, srcOffset, length, crc);
        relocated(put, oldOffset, oldLength);
    }

    /**
     * Stages the unchanged image of the existing object {@code oid}, now {@code length} bytes at {@code oldOffset},
     * to be written at {@code position} (which may be {@code oldOffset}).
     */
    void stageMoved(long oid, int classId, LittleEndianBuffer src, int srcOffset, int length, int crc, long oldOffset,
        long position) {
        int put = stage(Kind.MOVED_IMAGE, oid, classId, src, srcOffset, length, crc);
        relocated(put, oldOffset, length);
        page(put).positions[slot(put)] = position;
    }

    /**
     * Moves the table of {@code segment} from {@code from} to {@code to}; every live object of the segment must be
     * staged with {@link #stageMoved} too, since the new table starts empty (see {@link WalDescriptor}).
     */
    void moveTable(long segment, long from, long to) {
        if (3 * tableMoveCount + 3 > tableMoves.length) {
            tableMoves = Arrays.copyOf(tableMoves, 2 * tableMoves.length);
        }
        tableMoves[3 * tableMoveCount] = segment;
        tableMoves[3 * tableMoveCount + 1] = from;
        tableMoves[3 * tableMoveCount + 2] = to;
        tableMoveCount++;
    }

    int tableMoveCount() {
        return tableMoveCount;
    }

    long movedSegment(int index) {
        return tableMoves[3 * index];
    }

    long movedTableFrom(int index) {
        return tableMoves[3 * index + 1];
    }

    long movedTableTo(int index) {
        return tableMoves[3 * index + 2];
    }

    private int stage(Kind kind, long oid, int classId, LittleEndianBuffer src, int srcOffset, int length, int crc) {
        int put = add(kind, oid, classId, 0);
        Page page = page(put);
        page.places[slot(put)] = images.stage(src, srcOffset, length);
        page.lengths[slot(put)] = length;
        page.crcs[slot(put)] = crc;
        remember(put);
        return put;
    }

    /** Notes where the object of {@code put} is now, and its length there. */
    private void relocated(int put, long oldOffset, int oldLength) {
        Page page = page(put);
        int slot = slot(put);
        page.oldOffsets[slot] = oldOffset;
        page.oldLengths[slot] = oldLength;
        page.positions[slot] = 0;
        page.newLengths[slot] = 0;
        page.suffixLengths[slot] = 0;
    }

    /**
     * Sorts the OIDs of the live staged images, the order in which the commit places and logs them;
     * returns how many there are (read them with {@link #sortedOid} and {@link #sortedPut}, until the next sort).
     */
    int sortImageOids() {
        return sortOids(null);
    }

    /** Sorts the OIDs of the live PATCHes, the order in which the commit logs them; as {@link #sortImageOids}. */
    int sortPatchOids() {
        return sortOids(Kind.PATCH);
    }

    /** Sorts the OIDs of the live SPLICEs, the order in which the commit places and logs them; as {@link #sortImageOids}. */
    int sortSpliceOids() {
        return sortOids(Kind.SPLICE);
    }

    /** Sorts the OIDs of the objects to free, the order in which the commit logs them; as {@link #sortImageOids}. */
    int sortFreeOids() {
        return sortOids(Kind.FREE);
    }

    /**
     * Sorts the OIDs of the live puts of {@code kind}, or of every image kind when it is null. Each live put is its
     * OID's only one. Puts in OID order already (new objects get ascending OIDs as they are written) are taken as
     * they are; others are sorted as longs, each OID with its put's place in its low bits while the two fit in one.
     */
    private int sortOids(Kind kind) {
        if (sortedOids.length < live) {
            int capacity = Math.max(live, 2 * sortedOids.length);
            sortedOids = new long[capacity];
            sortedPuts = new int[capacity];
        }
        int n = 0;
        int runs = 1;
        long allBits = 0;
        for (int put = 0; put < count; put++) {
            Page page = page(put);
            Kind each = KINDS[page.kinds[slot(put)]];
            if (kind == null ? each.image : each == kind) {
                if (n == sortedOids.length) {
                    sortedOids = Arrays.copyOf(sortedOids, 2 * n);
                    sortedPuts = Arrays.copyOf(sortedPuts, 2 * n);
                }
                long oid = page.oids[slot(put)];
                if (n > 0 && oid < sortedOids[n - 1]) {
                    runs++;
                }
                allBits |= oid;
                sortedOids[n] = oid;
                sortedPuts[n++] = put;
            }
        }
        if (runs > 1) {
            sortByOid(n, allBits, runs);
        }
        return n;
    }

    private void sortByOid(int n, long allBits, int runs) {
        int placeBits = Integer.SIZE - Integer.numberOfLeadingZeros(n - 1);
        if (Long.numberOfLeadingZeros(allBits) - 1 < placeBits) { // OIDs too large to share a long: look them up
            Arrays.sort(sortedOids, 0, n);
            for (int i = 0; i < n; i++) {
                sortedPuts[i] = (int) latestOf(sortedOids[i]);
            }
            return;
        }
        if (unsorted.length < n) {
            unsorted = new int[sortedPuts.length];
        }
        System.arraycopy(sortedPuts, 0, unsorted, 0, n);
        for (int i = 0; i < n; i++) {
            sortedOids[i] = sortedOids[i] << placeBits | i;
        }
        sortKeys(n, Long.SIZE - Long.numberOfLeadingZeros(allBits) + placeBits, runs);
        long placeMask = (1L << placeBits) - 1;
        for (int i = 0; i < n; i++) {
            sortedPuts[i] = unsorted[(int) (sortedOids[i] & placeMask)];
            sortedOids[i] >>>= placeBits;
        }
    }

    /**
     * Sorts the first {@code n} of {@link #sortedOids}, non-negative keys of at most {@code bits} bits: by their bytes
     * from the lowest (a radix sort), whose passes take no branch that depends on the keys, where the comparisons of
     * a quicksort of keys in no order mispredict about every other time; small counts, and keys in {@code runs}
     * ascending runs when they are few ({@link #MERGED_RUNS_MAX}), by comparison.
     */
    private void sortKeys(int n, int bits, int runs) {
        if (n < RADIX_SORT_MIN || runs <= MERGED_RUNS_MAX) {
            Arrays.sort(sortedOids, 0, n);
            return;
        }
        if (radixScratch.length < n) {
            radixScratch = new long[sortedOids.length];
        }
        long[] from = sortedOids;
        long[] to = radixScratch;
        for (int shift = 0; shift < bits; shift += Byte.SIZE) {
            Arrays.fill(radixCounts, 0);
            for (int i = 0; i < n; i++) {
                radixCounts[(int) (from[i] >>> shift) & 0xFF]++;
            }
            int sum = 0;
            for (int digit = 0; digit < radixCounts.length; digit++) {
                int count = radixCounts[digit];
                radixCounts[digit] = sum;
                sum += count;
            }
            for (int i = 0; i < n; i++) {
                long key = from[i];
                to[radixCounts[(int) (key >>> shift) & 0xFF]++] = key;
            }
            long[] swap = from;
            from = to;
            to = swap;
        }
        if (from != sortedOids) {
            System.arraycopy(from, 0, sortedOids, 0, n);
        }
    }

    /** The {@code index}-th OID of the last sort. */
    long sortedOid(int index) {
        return sortedOids[index];
    }

    /** The live put of the {@code index}-th OID of the last sort. */
    int sortedPut(int index) {
        return sortedPuts[index];
    }

    /**
     * Adds a put of {@code kind} for {@code oid}, its ranges from {@code rangesStart} (PATCH, SPLICE); returns it. Every
     * array the put needs is made before it is counted, each set of arrays all at once, so that running out of memory
     * here leaves the puts as they were.
     */
    private int add(Kind kind, long oid, int classId, int rangesStart) {
        int pageIndex = count >>> PAGE_SHIFT;
        if (pageIndex == pages.length) {
            pages = Arrays.copyOf(pages, Math.max(4, 2 * pageIndex));
        }
        Page page = pages[pageIndex];
        if (page == null) {
            page = new Page();
            pages[pageIndex] = page;
        }
        if (kind.ranged) {
            page.makeRanged();
        }
        if (kind.relocating) {
            page.makeRelocating();
        }
        int put = count++;
        int slot = slot(put);
        page.kinds[slot] = (byte) kind.ordinal();
        page.oids[slot] = oid;
        page.classIds[slot] = classId;
        page.crcs[slot] = 0;
        page.places[slot] = rangesStart;
        page.lengths[slot] = 0;
        return put;
    }

    private Page page(int put) {
        return pages[put >>> PAGE_SHIFT];
    }

    private static int slot(int put) {
        return put & PAGE_MASK;
    }

    /** Makes {@code put} the live put of its object, replacing an earlier one. */
    private void remember(int put) {
        long earlier = setLatest(oid(put), put);
        if (earlier >= 0) {
            retire((int) earlier);
        }
        live++;
        liveBytes += length(put);
    }

    /** A later put of its object replaces {@code put}. */
    private void retire(int put) {
        page(put).kinds[slot(put)] = (byte) Kind.REPLACED.ordinal();
        live--;
        liveBytes -= length(put);
    }

    /** The index of the live put of {@code oid}, {@link #UNCHANGED}, or {@link #NONE}. */
    private long latestOf(long oid) {
        if (oid >= firstNewOid) {
            long at = oid - firstNewOid;
            return at < newLatestEnd ? newLatest[(int) at] - 1 : NONE;
        }
        return latest.get(oid);
    }

    /** Makes {@code index} (or {@link #UNCHANGED}) the live put of {@code oid}; returns the one before, as {@link #latestOf}. */
    private long setLatest(long oid, long index) {
        if (oid < firstNewOid) {
            return latest.put(oid, index);
        }
        int at = Math.toIntExact(oid - firstNewOid);
        if (at >= newLatest.length) {
            newLatest = Arrays.copyOf(newLatest, Math.max(at + 1, 2 * newLatest.length));
        }
        long earlier = at < newLatestEnd ? newLatest[at] - 1 : NONE;
        newLatest[at] = (int) index + 1;
        newLatestEnd = Math.max(newLatestEnd, at + 1);
        return earlier;
    }

    /**
     * The fields of {@link #PAGE_PUTS} puts, by their place in the page: those of every put, and those only some kinds
     * need, made by the first such put in the page.
     */
    private static final class Page {
        final byte[] kinds = new byte[PAGE_PUTS];
        final long[] oids = new long[PAGE_PUTS];
        /** The class id of an image or SPLICE; a PATCH keeps its object's. */
        final int[] classIds = new int[PAGE_PUTS];
        final int[] crcs = new int[PAGE_PUTS];
        /**
         * Where a PATCH's or SPLICE's encoded ranges start in {@link PendingPuts#ranges}, or where an image is staged
         * ({@link StagedImages#stage}).
         */
        final long[] places = new long[PAGE_PUTS];
        /** The length of a PATCH's or SPLICE's encoded ranges, or of an image's staged bytes. */
        final int[] lengths = new int[PAGE_PUTS];
        /** The ranges of a PATCH or SPLICE, and the object's bytes they carry. */
        int[] rangeCounts;
        int[] rangeBytes;
        /** Where a resized, freed, moved or spliced object is now, and its length there. */
        long[] oldOffsets;
        int[] oldLengths;
        /** Where a moved object goes; where a spliced one goes, once the commit placed it. */
        long[] positions;
        /** The new length of a spliced object. */
        int[] newLengths;
        /** How many of a spliced object's last bytes are its old bytes' last ones. */
        int[] suffixLengths;

        void makeRanged() {
            if (rangeCounts == null) {
                int[] counts = new int[PAGE_PUTS];
                int[] bytes = new int[PAGE_PUTS];
                rangeCounts = counts;
                rangeBytes = bytes;
            }
        }

        void makeRelocating() {
            if (oldOffsets == null) {
                long[] offsets = new long[PAGE_PUTS];
                int[] lengthsThere = new int[PAGE_PUTS];
                long[] goesTo = new long[PAGE_PUTS];
                int[] spliced = new int[PAGE_PUTS];
                int[] suffixes = new int[PAGE_PUTS];
                oldOffsets = offsets;
                oldLengths = lengthsThere;
                positions = goesTo;
                newLengths = spliced;
                suffixLengths = suffixes;
            }
        }
    }
}
