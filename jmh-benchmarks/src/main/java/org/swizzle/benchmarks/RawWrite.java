package org.swizzle.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/**
 * The limit a commit is compared with: appending the same number of bytes to a new file with a bare
 * {@code FileChannel}, in chunks of 1 MB, and forcing it ({@code force(false)}, as the store's log does).
 */
public final class RawWrite {

    private static final int CHUNK = 1 << 20;

    private RawWrite() {
    }

    /** Writes {@code bytes} bytes of noise to a new file in the temp directory and forces it; returns the nanoseconds taken. */
    public static long writeAndForce(long bytes) {
        ByteBuffer chunk = ByteBuffer.allocateDirect((int) Math.max(1, Math.min(CHUNK, bytes)));
        byte[] noise = new byte[chunk.capacity()];
        new SplittableRandom(1).nextBytes(noise);
        chunk.put(noise);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("swizzle-raw-write-");
            try (FileChannel log = FileChannel.open(dir.resolve("raw.log"), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                long start = System.nanoTime();
                long written = 0;
                while (written < bytes) {
                    chunk.clear().limit((int) Math.min(chunk.capacity(), bytes - written));
                    while (chunk.hasRemaining()) {
                        written += log.write(chunk, written);
                    }
                }
                log.force(false);
                return System.nanoTime() - start;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the raw log in " + dir, e);
        } finally {
            Directories.delete(dir);
        }
    }
}
