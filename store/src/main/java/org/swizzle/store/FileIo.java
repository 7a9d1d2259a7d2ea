package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

import org.swizzle.StoreIOException;

/** Positional reads and writes that finish the job, and I/O failures that name their file. */
final class FileIo {
    private static final System.Logger LOG = System.getLogger("org.swizzle.store");

    private FileIo() {
    }

    /** Writes all of {@code src} at {@code position}. */
    static void writeFully(FileChannel channel, ByteBuffer src, long position) throws IOException {
        long at = position;
        while (src.hasRemaining()) {
            at += channel.write(src, at);
        }
    }

    /** Writes zeros from {@code from} to {@code to}, through {@code zeros}, a buffer of zeros. */
    static void writeZeros(FileChannel channel, long from, long to, ByteBuffer zeros) throws IOException {
        for (long at = from; at < to; at += zeros.capacity()) {
            writeFully(channel, zeros.clear().limit((int) Math.min(zeros.capacity(), to - at)), at);
        }
    }

    /** Reads until {@code dst} is full or the file ends; returns the bytes read. */
    static int readFully(FileChannel channel, ByteBuffer dst, long position) throws IOException {
        int total = 0;
        while (dst.hasRemaining()) {
            int read = channel.read(dst, position + total);
            if (read < 0) {
                break;
            }
            total += read;
        }
        return total;
    }

    /** Forces {@code dir}'s entries to the disk, so that a file just named in it keeps its name through a crash. */
    static void forceDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "This platform cannot force the directory " + dir
                + "; a crash right after a file is named in it may lose the name", e);
        }
    }

    /** The file key (device and inode) of {@code path}, or null where the file system gives none or it cannot be read. */
    static Object keyOf(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    static StoreIOException failure(String action, Path file, IOException cause) {
        return new StoreIOException("Cannot " + action + " " + file + ": " + cause + ". " + advice(file, cause), cause);
    }

    /** What to do about {@code cause}, a failure of I/O on {@code file}. */
    static String advice(Path file, IOException cause) {
        if (closedTheFile(cause)) {
            return "The file was closed under the store by an interrupt (java.nio closes a file that a thread reads or"
                + " writes while it is interrupted), and could not be opened again, as when it was deleted or replaced"
                + " meanwhile. Close the store if it is still open, and open it again.";
        }
        if (outOfDescriptors(cause)) {
            return "The process has no file descriptor left: close files or stores it no longer uses, or raise its"
                + " limit (ulimit -n).";
        }
        return Files.isDirectory(file)
            ? "It is a directory where the store keeps a file: move it away and put the store's file back from a backup."
            : "Check that the disk is not full and the file is writable.";
    }

    /** Whether {@code failure} closed the file it was on, so that the store cannot write until it is reopened. */
    static boolean closedTheFile(Throwable failure) {
        return failure instanceof ClosedChannelException;
    }

    /** Whether {@code failure} came from the process, not the file system: a file closed under it, no descriptor left. */
    static boolean ofTheProcess(IOException failure) {
        return closedTheFile(failure) || outOfDescriptors(failure);
    }

    private static boolean outOfDescriptors(IOException failure) {
        return String.valueOf(failure.getMessage()).contains("Too many open files");
    }

    /** Whether every byte of {@code channel} from {@code from} to its end is zero. */
    static boolean zerosFrom(FileChannel channel, long from) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
        long at = from;
        while (true) {
            int read = readFully(channel, chunk.clear(), at);
            for (int i = 0; i < read; i++) {
                if (chunk.get(i) != 0) {
                    return false;
                }
            }
            if (read < chunk.capacity()) {
                return true;
            }
            at += read;
        }
    }
}
