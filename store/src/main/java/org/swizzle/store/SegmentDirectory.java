package org.swizzle.store;

import static org.swizzle.store.SegmentDirectoryDescriptor.ENTRY_LENGTH;
import static org.swizzle.store.SegmentDirectoryDescriptor.HEADER_LENGTH;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreException;

/**
 * Segment number to the file offset of the segment's object table: a {@code long[]} in memory,
 * persisted in {@code swizzle.segments} (see {@link SegmentDirectoryDescriptor}).
 */
final class SegmentDirectory implements AutoCloseable {
    private static final int MAX_SEGMENTS = Integer.MAX_VALUE - 8;

    private final Path file;
    private final FileChannel channel;
    private final UnsafeBuffer scratch = new UnsafeBuffer(ByteBuffer.allocateDirect(ENTRY_LENGTH));
    private long[] tables;
    private int count;

    private SegmentDirectory(Path file, FileChannel channel, long[] tables, int count) {
        this.file = file;
        this.channel = channel;
        this.tables = tables;
        this.count = count;
    }

    /** Writes an empty directory file and forces it. */
    static void create(Path file, FileChannelFactory files) {
        try (FileChannel channel = files.open(file)) {
            UnsafeBuffer header = new UnsafeBuffer(ByteBuffer.allocateDirect(HEADER_LENGTH));
            SegmentDirectoryDescriptor.putHeader(header);
            channel.truncate(0);
            FileIo.writeFully(channel, header.byteBuffer().clear(), 0);
            channel.force(true);
        } catch (IOException e) {
            throw FileIo.failure("create", file, e);
        }
    }

    /** Reads the whole directory file into memory, checking its header. */
    static SegmentDirectory open(Path file, FileChannelFactory files) {
        FileChannel channel = null;
        try {
            channel = files.open(file);
            UnsafeBuffer contents = new UnsafeBuffer(ByteBuffer.allocate(Math.toIntExact(channel.size())));
            int read = FileIo.readFully(channel, contents.byteBuffer(), 0);
            checkHeader(file, contents, read);
            int count = (read - HEADER_LENGTH) / ENTRY_LENGTH;
            long[] tables = new long[Math.max(16, count)];
            for (int segment = 0; segment < count; segment++) {
                tables[segment] = SegmentDirectoryDescriptor.tableOffset(contents, HEADER_LENGTH + segment * ENTRY_LENGTH);
            }
            return new SegmentDirectory(file, channel, tables, count);
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("read", file, e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    private static void checkHeader(Path file, UnsafeBuffer contents, int read) {
        Formats.checkMagic(file, contents, read, SegmentDirectoryDescriptor.MAGIC, "segment directory");
        if (read < HEADER_LENGTH) {
            throw new StoreCorruptedException(file, read,
                "segment directory is " + read + " bytes long, shorter than its " + HEADER_LENGTH + "-byte header");
        }
        int version = SegmentDirectoryDescriptor.version(contents);
        if (version != SegmentDirectoryDescriptor.FORMAT_VERSION) {
            throw Formats.unsupportedVersion(file, SegmentDirectoryDescriptor.VERSION_OFFSET, version,
                SegmentDirectoryDescriptor.FORMAT_VERSION);
        }
    }

    Path file() {
        return file;
    }

    /** The file offset of the segment's table, or 0 if the segment has none. */
    long tableOffset(long segment) {
        return segment < count ? tables[(int) segment] : 0;
    }

    /** Records the table of a new segment, in memory and in the file. */
    void set(long segment, long tablePosition) {
        if (segment < 0 || segment >= MAX_SEGMENTS) {
            throw new StoreException("Segment " + segment + " is beyond the " + MAX_SEGMENTS
                + " segments a store can hold; the store is full.");
        }
        int index = (int) segment;
        if (index >= tables.length) {
            tables = Arrays.copyOf(tables, Math.max(index + 1, 2 * tables.length));
        }
        tables[index] = tablePosition;
        count = Math.max(count, index + 1);
        scratch.putLong(0, tablePosition, SegmentDirectoryDescriptor.ORDER);
        long position = SegmentDirectoryDescriptor.entryPosition(segment);
        try {
            FileIo.writeFully(channel, scratch.byteBuffer().clear(), position);
        } catch (IOException e) {
            throw FileIo.failure("write the table offset of segment " + segment + " at offset " + position + " of",
                file, e);
        }
    }

    /**
     * Checks that every table lies within one cluster of allocated space, so that reading an entry
     * through the mapping stays inside the file.
     */
    void verify(ClusterLayout layout, long nextFree) {
        for (int segment = 0; segment < count; segment++) {
            long table = tables[segment];
            long end = table + SegmentTableDescriptor.TABLE_LENGTH;
            boolean valid = table == 0 || (table >= ClusterFileDescriptor.FIRST_FREE && end <= nextFree
                && table % SegmentTableDescriptor.ALIGNMENT == 0
                && layout.clusterIndex(table) == layout.clusterIndex(end - 1));
            if (!valid) {
                throw new StoreCorruptedException(file, SegmentDirectoryDescriptor.entryPosition(segment),
                    "segment " + segment + " has its table at offset " + table
                        + ", which is not an aligned table inside one cluster below the next free byte " + nextFree);
            }
        }
    }

    void force() {
        FileIo.force(channel, file);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
