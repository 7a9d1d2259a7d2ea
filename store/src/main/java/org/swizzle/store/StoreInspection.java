package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.agrona.collections.Long2ObjectHashMap;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreFormatException;
import org.swizzle.StoreIOException;

/**
 * A read-only look at the files of a store, for the tool: the header and chosen checkpoint, the
 * WAL's blocks, and the segment directory, with the changes that pending WAL blocks will make when
 * the store next opens laid over the files (nothing is replayed, nothing is written): objects they
 * write or free, segments they create, and segments whose tables they release. Damage that
 * stops the files from being read at all is thrown; other damage is added to {@link Problems}.
 */
final class StoreInspection implements AutoCloseable {
    /** A complete WAL block of the current epoch, waiting for replay. */
    record PendingBlock(long offset, long commit, int length) {
    }

    /**
     * An object that pending blocks change: its entry once replayed (empty after a FREE), and where its
     * last record is.
     */
    static final class PendingObject {
        final TableEntry entry = new TableEntry();
        int type;
        long recordOffset;
        /** The WAL offset of the object's bytes, for an IMAGE (a SPLICE's are built when it is replayed). */
        long payloadOffset;
        /** For PATCHes: whether the object's place is still to be read from its committed table entry. */
        boolean placeOnDisk;
        /** For PATCHes: how far into the object their ranges reach, and the record that reaches farthest. */
        int patchEnd;
        long patchEndRecord;
        /**
         * For PATCHes: the ranges they write, in the order of the log, each its offset in the object, its length and the
         * WAL offset of its bytes; applied to the bytes they change, these make the object's bytes once replayed.
         */
        final List<long[]> ranges = new ArrayList<>();
        /** For PATCHes: the WAL offset of the bytes of the pending IMAGE they change; -1 if they change the bytes on disk. */
        long imageChanged = -1;
        /** For PATCHes: whether they change the bytes of a pending SPLICE, which only its replay builds. */
        boolean spliceChanged;

        /** Whether the last pending record of the object frees it: once replayed, its slot holds no object. */
        boolean freed() {
            return type == WalDescriptor.FREE;
        }
    }

    final Path directory;
    final Path clusterFile;
    final Path segmentFile;
    final Path walFile;
    final Problems problems;
    private final FileChannel clusters;
    private final FileChannel segments;
    private final FileChannel wal;
    private final Checksums checksums = new Checksums();
    private ByteBuffer chunk;

    ClusterHeader header;
    Checkpoint checkpoint;
    ClusterLayout layout;
    long clusterFileLength;
    long segmentFileLength;
    long walSize;
    long walEpoch;
    int staleBlocks;
    final List<PendingBlock> pending = new ArrayList<>();
    WalScanner.End walEnd;
    long walEndOffset;
    String walEndProblem;

    long lastCommit;
    long nextOid;
    long allocatedEnd;
    private long[] tables = new long[0];
    private int segmentCount;
    private final BitSet newSegments = new BitSet();
    /** Segments whose tables pending blocks release. */
    private final BitSet releasedSegments = new BitSet();
    private final Long2ObjectHashMap<PendingObject> pendingObjects = new Long2ObjectHashMap<>();
    /** Directory entries that fail their checks: segment to problem. */
    private final Map<Integer, String> damagedEntries = new TreeMap<>();

    private StoreInspection(Path directory, Problems problems, FileChannel clusters, FileChannel segments, FileChannel wal) {
        this.directory = directory;
        this.clusterFile = directory.resolve(ClusterFileDescriptor.FILE_NAME);
        this.segmentFile = directory.resolve(SegmentDirectoryDescriptor.FILE_NAME);
        this.walFile = directory.resolve(WalDescriptor.FILE_NAME);
        this.problems = problems;
        this.clusters = clusters;
        this.segments = segments;
        this.wal = wal;
    }

    /** Whether {@code directory} holds a store's cluster file. */
    static boolean isStore(Path directory) {
        return Files.isRegularFile(directory.resolve(ClusterFileDescriptor.FILE_NAME));
    }

