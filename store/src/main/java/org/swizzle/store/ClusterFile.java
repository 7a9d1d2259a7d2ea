package org.swizzle.store;

import static org.swizzle.store.ClusterFileDescriptor.PAGE_SIZE;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import org.agrona.BitUtil;
import org.swizzle.StoreCorruptedException;

/**
 * The cluster file {@code swizzle.clusters}: its header page, growth, and the mapping through which
 * objects are read and commits applied. Writes through the mapping land in the operating system's
 * page cache, as positional writes do, so they survive the end of the process; {@link #force()}
 * makes them survive the end of the machine. The header page's checkpoint slots and the bytes of whole
 * images ({@link #writeImage}) are written with positional writes, which the mapping sees through the same
 * page cache.
 *
 * <p>A write through the mapping to a part of the file that has no disk blocks yet makes the file
 * system allocate them when the page is first written, and a full disk then faults the access: the
 * JVM raises an {@link InternalError}, which some JVMs raise long after the write. So the clusters
 * the allocator hands out are given their blocks first, by positional writes of zeros, which a full
 * disk fails with an {@link java.io.IOException} before the commit that needs them is logged.
 */
final class ClusterFile implements AutoCloseable {
    private static final int ZEROS_LENGTH = 64 * 1024;
    /** The most bytes of images one positional write of {@link #writeImage} writes. */
    private static final int RUN_LENGTH = 64 * 1024;

    private final Path file;
    private final StoreChannel channel;
    private final ClusterHeader header;
    private final MappedRegions regions;
    private final Checksums checksums = new Checksums();
    private final LittleEndianBuffer scratch = LittleEndianBuffer.of(ByteBuffer.allocateDirect(PAGE_SIZE));
    private final LittleEndianBuffer table = LittleEndianBuffer.of(ByteBuffer.allocateDirect(SegmentTableDescriptor.TABLE_LENGTH));
    private final ByteBuffer zeros = ByteBuffer.allocateDirect(ZEROS_LENGTH);
    /**
     * The images {@link #writeImage} gathered, that follow each other in the file from {@link #runStart}; made by the
     * first, so that opening a store, read-only ones included, takes no memory for it.
     */
    private LittleEndianBuffer run;
    private long runStart;
    private int runLength;
    private final boolean readOnly;
    private long length;
    /**
     * Below this offset the file has disk blocks: it wrote them, or a checkpoint allocated them.
     * Nothing lies past it but what the blocks logged since the checkpoint write.
     */
    private long backedEnd;

    private ClusterFile(Path file, StoreChannel channel, ClusterHeader header, int regionSize, boolean readOnly)
        throws IOException {
        this.file = file;
        this.channel = channel;
        this.header = header;
        this.readOnly = readOnly;
        this.length = channel.size();
        int size = Math.max(regionSize, header.clusterSize());
        if (readOnly) {
            // The file cannot grow to whole regions: regions small enough to tile it, but never below a cluster.
            size = (int) Math.max(header.clusterSize(), Math.min(size, Long.lowestOneBit(Math.max(length, 1))));
        }
        this.regions = new MappedRegions(size, readOnly ? FileChannel.MapMode.READ_ONLY : FileChannel.MapMode.READ_WRITE);
    }

    /**
     * Writes a new, empty cluster file: cluster 0, starting with the header page and checkpoint 0 of store
     * {@code storeId}, the rest zeros; forces it.
     */
    static void create(Path file, int clusterSize, long storeId, FileChannelFactory files) {
        try (FileChannel channel = files.open(file)) {
            LittleEndianBuffer page = LittleEndianBuffer.of(ByteBuffer.allocateDirect(PAGE_SIZE));
            ClusterFileDescriptor.putNewHeader(page, clusterSize, storeId, new Checksums());
            channel.truncate(0);
            FileIo.writeZeros(channel, PAGE_SIZE, clusterSize, ByteBuffer.allocateDirect(ZEROS_LENGTH));
            FileIo.writeFully(channel, page.byteBuffer().clear(), 0);
            channel.force(true);
        } catch (IOException e) {
            throw FileIo.failure("create", file, e);
        }
    }

