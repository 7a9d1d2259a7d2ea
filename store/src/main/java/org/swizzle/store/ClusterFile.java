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
    private final UnsafeBuffer scratch = new UnsafeBuffer(ByteBuffer.allocateDirect(PAGE_SIZE));
    private final ByteBuffer zeros = ByteBuffer.allocateDirect(SegmentTableDescriptor.TABLE_LENGTH);
    private long length;

    private ClusterFile(Path file, FileChannel channel, ClusterHeader header, int regionSize) throws IOException {
        this.file = file;
        this.channel = channel;
        this.header = header;
        this.regions = new MappedRegions(Math.max(regionSize, header.clusterSize()));
        this.length = channel.size();
    }

    /** Writes the header page of a new, empty cluster file and forces it. */
    static void create(Path file, int clusterSize, FileChannelFactory files) {
        try (FileChannel channel = files.open(file)) {
            UnsafeBuffer page = new UnsafeBuffer(ByteBuffer.allocateDirect(PAGE_SIZE));
            ClusterFileDescriptor.putHeader(page, clusterSize);
            channel.truncate(0);
            FileIo.writeFully(channel, page.byteBuffer().clear(), 0);
            channel.force(true);
        } catch (IOException e) {
            throw FileIo.failure("create", file, e);
        }
    }

    /** Opens an existing cluster file and checks its header; maps nothing yet (see {@link #ensureCapacity}). */
    static ClusterFile open(Path file, int regionSize, FileChannelFactory files) {
        FileChannel channel = null;
        try {
            channel = files.open(file);
            ClusterHeader header = readHeader(file, channel);
            return new ClusterFile(file, channel, header, regionSize);
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("open", file, e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    private static ClusterHeader readHeader(Path file, FileChannel channel) throws IOException {
        UnsafeBuffer page = new UnsafeBuffer(ByteBuffer.allocateDirect(PAGE_SIZE));
        int read = FileIo.readFully(channel, page.byteBuffer().clear(), 0);
        Formats.checkMagic(file, page, read, ClusterFileDescriptor.MAGIC, "cluster file");
        if (read < PAGE_SIZE) {
            throw new StoreCorruptedException(file, read, "header page is " + read + " bytes long, expected " + PAGE_SIZE);
        }
        int version = ClusterFileDescriptor.version(page);
        if (version != ClusterFileDescriptor.FORMAT_VERSION) {
            throw Formats.unsupportedVersion(file, ClusterFileDescriptor.VERSION_OFFSET, version,
                ClusterFileDescriptor.FORMAT_VERSION);
        }
        int pageSize = ClusterFileDescriptor.pageSize(page);
        if (pageSize != PAGE_SIZE) {
            throw new StoreCorruptedException(file, ClusterFileDescriptor.PAGE_SIZE_OFFSET,
                "page size is " + pageSize + ", expected " + PAGE_SIZE);
        }
        int clusterSize = ClusterFileDescriptor.clusterSize(page);
        if (!BitUtil.isPowerOfTwo(clusterSize) || clusterSize < StoreConfig.MIN_CLUSTER_SIZE
            || clusterSize > StoreConfig.DEFAULT_REGION_SIZE) {
            throw new StoreCorruptedException(file, ClusterFileDescriptor.CLUSTER_SIZE_OFFSET,
                "cluster size is " + clusterSize + ", expected a power of two from " + StoreConfig.MIN_CLUSTER_SIZE
                    + " to " + StoreConfig.DEFAULT_REGION_SIZE);
        }
        long nextOid = ClusterFileDescriptor.nextOid(page);
        if (nextOid < Oids.FIRST_NEW_OID) {
            throw new StoreCorruptedException(file, ClusterFileDescriptor.NEXT_OID_OFFSET,
                "next OID is " + nextOid + ", expected at least " + Oids.FIRST_NEW_OID);
        }
        long nextFree = ClusterFileDescriptor.nextFree(page);
        if (nextFree < ClusterFileDescriptor.FIRST_FREE) {
            throw new StoreCorruptedException(file, ClusterFileDescriptor.NEXT_FREE_OFFSET,
                "next free byte is " + nextFree + ", expected at least " + ClusterFileDescriptor.FIRST_FREE);
        }
        return new ClusterHeader(clusterSize, ClusterFileDescriptor.lastCommit(page), nextOid, nextFree);
    }

    Path file() {
        return file;
    }

    /** The header as it was when the file was opened. */
    ClusterHeader header() {
        return header;
    }

    MappedRegions regions() {
        return regions;
    }

    /** Grows the file (sparse, to a whole number of regions) to hold {@code end} bytes, and maps it. */
    void ensureCapacity(long end) {
        long wanted = BitUtil.align(Math.max(end, length), regions.regionSize());
        try {
            if (wanted > length) {
                FileIo.writeFully(channel, zeros.clear().limit(1), wanted - 1);
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

    /** Zeroes the {@link SegmentTableDescriptor#TABLE_LENGTH} bytes of a new segment table. */
    void clearTable(long position) {
        write(position, zeros.clear());
    }

    void writeEntry(long entryPosition, long objectOffset, int objectLength, int classId) {
        SegmentTableDescriptor.putEntry(scratch, 0, objectOffset, objectLength, classId);
        write(entryPosition, scratch.byteBuffer().clear().limit(SegmentTableDescriptor.ENTRY_LENGTH));
    }

    void writeAllocator(long nextOid, long nextFree) {
        ClusterFileDescriptor.putAllocator(scratch, 0, nextOid, nextFree);
        write(ClusterFileDescriptor.ALLOCATOR_OFFSET,
            scratch.byteBuffer().clear().limit(ClusterFileDescriptor.ALLOCATOR_LENGTH));
    }

    void writeState(long lastCommit, long nextOid, long nextFree) {
        ClusterFileDescriptor.putState(scratch, 0, lastCommit, nextOid, nextFree);
        write(ClusterFileDescriptor.STATE_OFFSET, scratch.byteBuffer().clear().limit(ClusterFileDescriptor.STATE_LENGTH));
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
