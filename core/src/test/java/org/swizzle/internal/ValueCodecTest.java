package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.swizzle.UnsupportedFieldTypeException;

/** Embedded values survive the stored format exactly, without an agent or a store. */
class ValueCodecTest {

    private final TestReferences references = new TestReferences();
    private final ObjectWriter writer = new ObjectWriter(references);
    private final ObjectReader reader = new ObjectReader(references);

    private Object roundTrip(Object value) {
        writer.reset();
        writer.field(ValueCodecTest.class, "value");
        writer.writeValue(value);
        int length = writer.length();
        reader.reset(writer.buffer(), length);
        Object read = reader.readValue();
        assertEquals(length, reader.position(), "the reader consumes exactly what the writer wrote");
        reader.reset(writer.buffer(), length);
        reader.skip(FieldKind.VALUE);
        assertEquals(length, reader.position(), "skipping a value consumes exactly what the writer wrote");
        return read;
    }

    @Test
    void shouldRoundTripScalars() {
        for (Object value : Arrays.asList(null, true, false, (byte) -3, (short) 300, 'x', '\ud800', 42, -7L, 1.5f, Double.NaN,
            "", "ascii", "\u00ff latin", "\u4e2d\u6587 \ud83d\ude00", "unpaired \udc00 surrogate",
            new BigInteger("123456789012345678901234567890"), new BigDecimal("-0.000123"), UUID.randomUUID(),
            DayOfWeek.MONDAY, Instant.ofEpochSecond(-1, 5), Duration.ofMillis(-3), Period.ofMonths(14),
            LocalDate.MIN, LocalTime.MAX, LocalDateTime.of(2020, 1, 2, 3, 4, 5, 6), OffsetTime.of(LocalTime.MIDNIGHT, ZoneOffset.UTC),
            OffsetDateTime.of(2020, 1, 2, 3, 4, 5, 6, ZoneOffset.ofHours(-8)), ZonedDateTime.of(2021, 3, 28, 2, 30, 0, 0, ZoneId.of("Europe/Berlin")),
            Year.of(2024), YearMonth.of(1999, 12), MonthDay.of(2, 29), ZoneOffset.ofHoursMinutes(-3, -30), ZoneId.of("Asia/Tokyo"))) {
            assertEquals(value, roundTrip(value), () -> "round trip of " + value);
        }
    }

    @Test
    void shouldRoundTripArrays() {
        assertArrayEquals(new int[] {1, -1, Integer.MAX_VALUE}, (int[]) roundTrip(new int[] {1, -1, Integer.MAX_VALUE}));
        assertArrayEquals(new long[] {Long.MIN_VALUE}, (long[]) roundTrip(new long[] {Long.MIN_VALUE}));
        assertArrayEquals(new byte[] {1, 2}, (byte[]) roundTrip(new byte[] {1, 2}));
        assertArrayEquals(new boolean[] {true, false}, (boolean[]) roundTrip(new boolean[] {true, false}));
        assertArrayEquals(new char[] {'a', '\uffff'}, (char[]) roundTrip(new char[] {'a', '\uffff'}));
        assertArrayEquals(new short[] {-1}, (short[]) roundTrip(new short[] {-1}));
        assertArrayEquals(new float[] {0.5f}, (float[]) roundTrip(new float[] {0.5f}));
        assertArrayEquals(new double[] {-0.0}, (double[]) roundTrip(new double[] {-0.0}));
        String[] strings = (String[]) roundTrip(new String[] {"a", null});
        assertArrayEquals(new String[] {"a", null}, strings);
        int[][] matrix = (int[][]) roundTrip(new int[][] {{1}, null, {}});
        assertTrue(Arrays.deepEquals(new int[][] {{1}, null, {}}, matrix));
        assertEquals(DayOfWeek[].class, roundTrip(new DayOfWeek[] {DayOfWeek.FRIDAY}).getClass());
    }

