package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.InvalidOptionException;

/** Both implementations behave the same (the Unsafe one only where it is used: before JDK 24, which warn about it). */
class LittleEndianBufferTest {

    @TempDir
    Path dir;

    static List<String> kinds() {
        return Runtime.version().feature() < 24 ? List.of("unsafe", "varhandle") : List.of("varhandle");
    }

    private static LittleEndianBuffer make(String kind, boolean growable) {
        return kind.equals("unsafe") ? new UnsafeLittleEndianBuffer(growable) : new VarHandleLittleEndianBuffer(growable);
    }

    private static LittleEndianBuffer of(String kind, byte[] bytes) {
        LittleEndianBuffer buffer = make(kind, false);
        buffer.wrap(bytes);
        return buffer;
    }

    private static LittleEndianBuffer of(String kind, ByteBuffer bytes) {
        LittleEndianBuffer buffer = make(kind, false);
        buffer.wrap(bytes);
        return buffer;
    }

    private static LittleEndianBuffer of(String kind, LittleEndianBuffer other, int offset, int length) {
        LittleEndianBuffer buffer = make(kind, false);
        buffer.wrap(other, offset, length);
        return buffer;
    }

    private static LittleEndianBuffer growable(String kind, int capacity) {
        LittleEndianBuffer buffer = make(kind, true);
        buffer.wrap(new byte[capacity]);
        return buffer;
    }

    private static LittleEndianBuffer growableDirect(String kind, int capacity) {
        LittleEndianBuffer buffer = make(kind, true);
        buffer.wrap(ByteBuffer.allocateDirect(capacity));
        return buffer;
    }

    @Test
    void shouldUseUnsafeOnlyBeforeTheJdksThatWarn() {
        String expected = Runtime.version().feature() < 24 ? "UnsafeLittleEndianBuffer" : "VarHandleLittleEndianBuffer";
        if (System.getProperty("swizzle.buffers") == null) {
            assertEquals(expected, LittleEndianBuffer.empty().getClass().getSimpleName());
        }
    }

