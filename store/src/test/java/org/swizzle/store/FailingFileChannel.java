package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A file channel that fails on demand, the way a full disk does: after a positional write of part
 * of its bytes, or at {@code force}. Everything else goes to the real channel. It counts the positional writes, and
 * the bytes of those that write something other than zeros.
 */
final class FailingFileChannel extends FileChannel {
    private final FileChannel delegate;
    private boolean failNextWrite;
    private boolean failNextForce;
    private boolean interruptNextWrite;
    private boolean interruptNextForce;
    private int positionalWrites;
    private long positionalDataBytes;

    FailingFileChannel(FileChannel delegate) {
        this.delegate = delegate;
    }

    /** The next positional write writes half its bytes, then fails with "No space left on device". */
    void failNextWrite() {
        failNextWrite = true;
    }

    void failNextForce() {
        failNextForce = true;
    }

    /**
     * The next positional write is made on an interrupted thread, as when an interrupt comes during it: the JDK's
     * channel closes itself and throws {@code ClosedByInterruptException}.
     */
    void interruptNextWrite() {
        interruptNextWrite = true;
    }

    /** The next force is made on an interrupted thread: see {@link #interruptNextWrite()}. */
    void interruptNextForce() {
        interruptNextForce = true;
    }

    /** The positional writes made so far. */
    int positionalWrites() {
        return positionalWrites;
    }

    /** The bytes of the positional writes made so far that held a byte other than zero. */
    long positionalDataBytes() {
        return positionalDataBytes;
    }

    private static boolean allZeros(ByteBuffer src) {
        for (int i = src.position(); i < src.limit(); i++) {
            if (src.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        positionalWrites++;
        if (!allZeros(src)) {
            positionalDataBytes += src.remaining();
        }
        if (failNextWrite) {
            failNextWrite = false;
            int half = src.remaining() / 2;
            ByteBuffer partial = src.duplicate();
            partial.limit(partial.position() + half);
            delegate.write(partial, position);
            throw new IOException("No space left on device (simulated)");
        }
        if (interruptNextWrite) {
            interruptNextWrite = false;
            Thread.currentThread().interrupt();
        }
        return delegate.write(src, position);
    }

    @Override
    public void force(boolean metaData) throws IOException {
        if (failNextForce) {
            failNextForce = false;
            throw new IOException("Input/output error (simulated)");
        }
        if (interruptNextForce) {
            interruptNextForce = false;
            Thread.currentThread().interrupt();
        }
        delegate.force(metaData);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return delegate.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return delegate.read(dsts, offset, length);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return delegate.write(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        return delegate.write(srcs, offset, length);
    }

    @Override
    public long position() throws IOException {
        return delegate.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        delegate.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return delegate.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        delegate.truncate(size);
        return this;
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return delegate.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        return delegate.transferFrom(src, position, count);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return delegate.read(dst, position);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        return delegate.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return delegate.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return delegate.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        delegate.close();
    }
}
