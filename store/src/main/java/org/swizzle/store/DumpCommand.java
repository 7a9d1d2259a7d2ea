package org.swizzle.store;

import java.io.PrintStream;


/**
 * {@code dump DIR OID}: an object's table entry, checked, and its bytes as hex, at most
 * {@link #MAX_BYTES} of them. An object that a pending WAL block changes is shown as the block
 * will leave it when its record is an IMAGE; for a PATCH, the entry it will have and the bytes
 * on disk before the patch; for a FREE, or a RELEASE of its segment, that it will not exist.
 */
final class DumpCommand {
    static final int MAX_BYTES = 64 * 1024;

    private final StoreInspection store;
    private final PrintStream out;
    private final long oid;

    DumpCommand(StoreInspection store, PrintStream out, long oid) {
        this.store = store;
        this.out = out;
        this.oid = oid;
    }

    int run() {
        out.println("Object " + oid + " in the Swizzle store in " + store.directory);
        if (oid <= 0) {
            out.println("object " + oid + " does not exist: OIDs start at 1 (0 stands for null); the command objects lists"
                + " the store's objects");
            return Tool.USAGE;
        }
        long segment = Oids.segment(oid);
        long table = store.tableOffset(segment);
        if (table == 0) {
            String why = store.isReleased(segment) ? " once the store next opens: a pending RELEASE record releases it"
                : " (it never had one, or released it when its last object was freed)";
            out.println("object " + oid + " does not exist: segment " + segment + " has no table" + why);
            return Tool.USAGE;
        }
        if (table < 0) {
            out.println("the directory entry of segment " + segment + " is damaged");
            store.problems.print(out);
            return Tool.DAMAGED;
        }
        long entryPosition = SegmentTableDescriptor.entryPosition(table, oid);
        out.println("segment        " + segment + ", slot " + Oids.slot(oid) + ", table at offset " + table
            + (store.isNewSegment(segment) ? " (created by a pending block)" : ""));
        StoreInspection.PendingObject pending = store.pendingObject(oid);
        TableEntry entry = pending != null ? pending.entry : readEntry(entryPosition);
        if (entry == null) {
            return Tool.DAMAGED;
        }
        if (pending != null && pending.freed()) {
            out.println("object " + oid + " does not exist once the store next opens: a pending FREE record at WAL offset "
                + pending.recordOffset + " removes it");
            return Tool.USAGE;
        }
        if (!entry.exists()) {
            out.println("object " + oid + " does not exist: its table entry at offset " + entryPosition + " is empty");
            return Tool.USAGE;
        }
        out.println("entry          offset " + entry.offset + ", length " + entry.length + ", class id " + entry.classId
            + ", written by commit " + entry.commit + ", CRC32C " + Formats.hex(entry.crc));
        if (pending != null) {
            out.println("pending        " + (pending.type == WalDescriptor.IMAGE ? "an IMAGE" : "a " + WalDescriptor.typeName(pending.type)) + " record at"
                + " WAL offset " + pending.recordOffset + " sets this entry when the store next opens");
        }
        return printBytes(entry, pending);
    }

    /** Prints the object's bytes: those of a pending IMAGE, else those on disk. */
    private int printBytes(TableEntry entry, StoreInspection.PendingObject pending) {
        boolean image = pending != null && pending.type == WalDescriptor.IMAGE;
        boolean patched = pending != null && !image;
        byte[] bytes = new byte[Math.min(entry.length, MAX_BYTES)];
        boolean whole = image ? store.readWalBytes(pending.payloadOffset, bytes) : store.readClusters(entry.offset, bytes);
        long crc = image ? store.walChecksum(pending.payloadOffset, entry.length)
            : store.clusterChecksum(entry.offset, entry.length);
        boolean intact = whole && crc >= 0 && (int) crc == entry.crc;
        String status;
        if (!whole || crc < 0) {
            status = "the file ends before the object does";
        } else if (patched) {
            status = "as on disk, before the pending " + WalDescriptor.typeName(pending.type) + "; checked once it is"
                + " replayed";
        } else if (intact) {
            status = "checksum OK" + (image ? " (the bytes of the pending IMAGE)" : "");
        } else {
            status = "FAIL: CRC32C " + Formats.hex((int) crc) + ", entry says " + Formats.hex(entry.crc);
        }
        out.println("bytes          " + status);
        HexDump.print(LittleEndianBuffer.of(bytes), out);
        if (bytes.length < entry.length) {
            out.println("... " + (entry.length - bytes.length) + " more bytes");
        }
        return intact || patched && whole ? Tool.CLEAN : Tool.DAMAGED;
    }

    private TableEntry readEntry(long entryPosition) {
        byte[] bytes = new byte[SegmentTableDescriptor.ENTRY_LENGTH];
        store.readClusters(entryPosition, bytes);
        TableEntry entry = new TableEntry();
        String problem = entry.decode(LittleEndianBuffer.of(bytes), 0, oid, entryPosition, new Checksums());
        if (problem != null) {
            out.println("entry          at offset " + entryPosition + ": " + problem);
            return null;
        }
        out.println("entry at       offset " + entryPosition + " of " + store.clusterFile.getFileName()
            + ", entry checksum OK");
        return entry;
    }
}
