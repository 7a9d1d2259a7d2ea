package org.swizzle.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

import org.agrona.collections.Long2LongHashMap;
import org.swizzle.StoreCorruptedException;

/**
 * One run of {@link SegmentStore#compact}: empties the clusters at the end of the cluster file into free space
 * lower down, lowers the allocated end past them, checkpoints, and cuts the file there. Only the end of the file
 * can be given back: a free cluster in the middle stays in the file for later objects.
 *
 * <ol>
 * <li>The <em>floor</em>: the lowest cluster boundary such that the used bytes from it to the allocated end fit
 * in the free bytes below it, found from the free space in memory, cluster by cluster down from the end. Nothing
 * below it is moved.</li>
 * <li>One pass over every segment table, as the open of the store makes, finds the objects and tables at or past
 * the floor; only they are kept in memory.</li>
 * <li>Steps, from the end down: each takes the objects and tables of the last clusters that hold any, about
 * {@link #STEP_BYTES} of them (at least one cluster; a table's move adds its segment's objects), places them
 * below the floor (else below those clusters), and commits: one ordinary WAL block whose IMAGE records write
 * each object's unchanged bytes, class id and checksum at its new place and rewrite its table entry, and whose
 * SEGMENT records write a moved table anew, with an IMAGE of every live object of its segment (in place unless it
 * moves too), since a SEGMENT record writes an empty table. The allocated end each step starts with is lowered past the clusters the steps before
 * it emptied, in the same block (its ALLOCATOR record). A crash at any moment leaves a log that recovery replays,
 * as any commit's.</li>
 * <li>A table whose segment's objects take more than {@link #MAX_TABLE_MOVE_BYTES} pins its cluster, as does an
 * object for which no free space below is left: the steps stop there.</li>
 * <li>The end: a block that lowers the allocated end past the last emptied clusters (an ALLOCATOR record alone),
 * a checkpoint, which records that end, and only then the cut, so that no checkpoint a reopen may continue from
 * (nor a block it may replay) reaches past the file.</li>
 * </ol>
 *
 * <p>Each step costs in proportion to what it moves; the run costs one pass over the tables besides.
 */
final class Compaction {
    /** The bytes of objects and tables a step gathers from the end before it places them; at least one cluster's. */
    static final long STEP_BYTES = 4L << 20;
    /** A table is moved only if the objects of its segment, which its move logs whole, take no more than this. */
    static final long MAX_TABLE_MOVE_BYTES = 64L << 20;

    private final SegmentStore store;
    private final ObjectTable objects;
    private final SegmentDirectory directory;
    private final ClusterFile clusters;
    private final FreeSpace free;
    private final Placement placement;
    private final ClusterLayout layout;
    private final PendingPuts puts;
    private final long stepBytes;
    private final TableEntry entry = new TableEntry();
    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    /** What lies at or past the floor, by position: an OID (positive), or {@code -(segment + 1)} for a table. */
    private final TreeMap<Long, Long> items = new TreeMap<>();
    /** The places a step chose: OID to its new offset, segment to its table's new offset. */
    private final Long2LongHashMap objectPlaces = new Long2LongHashMap(-1);
    private final Long2LongHashMap tablePlaces = new Long2LongHashMap(-1);
    private int steps;
    private long objectsMoved;
    private long tablesMoved;
    private long bytesMoved;
    private String stoppedBy;

    Compaction(SegmentStore store, ObjectTable objects, SegmentDirectory directory, ClusterFile clusters,
        Placement placement, ClusterLayout layout, PendingPuts puts, long stepBytes) {
        this.store = store;
        this.objects = objects;
        this.directory = directory;
        this.clusters = clusters;
        this.free = placement.freeSpace();
        this.placement = placement;
        this.layout = layout;
        this.puts = puts;
        this.stepBytes = stepBytes;
    }

    CompactionResult run(CompactionListener listener) {
        long lengthBefore = clusters.length();
        long allocatedBefore = free.allocatedEnd();
        long floor = floor();
        long toMove = floor < free.freeTailStart() ? scan(floor) : 0;
        while (!items.isEmpty()) {
            if (!step(floor)) {
                break;
            }
            listener.stepDone(bytesMoved, toMove, free.allocatedEnd());
        }
        finish();
        return new CompactionResult(lengthBefore, clusters.length(), allocatedBefore, free.allocatedEnd(), steps,
            objectsMoved, tablesMoved, bytesMoved, stoppedBy);
    }