    /**
     * Opens an existing cluster file and checks its header page; maps nothing yet (see
     * {@link #ensureCapacity}). A read-only file is never grown, and is mapped in regions that fit it.
     */
    static ClusterFile open(Path file, int regionSize, FileChannelFactory files, boolean readOnly) {
        StoreChannel channel = null;
        try {
            channel = StoreChannel.open(file, files, readOnly);
            LittleEndianBuffer page = LittleEndianBuffer.of(ByteBuffer.allocateDirect(PAGE_SIZE));
            int read = channel.readFully(page.byteBuffer().clear(), 0);
            ClusterHeader header = ClusterHeader.read(file, page, read, new Checksums());
            return new ClusterFile(file, channel, header, regionSize, readOnly);
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("open", file, e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    Path file() {
        return file;
    }

    /** The channel the store reads and writes the file through. */
    StoreChannel channel() {
        return channel;
    }

    /** The header page as it was when the file was opened. */
    ClusterHeader header() {
        return header;
    }

    MappedRegions regions() {
        return regions;
    }

    /**
     * Checks that the file holds the clusters a checkpoint allocated: a shorter file lost some. The
     * file is taken to have disk blocks for them; those past them get theirs in {@link #ensureCapacity}.
     */
    void checkHolds(Checkpoint checkpoint) {
        if (length < checkpoint.allocatedEnd()) {
            throw new StoreCorruptedException(file, length, "the cluster file is " + length + " bytes long, but checkpoint "
                + checkpoint.sequence() + " allocated clusters up to offset " + checkpoint.allocatedEnd());
        }
        backedEnd = checkpoint.allocatedEnd();
    }

    /**
     * Grows the file (sparse, to a whole number of regions) to hold {@code end} bytes, the end of
     * what the allocator hands out, gives the bytes below {@code end} disk blocks (writing zeros
     * from {@link #backedEnd}), and maps it. A read-only file is mapped as it is, which
     * {@link #checkHolds} found to hold what was allocated.
     */
    void ensureCapacity(long end) {
        if (readOnly) {
            try {
                long whole = length - length % regions.regionSize();
                channel.run(opened -> regions.mapUpTo(opened, whole));
            } catch (IOException e) {
                throw FileIo.failure("map", file, e);
            }
            return;
        }
        long wanted = BitUtil.align(Math.max(end, length), regions.regionSize());
        try {
            if (wanted > length) {
                channel.writeFully(zeros.clear().limit(1), wanted - 1);
                length = wanted;
            }
            if (backedEnd < end) {
                channel.writeZeros(backedEnd, end, zeros);
                backedEnd = end;
            }
            channel.run(opened -> regions.mapUpTo(opened, length));
        } catch (IOException e) {
            throw FileIo.failure("give disk blocks to the first " + end + " bytes of, and map,", file, e);
        }
    }

    /**
     * Cuts the file at {@code end}, the allocated end that a completed checkpoint recorded, so that the disk blocks
     * past it are given back, then grows it again, sparse, to a whole number of regions: the regions wholly past it
     * are unmapped first. Nothing at or past {@code end} may be read or written again before it is allocated anew.
     * Does nothing when the file has no disk blocks and no whole region past {@code end}.
     * A crash in between leaves a file at least {@code end} long, which is what the checkpoint needs.
     */
    void shrink(long end) {
        long wanted = BitUtil.align(end, regions.regionSize());
        if (length <= wanted && backedEnd <= end) {
            return;
        }
        try {
            regions.unmapFrom(wanted);
            channel.truncate(end);
            if (wanted > end) {
                channel.writeFully(zeros.clear().limit(1), wanted - 1);
            }
            length = wanted;
            backedEnd = Math.min(backedEnd, end);
            channel.run(opened -> regions.mapUpTo(opened, length));
        } catch (IOException e) {
            throw FileIo.failure("cut at " + end + " bytes", file, e);
        }
    }

    /** The length of the file, past its allocated clusters (sparse) to a whole number of regions. */
    long length() {
        return length;
    }

    /**
     * Writes {@code length} bytes of {@code src} from {@code srcIndex} at {@code position}, through
     * the mapping. A fault in the access (see above) raises an {@link InternalError}.
     */
    void write(long position, LittleEndianBuffer src, int srcIndex, int length) {
        checkMapped(position, length);
        regions.write(position, src, srcIndex, length);
    }

    /**
     * Writes the {@code length} bytes of an object's image at {@code position} by positional writes rather than
     * through the mapping, gathering images that follow each other in the file into one write of up to
     * {@link #RUN_LENGTH} bytes, as a commit's new objects do: touching a page of the mapping for the first time
     * faults it in, which costs about ten times what a positional write of the same bytes does (5 MB of new
     * objects: about 7-14 ms against 0.6-1.5 ms on our machines). The mapping sees the bytes through the page
     * cache once {@link #flushImages()} has written them, which must come before they are read or written
     * through the mapping; {@link #force()} forces them with the rest of the file.
     */
    void writeImage(long position, LittleEndianBuffer src, int srcIndex, int length) {
        checkMapped(position, length);
        if (run == null) {
            run = LittleEndianBuffer.of(ByteBuffer.allocateDirect(RUN_LENGTH));
        }
        padRun(position);
        int done = 0;
        while (done < length) {
            if (runLength == RUN_LENGTH || runLength > 0 && position + done != runStart + runLength) {
                flushImages();
            }
            if (runLength == 0) {
                runStart = position + done;
            }
            int piece = Math.min(length - done, RUN_LENGTH - runLength);
            run.putBytes(runLength, src, srcIndex + done, piece);
            runLength += piece;
            done += piece;
        }
    }

    /**
     * Continues the run to an image at {@code position} that starts on the first alignment boundary after it, as the
     * next of a commit's new objects does, with zeros for the padding between them, which no object holds.
     */
    private void padRun(long position) {
        long gap = position - (runStart + runLength);
        if (runLength > 0 && gap > 0 && gap < SegmentTableDescriptor.ALIGNMENT && runLength + gap <= RUN_LENGTH) {
            run.setMemory(runLength, (int) gap, (byte) 0);
            runLength += (int) gap;
        }
    }

    /** Forgets the images {@link #writeImage} gathered and has not written, when an apply fails part way. */
    void discardImages() {
        runLength = 0;
    }

    /** Writes the images {@link #writeImage} gathered and has not written yet. */
    void flushImages() {
        if (runLength == 0) {
            return;
        }
        try {
            channel.writeFully(run.byteBuffer().clear().limit(runLength), runStart);
        } catch (IOException e) {
            throw FileIo.failure("write " + runLength + " bytes of objects at offset " + runStart + " of", file, e);
        } finally {
            runLength = 0;
        }
    }

    /** Writes a table of empty entries for {@code segment} at {@code position}, through the mapping. */
    void writeEmptyTable(long position, long segment) {
        SegmentTableDescriptor.putEmptyTable(table, 0, segment, checksums);
        write(position, table, 0, SegmentTableDescriptor.TABLE_LENGTH);
    }

    /** Writes the table entry of {@code oid} at {@code entryPosition}, its checksum included, through the mapping. */
    void writeEntry(long entryPosition, long oid, long objectOffset, int objectLength, int classId, long commit,
        int objectCrc) {
        SegmentTableDescriptor.putEntry(scratch, 0, oid, objectOffset, objectLength, classId, commit, objectCrc, checksums);
        write(entryPosition, scratch, 0, SegmentTableDescriptor.ENTRY_LENGTH);
    }

    /** Reads the entry of {@code oid} at {@code entryPosition} (mapped) into {@code entry}; returns what is wrong with it, or null. */
    String readEntry(long entryPosition, long oid, TableEntry entry) {
        checkMapped(entryPosition, SegmentTableDescriptor.ENTRY_LENGTH);
        return entry.decode(regions.region(entryPosition), regions.offsetInRegion(entryPosition), oid, entryPosition,
            checksums);
    }

    /** Writes {@code checkpoint} to its slot of the header page, with a positional write. */
    void writeCheckpoint(Checkpoint checkpoint) {
        ClusterFileDescriptor.putSlot(scratch, 0, checkpoint, checksums);
        long position = ClusterFileDescriptor.slotOffset(checkpoint.slot());
        try {
            channel.writeFully(scratch.byteBuffer().clear().limit(ClusterFileDescriptor.SLOT_LENGTH), position);
        } catch (IOException e) {
            throw FileIo.failure("write checkpoint " + checkpoint.sequence() + " at offset " + position + " of", file, e);
        }
    }

    /** Copies the {@code into.capacity()} bytes at {@code position} (mapped) into the heap buffer {@code into}. */
    void read(long position, LittleEndianBuffer into) {
        checkMapped(position, into.capacity());
        regions.copy(position, into.byteArray());
    }

    /** Copies the {@code length} bytes at {@code position} (mapped) into {@code into} at {@code index}. */
    void read(long position, LittleEndianBuffer into, int index, int length) {
        checkMapped(position, length);
        regions.copy(position, into, index, length);
    }

    private void checkMapped(long position, int length) {
        if (position < 0 || position + length > regions.mappedLength()) {
            throw new StoreCorruptedException(file, position, length + " bytes at offset " + position
                + " lie past the " + regions.mappedLength() + " bytes mapped");
        }
    }

    /**
     * Forces what was written since the last force to the disk: the mapped regions written, then the
     * file, with its length and the positional writes.
     */
    void force() {
        try {
            regions.forceWritten();
        } catch (UncheckedIOException e) {
            throw FileIo.failure("force the mapped regions of", file, e.getCause());
        }
        channel.forceQuietly();
    }

    @Override
    public void close() throws IOException {
        regions.close();
        channel.close();
    }
}
