package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;


/**
 * The cluster file mapped in fixed-size regions, so that a store can outgrow the 2 GiB of one
 * {@code MappedByteBuffer}: read-write for a writable store, which applies commits through the
 * mapping, read-only otherwise. Regions are mapped as the file grows and unmapped only when the
 * store closes (or compaction cuts the file below them), so a view handed out earlier stays mapped. Only whole regions below the file's
 * length are ever mapped: touching a mapping beyond the end of its file kills the JVM. The regions
 * written since the last {@link #forceWritten()} are remembered, for a checkpoint to force.
 */
final class MappedRegions implements AutoCloseable {
    private final int regionShift;
    private final long regionMask;
    private final FileChannel.MapMode mode;
    private FileMapping[] mapped = new FileMapping[0];
    private LittleEndianBuffer[] buffers = new LittleEndianBuffer[0];
    /** Duplicates of the regions whose position and limit checksumming moves. */
    private ByteBuffer[] checksumViews = new ByteBuffer[0];
    private boolean[] written = new boolean[0];
    private int count;

    /** Regions of {@code regionSize} bytes, a power of two, mapped in {@code mode}. */
    MappedRegions(int regionSize, FileChannel.MapMode mode) {
        this.regionShift = Integer.numberOfTrailingZeros(regionSize);
        this.regionMask = regionSize - 1;
        this.mode = mode;
    }

    long regionSize() {
        return regionMask + 1;
    }

    /** Bytes mapped, from offset 0. */
    long mappedLength() {
        return (long) count << regionShift;
    }

    /** Maps the regions of {@code channel} up to {@code length}, a multiple of the region size not past its end. */
    void mapUpTo(FileChannel channel, long length) throws IOException {
        int wanted = Math.toIntExact(length >>> regionShift);
        if (wanted <= count) {
            return;
        }
        if (wanted > mapped.length) {
            int capacity = Math.max(wanted, 2 * mapped.length);
            mapped = Arrays.copyOf(mapped, capacity);
            buffers = Arrays.copyOf(buffers, capacity);
            checksumViews = Arrays.copyOf(checksumViews, capacity);
            written = Arrays.copyOf(written, capacity);
        }
        while (count < wanted) {
            FileMapping region = FileMapping.map(channel, mode, mappedLength(), regionSize());
            mapped[count] = region;
            buffers[count] = LittleEndianBuffer.of(region.buffer());
            checksumViews[count] = region.buffer().duplicate();
            count++;
        }
    }

    /**
     * Unmaps the regions from {@code length}, a multiple of the region size, on, before the file is cut there (what
     * was written to them is dropped with them); a view of them must not be used again.
     */
    void unmapFrom(long length) {
        int keep = Math.toIntExact(length >>> regionShift);
        while (count > keep) {
            count--;
            mapped[count].close();
            mapped[count] = null;
            buffers[count] = null;
            checksumViews[count] = null;
            written[count] = false;
        }
    }

    /** The region holding {@code position}, which must be below {@link #mappedLength()}. */
    LittleEndianBuffer region(long position) {
        return buffers[(int) (position >>> regionShift)];
    }

    int offsetInRegion(long position) {
        return (int) (position & regionMask);
    }

    /** Whether {@code length > 0} bytes from {@code position} lie in one region, so that a view can wrap them. */
    boolean inOneRegion(long position, int length) {
        return (position >>> regionShift) == ((position + length - 1) >>> regionShift);
    }

    /** Wraps {@code view} over bytes that lie in one region (see {@link #inOneRegion}). */
    void wrap(LittleEndianBuffer view, long position, int length) {
        view.wrap(region(position), offsetInRegion(position), length);
    }

    /** Adds the {@code length > 0} bytes from {@code position}, which lie in one region, to {@code checksums}. */
    void checksum(Checksums checksums, long position, int length) {
        checksums.update(checksumViews[(int) (position >>> regionShift)], offsetInRegion(position), length);
    }

    /** Copies {@code dst.length} bytes from {@code position}, across region boundaries. */
    void copy(long position, byte[] dst) {
        int done = 0;
        while (done < dst.length) {
            long at = position + done;
            int chunk = (int) Math.min(dst.length - done, regionSize() - offsetInRegion(at));
            region(at).getBytes(offsetInRegion(at), dst, done, chunk);
            done += chunk;
        }
    }

    /** Copies {@code length} bytes from {@code position} into {@code dst} at {@code dstIndex}, across region boundaries. */
    void copy(long position, LittleEndianBuffer dst, int dstIndex, int length) {
        int done = 0;
        while (done < length) {
            long at = position + done;
            int chunk = (int) Math.min(length - done, regionSize() - offsetInRegion(at));
            dst.putBytes(dstIndex + done, region(at), offsetInRegion(at), chunk);
            done += chunk;
        }
    }

    /** Copies {@code length} bytes of {@code src} from {@code srcIndex} to {@code position} (mapped), across region boundaries. */
    void write(long position, LittleEndianBuffer src, int srcIndex, int length) {
        int done = 0;
        while (done < length) {
            long at = position + done;
            int region = (int) (at >>> regionShift);
            int chunk = (int) Math.min(length - done, regionSize() - offsetInRegion(at));
            buffers[region].putBytes(offsetInRegion(at), src, srcIndex + done, chunk);
            written[region] = true;
            done += chunk;
        }
    }

    /**
     * Forces the regions written since the last call to the disk.
     *
     * @throws java.io.UncheckedIOException the operating system could not write them
     */
    void forceWritten() {
        for (int i = 0; i < count; i++) {
            if (written[i]) {
                mapped[i].buffer().force();
                written[i] = false;
            }
        }
    }

    @Override
    public void close() {
        for (int i = 0; i < count; i++) {
            mapped[i].close();
            mapped[i] = null;
            buffers[i] = null;
            checksumViews[i] = null;
            written[i] = false;
        }
        count = 0;
    }
}
