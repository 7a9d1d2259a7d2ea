package org.swizzle.store;

import static org.swizzle.store.SegmentDirectoryDescriptor.ENTRY_LENGTH;
import static org.swizzle.store.SegmentDirectoryDescriptor.HEADER_LENGTH;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreException;

/**
 * Segment number to the file offset of the segment's object table: a {@code long[]} in memory,
 * persisted in {@code swizzle.segments} (see {@link SegmentDirectoryDescriptor}).
 *
 * <p>Opening reads the entries the last checkpoint counted; an entry that fails its checksum is
 * remembered as damaged rather than reported at once, because the WAL may rewrite it (a crash can
 * leave a half-written entry behind a durable SEGMENT record). {@link #checkAfterRecovery} reports
 * whatever damage the replay did not repair.
 */
final class SegmentDirectory implements AutoCloseable {
    /** As many segments as keep the directory file under 2 GiB: 134 million segments, 34 billion OIDs. */
    static final int MAX_SEGMENTS = (Integer.MAX_VALUE - HEADER_LENGTH) / ENTRY_LENGTH;

    private final Path file;
    private final StoreChannel channel;
    private final Checksums checksums = new Checksums();
    private final LittleEndianBuffer scratch = LittleEndianBuffer.growableDirect(ENTRY_LENGTH * 16);
    /** Damaged entries not yet rewritten: segment to problem. */
    private final Map<Integer, String> damaged = new TreeMap<>();
    private long[] tables;
    private int count;

    private SegmentDirectory(Path file, StoreChannel channel, long[] tables, int count) {
        this.file = file;
        this.channel = channel;
        this.tables = tables;
        this.count = count;
    }

    /** Writes an empty directory file and forces it. */
    static void create(Path file, FileChannelFactory files) {
        try (FileChannel channel = files.open(file)) {
            LittleEndianBuffer header = LittleEndianBuffer.of(ByteBuffer.allocateDirect(HEADER_LENGTH));
            SegmentDirectoryDescriptor.putHeader(header, new Checksums());
            channel.truncate(0);
            FileIo.writeFully(channel, header.byteBuffer().clear(), 0);
            channel.force(true);
        } catch (IOException e) {
            throw FileIo.failure("create", file, e);
        }
    }

    /** Reads the {@code segments} entries of checkpoint {@code checkpoint} into memory; {@code files} opens it for reading only if {@code readOnly}. */
    static SegmentDirectory open(Path file, FileChannelFactory files, boolean readOnly, Checkpoint checkpoint) {
        StoreChannel channel = null;
        try {
            channel = StoreChannel.open(file, files, readOnly);
            long size = channel.size();
            long needed = SegmentDirectoryDescriptor.entryPosition(checkpoint.segments());
            LittleEndianBuffer contents = LittleEndianBuffer.of(ByteBuffer.allocate((int) Math.min(needed, Math.max(size, 0))));
            int read = channel.readFully(contents.byteBuffer(), 0);
            checkHeader(file, contents, read, new Checksums());
            if (read < needed) {
                throw new StoreCorruptedException(file, read, "the segment directory is " + size + " bytes long, but "
                    + "checkpoint " + checkpoint.sequence() + " counted " + checkpoint.segments()
                    + " segments, which take " + needed + " bytes");
            }
            int count = (int) checkpoint.segments();
            SegmentDirectory directory = new SegmentDirectory(file, channel, new long[Math.max(16, count)], count);
            directory.load(contents);
            return directory;
        } catch (IOException e) {
            throw Closer.closeAfter(FileIo.failure("read", file, e), channel);
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, channel);
        }
    }

    private void load(LittleEndianBuffer contents) {
        for (int segment = 0; segment < count; segment++) {
            int index = HEADER_LENGTH + segment * ENTRY_LENGTH;
            String problem = SegmentDirectoryDescriptor.check(contents, index, segment, checksums);
            if (problem == null) {
                tables[segment] = SegmentDirectoryDescriptor.tableOffset(contents, index);
            } else {
                damaged.put(segment, problem);
            }
        }
    }

    /** Checks the header (see {@link FileHeader}) in the first {@code read} bytes of {@code contents}. */
    static void checkHeader(Path file, LittleEndianBuffer contents, int read, Checksums checksums) {
        SegmentDirectoryDescriptor.HEADER.check(file, contents, read, checksums);
    }

    Path file() {
        return file;
    }

    /** The channel the store reads and writes the file through. */
    StoreChannel channel() {
        return channel;
    }

    /** Entries in the directory: one past the highest segment that has, or had room for, a table. */
    int count() {
        return count;
    }

    /** The bytes of the file its entries take, header included: the file is at least this long. */
    long writtenLength() {
        return SegmentDirectoryDescriptor.entryPosition(count);
    }

    /** The file offset of the segment's table, or 0 if the segment has none (never had one, or released it). */
    long tableOffset(long segment) {
        return segment < count ? tables[(int) segment] : 0;
    }

    /** What is wrong with the segment's entry, if it was read damaged and not rewritten since; else null. */
    String damage(long segment) {
        return segment < count ? damaged.get((int) segment) : null;
    }

    /**
     * Records the table of a new segment, or 0 for a segment whose table is released, in memory and in the
     * file; entries skipped on the way are written empty.
     */
    void set(long segment, long tablePosition) {
        if (segment < 0 || segment >= MAX_SEGMENTS) {
            throw new StoreException("Segment " + segment + " is beyond the " + MAX_SEGMENTS
                + " segments a store can hold; the store is full.");
        }
        int index = (int) segment;
        int first = Math.min(index, count);
        if (index >= tables.length) {
            tables = Arrays.copyOf(tables, Math.max(index + 1, 2 * tables.length));
        }
        int entries = index - first + 1;
        scratch.ensureCapacity(entries * ENTRY_LENGTH);
        for (int i = 0; i < entries; i++) {
            int s = first + i;
            long table = s == index ? tablePosition : 0;
            SegmentDirectoryDescriptor.putEntry(scratch, i * ENTRY_LENGTH, s, table, checksums);
            tables[s] = table;
            damaged.remove(s);
        }
        count = Math.max(count, index + 1);
        long position = SegmentDirectoryDescriptor.entryPosition(first);
        try {
            channel.writeFully(scratch.byteBuffer().clear().limit(entries * ENTRY_LENGTH), position);
        } catch (IOException e) {
            throw FileIo.failure("write the table offset of segment " + segment + " at offset " + position + " of",
                file, e);
        }
    }

    /**
     * Checks, once the WAL is replayed, that no entry is still damaged and that every table lies
     * within one cluster of allocated space, so that reading an entry through the mapping stays
     * inside the file.
     */
    void checkAfterRecovery(ClusterLayout layout, long allocatedEnd) {
        if (!damaged.isEmpty()) {
            Map.Entry<Integer, String> first = damaged.entrySet().iterator().next();
            throw new StoreCorruptedException(file, SegmentDirectoryDescriptor.entryPosition(first.getKey()),
                first.getValue() + (damaged.size() > 1 ? " (and " + (damaged.size() - 1) + " more damaged entries)" : ""));
        }
        for (int segment = 0; segment < count; segment++) {
            String problem = layout.tableProblem(segment, tables[segment], allocatedEnd);
            if (problem != null) {
                throw new StoreCorruptedException(file, SegmentDirectoryDescriptor.entryPosition(segment), problem);
            }
        }
    }

    void force() {
        channel.forceQuietly();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
