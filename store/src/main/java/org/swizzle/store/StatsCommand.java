package org.swizzle.store;

import java.io.PrintStream;

/**
 * {@code stats DIR}: sizes, counts, free space (what {@code compact} could give back) and WAL state of a store,
 * from its tables (each entry's checksum is checked on the way, not the objects' bytes; {@code verify} does that).
 */
final class StatsCommand {
    private final StoreInspection store;
    private final PrintStream out;
    private final PrintStream err;
    private final UsedExtents used;
    private long tables;
    private long objects;
    private long objectBytes;
    private long largeObjects;
    private long largestObject;
    private long damagedEntries;

    StatsCommand(StoreInspection store, PrintStream out, PrintStream err) {
        this.store = store;
        this.out = out;
        this.err = err;
        this.used = new UsedExtents(store.layout);
    }

    int run() {
        out.println("Statistics of the Swizzle store in " + store.directory);
        Summary.files(store, out);
        Progress progress = new Progress(err, "stats", store.segmentCount(), "segments");
        used.add(0, ClusterFileDescriptor.FIRST_FREE);
        new TableScan().scan(store.tables(), new TableScan.Visitor() {
            @Override
            public void entry(long segment, TableEntry entry) {
                StoreInspection.PendingObject pending = store.pendingObject(entry.oid);
                if (pending != null) {
                    countPending(pending);
                } else if (!store.isNewSegment(segment) && entry.exists()) {
                    count(entry);
                }
            }

            @Override
            public void damaged(long oid, long entryPosition, String problem) {
                StoreInspection.PendingObject pending = store.pendingObject(oid);
                if (pending != null) {
                    countPending(pending);
                } else if (!store.isNewSegment(Oids.segment(oid))) {
                    damagedEntries++;
                }
            }

            @Override
            public void segmentDone(long segment) {
                long table = store.tableOffset(segment);
                if (table > 0) {
                    tables++;
                    used.add(table, SegmentTableDescriptor.TABLE_LENGTH);
                }
                progress.at(segment + 1);
            }
        });
        Summary.Space space = Summary.sweep(store, used);
        long clusters = store.allocatedEnd / store.layout.clusterSize();
        out.println("objects        " + objects + " objects, " + objectBytes + " bytes" + (objects > 0
            ? ", " + objectBytes / objects + " bytes on average, largest " + largestObject + ", " + largeObjects
                + " larger than a cluster" : ""));
        out.println("segments       " + store.segmentCount() + " segments, " + tables + " tables ("
            + tables * SegmentTableDescriptor.TABLE_LENGTH + " bytes)");
        out.println("clusters       " + clusters + " clusters of " + store.layout.clusterSize() + " bytes");
        out.println("free space     " + space.bytes() + " bytes in " + space.extents() + " extents, largest "
            + space.largest() + " (" + percent(space.bytes(), store.allocatedEnd) + " of the allocated clusters)");
        out.println("reclaimable    up to " + space.bytes() + " bytes of the allocated clusters by compact, "
            + space.tail() + " of them in free clusters at their end (compact moves the objects at the end into free"
            + " extents below that hold them, and stops at the first none holds: the largest is " + space.largest()
            + " bytes); the file is " + store.clusterFileLength + " bytes long (sparse past the allocated clusters)");
        out.println("next OID       " + store.nextOid);
        int problems = store.problems.problems() + (int) damagedEntries;
        if (problems > 0) {
            out.println("problems       " + problems + " found on the way; run verify for the details");
            return Tool.DAMAGED;
        }
        return Tool.CLEAN;
    }

    private void countPending(StoreInspection.PendingObject pending) {
        if (!pending.freed()) {
            count(pending.entry);
        }
    }

    private void count(TableEntry entry) {
        objects++;
        objectBytes += entry.length;
        largestObject = Math.max(largestObject, entry.length);
        if (store.layout.isLarge(entry.length)) {
            largeObjects++;
        }
        if (store.layout.objectProblem(entry.oid, entry.offset, entry.length, store.allocatedEnd) == null) {
            used.add(entry.offset, store.layout.extent(entry.length));
        }
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "0%" : String.format("%.1f%%", 100.0 * part / whole);
    }
}
