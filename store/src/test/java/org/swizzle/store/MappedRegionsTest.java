package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes through read-write regions: across their boundaries, into the file, forced on demand. */
class MappedRegionsTest {
    private static final int REGION = 4096;

    @TempDir
    Path dir;

    @Test
    void shouldWriteAcrossRegionBoundariesIntoTheFile() throws IOException {
        Path file = dir.resolve("file");
        byte[] bytes = TestBytes.bytes(7, 2 * REGION + 10).byteArray();
        try (FileChannel channel = FileChannelFactory.DEFAULT.open(file);
            MappedRegions regions = new MappedRegions(REGION, FileChannel.MapMode.READ_WRITE)) {
            channel.truncate(0);
            channel.write(ByteBuffer.allocate(1), 4L * REGION - 1);
            regions.mapUpTo(channel, 4L * REGION);
            regions.write(REGION - 5, LittleEndianBuffer.of(bytes), 0, bytes.length);
            regions.forceWritten();

            byte[] read = new byte[bytes.length];
            regions.copy(REGION - 5, read);
            assertArrayEquals(bytes, read, "read back through the regions");
        }
        byte[] onDisk = Files.readAllBytes(file);
        assertEquals(4 * REGION, onDisk.length);
        assertArrayEquals(bytes, Arrays.copyOfRange(onDisk, REGION - 5, REGION - 5 + bytes.length), "in the file");
    }
}
