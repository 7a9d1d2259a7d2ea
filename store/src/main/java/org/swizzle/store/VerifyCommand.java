package org.swizzle.store;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code verify DIR}: checks every checksum and invariant of a store without changing it: the
 * header page and both checkpoint slots, the WAL header and blocks, every directory entry, every
 * table entry, every object's bytes, and that no two of header, tables and objects share a byte.
 * Objects that pending WAL blocks change are checked as the blocks will leave them: an IMAGE's
 * bytes against its checksum in the WAL; a PATCH or a SPLICE only once replayed; a FREE leaves no object, and its
 * space free; a RELEASE leaves its segment without a table. The objects counted are those that exist once the
 * blocks are replayed. A segment that keeps its table without an object, below the segment new objects go to,
 * is warned about: a commit that empties such a segment releases its table, so only a store written before
 * tables were released holds one, and its space is not reused. Prints a report; the exit code is 0 when
 * nothing is damaged, 1 when something is.
 */
final class VerifyCommand {
    /** Objects up to this long that pending PATCHes change are checked as the PATCHes leave them; longer ones on replay. */
    private static final int PATCHED_CHECK_LIMIT = 64 * 1024 * 1024;

    private final StoreInspection store;
    private final ReferenceFindings references;
    private final PrintStream out;
    private final PrintStream err;
    private final Problems problems;
    private final UsedExtents used;
    private long tables;
    private long entries;
    private long objects;
    private long objectBytes;
    private long pendingObjects;
    private long patchedObjects;
    /** Objects of the segment being scanned, damaged entries included. */
    private long segmentObjects;

    VerifyCommand(StoreInspection store, PrintStream out, PrintStream err, ReferenceFindings references) {
        this.store = store;
        this.out = out;
        this.err = err;
        this.references = references;
        this.problems = store.problems;
        this.used = new UsedExtents(store.layout);
    }

    int run() {
        out.println("Verifying the Swizzle store in " + store.directory);
        Summary.files(store, out);
        Progress progress = new Progress(err, "verify", store.segmentCount(), "segments");
        used.add(0, ClusterFileDescriptor.FIRST_FREE);
        new TableScan().scan(store.tables(), new TableScan.Visitor() {
            @Override
            public void entry(long segment, TableEntry entry) {
                check(segment, entry.oid, entry, null);
            }

            @Override
            public void damaged(long oid, long entryPosition, String problem) {
                check(Oids.segment(oid), oid, null, problem);
            }

            @Override
            public void segmentDone(long segment) {
                long table = store.tableOffset(segment);
                if (table > 0) {
                    tables++;
                    used.add(table, SegmentTableDescriptor.TABLE_LENGTH);
                    checkHeld(segment, table);
                }
                segmentObjects = 0;
                progress.at(segment + 1);
            }
        });
        Summary.Space space = Summary.sweep(store, used);
        out.println("checked        " + Summary.count(tables, "table") + ", " + Summary.count(entries, "entry", "entries") + ", " + Summary.count(objects, "object") + " (" + objectBytes + " bytes)"
            + (pendingObjects > 0 ? ", " + pendingObjects + " of them as pending blocks leave them" + (patchedObjects > 0
                ? " (" + Summary.count(patchedObjects, "patched object") + ": bytes checked after replay)" : "") : ""));
        out.println("free space     " + Summary.count(space.extents(), "extent") + ", " + space.bytes() + " bytes, largest "
            + space.largest() + "; " + Summary.count(space.overlaps(), "overlap") + " of objects, tables or header");
        reportReferences();
        problems.print(out);
        if (problems.problems() == 0) {
            out.println("result         OK: no problems" + (problems.warnings() > 0 ? ", "
                + Summary.count(problems.warnings(), "warning") : ""));
            return Tool.CLEAN;
        }
        out.println("result         DAMAGED: " + Summary.count(problems.problems(), "problem"));
        return Tool.DAMAGED;
    }

    /** What the object layer found, if it was asked: each reference that names no stored object is a problem, as is each holder whose references could not be read. */
    private void reportReferences() {
        if (references == ReferenceFindings.NONE) {
            return;
        }
        if (references.notChecked() != null) {
            problems.warning("references", "not checked: " + references.notChecked());
            return;
        }
        out.println("references     " + Summary.count(references.checked(), "object or root", "objects and roots")
            + " read, " + Summary.count(references.problems().size(), "problem") + (references.garbage().isEmpty() ? ""
            : ", " + Summary.count(references.garbage().size(), "reference") + " from garbage to freed objects"));
        for (String problem : references.problems()) {
            problems.problem("references", problem);
        }
        for (String garbage : references.garbage()) {
            problems.warning("references", garbage + ": garbage a collection cycle cut short left (it frees in"
                + " steps); the next collectGarbage(), or the tool's collect, frees it");
        }
    }

