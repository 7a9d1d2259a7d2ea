package org.swizzle.store;

import java.util.ArrayList;
import java.util.List;

/**
 * The whole images a transaction stages until its commit places them, kept in chunks of {@link #CHUNK_LENGTH}
 * bytes on the heap. Staging a large commit (a database built in one) never copies what it staged already, where one
 * buffer growing step by step took about three times the commit's size in new memory and copied the images staged
 * so far at each step. The chunks are small enough to be ordinary allocations, in memory the JVM reuses, where a
 * large direct buffer takes pages the kernel has to fault in and the JDK zeroes again: on these machines that cost
 * about 2.6 ms a MB, more than a raw write and force of the same bytes. An image never spans two chunks: one longer
 * than a chunk gets memory of its own. The chunks that {@link #clear()} keeps serve the next transactions; past
 * {@link #KEPT_LENGTH} bytes, a large commit's chunks are let go.
 */
final class StagedImages {
    /** The bytes of one chunk: well below half a G1 region, so that a chunk is no humongous allocation. */
    static final int CHUNK_LENGTH = 1 << 18;
    /** The most bytes of chunks kept from one transaction to the next. */
    static final int KEPT_LENGTH = 64 * CHUNK_LENGTH;

    private final List<LittleEndianBuffer> chunks = new ArrayList<>();
    /** The images longer than a chunk, each in memory of its own. */
    private final List<LittleEndianBuffer> alone = new ArrayList<>();
    /** The chunk images are staged into now; -1 before the first. */
    private int current = -1;
    /** Where the next image goes in the current chunk. */
    private int end;

    /**
     * Copies the {@code length} bytes at {@code srcOffset} of {@code src} into a chunk, or into memory of their own
     * when longer than a chunk; returns where they are, for {@link #memoryOf} and {@link #offset}.
     */
    long stage(LittleEndianBuffer src, int srcOffset, int length) {
        if (length > CHUNK_LENGTH) {
            LittleEndianBuffer own = LittleEndianBuffer.of(new byte[length]);
            own.putBytes(0, src, srcOffset, length);
            alone.add(own);
            return where(-alone.size(), 0);
        }
        if (current < 0 || end + length > CHUNK_LENGTH) {
            current++;
            end = 0;
            if (current == chunks.size()) {
                chunks.add(LittleEndianBuffer.of(new byte[CHUNK_LENGTH]));
            }
        }
        chunks.get(current).putBytes(end, src, srcOffset, length);
        long at = where(current, end);
        end += length;
        return at;
    }

    /** {@code chunk} is the index of a chunk, or minus the number of an image {@link #alone} (from 1). */
    private static long where(int chunk, int offset) {
        return (long) chunk << Integer.SIZE | offset;
    }

    /** The chunk, or the memory of its own, that holds the image staged at {@code where}. */
    LittleEndianBuffer memoryOf(long where) {
        int chunk = (int) (where >> Integer.SIZE);
        return chunk >= 0 ? chunks.get(chunk) : alone.get(-chunk - 1);
    }

    /** Where in its {@link #memoryOf memory} the image staged at {@code where} starts. */
    static int offset(long where) {
        return (int) where;
    }

    /** Forgets the images staged, keeping chunks of up to {@link #KEPT_LENGTH} bytes for the next ones. */
    void clear() {
        alone.clear();
        while (chunks.size() * (long) CHUNK_LENGTH > KEPT_LENGTH) {
            chunks.remove(chunks.size() - 1);
        }
        current = -1;
        end = 0;
    }
}
