package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;

import org.swizzle.store.LittleEndianBuffer;
import org.junit.jupiter.api.Test;

/**
 * Primitive arrays and strings, which the format moves with one copy or one tight loop, come back exactly
 * (every element type, every length, every bit of a NaN), as the bytes a put or get per element moves, from
 * heap and off-heap buffers at any offset.
 */
class BulkValuesTest {

    private static final int LARGE = 100_003;

    private final Random random = new Random(13);

    private final ObjectReader reader = new ObjectReader(ObjectReader.ReferenceSwizzler.none("a bulk value"));

    @Test
    void shouldRoundTripBooleanArrays() {
        boolean[] large = new boolean[LARGE];
        for (int i = 0; i < large.length; i++) {
            large[i] = random.nextBoolean();
        }
        for (boolean[] array : List.of(new boolean[0], new boolean[] {true}, new boolean[] {false, true, true}, large)) {
            assertArrayEquals(array, (boolean[]) roundTrip(array, ValueKind.BOOLEAN_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putByte(at + i, (byte) (array[i] ? 1 : 0)))));
        }
    }

    @Test
    void shouldReadAnyNonZeroByteOfABooleanArrayAsTrue() {
        byte[] bytes = {ValueKind.BOOLEAN_ARRAY.tag(), 3, 0, 0, 0, 0, 2, (byte) 0x80};
        reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
        boolean[] read = (boolean[]) reader.readValue();
        assertArrayEquals(new boolean[] {false, true, true}, read);
        assertTrue(read[1] == read[2], "each true is the one true");
    }

    @Test
    void shouldRoundTripByteArrays() {
        byte[] large = new byte[LARGE];
        random.nextBytes(large);
        for (byte[] array : List.of(new byte[0], new byte[] {-1}, new byte[] {Byte.MIN_VALUE, 0, Byte.MAX_VALUE}, large)) {
            assertArrayEquals(array, (byte[]) roundTrip(array, ValueKind.BYTE_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putByte(at + i, array[i]))));
        }
    }

    @Test
    void shouldRoundTripShortArrays() {
        short[] large = new short[LARGE];
        for (int i = 0; i < large.length; i++) {
            large[i] = (short) random.nextInt();
        }
        for (short[] array : List.of(new short[0], new short[] {-2}, new short[] {Short.MIN_VALUE, -1, 0, Short.MAX_VALUE}, large)) {
            assertArrayEquals(array, (short[]) roundTrip(array, ValueKind.SHORT_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putShort(at + 2 * i, array[i]))));
        }
    }

    @Test
    void shouldRoundTripCharArrays() {
        char[] large = new char[LARGE];
        for (int i = 0; i < large.length; i++) {
            large[i] = (char) random.nextInt();
        }
        for (char[] array : List.of(new char[0], new char[] {'\ud800'}, new char[] {0, '\u00ff', '\udc00', '\uffff'}, large)) {
            assertArrayEquals(array, (char[]) roundTrip(array, ValueKind.CHAR_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putChar(at + 2 * i, array[i]))));
        }
    }

    @Test
    void shouldRoundTripIntArrays() {
        int[] large = random.ints(LARGE).toArray();
        for (int[] array : List.of(new int[0], new int[] {-3}, new int[] {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE}, large)) {
            assertArrayEquals(array, (int[]) roundTrip(array, ValueKind.INT_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putInt(at + 4 * i, array[i]))));
        }
    }

    @Test
    void shouldRoundTripLongArrays() {
        long[] large = random.longs(LARGE).toArray();
        for (long[] array : List.of(new long[0], new long[] {-4}, new long[] {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE}, large)) {
            assertArrayEquals(array, (long[]) roundTrip(array, ValueKind.LONG_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putLong(at + 8 * i, array[i]))));
        }
    }

    @Test
    void shouldRoundTripFloatArraysBitForBit() {
        float[] large = new float[LARGE];
        for (int i = 0; i < large.length; i++) {
            large[i] = Float.intBitsToFloat(random.nextInt());
        }
        float[] extremes = {Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffbfffff), Float.intBitsToFloat(0x7f800001),
            Float.NaN, -0.0f, 0.0f, Float.MIN_VALUE, -Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -1.5f};
        for (float[] array : List.of(new float[0], new float[] {-5.25f}, extremes, large)) {
            float[] read = (float[]) roundTrip(array, ValueKind.FLOAT_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putFloat(at + 4 * i, array[i])));
            assertArrayEquals(bits(array), bits(read));
        }
    }

    @Test
    void shouldRoundTripDoubleArraysBitForBit() {
        double[] large = new double[LARGE];
        for (int i = 0; i < large.length; i++) {
            large[i] = Double.longBitsToDouble(random.nextLong());
        }
        double[] extremes = {Double.longBitsToDouble(0x7ff8000000000abcL), Double.longBitsToDouble(0xfff0000000000001L),
            Double.longBitsToDouble(0x7ff0000000000123L), Double.NaN, -0.0, 0.0, Double.MIN_VALUE, -Double.MIN_NORMAL,
            Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1e-300};
        for (double[] array : List.of(new double[0], new double[] {-6.5}, extremes, large)) {
            double[] read = (double[]) roundTrip(array, ValueKind.DOUBLE_ARRAY, array.length,
                (buffer, at) -> perElement(array.length, i -> buffer.putDouble(at + 8 * i, array[i])));
            assertArrayEquals(bits(array), bits(read));
        }
    }

    @Test
    void shouldRoundTripLatin1Strings() {
        StringBuilder every = new StringBuilder();
        for (char c = 0; c < 256; c++) {
            every.append(c);
        }
        StringBuilder large = new StringBuilder();
        while (large.length() < LARGE) {
            large.append((char) random.nextInt(256));
        }
        for (String value : List.of("", "a", "\u0000", "\u00ff", "caf\u00e9", every.toString(), large.toString())) {
            assertEquals(value, roundTrip(value, ValueKind.STRING_LATIN1, value.length(),
                (buffer, at) -> perElement(value.length(), i -> buffer.putByte(at + i, (byte) value.charAt(i)))));
        }
    }

    @Test
    void shouldRoundTripUtf16StringsWithUnpairedSurrogates() {
        StringBuilder large = new StringBuilder();
        while (large.length() < LARGE) {
            large.append((char) random.nextInt(0x10000));
        }
        String latin1Prefix = "x".repeat(5000) + "\u0100";
        List<String> values = List.of("\u0100", "\u0100" + "abc", "abc\u20ac", "\ud800", "\udfff", "a\ud800b", "\udc00\ud800",
            "\ud83d\ude00", "\ud83d\ude00\ud83d", "\u4e2d\u6587", "\uffff\ufffe", latin1Prefix, large.toString());
        for (String value : values) {
            assertEquals(value, roundTrip(value, ValueKind.STRING_UTF16, value.length(),
                (buffer, at) -> perElement(value.length(), i -> buffer.putChar(at + 2 * i, value.charAt(i)))));
        }
    }

    @Test
    void shouldWriteIntoAHeapBufferThatGrows() {
        ObjectWriter heap = new ObjectWriter(null, LittleEndianBuffer.growable(8));
        long[] longs = random.longs(1000).toArray();
        String text = "\u00e9t\u00e9".repeat(1000);
        heap.reset();
        heap.writeValue(longs);
        heap.writeValue(text);
        heap.writeValue("\u20ac".repeat(1000));
        reader.reset(heap.buffer(), heap.length());
        assertArrayEquals(longs, (long[]) reader.readValue());
        assertEquals(text, reader.readValue());
        assertEquals("\u20ac".repeat(1000), reader.readValue());
        assertEquals(heap.length(), reader.position());
    }

    @Test
    void shouldRefuseAnArrayLongerThanTheBytesLeft() {
        for (ValueKind kind : ValueKind.values()) {
            if (kind.codec() == ValueKind.Codec.PRIMITIVE_ARRAY || kind.codec() == ValueKind.Codec.STRING) {
                byte[] bytes = {kind.tag(), 3, 0, 0, 0, 1, 2};
                reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
                assertThrows(ObjectReader.MalformedObjectException.class, reader::readValue, kind.toString());
            }
        }
    }

    @Test
    void shouldNotCopyPastTheEndOfTheBuffer() {
        byte[] bytes = {ValueKind.INT_ARRAY.tag(), 2, 0, 0, 0, 1, 2, 3, 4};
        reader.reset(LittleEndianBuffer.of(bytes), bytes.length + 4); // a length past the buffer: the copy is checked too
        assertThrows(IndexOutOfBoundsException.class, reader::readValue);
    }

    /**
     * Writes {@code value}, checks its bytes against a tag, a count and what {@code elements} puts one element
     * at a time, then reads it back from a heap and an off-heap buffer at an odd offset, and skips it.
     */
    private Object roundTrip(Object value, ValueKind kind, int count, BiConsumer<LittleEndianBuffer, Integer> elements) {
        ObjectWriter writer = new ObjectWriter(null);
        writer.reset();
        writer.writeValue(value);
        int length = writer.length();
        LittleEndianBuffer expected = LittleEndianBuffer.growable(length);
        expected.putByte(0, kind.tag());
        expected.putInt(1, count);
        elements.accept(expected, 5);
        byte[] written = new byte[length];
        writer.buffer().getBytes(0, written);
        byte[] perElement = new byte[length];
        expected.getBytes(0, perElement);
        assertArrayEquals(perElement, written, () -> kind + " of " + count + ": the bytes a put per element writes");

        List<Object> reads = new ArrayList<>();
        for (LittleEndianBuffer buffer : List.of(atOffset(LittleEndianBuffer.of(new byte[length + 7]), written),
            atOffset(LittleEndianBuffer.of(ByteBuffer.allocateDirect(length + 7)), written))) {
            reader.reset(buffer, length);
            reads.add(reader.readValue());
            assertEquals(length, reader.position(), "the reader consumes exactly what the writer wrote");
            reader.reset(buffer, length);
            reader.skip(FieldKind.VALUE);
            assertEquals(length, reader.position(), "skipping consumes exactly what the writer wrote");
        }
        assertEquals(bytesOf(reads.get(0)), bytesOf(reads.get(1)), "heap and off-heap reads agree");
        return reads.get(1);
    }

    /** {@code written} in {@code buffer} from offset 3, and the buffer seen from there. */
    private static LittleEndianBuffer atOffset(LittleEndianBuffer buffer, byte[] written) {
        buffer.putBytes(3, written);
        return LittleEndianBuffer.of(buffer, 3, written.length);
    }

    private static String bytesOf(Object value) {
        ObjectWriter writer = new ObjectWriter(null);
        writer.reset();
        writer.writeValue(value);
        byte[] bytes = new byte[writer.length()];
        writer.buffer().getBytes(0, bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static void perElement(int count, IntConsumer put) {
        for (int i = 0; i < count; i++) {
            put.accept(i);
        }
    }

    private static int[] bits(float[] values) {
        int[] bits = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Float.floatToRawIntBits(values[i]);
        }
        return bits;
    }

    private static long[] bits(double[] values) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Double.doubleToRawLongBits(values[i]);
        }
        return bits;
    }
}
