package org.swizzle.store;


/**
 * One object table entry, decoded and checked (see {@link SegmentTableDescriptor}). A mutable
 * holder, reused from one lookup to the next so that finding an object allocates nothing.
 */
final class TableEntry {
    long oid;
    /** The cluster file offset of the entry itself. */
    long position;
    /** The cluster file offset of the object's bytes; 0 for an empty entry. */
    long offset;
    int length;
    int classId;
    /** The commit that wrote the entry; 0 for an entry of a new table. */
    long commit;
    int crc;

    boolean exists() {
        return offset != 0;
    }

    /**
     * Decodes the entry of {@code oid} at {@code index} of {@code buffer}, which lies at file offset
     * {@code position}; returns what is wrong with it, or null if it is intact. A null {@code checksums} skips
     * the entry's checksum, for an entry checked before ({@link VerifiedEntries}); its fields are still checked.
     */
    String decode(LittleEndianBuffer buffer, int index, long oid, long position, Checksums checksums) {
        this.oid = oid;
        this.position = position;
        offset = SegmentTableDescriptor.objectOffset(buffer, index);
        length = SegmentTableDescriptor.length(buffer, index);
        classId = SegmentTableDescriptor.classId(buffer, index);
        commit = SegmentTableDescriptor.commit(buffer, index);
        crc = SegmentTableDescriptor.objectCrc(buffer, index);
        if (checksums != null) {
            int expected = SegmentTableDescriptor.entryCrc(buffer, index, oid, checksums);
            int stored = SegmentTableDescriptor.storedEntryCrc(buffer, index);
            if (expected != stored) {
                return "the table entry of object " + oid + " fails its checksum: CRC32C " + Formats.hex(expected)
                    + ", entry says " + Formats.hex(stored);
            }
        }
        if (offset == 0 && (length != 0 || classId != 0 || crc != 0 || commit != 0)) {
            return "the empty table entry of object " + oid + " has length " + length + ", class id " + classId
                + ", commit " + commit + " and CRC32C " + Formats.hex(crc) + ", expected zeros";
        }
        if (offset != 0 && (length < 0 || offset < ClusterFileDescriptor.FIRST_FREE
            || offset % SegmentTableDescriptor.ALIGNMENT != 0)) {
            return "the table entry of object " + oid + " has offset " + offset + " and length " + length
                + ", expected an aligned offset past the header page and a length of at least 0";
        }
        return null;
    }

    /** What is wrong with an entry that a commit past {@code lastCommit}, the end of the log, wrote; or null. */
    String commitProblem(long lastCommit) {
        if (commit <= lastCommit) {
            return null;
        }
        return "the table entry of object " + oid + " was written by commit " + commit + ", but the log ends at commit "
            + lastCommit + ": a commit whose effects reached the cluster file is missing from the WAL (a damaged or"
            + " cut log)";
    }

    @Override
    public String toString() {
        return "TableEntry{oid=" + oid + ", position=" + position + ", offset=" + offset + ", length=" + length
            + ", classId=" + classId + ", commit=" + commit + ", crc=" + Formats.hex(crc) + '}';
    }
}
