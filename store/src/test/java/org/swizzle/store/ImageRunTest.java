package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The images an apply writes to the cluster file by positional writes, in runs, as the mapping and the file see them. */
class ImageRunTest {
    private static final int CLUSTER = StoreConfig.MIN_CLUSTER_SIZE;

    @TempDir
    Path dir;

    @Test
    void shouldWriteImagesSideBySideWithZerosForTheirPadding() throws IOException {
        Path file = dir.resolve(StoreDirs.CLUSTERS);
        long start = ClusterFileDescriptor.FIRST_FREE;
        try (ClusterFile clusters = newClusterFile(file, start + 8 * CLUSTER)) {
            clusters.write(start, bytes(9, 24), 0, 24); // something under the padding: the run writes zeros over it
            clusters.writeImage(start, bytes(1, 13), 0, 13);
            clusters.writeImage(start + 16, bytes(2, 70_000), 0, 70_000); // longer than a run
            clusters.flushImages();
            assertBytes(bytes(1, 13), read(file, start, 13), "first image");
            assertBytes(LittleEndianBuffer.of(new byte[3]), read(file, start + 13, 3), "padding");
            assertBytes(bytes(2, 70_000), read(file, start + 16, 70_000), "second image, over two runs");
            LittleEndianBuffer mapped = LittleEndianBuffer.of(new byte[70_000]);
            clusters.read(start + 16, mapped, 0, 70_000);
            assertBytes(bytes(2, 70_000), mapped, "the mapping sees what the positional writes wrote");
        }
    }

    @Test
    void shouldKeepAnInterruptForAfterTheWriteAndTheChannelOpen() throws IOException {
        Path file = dir.resolve(StoreDirs.CLUSTERS);
        long start = ClusterFileDescriptor.FIRST_FREE;
        try (ClusterFile clusters = newClusterFile(file, start + CLUSTER)) {
            clusters.writeImage(start, bytes(1, 100), 0, 100);
            Thread.currentThread().interrupt();
            try {
                clusters.flushImages();
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
            }
            clusters.writeImage(start + 104, bytes(2, 100), 0, 100);
            clusters.flushImages(); // the channel is still open
            assertBytes(bytes(1, 100), read(file, start, 100), "image written with an interrupt pending");
            assertBytes(bytes(2, 100), read(file, start + 104, 100), "image written after it");
        }
    }

    /** A new cluster file, open and mapped up to {@code end}. */
    private static ClusterFile newClusterFile(Path file, long end) {
        ClusterFile.create(file, CLUSTER, NewStore.newStoreId(), FileChannelFactory.DEFAULT);
        ClusterFile clusters = ClusterFile.open(file, CLUSTER, FileChannelFactory.DEFAULT, false);
        clusters.ensureCapacity(end);
        return clusters;
    }

    private static LittleEndianBuffer read(Path file, long position, int length) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer bytes = ByteBuffer.allocate(length);
            assertEquals(length, FileIo.readFully(channel, bytes, position));
            return LittleEndianBuffer.of(bytes.array());
        }
    }
}