    /** One slot: its entry on disk ({@code null} with {@code problem} if damaged), or its pending change. */
    private void check(long segment, long oid, TableEntry onDisk, String problem) {
        entries++;
        StoreInspection.PendingObject pending = store.pendingObject(oid);
        if (pending != null) {
            if (!pending.freed()) {
                checkPending(pending);
            }
            return;
        }
        if (store.isNewSegment(segment)) {
            return; // replay writes an empty table: the slot holds no object
        }
        if (onDisk == null) {
            segmentObjects++; // whether it holds one is unknown
            problems.problem(store.clusterFile, SegmentTableDescriptor.entryPosition(store.tableOffset(segment), oid),
                problem);
            return;
        }
        String commitProblem = onDisk.commitProblem(store.lastCommit);
        if (commitProblem != null) {
            problems.problem(store.clusterFile, onDisk.position, commitProblem);
        }
        if (!onDisk.exists()) {
            return;
        }
        if (checkPlace(onDisk, store.clusterFile, onDisk.position)) {
            long crc = store.clusterChecksum(onDisk.offset, onDisk.length);
            if (crc < 0) {
                problems.problem(store.clusterFile, onDisk.offset, "object " + oid + " (" + onDisk.length
                    + " bytes) lies past the end of the file, " + store.clusterFileLength);
            } else if ((int) crc != onDisk.crc) {
                problems.problem(store.clusterFile, onDisk.offset, "object " + oid + " (" + onDisk.length
                    + " bytes) fails its checksum: CRC32C " + Formats.hex((int) crc) + ", its table entry at offset "
                    + onDisk.position + " says " + Formats.hex(onDisk.crc));
            }
        }
    }

    /** Warns of a table that a segment keeps without an object, where new objects no longer go. */
    private void checkHeld(long segment, long table) {
        if (segmentObjects == 0 && TableReleases.mustRelease(segment, store.nextOid)) {
            problems.warning(store.segmentFile, SegmentDirectoryDescriptor.entryPosition(segment), "segment " + segment
                + " keeps its table at offset " + table + " though it holds no object and new objects go to later"
                + " segments: the table's " + SegmentTableDescriptor.TABLE_LENGTH + " bytes are not reused (a store"
                + " written before empty segments released their tables)");
        }
    }

    private void checkPending(StoreInspection.PendingObject pending) {
        pendingObjects++;
        TableEntry entry = pending.entry;
        if (!checkPlace(entry, store.walFile, pending.recordOffset)) {
            return;
        }
        if (pending.type == WalDescriptor.PATCH && !pending.spliceChanged && entry.length <= PATCHED_CHECK_LIMIT) {
            long crc = store.patchedChecksum(pending);
            if (crc >= 0 && (int) crc != entry.crc) {
                problems.problem(pending.imageChanged >= 0 ? store.walFile : store.clusterFile,
                    pending.imageChanged >= 0 ? pending.imageChanged : entry.offset, "object " + entry.oid + " ("
                    + entry.length + " bytes) fails its checksum once its pending PATCH records are applied: CRC32C "
                    + Formats.hex((int) crc) + ", the last record, at WAL offset " + pending.recordOffset + ", says "
                    + Formats.hex(entry.crc) + "; the bytes they change are damaged");
            }
            return;
        }
        if (pending.type == WalDescriptor.PATCH || pending.type == WalDescriptor.SPLICE) {
            patchedObjects++;
            return;
        }
        long crc = store.walChecksum(pending.payloadOffset, entry.length);
        if ((int) crc != entry.crc) {
            problems.problem(store.walFile, pending.payloadOffset, "the IMAGE of object " + entry.oid + " ("
                + entry.length + " bytes) fails its checksum: CRC32C " + Formats.hex((int) crc) + ", its record says "
                + Formats.hex(entry.crc));
        }
    }

    /** Counts an object and checks where it lies; false if it may not lie there. */
    private boolean checkPlace(TableEntry entry, Path file, long entryOffset) {
        objects++;
        segmentObjects++;
        objectBytes += entry.length;
        String problem = store.layout.objectProblem(entry.oid, entry.offset, entry.length, store.allocatedEnd);
        if (problem != null) {
            problems.problem(file, entryOffset, problem);
            return false;
        }
        used.add(entry.offset, store.layout.extent(entry.length));
        return true;
    }
}
