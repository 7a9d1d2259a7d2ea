package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.io.TempDir;

class LittleEndianBufferTest {

    @TempDir
    Path dir;

    @Test
    void shouldPutEveryNumberLittleEndianOnHeapAndOffHeap() {
        for (LittleEndianBuffer buffer : List.of(new LittleEndianBuffer(new byte[40]),
            new LittleEndianBuffer(ByteBuffer.allocateDirect(40)), LittleEndianBuffer.growable(1))) {
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

    @Test
    void shouldCopyPrimitiveArraysAsTheirPutsWould() {
        for (int count : new int[] {3, 100}) { // element by element, and through a view buffer
            long[] longs = new long[count];
            char[] chars = new char[count];
            for (int i = 0; i < count; i++) {
                longs[i] = 0x0102030405060708L * (i + 1);
                chars[i] = (char) (0x1234 * (i + 1));
            }
            LittleEndianBuffer bulk = LittleEndianBuffer.growableDirect(8);
            bulk.putPrimitives(3, longs, count);
            bulk.putPrimitives(3 + 8 * count, chars, count);
            LittleEndianBuffer single = new LittleEndianBuffer(new byte[3 + 10 * count]);
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

    @Test
    void shouldCheckAWindowAgainstItsOwnBounds() {
        LittleEndianBuffer whole = new LittleEndianBuffer(new byte[64]);
        whole.putLong(16, 42);
        LittleEndianBuffer window = new LittleEndianBuffer(whole, 16, 12);
        assertEquals(42, window.getLong(0));
        assertEquals(16, window.windowOffset());
        assertSame(whole.byteArray(), window.byteArray());
        assertThrows(IndexOutOfBoundsException.class, () -> window.getLong(5));
        assertThrows(IndexOutOfBoundsException.class, () -> window.putInt(-1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> window.ensureCapacity(13));
        assertThrows(IndexOutOfBoundsException.class, () -> new LittleEndianBuffer(whole, 60, 5));
    }

    @Test
    void shouldGrowAndKeepItsBytesOnlyWhenGrowable() {
        LittleEndianBuffer growable = LittleEndianBuffer.growableDirect(4);
        growable.putInt(0, 7);
        growable.putLong(100, 9);
        assertEquals(7, growable.getInt(0));
        assertEquals(9, growable.getLong(100));
        assertEquals(growable.capacity(), growable.byteBuffer().capacity());
        assertThrows(IndexOutOfBoundsException.class, () -> growable.getLong(growable.capacity() - 7),
            "reads past the end do not grow it");
        LittleEndianBuffer fixed = new LittleEndianBuffer(new byte[4]);
        assertThrows(IndexOutOfBoundsException.class, () -> fixed.putLong(0, 1));
    }

    @Test
    void shouldIgnoreThePositionAndLimitLeftOnTheWrappedBuffer() {
        ByteBuffer wrapped = ByteBuffer.allocateDirect(32);
        LittleEndianBuffer buffer = new LittleEndianBuffer(wrapped);
        wrapped.position(4).limit(8);
        buffer.putLong(16, 5);
        assertEquals(5, buffer.getLong(16));
        assertSame(wrapped, buffer.byteBuffer());
        assertNull(buffer.byteArray());
    }

    @Test
    void shouldWriteThroughAMappingAndRefusePutsToAReadOnlyOne() throws IOException {
        Path file = dir.resolve("mapped");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(4096), 0);
            try (FileMapping mapping = FileMapping.map(channel, FileChannel.MapMode.READ_WRITE, 0, 4096)) {
                new LittleEndianBuffer(mapping.buffer()).putLong(8, 0x1122334455667788L);
                mapping.buffer().force();
            }
            try (FileMapping mapping = FileMapping.map(channel, FileChannel.MapMode.READ_ONLY, 0, 4096)) {
                LittleEndianBuffer readOnly = new LittleEndianBuffer(mapping.buffer());
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
}