    /** The lowest cluster boundary from which the used bytes to the allocated end fit in the free bytes below it. */
    private long floor() {
        long clusterSize = layout.clusterSize();
        long totalFree = free.freeBytes();
        long usedAbove = 0;
        long freeAbove = 0;
        long floor = free.allocatedEnd();
        for (long start = floor - clusterSize; start >= clusterSize; start -= clusterSize) {
            long freeHere = free.freeBytesIn(start);
            usedAbove += clusterSize - freeHere;
            freeAbove += freeHere;
            if (usedAbove > totalFree - freeAbove) {
                break;
            }
            floor = start;
        }
        return floor;
    }

    /** Finds the objects and tables at or past {@code floor}; returns the bytes they take. */
    private long scan(long floor) {
        long[] bytes = {0};
        new TableScan().scan(TableScan.of(clusters, directory), new TableScan.Visitor() {
            @Override
            public void entry(long segment, TableEntry found) {
                if (found.exists() && found.length > 0 && found.offset >= floor) {
                    items.put(found.offset, found.oid);
                    bytes[0] += layout.extent(found.length);
                }
            }

            @Override
            public void damaged(long oid, long entryPosition, String problem) {
                throw new StoreCorruptedException(clusters.file(), entryPosition, problem);
            }

            @Override
            public void segmentDone(long segment) {
                long table = directory.tableOffset(segment);
                if (table >= floor) {
                    items.put(table, -(segment + 1));
                    bytes[0] += SegmentTableDescriptor.TABLE_LENGTH;
                }
            }
        });
        return bytes[0];
    }

    /**
     * Moves what lies in the last clusters that hold anything, about {@link #stepBytes} of it, or if that does not
     * fit below, about half as much, and so on down to what the last of them holds; returns false, and says why in
     * {@link #stoppedBy}, if that does not fit either.
     */
    private boolean step(long floor) {
        long last = layout.clusterStart(items.lastKey());
        for (long budget = stepBytes; ; budget /= 2) {
            long from = gather(last, budget);
            if (tryStep(from, floor)) {
                return true;
            }
            if (from == last) {
                return false;
            }
        }
    }

    /** The cluster boundary from which the items to the end take about {@code budget} bytes; at most {@code last}. */
    private long gather(long last, long budget) {
        long from = last;
        long gathered = extentOf(items.lastEntry());
        for (Map.Entry<Long, Long> item = items.lowerEntry(last); item != null && gathered < budget;
            item = items.lowerEntry(item.getKey())) {
            from = layout.clusterStart(item.getKey());
            gathered += extentOf(item);
        }
        return from;
    }

    /** Moves everything at or past {@code from}, a cluster boundary, in one commit; false if it cannot. */
    private boolean tryStep(long from, long floor) {
        NavigableMap<Long, Long> batch = items.tailMap(from, true);
        objectPlaces.clear();
        tablePlaces.clear();
        puts.clear();
        free.beginPlan();
        boolean committed = false;
        try {
            long tail = free.freeTailStart();
            if (tail < free.allocatedEnd()) {
                free.lowerEnd(tail);
            }
            if (!placeTables(batch, from, floor) || !placeObjects(batch, from, floor)) {
                return false;
            }
            stageTables();
            stageObjects();
            store.commitStaged();
            committed = true;
        } finally {
            if (!committed) {
                free.rollback();
                puts.clear();
            }
        }
        stoppedBy = null;
        steps++;
        List<Map.Entry<Long, Long>> done = new ArrayList<>(batch.entrySet());
        batch.clear();
        for (Map.Entry<Long, Long> item : done) {
            long key = item.getValue();
            long place = key > 0 ? objectPlaces.get(key) : tablePlaces.get(-key - 1);
            bytesMoved += extentOf(item);
            if (place >= floor) {
                items.put(place, key);
            }
        }
        objectsMoved += objectPlaces.size();
        tablesMoved += tablePlaces.size();
        return true;
    }