    @Test
    void shouldRefuseAnUnknownImplementationAtEveryOpeningWithNothingCreated(@TempDir Path dir) throws Exception {
        Path store = dir.resolve("store");
        SystemProperties.with("swizzle.buffers", "offheap", () -> {
            for (int opening = 0; opening < 2; opening++) {
                InvalidOptionException e = assertThrows(InvalidOptionException.class,
                    () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
                assertEquals("-Dswizzle.buffers=offheap is neither unsafe nor varhandle: give one of them, or leave the"
                    + " property out for the default of this JDK", e.getMessage());
            }
        });
        assertFalse(Files.exists(store));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldLetGoOfTheMemoryOfAGrowableBufferOnlyPastWhatItKeeps(String kind) {
        for (LittleEndianBuffer buffer : List.of(growable(kind, 16), growableDirect(kind, 16))) {
            boolean direct = buffer.byteBuffer() != null;
            buffer.putLong(1000, 7);
            int grown = buffer.capacity();
            buffer.letGoPast(grown, 16);
            assertEquals(grown, buffer.capacity(), "kept: not past what it keeps");
            assertEquals(7, buffer.getLong(1000));
            buffer.letGoPast(grown - 1, 16);
            assertEquals(16, buffer.capacity());
            assertEquals(direct, buffer.byteBuffer() != null, "new memory of the same kind");
            buffer.putLong(1000, 8);
            assertEquals(8, buffer.getLong(1000), "it grows again");
        }
        assertThrows(IllegalStateException.class, () -> of(kind, new byte[64]).letGoPast(8, 8));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldPutEveryNumberLittleEndianOnHeapAndOffHeap(String kind) {
        for (LittleEndianBuffer buffer : List.of(of(kind, new byte[40]),
            of(kind, ByteBuffer.allocateDirect(40)), growable(kind, 1))) {
            buffer.putLong(1, 0x0102030405060708L);
            buffer.putInt(9, 0x0a0b0c0d);
            buffer.putShort(13, (short) 0x0e0f);
            buffer.putChar(15, '\u1011');
            buffer.putDouble(17, Double.longBitsToDouble(0x1213141516171819L));
            buffer.putFloat(25, Float.intBitsToFloat(0x1a1b1c1d));
            buffer.putByte(29, (byte) 0x1e);
            byte[] bytes = new byte[30];
            buffer.getBytes(0, bytes);
            assertArrayEquals(new byte[] {0, 8, 7, 6, 5, 4, 3, 2, 1, 0x0d, 0x0c, 0x0b, 0x0a, 0x0f, 0x0e, 0x11, 0x10,
                0x19, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x1d, 0x1c, 0x1b, 0x1a, 0x1e}, bytes, buffer.toString());
            assertEquals(0x0102030405060708L, buffer.getLong(1));
            assertEquals(0x0a0b0c0d, buffer.getInt(9));
            assertEquals((short) 0x0e0f, buffer.getShort(13));
            assertEquals('\u1011', buffer.getChar(15));
            assertEquals(0x1213141516171819L, Double.doubleToRawLongBits(buffer.getDouble(17)));
            assertEquals(0x1a1b1c1d, Float.floatToRawIntBits(buffer.getFloat(25)));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldCopyPrimitiveArraysAsTheirPutsWould(String kind) {
        for (int count : new int[] {3, 100}) { // element by element, and through a view buffer
            long[] longs = new long[count];
            char[] chars = new char[count];
            for (int i = 0; i < count; i++) {
                longs[i] = 0x0102030405060708L * (i + 1);
                chars[i] = (char) (0x1234 * (i + 1));
            }
            LittleEndianBuffer bulk = growableDirect(kind, 8);
            bulk.putPrimitives(3, longs, count);
            bulk.putPrimitives(3 + 8 * count, chars, count);
            LittleEndianBuffer single = of(kind, new byte[3 + 10 * count]);
            for (int i = 0; i < count; i++) {
                single.putLong(3 + 8 * i, longs[i]);
                single.putChar(3 + 8 * count + 2 * i, chars[i]);
            }
            byte[] expected = new byte[10 * count];
            byte[] actual = new byte[10 * count];
            single.getBytes(3, expected);
            bulk.getBytes(3, actual);
            assertArrayEquals(expected, actual, count + " elements");
            long[] longsBack = new long[count];
            char[] charsBack = new char[count];
            single.getPrimitives(3, longsBack, count);
            single.getPrimitives(3 + 8 * count, charsBack, count);
            assertArrayEquals(longs, longsBack);
            assertArrayEquals(chars, charsBack);
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldCheckAWindowAgainstItsOwnBounds(String kind) {
        LittleEndianBuffer whole = of(kind, new byte[64]);
        whole.putLong(16, 42);
        LittleEndianBuffer window = of(kind, whole, 16, 12);
        assertEquals(42, window.getLong(0));
        assertEquals(16, window.windowOffset());
        assertSame(whole.byteArray(), window.byteArray());
        assertThrows(IndexOutOfBoundsException.class, () -> window.getLong(5));
        assertThrows(IndexOutOfBoundsException.class, () -> window.putInt(-1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> window.ensureCapacity(13));
        assertThrows(IndexOutOfBoundsException.class, () -> of(kind, whole, 60, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> window.setMemory(0, -1, (byte) 1), "a negative length");
        assertThrows(IndexOutOfBoundsException.class, () -> window.mismatch(6, whole, 0, -3));
        assertThrows(IndexOutOfBoundsException.class, () -> window.putBytes(0, whole, 0, -1));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldReachTheSameArrayAgainAfterAnEmptyOne(String kind) {
        byte[] bytes = new byte[8];
        LittleEndianBuffer buffer = of(kind, bytes);
        buffer.wrap(new byte[0]);
        buffer.wrap(bytes);
        buffer.putInt(0, 42);
        assertEquals(42, buffer.getInt(0));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldGrowAndKeepItsBytesOnlyWhenGrowable(String kind) {
        LittleEndianBuffer growable = growableDirect(kind, 4);
        growable.putInt(0, 7);
        growable.byteBuffer().limit(2);
        growable.putLong(100, 9);
        assertEquals(7, growable.getInt(0));
        assertEquals(9, growable.getLong(100));
        assertEquals(growable.capacity(), growable.byteBuffer().capacity());
        assertThrows(IndexOutOfBoundsException.class, () -> growable.getLong(growable.capacity() - 7),
            "reads past the end do not grow it");
        LittleEndianBuffer fixed = of(kind, new byte[4]);
        assertThrows(IndexOutOfBoundsException.class, () -> fixed.putLong(0, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> growable.ensureCapacity(Integer.MAX_VALUE - 1),
            "past the largest array a growable buffer can have");
        LittleEndianBuffer moved = growable(kind, 4);
        moved.wrap(new byte[] {0, 1, 2, 3, 4, 5, 6, 7}, 4, 4);
        moved.putByte(4, (byte) 9);
        assertEquals(0x09070605_04L, moved.getLong(0) & 0xFF_FFFF_FFFFL, "grown from its window, not from index 0");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldIgnoreThePositionAndLimitLeftOnTheWrappedBuffer(String kind) {
        ByteBuffer wrapped = ByteBuffer.allocateDirect(32);
        LittleEndianBuffer buffer = of(kind, wrapped);
        wrapped.position(4).limit(8);
        buffer.putLong(16, 5);
        assertEquals(5, buffer.getLong(16));
        assertSame(wrapped, buffer.byteBuffer());
        assertNull(buffer.byteArray());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldWriteThroughAMappingAndRefusePutsToAReadOnlyOne(String kind) throws IOException {
        Path file = dir.resolve("mapped");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(4096), 0);
            try (FileMapping mapping = FileMapping.map(channel, FileChannel.MapMode.READ_WRITE, 0, 4096)) {
                of(kind, mapping.buffer()).putLong(8, 0x1122334455667788L);
                mapping.buffer().force();
            }
            try (FileMapping mapping = FileMapping.map(channel, FileChannel.MapMode.READ_ONLY, 0, 4096)) {
                LittleEndianBuffer readOnly = of(kind, mapping.buffer());
                assertEquals(0x1122334455667788L, readOnly.getLong(8));
                assertNull(readOnly.byteArray());
                assertThrows(ReadOnlyBufferException.class, () -> readOnly.putLong(8, 0));
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        assertEquals((byte) 0x88, bytes[8]);
        assertEquals((byte) 0x11, bytes[15]);
        Files.delete(file);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldStoreBooleansAsOnesAndZerosAndReadAnyOtherByteAsTrue(String kind) {
        boolean[] values = {true, false, false, true, true};
        LittleEndianBuffer buffer = of(kind, ByteBuffer.allocateDirect(8));
        buffer.putBooleans(2, values, 4);
        byte[] bytes = new byte[8];
        buffer.getBytes(0, bytes);
        assertArrayEquals(new byte[] {0, 0, 1, 0, 0, 1, 0, 0}, bytes);
        buffer.putByte(3, (byte) 7);
        boolean[] back = new boolean[4];
        buffer.getBooleans(2, back, 4);
        assertArrayEquals(new boolean[] {true, true, false, true}, back);
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.putBooleans(6, values, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.putBooleans(0, values, 6));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldFindTheFirstDifferingByteAndFillRanges(String kind) {
        LittleEndianBuffer before = of(kind, new byte[40]);
        LittleEndianBuffer after = of(kind, ByteBuffer.allocateDirect(48));
        assertEquals(30, before.mismatch(5, after, 9, 30));
        after.setMemory(9 + 21, 3, (byte) 0x5a);
        assertEquals(21, before.mismatch(5, after, 9, 30));
        assertEquals(2, before.mismatch(5, after, 28, 18));
        assertEquals((byte) 0x5a, after.getByte(32));
        assertEquals(0, after.getByte(33));
        after.setMemory(0, 48, (byte) -1);
        assertEquals(-1L, after.getLong(40));
        assertThrows(IndexOutOfBoundsException.class, () -> before.mismatch(20, after, 0, 21));
        LittleEndianBuffer large = of(kind, new byte[1000]);
        LittleEndianBuffer other = of(kind, ByteBuffer.allocateDirect(1000));
        other.putByte(700, (byte) 1);
        assertEquals(700, large.mismatch(0, other, 0, 1000), "a vectorized comparison");
        assertEquals(692, large.mismatch(8, other, 8, 692), "equal up to the length");
        large.putByte(900, (byte) 2);
        assertEquals(400, large.mismatch(0, large, 500, 500), "two ranges of one buffer");
        assertEquals(300, large.mismatch(0, large, 0, 300), "a range against itself");
        for (int at : new int[] {0, 7, 8, 63, 64, 65, 255, 256, 990}) { // scanned first, at the seam, vectorized
            LittleEndianBuffer one = of(kind, new byte[1000]);
            LittleEndianBuffer differing = of(kind, ByteBuffer.allocateDirect(1000));
            differing.putByte(at + 3, (byte) 7);
            assertEquals(at, one.mismatch(5, differing, 3, 995), "one differing byte at " + at + " of a long range");
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldCompareLongRangesOfWindowsOverEveryKindOfMemory(String kind) {
        byte[] bytes = new byte[2_000];
        ByteBuffer direct = ByteBuffer.allocateDirect(2_000);
        ByteBuffer readOnlyHeap = ByteBuffer.allocate(2_000).asReadOnlyBuffer();
        LittleEndianBuffer[] windows = {of(kind, of(kind, bytes), 37, 1_500), of(kind, of(kind, direct), 11, 1_500),
            of(kind, of(kind, readOnlyHeap), 3, 1_500), of(kind, bytes)};
        for (LittleEndianBuffer a : windows) {
            for (LittleEndianBuffer b : windows) {
                for (int length : new int[] {255, 256, 257, 1_000}) {
                    assertEquals(length, a.mismatch(1, b, 2, length), "equal ranges of " + length + " bytes");
                }
            }
        }
        bytes[37 + 1 + 255] = 9; // the last byte of a 256-byte range from index 1 of the first window
        assertEquals(255, windows[0].mismatch(1, windows[1], 2, 256), "a difference in the last byte");
        assertEquals(255, windows[1].mismatch(2, windows[0], 1, 256));
        assertEquals(255, windows[0].mismatch(1, windows[0], 2 + 300, 256), "within one window");
        assertEquals(37 + 1 + 255, windows[3].mismatch(0, windows[1], 0, 1_000), "the whole array against a window");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldCopyEveryPrimitiveArrayKindAndCheckTheCount(String kind) {
        int count = 9;
        Object[] arrays = {new short[count], new char[count], new int[count], new long[count], new float[count],
            new double[count]};
        for (Object array : arrays) {
            for (int i = 0; i < count; i++) {
                java.lang.reflect.Array.set(array, i, convert(array, 1000 * i + 7));
            }
            LittleEndianBuffer buffer = growable(kind, 0);
            buffer.putPrimitives(1, array, count);
            Object back = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), count);
            buffer.getPrimitives(1, back, count);
            for (int i = 0; i < count; i++) {
                assertEquals(java.lang.reflect.Array.get(array, i), java.lang.reflect.Array.get(back, i));
            }
            assertEquals(java.lang.reflect.Array.get(array, 1), convert(array, readFirst(buffer, array, 1 + LittleEndianBuffer.unit(array))));
            assertThrows(IndexOutOfBoundsException.class, () -> buffer.putPrimitives(0, array, count + 1));
            assertThrows(IndexOutOfBoundsException.class, () -> buffer.getPrimitives(0, back, count + 1));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldCopyASliceOfEveryPrimitiveArrayKindFromAndToItsOffset(String kind) {
        int length = 40;
        for (int count : new int[] {1, 3, 30}) { // element by element, and in bulk
            Object[] arrays = {new short[length], new char[length], new int[length], new long[length], new float[length],
                new double[length]};
            for (Object array : arrays) {
                for (int i = 0; i < length; i++) {
                    java.lang.reflect.Array.set(array, i, convert(array, 1000 * i + 7));
                }
                for (LittleEndianBuffer buffer : new LittleEndianBuffer[] {growable(kind, 0), growableDirect(kind, 512)}) {
                    buffer.putPrimitives(3, array, 5, count);
                    assertEquals(java.lang.reflect.Array.get(array, 5), convert(array, readFirst(buffer, array, 3)));
                    Object back = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), length);
                    buffer.getPrimitives(3, back, 7, count);
                    for (int i = 0; i < length; i++) {
                        Object expected = i >= 7 && i < 7 + count ? java.lang.reflect.Array.get(array, i - 2) : convert(array, 0);
                        assertEquals(expected, java.lang.reflect.Array.get(back, i), array.getClass().getSimpleName() + " " + i);
                    }
                    assertThrows(IndexOutOfBoundsException.class, () -> buffer.putPrimitives(0, array, length - count + 1, count));
                    assertThrows(IndexOutOfBoundsException.class, () -> buffer.getPrimitives(0, back, -1, count));
                }
            }
        }
        boolean[] flags = {true, false, true, true, false};
        LittleEndianBuffer buffer = growable(kind, 0);
        buffer.putBooleans(0, flags, 2, 3);
        assertEquals(1, buffer.getByte(0));
        assertEquals(1, buffer.getByte(1));
        assertEquals(0, buffer.getByte(2));
        boolean[] back = new boolean[5];
        buffer.getBooleans(0, back, 1, 3);
        assertEquals(List.of(false, true, true, false, false), List.of(back[0], back[1], back[2], back[3], back[4]));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.putBooleans(0, flags, 3, 3));
    }

    private static Object convert(Object array, long value) {
        if (array instanceof short[]) {
            return (short) value;
        } else if (array instanceof char[]) {
            return (char) value;
        } else if (array instanceof int[]) {
            return (int) value;
        } else if (array instanceof long[]) {
            return value;
        } else if (array instanceof float[]) {
            return (float) value;
        }
        return (double) value;
    }

    private static long readFirst(LittleEndianBuffer buffer, Object array, int index) {
        if (array instanceof short[]) {
            return buffer.getShort(index);
        } else if (array instanceof char[]) {
            return buffer.getChar(index);
        } else if (array instanceof int[]) {
            return buffer.getInt(index);
        } else if (array instanceof long[]) {
            return buffer.getLong(index);
        } else if (array instanceof float[]) {
            return (long) buffer.getFloat(index);
        }
        return (long) buffer.getDouble(index);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldReadAReadOnlyHeapBufferAndRefusePuts(String kind) {
        ByteBuffer bytes = ByteBuffer.allocate(16);
        bytes.putInt(4, 0x01020304);
        LittleEndianBuffer readOnly = of(kind, bytes.asReadOnlyBuffer());
        assertEquals(0x04030201, readOnly.getInt(4));
        assertNull(readOnly.byteArray());
        LittleEndianBuffer window = of(kind, readOnly, 4, 8);
        assertEquals(0x04030201, window.getInt(0));
        assertThrows(ReadOnlyBufferException.class, () -> window.putByte(0, (byte) 1));
        LittleEndianBuffer copy = of(kind, new byte[8]);
        copy.putBytes(0, window, 0, 8);
        assertEquals(0x04030201, copy.getInt(0));
    }
}
