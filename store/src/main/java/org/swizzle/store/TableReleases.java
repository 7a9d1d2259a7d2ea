package org.swizzle.store;

import java.util.Arrays;

/**
 * Which segment tables a commit releases (the RELEASE records of {@link WalDescriptor}): those of the
 * segments it leaves without a live object that lie below the segment new OIDs come from once it is
 * applied, so that no OID of theirs is handed out again. Such a segment is emptied by the commit's frees,
 * or was emptied earlier while it was the segment new OIDs came from, and the commit's allocator moves
 * past it.
 *
 * <p>Gathers the commit's changes to the {@link LiveCounts} while its block is built (new objects in
 * ascending OID order, then frees in ascending OID order), and adds them to the counts once the block is
 * applied: a commit costs in proportion to what it changes, not to the size of the store. Before a table is
 * released, its entries are read once to confirm the count: a count wrong by one would lose an object.
 */
final class TableReleases {
    private final LiveCounts live;
    private final ObjectTable objects;
    private final TableEntry entry = new TableEntry();
    /** Runs of changes by segment: those of new objects, then from {@link #newObjectRuns} on those of frees. */
    private long[] runSegments = new long[8];
    private int[] runDeltas = new int[8];
    private int runs;
    private int newObjectRuns;
    private long[] segments = new long[4];
    private long[] tables = new long[4];
    private int count;

    TableReleases(LiveCounts live, ObjectTable objects) {
        this.live = live;
        this.objects = objects;
    }

    /** Starts the changes of a new block. */
    void clear() {
        runs = 0;
        newObjectRuns = 0;
        count = 0;
    }

    /** A new object, in ascending OID order, before any {@link #freed}. */
    void created(long oid) {
        add(oid, 1);
        newObjectRuns = runs;
    }

    /** A freed object, in ascending OID order. */
    void freed(long oid) {
        add(oid, -1);
    }

    private void add(long oid, int delta) {
        long segment = Oids.segment(oid);
        boolean sameKind = delta > 0 || runs > newObjectRuns;
        if (sameKind && runs > 0 && runSegments[runs - 1] == segment) {
            runDeltas[runs - 1] += delta;
            return;
        }
        if (runs == runSegments.length) {
            runSegments = Arrays.copyOf(runSegments, 2 * runs);
            runDeltas = Arrays.copyOf(runDeltas, 2 * runs);
        }
        runSegments[runs] = segment;
        runDeltas[runs] = delta;
        runs++;
    }

    /**
     * Chooses the segments to release, in ascending order, for a commit of {@code puts} that moves the
     * allocator's next OID from {@code nextOidBefore} to {@code nextOid}; returns how many there are.
     *
     * @throws IllegalStateException a segment to release holds an object that the commit does not free
     */
    int choose(PendingPuts puts, SegmentDirectory directory, long nextOidBefore, long nextOid) {
        long passed = Oids.segment(nextOidBefore);
        boolean passedFreed = false;
        for (int i = newObjectRuns; i < runs; i++) {
            long segment = runSegments[i];
            passedFreed |= segment == passed;
            if (live.get(segment) + runDeltas[i] == 0) {
                consider(segment, puts, directory, nextOid);
            }
        }
        if (!passedFreed && live.get(passed) == 0) {
            consider(passed, puts, directory, nextOid);
        }
        Arrays.sort(segments, 0, count);
        for (int i = 0; i < count; i++) {
            tables[i] = directory.tableOffset(segments[i]);
        }
        return count;
    }

    /**
     * Whether a segment that holds no live object must have no table, once the allocator's next OID is
     * {@code nextOid}: new OIDs come from later segments.
     */
    static boolean mustRelease(long segment, long nextOid) {
        return segment < Oids.segment(nextOid);
    }

    /**
     * Releases {@code segment}, which the commit leaves without a live object unless it creates one there, if it
     * has a table and new OIDs come from later segments.
     */
    private void consider(long segment, PendingPuts puts, SegmentDirectory directory, long nextOid) {
        if (!mustRelease(segment, nextOid) || directory.tableOffset(segment) == 0 || createsIn(segment)) {
            return;
        }
        checkEmpty(segment, puts);
        if (count == segments.length) {
            segments = Arrays.copyOf(segments, 2 * count);
            tables = Arrays.copyOf(tables, 2 * count);
        }
        segments[count++] = segment;
    }

    private void checkEmpty(long segment, PendingPuts puts) {
        long first = Oids.firstOidOf(segment);
        for (long oid = Math.max(first, SegmentStore.ROOTS_OID); oid < first + Oids.SLOTS_PER_SEGMENT; oid++) {
            if (!puts.isFreed(oid) && objects.load(oid, entry)) {
                throw new IllegalStateException("Segment " + segment + " counts no live object once this commit is"
                    + " applied, but holds object " + oid + ", which it does not free; the commit is refused rather"
                    + " than release the segment's table");
            }
        }
    }

    /** Whether the commit creates an object in {@code segment}. */
    private boolean createsIn(long segment) {
        return Arrays.binarySearch(runSegments, 0, newObjectRuns, segment) >= 0;
    }

    /** The {@code index}-th segment to release, in ascending order. */
    long segment(int index) {
        return segments[index];
    }

    /** The table of the {@code index}-th segment to release. */
    long table(int index) {
        return tables[index];
    }

    /** Adds the changes of the block last built to the live counts, once it is applied. */
    void applied() {
        for (int i = 0; i < runs; i++) {
            live.add(runSegments[i], runDeltas[i]);
        }
        runs = 0;
        newObjectRuns = 0;
    }
}
