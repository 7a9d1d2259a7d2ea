package org.swizzle.store;

import static org.swizzle.store.ClusterFileDescriptor.PAGE_SIZE;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import org.agrona.BitUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.swizzle.StoreCorruptedException;

/**
 * The cluster file {@code swizzle.clusters}: its header page, positional writes, growth, and the
 * read-only mapping through which objects are read. Writes never go through the mapping; the
 * mapping sees them because both share the operating system's page cache.
 */
final class ClusterFile implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final ClusterHeader header;
    private final MappedRegions regions;
    private final Checksums checksums = new Checksums();
    private final UnsafeBuffer scratch = new UnsafeBuffer(ByteBuffer.allocateDirect(PAGE_SIZE));
    private final UnsafeBuffer table = new UnsafeBuffer(ByteBuffer.allocateDirect(SegmentTableDescriptor.TABLE_LENGTH));
    private final ByteBuffer oneByte = ByteBuffer.allocateDirect(1);
    private final boolean readOnly;
    private long length;

    private ClusterFile(Path file, FileChannel channel, ClusterHeader header, int regionSize, boolean readOnly)
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
        this.regions = new MappedRegions(size);
    }

    /** Writes a new, empty cluster file: cluster 0, starting with the header page and checkpoint 0; forces it. */
    static void create(Path file, int clusterSize, FileChannelFactory files) {
        try (FileChannel channel = files.open(file)) {
            UnsafeBuffer page = new UnsafeBuffer(ByteBuffer.allocateDirect(PAGE_SIZE));
            ClusterFileDescriptor.putNewHeader(page, clusterSize, new Checksums());
            channel.truncate(0);
            FileIo.writeFully(channel, ByteBuffer.allocate(1), clusterSize - 1);
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
        FileChannel channel = null;
        try {
            channel = files.open(file);
            UnsafeBuffer page = new UnsafeBuffer(ByteBuffer.allocateDirect(PAGE_SIZE));
            int read = FileIo.readFully(channel, page.byteBuffer().clear(), 0);
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

    /** The header page as it was when the file was opened. */
    ClusterHeader header() {
        return header;
    }

    MappedRegions regions() {
        return regions;
    }

    /** Checks that the file holds the clusters a checkpoint allocated: a shorter file lost some. */
    void checkHolds(Checkpoint checkpoint) {
        if (length < checkpoint.allocatedEnd()) {
            throw new StoreCorruptedException(file, length, "the cluster file is " + length + " bytes long, but checkpoint "
                + checkpoint.sequence() + " allocated clusters up to offset " + checkpoint.allocatedEnd());
        }
    }

    /**
     * Grows the file (sparse, to a whole number of regions) to hold {@code end} bytes, and maps it; a
     * read-only file is mapped as it is, which {@link #checkHolds} found to hold what was allocated.
     */
    void ensureCapacity(long end) {
        if (readOnly) {
            try {
                regions.mapUpTo(channel, length - length % regions.regionSize());
            } catch (IOException e) {
                throw FileIo.failure("map", file, e);
            }
            return;
        }
        long wanted = BitUtil.align(Math.max(end, length), regions.regionSize());
        try {
            if (wanted > length) {
                FileIo.writeFully(channel, oneByte.clear(), wanted - 1);
                length = wanted;
            }
            regions.mapUpTo(channel, length);
        } catch (IOException e) {
            throw FileIo.failure("grow to " + wanted + " bytes and map", file, e);
        }
    }

    /** Writes the remaining bytes of {@code src} at {@code position}. */
    void write(long position, ByteBuffer src) {
        int bytes = src.remaining();
        try {
            FileIo.writeFully(channel, src, position);
        } catch (IOException e) {
            throw FileIo.failure("write " + bytes + " bytes at offset " + position + " of", file, e);
        }
    }

    /** Writes a table of empty entries for {@code segment} at {@code position}. */
    void writeEmptyTable(long position, long segment) {
        SegmentTableDescriptor.putEmptyTable(table, 0, segment, checksums);
        write(position, table.byteBuffer().clear());
    }

    /** Writes the table entry of {@code oid} at {@code entryPosition}, its checksum included. */
    void writeEntry(long entryPosition, long oid, long objectOffset, int objectLength, int classId, long commit,
        int objectCrc) {
        SegmentTableDescriptor.putEntry(scratch, 0, oid, objectOffset, objectLength, classId, commit, objectCrc, checksums);
        write(entryPosition, scratch.byteBuffer().clear().limit(SegmentTableDescriptor.ENTRY_LENGTH));
    }

    /** Writes {@code checkpoint} to its slot of the header page. */
    void writeCheckpoint(Checkpoint checkpoint) {
        ClusterFileDescriptor.putSlot(scratch, 0, checkpoint, checksums);
        write(ClusterFileDescriptor.slotOffset(checkpoint.slot()),
            scratch.byteBuffer().clear().limit(ClusterFileDescriptor.SLOT_LENGTH));
    }

    /** Copies the {@code into.capacity()} bytes at {@code position} (mapped) into the heap buffer {@code into}. */
    void read(long position, UnsafeBuffer into) {
        if (position + into.capacity() > regions.mappedLength()) {
            throw new StoreCorruptedException(file, position, into.capacity() + " bytes at offset " + position
                + " lie past the " + regions.mappedLength() + " bytes mapped");
        }
        regions.copy(position, into.byteArray());
    }

    /** Forces written bytes, and the file's length, to the disk. */
    void force() {
        FileIo.force(channel, file);
    }

    @Override
    public void close() throws IOException {
        regions.close();
        channel.close();
    }
}