    private boolean placeTables(NavigableMap<Long, Long> batch, long from, long floor) {
        for (Map.Entry<Long, Long> item : batch.entrySet()) {
            if (item.getValue() > 0) {
                continue;
            }
            long segment = -item.getValue() - 1;
            long bytes = segmentBytes(segment);
            if (bytes > MAX_TABLE_MOVE_BYTES) {
                return refuse("the table of segment " + segment + " at offset " + item.getKey() + " stays: moving it"
                    + " logs the " + bytes + " bytes of its objects, more than the " + MAX_TABLE_MOVE_BYTES
                    + " a step may");
            }
            long place = placement.movedTable(floor);
            if (place < 0 && from > floor) {
                place = placement.movedTable(from);
            }
            if (place < 0) {
                return refuse("no free extent below offset " + from + " holds the table of segment " + segment);
            }
            tablePlaces.put(segment, place);
        }
        return true;
    }

    private boolean placeObjects(NavigableMap<Long, Long> batch, long from, long floor) {
        for (long oid : batch.values()) {
            if (oid < 0) {
                continue;
            }
            objects.loadExisting(oid, entry);
            long segment = Oids.segment(oid);
            long table = tablePlaces.containsKey(segment) ? tablePlaces.get(segment) : directory.tableOffset(segment);
            long place = placement.moved(entry.length, table, floor);
            if (place < 0 && from > floor) {
                place = placement.moved(entry.length, table, from);
            }
            if (place < 0) {
                return refuse("no free space below offset " + from + " holds object " + oid + " (" + entry.length
                    + " bytes)");
            }
            objectPlaces.put(oid, place);
        }
        return true;
    }

    private boolean refuse(String why) {
        stoppedBy = why;
        return false;
    }

    /** Stages each moved table, and every live object of its segment: the new table starts empty. */
    private void stageTables() {
        Long2LongHashMap.EntryIterator tables = tablePlaces.entrySet().iterator();
        while (tables.hasNext()) {
            tables.next();
            long segment = tables.getLongKey();
            long table = tables.getLongValue();
            puts.moveTable(segment, directory.tableOffset(segment), table);
            long first = Oids.firstOidOf(segment);
            for (long oid = Math.max(first, SegmentStore.ROOTS_OID); oid < first + Oids.SLOTS_PER_SEGMENT; oid++) {
                if (objects.load(oid, entry)) {
                    long moved = objectPlaces.get(oid);
                    stage(entry.length == 0 ? table : moved >= 0 ? moved : entry.offset);
                }
            }
        }
    }

    /** Stages the moved objects whose tables stay. */
    private void stageObjects() {
        Long2LongHashMap.EntryIterator places = objectPlaces.entrySet().iterator();
        while (places.hasNext()) {
            places.next();
            long oid = places.getLongKey();
            if (!tablePlaces.containsKey(Oids.segment(oid))) {
                objects.loadExisting(oid, entry);
                stage(places.getLongValue());
            }
        }
    }

    /** Stages the object {@link #entry} names, its bytes checked against its checksum, to be written at {@code place}. */
    private void stage(long place) {
        LittleEndianBuffer bytes = objects.read(entry, view);
        puts.stageMoved(entry.oid, entry.classId, bytes, 0, entry.length, entry.crc, entry.offset, place);
    }

    /** The bytes of the live objects of {@code segment}, which moving its table logs. */
    private long segmentBytes(long segment) {
        long bytes = 0;
        long first = Oids.firstOidOf(segment);
        for (long oid = Math.max(first, SegmentStore.ROOTS_OID); oid < first + Oids.SLOTS_PER_SEGMENT; oid++) {
            if (objects.load(oid, entry)) {
                bytes += entry.length;
            }
        }
        return bytes;
    }

    private long extentOf(Map.Entry<Long, Long> item) {
        if (item.getValue() < 0) {
            return SegmentTableDescriptor.TABLE_LENGTH;
        }
        objects.loadExisting(item.getValue(), entry);
        return layout.extent(entry.length);
    }

    /**
     * Logs the allocated end lowered past the clusters the steps emptied (and any that were free already),
     * checkpoints, then cuts the file there: the checkpoint a reopen continues from never reaches past the file.
     */
    private void finish() {
        long tail = free.freeTailStart();
        if (tail < free.allocatedEnd()) {
            puts.clear();
            free.beginPlan();
            boolean committed = false;
            try {
                free.lowerEnd(tail);
                store.commitStaged();
                committed = true;
            } finally {
                if (!committed) {
                    free.rollback();
                }
            }
        }
        store.checkpoint();
        CrashWindows.beforeCut();
        clusters.shrink(free.allocatedEnd());
    }
}
