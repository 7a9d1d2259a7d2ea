package org.swizzle.store;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A memory-mapped range of a file that is unmapped when it is closed, not when the collector finds its buffer
 * unreachable, so that a closed store holds no mapping of its files and a file cut shorter keeps no mapping past
 * its end. Java 17 has no public way to unmap: on JDK 22 and later the range is mapped in its own shared
 * {@code java.lang.foreign.Arena}, which {@link #close()} closes (the {@code ByteBuffer} of a closed mapping then
 * throws {@link IllegalStateException}, but a {@link LittleEndianBuffer} over it reads through
 * {@code sun.misc.Unsafe} before JDK 24 and checks nothing, so its owner drops it before closing); on JDK 17 to 21 it is
 * {@code sun.misc.Unsafe.invokeCleaner}, which JDK 25 would warn about but those JDKs do not. Both are looked up
 * reflectively, so the code compiles for Java 17 and names neither. On JDK 22 and later a channel that cannot map
 * into an arena (a {@code FileChannel} subclass not the JDK's, as tests wrap the JDK's to make it fail) is mapped
 * the Java 17 way, and that mapping is left to the collector to release.
 */
public final class FileMapping implements AutoCloseable {
    private static final Unmapper UNMAPPER = Unmapper.find();

    private final MappedByteBuffer buffer;
    private final Object arena;
    private boolean closed;

    private FileMapping(MappedByteBuffer buffer, Object arena) {
        this.buffer = buffer;
        this.arena = arena;
    }

    /** Maps {@code size} bytes of {@code channel} from {@code position} in {@code mode}. */
    public static FileMapping map(FileChannel channel, FileChannel.MapMode mode, long position, long size) throws IOException {
        return UNMAPPER.map(channel, mode, position, size);
    }

    /**
     * Maps {@code size} bytes of {@code channel} from {@code position} for writing, after giving the part of that range
     * past the file's end its disk blocks by positional writes of zeros: a store through a mapping into a page the
     * disk cannot back is a fault the JVM raises as an {@code InternalError}, or a crash where an intrinsic makes the
     * access, while a full disk then fails here as an {@code IOException}.
     */
    public static FileMapping mapBacked(FileChannel channel, long position, long size) throws IOException {
        long end = position + size;
        long backed = Math.max(position, channel.size());
        if (backed < end) {
            FileIo.writeZeros(channel, backed, end, ByteBuffer.allocate((int) Math.min(64 * 1024, end - backed)));
        }
        return map(channel, FileChannel.MapMode.READ_WRITE, position, size);
    }

    /** The mapped bytes, position 0 and limit their size; use them only until {@link #close()}. */
    public MappedByteBuffer buffer() {
        return buffer;
    }

    /**
     * Unmaps the range (what was written to it stays in the file, as the operating system writes it back); the
     * second and later calls do nothing.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            UNMAPPER.unmap(this);
        }
    }

    /** How this JDK maps and unmaps. */
    private static final class Unmapper {
        private final MethodHandle newArena;
        private final MethodHandle mapInArena;
        private final MethodHandle asByteBuffer;
        private final MethodHandle closeArena;
        private final MethodHandle invokeCleaner;

        private Unmapper(MethodHandle newArena, MethodHandle mapInArena, MethodHandle asByteBuffer, MethodHandle closeArena,
                         MethodHandle invokeCleaner) {
            this.newArena = newArena;
            this.mapInArena = mapInArena;
            this.asByteBuffer = asByteBuffer;
            this.closeArena = closeArena;
            this.invokeCleaner = invokeCleaner;
        }

        static Unmapper find() {
            if (Runtime.version().feature() >= 22) {
                try {
                    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                    Class<?> arena = Class.forName("java.lang.foreign.Arena");
                    Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
                    return new Unmapper(lookup.findStatic(arena, "ofShared", MethodType.methodType(arena)),
                        lookup.findVirtual(FileChannel.class, "map",
                            MethodType.methodType(segment, FileChannel.MapMode.class, long.class, long.class, arena)),
                        lookup.findVirtual(segment, "asByteBuffer", MethodType.methodType(ByteBuffer.class)),
                        lookup.findVirtual(arena, "close", MethodType.methodType(void.class)), null);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // falls back to the cleaner
                }
            }
            try {
                Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
                Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
                theUnsafe.setAccessible(true);
                MethodHandle invokeCleaner = MethodHandles.publicLookup()
                    .findVirtual(unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
                    .bindTo(theUnsafe.get(null));
                return new Unmapper(null, null, null, null, invokeCleaner);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return new Unmapper(null, null, null, null, null); // mappings are released by the collector
            }
        }

        FileMapping map(FileChannel channel, FileChannel.MapMode mode, long position, long size) throws IOException {
            if (newArena == null) {
                return new FileMapping(channel.map(mode, position, size), null);
            }
            Object arena = invoke(newArena);
            try {
                Object segment = mapInArena.invoke(channel, mode, position, size, arena);
                return new FileMapping((MappedByteBuffer) asByteBuffer.invoke(segment), arena);
            } catch (UnsupportedOperationException e) {
                // a FileChannel subclass of our own tests' that cannot map into an arena: mapped as on JDK 17,
                // the mapping is released by the collector
                unmap(arena);
                return new FileMapping(channel.map(mode, position, size), null);
            } catch (IOException | RuntimeException | Error e) {
                unmap(arena);
                throw e;
            } catch (Throwable e) {
                unmap(arena);
                throw new IllegalStateException(e);
            }
        }

        void unmap(FileMapping mapping) {
            if (mapping.arena != null) {
                unmap(mapping.arena);
            } else if (invokeCleaner != null) {
                try {
                    invokeCleaner.invokeExact((ByteBuffer) mapping.buffer);
                } catch (Throwable e) {
                    throw new IllegalStateException("could not unmap " + mapping.buffer, e);
                }
            }
        }

        private void unmap(Object arena) {
            try {
                closeArena.invoke(arena);
            } catch (Throwable e) {
                throw new IllegalStateException("could not unmap a file mapping", e);
            }
        }

        private static Object invoke(MethodHandle handle) {
            try {
                return handle.invoke();
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