    /**
     * Opens the files of the store in {@code directory} for reading and reads everything but the
     * tables and objects.
     *
     * @throws StoreFormatException    a file is not a store file of this format
     * @throws StoreCorruptedException damage that stops the store from being read
     */
    static StoreInspection open(Path directory, Problems problems) {
        LittleEndianBuffer.requireKnownImplementation();
        FileChannel clusters = null;
        FileChannel segments = null;
        FileChannel wal = null;
        try {
            clusters = openForReading(directory.resolve(ClusterFileDescriptor.FILE_NAME));
            segments = openForReading(directory.resolve(SegmentDirectoryDescriptor.FILE_NAME));
            wal = openForReading(directory.resolve(WalDescriptor.FILE_NAME));
            StoreInspection inspection = new StoreInspection(directory, problems, clusters, segments, wal);
            inspection.read();
            return inspection;
        } catch (IOException e) {
            throw Closer.closeAfter(new StoreIOException("Cannot read the store in " + directory + ": " + e, e),
                clusters, segments, wal);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, clusters, segments, wal);
        }
    }

    private static FileChannel openForReading(Path file) throws IOException {
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new StoreCorruptedException(file, 0, "the file is missing (" + e.getMessage() + ")");
        }
    }

    private void read() throws IOException {
        clusterFileLength = clusters.size();
        segmentFileLength = segments.size();
        walSize = wal.size();
        LittleEndianBuffer page = LittleEndianBuffer.of(ByteBuffer.allocate(ClusterFileDescriptor.PAGE_SIZE));
        int read = FileIo.readFully(clusters, page.byteBuffer(), 0);
        header = ClusterHeader.read(clusterFile, page, read, checksums);
        layout = new ClusterLayout(header.clusterSize());
        LittleEndianBuffer walHeader = LittleEndianBuffer.of(ByteBuffer.allocate(WalDescriptor.FILE_HEADER_LENGTH));
        walEpoch = WriteAheadLog.checkHeader(walFile, wal, walHeader, FileIo.readFully(wal, walHeader.byteBuffer(), 0),
            checksums);
        checkpoint = CheckpointChoice.choose(clusterFile, header, walFile, walEpoch, WalDescriptor.storeId(walHeader));
        for (int slot = 0; slot < ClusterFileDescriptor.SLOT_COUNT; slot++) {
            if (header.slot(slot) == null && !header.blank(slot)) {
                problems.problem(clusterFile, ClusterHeader.offset(slot), "checkpoint slot " + slot + ' '
                    + header.problem(slot) + "; the other slot, checkpoint " + checkpoint.sequence() + ", is used");
            }
        }
        if (clusterFileLength < checkpoint.allocatedEnd()) {
            problems.problem(clusterFile, clusterFileLength, "the file is " + clusterFileLength + " bytes long, but"
                + " checkpoint " + checkpoint.sequence() + " allocated clusters up to " + checkpoint.allocatedEnd());
        }
        lastCommit = checkpoint.lastCommit();
        nextOid = checkpoint.nextOid();
        allocatedEnd = checkpoint.allocatedEnd();
        readDirectory();
        readWal();
        placePatchedObjects();
        checkTables();
    }

    private void readDirectory() throws IOException {
        long needed = SegmentDirectoryDescriptor.entryPosition(checkpoint.segments());
        LittleEndianBuffer contents = LittleEndianBuffer.of(ByteBuffer.allocate((int) Math.min(needed, segmentFileLength)));
        int read = FileIo.readFully(segments, contents.byteBuffer(), 0);
        SegmentDirectory.checkHeader(segmentFile, contents, read, checksums);
        segmentCount = (int) checkpoint.segments();
        tables = new long[Math.max(16, segmentCount)];
        if (read < needed) {
            problems.problem(segmentFile, read, "the file is " + segmentFileLength + " bytes long, but checkpoint "
                + checkpoint.sequence() + " counted " + checkpoint.segments() + " segments, which take " + needed);
        }
        for (int segment = 0; segment < segmentCount; segment++) {
            int index = (int) SegmentDirectoryDescriptor.entryPosition(segment);
            if (index + SegmentDirectoryDescriptor.ENTRY_LENGTH > read) {
                break;
            }
            String problem = SegmentDirectoryDescriptor.check(contents, index, segment, checksums);
            if (problem == null) {
                tables[segment] = SegmentDirectoryDescriptor.tableOffset(contents, index);
            } else {
                tables[segment] = -1;
                damagedEntries.put(segment, problem);
            }
        }
    }

    private void readWal() {
        WalScanner scanner = new WalScanner(this::readWal, walSize);
        WalRecords records = new WalRecords(walFile);
        try {
            while (scanner.next()) {
                LittleEndianBuffer block = scanner.block();
                long offset = scanner.offset();
                WalDescriptor.checkVersion(walFile, offset, block);
                long epoch = WalDescriptor.blockEpoch(block);
                long commit = WalDescriptor.commitNumber(block);
                if (epoch < checkpoint.sequence() && pending.isEmpty()) {
                    staleBlocks++;
                    continue;
                }
                if (epoch != checkpoint.sequence() || commit <= lastCommit) {
                    problems.problem(walFile, offset, "the block of commit " + commit + " follows checkpoint " + epoch
                        + " and commit " + lastCommit + ", but the store continues from checkpoint "
                        + checkpoint.sequence() + "; blocks from here on cannot be replayed");
                    return;
                }
                readRecords(records.reset(block, offset), offset, commit);
                pending.add(new PendingBlock(offset, commit, WalDescriptor.blockLength(block)));
                lastCommit = commit;
            }
        } catch (StoreCorruptedException e) {
            problems.problem(e.file(), e.offset(), e.getMessage());
            return;
        }
        walEnd = scanner.end();
        walEndOffset = scanner.offset();
        walEndProblem = scanner.endProblem();
        if (walEnd == WalScanner.End.TORN) {
            problems.warning(walFile, walEndOffset, "a torn last block (" + walEndProblem + "), " + (walSize - walEndOffset)
                + " bytes: what a crash during an append leaves; the next open cuts it off");
        } else if (walEnd == WalScanner.End.DAMAGED) {
            problems.problem(walFile, walEndOffset, "the block at offset " + walEndOffset + " fails its checks ("
                + walEndProblem + ")");
        }
    }

    private void readRecords(WalRecords records, long blockOffset, long commit) {
        while (records.next()) {
            switch (records.type()) {
                case WalDescriptor.IMAGE:
                    PendingObject image = pending(records, commit, null);
                    image.payloadOffset = blockOffset + records.payloadIndex();
                    image.entry.offset = records.position();
                    image.entry.length = records.length();
                    image.entry.classId = records.classId();
                    break;
                case WalDescriptor.PATCH:
                    readPatch(records, blockOffset, commit);
                    break;
                case WalDescriptor.SPLICE:
                    PendingObject spliced = pending(records, commit, null);
                    spliced.entry.offset = records.position();
                    spliced.entry.length = records.length();
                    spliced.entry.classId = records.classId();
                    break;
                case WalDescriptor.FREE:
                    PendingObject freed = pending(records, commit, null);
                    freed.entry.crc = 0;
                    freed.entry.commit = 0;
                    break;
                case WalDescriptor.SEGMENT:
                    setTable((int) records.oid(), records.position());
                    newSegments.set((int) records.oid());
                    break;
                case WalDescriptor.RELEASE:
                    setTable((int) records.oid(), 0);
                    releasedSegments.set((int) records.oid());
                    break;
                default:
                    nextOid = records.oid();
                    allocatedEnd = records.position();
                    break;
            }
        }
    }

    /** Sets the table of {@code segment} once pending blocks are replayed. */
    private void setTable(int segment, long table) {
        if (segment >= tables.length) {
            tables = Arrays.copyOf(tables, Math.max(segment + 1, 2 * tables.length));
        }
        tables[segment] = table;
        segmentCount = Math.max(segmentCount, segment + 1);
    }

    /**
     * A PATCH keeps its object's place, length and class id: those of the object's last pending
     * IMAGE or SPLICE, or else of its committed entry, read once the whole log is (see {@link #placePatchedObjects}).
     */
    private void readPatch(WalRecords records, long blockOffset, long commit) {
        PendingObject before = pendingObjects.get(records.oid());
        if (before != null && before.type == WalDescriptor.FREE) {
            problems.problem(walFile, records.walOffset(), "the PATCH record of object " + records.oid() + " changes an"
                + " object that the FREE record at WAL offset " + before.recordOffset + " removes");
            return;
        }
        boolean patched = before != null && before.type == WalDescriptor.PATCH;
        PendingObject patch = pending(records, commit, patched ? before : null);
        if (before == null) {
            patch.placeOnDisk = true;
        } else if (before != patch) {
            patch.entry.offset = before.entry.offset;
            patch.entry.length = before.entry.length;
            patch.entry.classId = before.entry.classId;
            patch.imageChanged = before.type == WalDescriptor.IMAGE ? before.payloadOffset : -1;
            patch.spliceChanged = before.type == WalDescriptor.SPLICE;
        }
        while (records.nextRange()) {
            patch.ranges.add(new long[] {records.rangeOffset(), records.rangeLength(), blockOffset + records.rangeIndex()});
        }
        if (before != patch || records.patchEnd() > patch.patchEnd) {
            patch.patchEnd = records.patchEnd();
            patch.patchEndRecord = records.walOffset();
        }
    }

    /**
     * The pending object of the current record, {@code reused} or new, with its entry as the record
     * leaves it, but for the object's place.
     */
    private PendingObject pending(WalRecords records, long commit, PendingObject reused) {
        PendingObject object = reused != null ? reused : new PendingObject();
        object.type = records.type();
        object.recordOffset = records.walOffset();
        object.entry.oid = records.oid();
        object.entry.crc = records.objectCrc();
        object.entry.commit = commit;
        pendingObjects.put(records.oid(), object);
        return object;
    }

    /**
     * Gives the objects that pending PATCHes change, and no pending IMAGE places, the place of their
     * committed entry (which the cluster file may hold as a later PATCH left it, with the same place),
     * and checks that their ranges fit them, as replaying them does. A PATCH whose entry is missing,
     * empty or damaged leaves the slot to be judged as it is on disk.
     */
    private void placePatchedObjects() {
        byte[] bytes = new byte[SegmentTableDescriptor.ENTRY_LENGTH];
        TableEntry committed = new TableEntry();
        for (Iterator<PendingObject> objects = pendingObjects.values().iterator(); objects.hasNext(); ) {
            PendingObject object = objects.next();
            if (object.type != WalDescriptor.PATCH) {
                continue;
            }
            if (object.placeOnDisk && !placeOnDisk(object, bytes, committed)) {
                objects.remove();
            } else if (object.patchEnd > object.entry.length) {
                problems.problem(walFile, object.patchEndRecord, "the PATCH record of object " + object.entry.oid
                    + " writes up to byte " + object.patchEnd + " of it, but the object has " + object.entry.length
                    + " bytes");
            }
        }
    }

    private boolean placeOnDisk(PendingObject object, byte[] bytes, TableEntry committed) {
        long oid = object.entry.oid;
        long segment = Oids.segment(oid);
        long table = isNewSegment(segment) ? 0 : tableOffset(segment);
        if (table < 0) {
            return false; // a damaged directory entry, which checkTables reports
        }
        if (table == 0) {
            problems.problem(walFile, object.recordOffset, "the PATCH record of object " + oid + " changes an object of"
                + " segment " + segment + ", which has no committed table");
            return false;
        }
        long position = SegmentTableDescriptor.entryPosition(table, oid);
        if (!readClusters(position, bytes) || committed.decode(LittleEndianBuffer.of(bytes), 0, oid, position, checksums) != null) {
            return false; // a damaged entry, which reading the tables reports
        }
        if (!committed.exists()) {
            problems.problem(walFile, object.recordOffset, "the PATCH record of object " + oid + " changes an object"
                + " whose table entry at offset " + position + " is empty");
            return false;
        }
        object.entry.offset = committed.offset;
        object.entry.length = committed.length;
        object.entry.classId = committed.classId;
        object.placeOnDisk = false;
        return true;
    }

    private void checkTables() {
        damagedEntries.forEach((segment, problem) -> {
            if (!newSegments.get(segment) && !releasedSegments.get(segment)) {
                problems.problem(segmentFile, SegmentDirectoryDescriptor.entryPosition(segment), problem);
            }
        });
        for (int segment = 0; segment < segmentCount; segment++) {
            String problem = tables[segment] < 0 ? null : layout.tableProblem(segment, tables[segment], allocatedEnd);
            if (problem != null) {
                problems.problem(newSegments.get(segment) ? walFile : segmentFile,
                    SegmentDirectoryDescriptor.entryPosition(segment), problem);
                tables[segment] = -1;
            }
        }
    }

    private int readWal(long position, ByteBuffer dst) {
        try {
            return FileIo.readFully(wal, dst, position);
        } catch (IOException e) {
            throw FileIo.failure("read offset " + position + " of", walFile, e);
        }
    }

    /** Segments, counting those that pending blocks create. */
    int segmentCount() {
        return segmentCount;
    }

    /** The table of {@code segment} once pending blocks are replayed: 0 if none, -1 if its entry is damaged. */
    long tableOffset(long segment) {
        return segment < segmentCount ? tables[(int) segment] : 0;
    }

    /** Whether a pending block creates {@code segment}, so that its table on disk is not written yet. */
    boolean isNewSegment(long segment) {
        return newSegments.get((int) segment);
    }

    /** Whether a pending block releases the table of {@code segment}. */
    boolean isReleased(long segment) {
        return segment <= Integer.MAX_VALUE && releasedSegments.get((int) segment);
    }

    /** The pending change to {@code oid}, or null. */
    PendingObject pendingObject(long oid) {
        return pendingObjects.get(oid);
    }

    /** The segment tables as they are on disk, for a {@link TableScan}; damaged directory entries read as none. */
    TableScan.Tables tables() {
        return new TableScan.Tables() {
            @Override
            public long count() {
                return segmentCount;
            }

            @Override
            public long tableOffset(long segment) {
                return Math.max(0, StoreInspection.this.tableOffset(segment));
            }

            @Override
            public void read(long position, LittleEndianBuffer table) {
                readClusters(position, table.byteArray());
            }
        };
    }

    /** Reads {@code dst.length} bytes of the cluster file from {@code position}; false, zeros after, if it ends first. */
    boolean readClusters(long position, byte[] dst) {
        return read(clusters, clusterFile, position, dst);
    }

    /** Reads {@code dst.length} bytes of the WAL from {@code position}. */
    boolean readWalBytes(long position, byte[] dst) {
        return read(wal, walFile, position, dst);
    }

    private static boolean read(FileChannel channel, Path file, long position, byte[] dst) {
        try {
            ByteBuffer buffer = ByteBuffer.wrap(dst);
            int read = FileIo.readFully(channel, buffer, position);
            Arrays.fill(dst, read, dst.length, (byte) 0);
            return read == dst.length;
        } catch (IOException e) {
            throw FileIo.failure("read offset " + position + " of", file, e);
        }
    }

    /** The CRC32C of {@code length} bytes of the cluster file from {@code position}; -1 if the file ends first. */
    long clusterChecksum(long position, int length) {
        return checksum(clusters, clusterFile, position, length);
    }

    /**
     * The CRC32C of the bytes of {@code patched}, a pending PATCH's object, once its ranges are applied to the bytes they
     * change (on disk, or of a pending IMAGE); -1 if a file ends first, or a range passes the object's end (which
     * {@link #placePatchedObjects} reports).
     */
    long patchedChecksum(PendingObject patched) {
        byte[] bytes = new byte[patched.entry.length];
        boolean whole = patched.imageChanged >= 0 ? readWalBytes(patched.imageChanged, bytes)
            : readClusters(patched.entry.offset, bytes);
        for (long[] range : patched.ranges) {
            int offset = (int) range[0];
            int length = (int) range[1];
            if (!whole || offset + length > bytes.length) {
                return -1;
            }
            byte[] written = new byte[length];
            whole = readWalBytes(range[2], written);
            System.arraycopy(written, 0, bytes, offset, length);
        }
        return whole ? checksums.of(LittleEndianBuffer.of(bytes), 0, bytes.length) & 0xFFFFFFFFL : -1;
    }

    /** The CRC32C of {@code length} bytes of the WAL from {@code position}; -1 if the file ends first. */
    long walChecksum(long position, int length) {
        return checksum(wal, walFile, position, length);
    }

    private long checksum(FileChannel channel, Path file, long position, int length) {
        if (chunk == null) {
            chunk = ByteBuffer.allocateDirect(1 << 20);
        }
        checksums.reset();
        long done = 0;
        try {
            while (done < length) {
                int n = (int) Math.min(chunk.capacity(), length - done);
                int read = FileIo.readFully(channel, chunk.clear().limit(n), position + done);
                if (read < n) {
                    return -1;
                }
                checksums.update(chunk, 0, n);
                done += n;
            }
        } catch (IOException e) {
            throw FileIo.failure("read offset " + (position + done) + " of", file, e);
        }
        return checksums.value() & 0xFFFF_FFFFL;
    }

    @Override
    public void close() throws IOException {
        IOException failure = Closer.closeAfter(new IOException("Cannot close the files of " + directory),
            clusters, segments, wal);
        if (failure.getSuppressed().length > 0) {
            throw failure;
        }
    }
}