    @Test
    void shouldRoundTripCollectionsWithTheirKinds() {
        Map<Object, Class<?>> expected = new LinkedHashMap<>();
        expected.put(new ArrayList<>(List.of(1, 2)), ArrayList.class);
        expected.put(new LinkedList<>(List.of("a")), LinkedList.class);
        expected.put(new HashSet<>(Set.of(3)), HashSet.class);
        expected.put(new LinkedHashSet<>(List.of("z", "a")), LinkedHashSet.class);
        expected.put(new TreeSet<>(List.of("b", "a")), TreeSet.class);
        expected.put(new HashMap<>(Map.of("k", 1)), HashMap.class);
        expected.put(new LinkedHashMap<>(Map.of("k", List.of(1L))), LinkedHashMap.class);
        expected.put(new TreeMap<>(Map.of("b", 2, "a", 1)), TreeMap.class);
        expected.put(List.of(1, 2, 3), ArrayList.class);
        for (Map.Entry<Object, Class<?>> entry : expected.entrySet()) {
            Object read = roundTrip(entry.getKey());
            assertEquals(entry.getKey(), read);
            assertEquals(entry.getValue(), read.getClass().getSuperclass(), "read as the tracked subclass of its kind");
            assertTrue(read instanceof org.swizzle.internal.tracked.Tracked);
        }
        assertEquals(List.of("z", "a"), new ArrayList<>((LinkedHashSet<?>) roundTrip(new LinkedHashSet<>(List.of("z", "a")))), "order kept");
    }

    @Test
    void shouldRefuseValuesThatCannotBeStored() {
        UnsupportedFieldTypeException e = assertThrows(UnsupportedFieldTypeException.class,
            () -> roundTrip(new ArrayList<>(List.of(new Object()))));
        assertTrue(e.getMessage().contains("java.lang.Object") && e.getMessage().contains("ValueCodecTest.value"), e.getMessage());
        UnsupportedFieldTypeException jdk = assertThrows(UnsupportedFieldTypeException.class,
            () -> roundTrip(new ArrayList<>(List.of(new java.util.Date(0)))));
        assertTrue(jdk.getMessage().contains("java.util.Date is a JDK class") && !jdk.getMessage().contains("Annotate")
            && jdk.getMessage().contains("java.time.Instant"), "a JDK class cannot be annotated: " + jdk.getMessage());
        UnsupportedFieldTypeException comparator = assertThrows(UnsupportedFieldTypeException.class,
            () -> roundTrip(new TreeSet<>(java.util.Comparator.reverseOrder())));
        assertTrue(comparator.getMessage().contains("comparator"), comparator.getMessage());
    }

    @Test
    void shouldRefuseCraftedCountsBeforeAllocatingForThem() {
        byte[][] crafted = {
            {ValueKind.ARRAY_LIST.tag(), -1, -1, -1, 0x7f},
            {ValueKind.HASH_MAP.tag(), -1, -1, -1, 0x7f},
            {ValueKind.TREE_SET.tag(), 0, 0, 0, 0x40},
            {ValueKind.LONG_ARRAY.tag(), -1, -1, -1, 0x0f},
            {ValueKind.BOOLEAN_ARRAY.tag(), -1, -1, -1, 0x7f},
            {ValueKind.OBJECT_ARRAY.tag(), 0, 0, 0, 0, -1, -1, -1, 0x7f},
            {ValueKind.STRING_UTF16.tag(), -1, -1, -1, 0x7f},
        };
        for (byte[] bytes : crafted) {
            reader.reset(org.swizzle.store.LittleEndianBuffer.of(bytes), bytes.length);
            ObjectReader.MalformedObjectException e = assertThrows(ObjectReader.MalformedObjectException.class,
                reader::readValue, "tag " + bytes[0] + ": a count the bytes left cannot hold is refused, not allocated");
            assertTrue(e.getMessage().contains("test value"), e.getMessage());
        }
    }
}
