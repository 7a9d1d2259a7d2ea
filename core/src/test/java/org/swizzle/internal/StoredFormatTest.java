package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import org.swizzle.ValueTooLargeException;
import org.swizzle.internal.tracked.TrackedArrayList;
import org.swizzle.internal.tracked.TrackedHashMap;
import org.swizzle.internal.tracked.TrackedHashSet;
import org.swizzle.internal.tracked.TrackedLinkedList;
import org.swizzle.internal.tracked.TrackedTreeMap;
import org.swizzle.internal.tracked.TrackedTreeSet;
import org.swizzle.store.LittleEndianBuffer;
import org.junit.jupiter.api.Test;

/**
 * The bytes of every kind of stored value, pinned as the format wrote them when this test was made: a
 * store written by an earlier version reads back the same values, and a value is written as it was.
 * Collections are stored things of their own: a value holds a reference, and the collection's image is
 * pinned apart; collections embedded in values by stores of before still read.
 */
class StoredFormatTest {

    private static final Persistable REFERENCED = (Persistable) Proxy.newProxyInstance(
        Persistable.class.getClassLoader(), new Class<?>[] {Persistable.class}, (proxy, method, args) -> {
            throw new AssertionError("the format needs no call on a referenced object");
        });
    private static final long OID = 0x0102030405060708L;
    private static final int CLASS_ID = 0x0a0b0c0d;

    private static final List<Pin> PINS = List.of(
        pin(null, "00"),
        pin(true, "01"),
        pin(false, "02"),
        pin((byte) -3, "03fd"),
        pin((short) -300, "04d4fe"),
        pin('\u00e9', "05e900"),
        pin(-42, "06d6ffffff"),
        pin(Long.MIN_VALUE + 7, "070700000000000080"),
        pin(-1.5f, "080000c0bf"),
        pin(Double.longBitsToDouble(0x7ff0000000000123L), "09230100000000f07f"),
        pin("", "0a00000000"),
        pin("latin \u00ff", "0a070000006c6174696e20ff"),
        pin("\u4e2d \ud800", "0b030000002d4e200000d8"),
        pin(new BigInteger("-123456789012345678901234567890"), "0d0d000000fe7116f0093c8c1f11b1c0f52e"),
        pin(new BigDecimal("-0.000123"), "0e060000000100000085"),
        pin(new UUID(0x0123456789abcdefL, -2L), "0fefcdab8967452301feffffffffffffff"),
        pin(DayOfWeek.FRIDAY, "0c010000000a06000000465249444159"),
        pin(Instant.ofEpochSecond(-1, 5), "14ffffffffffffffff05000000"),
        pin(Duration.ofSeconds(86401, 7), "15815101000000000007000000"),
        pin(Period.of(1, -2, 3), "1601000000feffffff03000000"),
        pin(LocalDate.of(2024, 2, 29), "17464d000000000000"),
        pin(LocalTime.of(23, 59, 58, 999), "18e76f191a944e0000"),
        pin(LocalDateTime.of(2020, 1, 2, 3, 4, 5, 6), "19574700000000000006324d9d0b0a0000"),
        pin(OffsetTime.of(LocalTime.NOON, ZoneOffset.ofHours(2)), "1a0080a7484a270000201c0000"),
        pin(OffsetDateTime.of(2020, 1, 2, 3, 4, 5, 6, ZoneOffset.ofHours(-8)), "1b574700000000000006324d9d0b0a0000808fffff"),
        pin(ZonedDateTime.of(2021, 3, 28, 3, 30, 0, 0, ZoneId.of("Europe/Berlin")),
            "1c1a49000000000000003086aa750b0000201c00000a0d0000004575726f70652f4265726c696e"),
        pin(Year.of(-44), "1dd4ffffff"),
        pin(YearMonth.of(1999, 12), "1ecf0700000c000000"),
        pin(MonthDay.of(2, 29), "1f020000001d000000"),
        pin(ZoneOffset.ofHoursMinutes(-3, -30), "20c8ceffff"),
        pin(ZoneId.of("Asia/Tokyo"), "210a0a000000417369612f546f6b796f"),
        pin(new boolean[] {true, false, true}, "3203000000010001"),
        pin(new byte[] {-128, 0, 127}, "330300000080007f"),
        pin(new short[] {Short.MIN_VALUE, -1, 258}, "34030000000080ffff0201"),
        pin(new char[] {'a', '\ud800', '\uffff'}, "3503000000610000d8ffff"),
        pin(new int[] {Integer.MIN_VALUE, -1, 0x01020304}, "360300000000000080ffffffff04030201"),
        pin(new long[] {Long.MIN_VALUE, -1L, 0x0102030405060708L}, "37030000000000000000000080ffffffffffffffff0807060504030201"),
        pin(new float[] {Float.intBitsToFloat(0x7fc00001), -0.0f, Float.MIN_VALUE}, "38030000000100c07f0000008001000000"),
        pin(new double[] {Double.longBitsToDouble(0x7ff8000000000abcL), Double.NEGATIVE_INFINITY, -Double.MAX_VALUE},
            "3903000000bc0a00000000f87f000000000000f0ffffffffffffffefff"),
        pin(new String[] {"a", null}, "3a01000000020000000a010000006100"),
        pin(new int[][] {{1}, null, {}}, "3a0100000003000000360100000001000000003600000000"),
        pin(new ArrayList<>(List.of(1, "b")), "29" + "6400000000000000"),
        pin(REFERENCED, "28" + "0807060504030201" + "0d0c0b0a"));

    /** Collections that hold no collection: their images are the bytes stores of before embedded where they were held. */
    private static final List<Pin> FLAT = List.of(
        pin(new ArrayList<>(List.of(1, "b")), "3c0200000006010000000a0100000062"),
        pin(new LinkedList<>(List.of('c')), "3d01000000056300"),
        pin(new HashSet<>(Set.of(3)), "3e010000000603000000"),
        pin(new LinkedHashSet<>(List.of("z", "a")), "3f020000000a010000007a0a0100000061"),
        pin(new TreeSet<>(List.of(2L, 1L)), "4002000000070100000000000000070200000000000000"),
        pin(new HashMap<>(Map.of("k", 1)), "41010000000a010000006b0601000000"),
        pin(new TreeMap<>(Map.of("b", 2.0, "a", 1.0f)), "43020000000a0100000061080000803f0a0100000062090000000000000040"));

    private static final Map<Short, List<Boolean>> NESTING = new LinkedHashMap<>(Map.of((short) 1, List.of(true)));

    /** The images of stored collections (OIDs from {@link TestReferences#FIRST_COLLECTION}, the outer one first). */
    private static final Map<Short, List<Boolean>> ACCESS_ORDERED = new LinkedHashMap<>(16, 0.75f, true);

    static {
        ACCESS_ORDERED.put((short) 1, List.of(true));
    }

    private static final List<Pin> IMAGES = concat(FLAT, List.of(pin(NESTING, "4201000000040100" + "29" + "6500000000000000"),
        pin(ACCESS_ORDERED, "4b01000000040100" + "29" + "6500000000000000"),
        pin(TrackedHashMap.paged(3, new int[] {0, Integer.MIN_VALUE}, new long[] {0x65, 0x66}, new int[] {2}, new long[] {0x67}),
            "46" + "03000000" + "01000000" + "0602000000" + "296700000000000000"),
        pin(TrackedArrayList.paged(3, new int[] {2, 1}, new long[] {0x65, 0x66}, new int[] {2}, new long[] {0x67}),
            "48" + "03000000" + "01000000" + "0602000000" + "296700000000000000"),
        pin(keyedSet(3), "49" + "296500000000000000"),
        pin(listedLinkedList(3), "4c" + "296500000000000000"),
        pin(listedTreeMap(3, "c"), "4d" + "296500000000000000"),
        pin(keyedTreeSet(3), "4e" + "296500000000000000")));

    /** The image of the map whose keys are the elements of the set pinned last in {@link #IMAGES}. */
    private static final String KEYS = "41" + "01000000" + "0603000000" + "01";

    /** The image of section 0 of the directory of the paged map pinned in {@link #IMAGES}. */
    private static final String SECTION = "47" + "02000000" + "0600000000" + "296500000000000000" + "0600000080"
        + "296600000000000000";

    /** The image of section 0 of the directory of the paged list pinned in {@link #IMAGES}: each chunk's count. */
    private static final String LIST_SECTION = "47" + "02000000" + "0602000000" + "296500000000000000" + "0601000000"
        + "296600000000000000";

    /** The directory of a paged list as stores wrote it before directories had sections: every chunk in one image. */
    private static final String LIST_BEFORE_SECTIONS = "45" + "03000000" + "02000000" + "0602000000"
        + "296500000000000000" + "0601000000" + "296600000000000000";

    /** The directory of a paged map as stores wrote it before directories had sections: every page in one image. */
    private static final String DIRECTORY_BEFORE_SECTIONS = "44" + "03000000" + "02000000" + "0600000000"
        + "296500000000000000" + "0600000080" + "296600000000000000";

    /**
     * A {@code long[]} of 8,193 elements in a field, stored in pages (OIDs from {@link TestReferences#FIRST_PAGE}): its
     * elements' kind, its length, its three pages.
     */
    private static final String ARRAY_DIRECTORY = "4a" + "37" + "01200000" + "03000000" + "40420f0000000000"
        + "41420f0000000000" + "42420f0000000000";

    /** The image of the last page of {@link #ARRAY_DIRECTORY}'s array, whose one element is 8,192. */
    private static final String LAST_ARRAY_PAGE = "37" + "01000000" + "0020000000000000";

    /** Collections as stores written before collections had an identity hold them: embedded where they are held. */
    private static final List<Pin> EMBEDDED = concat(FLAT, List.of(pin(NESTING, "42010000000401003c0100000001")));

    private final TestReferences references = new TestReferences(REFERENCED, OID, CLASS_ID);
    private final ObjectWriter writer = new ObjectWriter(references);
    private final ObjectReader reader = new ObjectReader(references);

    @Test
    void shouldWriteEveryKindOfValueAsPinned() {
        for (Pin pin : PINS) {
            assertEquals(pin.hex, write(pin.value), () -> "the bytes of " + pin.value);
        }
    }

    /** A value that would make an image larger than a buffer can be is refused, naming its field, before anything is copied. */
    @Test
    void shouldRefuseAValueLargerThanAnImageCanHold() {
        writer.reset();
        writer.field(StoredFormatTest.class, "value");
        writer.writeInt(1);
        ValueTooLargeException e = assertThrows(ValueTooLargeException.class, () -> writer.claim(LittleEndianBuffer.MAX_CAPACITY));
        assertTrue(e.getMessage().contains("field " + StoredFormatTest.class.getName() + ".value"), e.getMessage());
        assertEquals(4, writer.length(), "nothing claimed");
    }

    @Test
    void shouldWriteEveryCollectionImageAsPinned() {
        for (Pin pin : IMAGES) {
            write(pin.value);
            assertEquals(pin.hex, HexFormat.of().formatHex(references.image(TestReferences.FIRST_COLLECTION)),
                () -> "the image of " + pin.value);
        }
    }

    @Test
    void shouldWriteADirectorySectionAsPinned() {
        TrackedHashMap<?, ?> map = TrackedHashMap.paged(3, new int[] {0, Integer.MIN_VALUE}, new long[] {0x65, 0x66},
            new int[] {2}, new long[] {0x67});
        writer.reset();
        ContainerCodec.writeSection(writer, map, 0);
        byte[] bytes = new byte[writer.length()];
        writer.buffer().getBytes(0, bytes);
        assertEquals(SECTION, HexFormat.of().formatHex(bytes));
    }

    @Test
    void shouldWriteALargeArrayInAFieldInPagesAsPinnedAndReadItBack() {
        long[] array = new long[8_193];
        for (int i = 0; i < array.length; i++) {
            array[i] = i;
        }
        writer.beginObject(REFERENCED);
        writer.field(0);
        writer.writeValue(array);
        byte[] bytes = new byte[writer.length()];
        writer.buffer().getBytes(0, bytes);
        assertEquals(ARRAY_DIRECTORY, HexFormat.of().formatHex(bytes));
        assertEquals(3, references.pageCount());
        reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
        assertTrue(java.util.Arrays.equals(array, (long[]) reader.readValue()));
        assertEquals(bytes.length, reader.position());
        LittleEndianBuffer last = LittleEndianBuffer.growable(16);
        int length = PrimitiveArrayCodec.writePage(last, ValueKind.LONG_ARRAY, array, 8_192, 1);
        byte[] page = new byte[length];
        last.getBytes(0, page);
        assertEquals(LAST_ARRAY_PAGE, HexFormat.of().formatHex(page));
    }

    @Test
    void shouldKeepSmallArraysAndArraysInsideValuesWhole() {
        byte[] small = new byte[PrimitiveArrayCodec.PAGED_FROM - 1];
        writer.beginObject(REFERENCED);
        writer.field(0);
        writer.writeValue(small);
        assertEquals(ValueKind.BYTE_ARRAY.tag(), writer.buffer().getByte(0), "one byte short of a page's worth");
        writer.beginObject(REFERENCED);
        writer.field(0);
        writer.writeValue(new Object[] {new long[8_193]});
        assertEquals(0, references.pageCount(), "an array in an array is written whole");
    }

    @Test
    void shouldRefuseAnArrayDirectoryThatDisagreesWithItsLength() {
        for (String bad : new String[] {
            "4a" + "37" + "01200000" + "02000000" + "40420f0000000000" + "41420f0000000000", // 2 pages for 8,193 longs
            "4a" + "37" + "ffffffff" + "00000000", // a negative length
            "4a" + "4a" + "00000000" + "00000000", // elements of no primitive kind
            "4a" + "37" + "01200000" + "03000000" + "40420f0000000000"}) { // pages past the end
            byte[] bytes = HexFormat.of().parseHex(bad);
            reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
            assertThrows(ObjectReader.MalformedObjectException.class, reader::readValue, bad);
        }
    }

    @Test
    void shouldReadAPagedMapsSectionsWithoutItsPages() {
        TrackedHashMap<?, ?> map = readPaged("46" + "03000000" + "01000000" + "0602000000" + "296700000000000000", SECTION);
        assertEquals(3, map.size());
        List<String> pages = new ArrayList<>();
        map.forEachPage((bound, loaded, oid, slot) -> pages.add(Integer.toUnsignedString(bound) + "@" + (loaded == null ? oid : -1)));
        assertEquals(List.of("0@101", "2147483648@102"), pages, "no page is read");
        assertEquals(1, map.sections().count());
        assertEquals(0x67, map.sections().oid(0));
        assertFalse(map.sections().isChanged(0), "a section read is not written again unless it changes");
    }

    @Test
    void shouldRefuseASectionThatDisagreesWithItsDirectory() {
        String top = "46" + "03000000" + "01000000";
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(top + "0603000000" + "296700000000000000", SECTION), "3 pages said, 2 held");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(top + "06ffffff7f" + "296700000000000000", SECTION), "more pages than a section holds");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(top + "0600000000" + "296700000000000000", SECTION), "a section of no page");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(top + "0602000000" + "296700000000000000", DIRECTORY_BEFORE_SECTIONS), "a directory for a section");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(top + "0602000000" + "296700000000000000", SECTION + "00"), "a byte after the last page");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged("46" + "03000000" + "02000000" + "0602000000" + "296700000000000000" + "0602000000"
                + "296700000000000000", SECTION), "one section named twice");
    }

    @Test
    void shouldReadASetKeptAsAMapsKeysBack() {
        write(keyedSet(3));
        assertEquals(KEYS, HexFormat.of().formatHex(references.image(TestReferences.FIRST_COLLECTION + 1)), "the keys' map");
        byte[] bytes = HexFormat.of().parseHex("29" + Long.toHexString(Long.reverseBytes(TestReferences.FIRST_COLLECTION)));
        reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
        TrackedHashSet<?> read = (TrackedHashSet<?>) reader.readValue();
        assertNotNull(read.keys(), "the set read keeps its elements in its map");
        assertEquals(Set.of(3), read);
        assertTrue(read.contains(3) && !read.contains(4) && read.size() == 1, "read through its map");
    }

    @Test
    void shouldRefuseASetKeptAsAMapsKeysEmbeddedInAValue() {
        byte[] bytes = HexFormat.of().parseHex("49" + "296500000000000000");
        reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
        assertThrows(ObjectReader.MalformedObjectException.class, reader::readValue);
    }

    @Test
    void shouldReadALinkedListKeptInAListBack() {
        write(listedLinkedList(3));
        assertEquals("3c" + "01000000" + "0603000000", HexFormat.of().formatHex(references.image(TestReferences.FIRST_COLLECTION + 1)),
            "the elements' list");
        TrackedLinkedList<?> read = (TrackedLinkedList<?>) readCollection(TestReferences.FIRST_COLLECTION);
        assertNotNull(read.backing(), "the list read keeps its elements in its list");
        assertEquals(List.of(3), read);
        assertEquals(3, read.getFirst());
    }

    @Test
    void shouldRefuseALinkedListKeptInAMap() {
        write(keyedSet(3));
        references.putImage(TestReferences.FIRST_COLLECTION, HexFormat.of().parseHex("4c" + "29"
            + Long.toHexString(Long.reverseBytes(TestReferences.FIRST_COLLECTION + 1))));
        ObjectReader.MalformedObjectException refused = assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readCollection(TestReferences.FIRST_COLLECTION));
        assertTrue(refused.getMessage().contains("a LinkedList kept in a list of its own refers to a java.util.HashMap of 1"
            + " where the ArrayList of its elements should be"), refused.getMessage());
    }

    @Test
    void shouldReadATreeMapKeptInAListAndATreeSetKeptAsItsKeysBack() {
        write(listedTreeMap(3, "c"));
        assertEquals("3c" + "02000000" + "0603000000" + "0a0100000063", HexFormat.of().formatHex(
            references.image(TestReferences.FIRST_COLLECTION + 1)), "the entries' list: a key, then its value");
        TrackedTreeMap<?, ?> map = (TrackedTreeMap<?, ?>) readCollection(TestReferences.FIRST_COLLECTION);
        assertNotNull(map.backing(), "the map read keeps its entries in its list");
        assertEquals(Map.of(3, "c"), map);
        assertEquals(3, map.firstKey());

        references.forget();
        write(keyedTreeSet(4));
        assertEquals("4d" + "29" + Long.toHexString(Long.reverseBytes(TestReferences.FIRST_COLLECTION + 2)),
            HexFormat.of().formatHex(references.image(TestReferences.FIRST_COLLECTION + 1)), "the keys' map, kept in a list");
        TrackedTreeSet<?> set = (TrackedTreeSet<?>) readCollection(TestReferences.FIRST_COLLECTION);
        assertNotNull(set.backing(), "the set read keeps its elements in its map");
        assertEquals(Set.of(4), set);
        assertEquals(4, set.first());
    }

    @Test
    void shouldRefuseATreeMapKeptInAListOfAnOddLength() {
        write(listedLinkedList(3));
        references.putImage(TestReferences.FIRST_COLLECTION, HexFormat.of().parseHex("4d" + "29"
            + Long.toHexString(Long.reverseBytes(TestReferences.FIRST_COLLECTION + 1))));
        ObjectReader.MalformedObjectException refused = assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readCollection(TestReferences.FIRST_COLLECTION));
        assertTrue(refused.getMessage().contains("a TreeMap kept in a list of its own refers to a java.util.ArrayList of 1"
            + " where the ArrayList of its keys and values, in turn, should be"), refused.getMessage());
    }

    /** A tree map of {@code key} and {@code value} alone, kept in a list of its own, as a large tree map keeps them. */
    private static TrackedTreeMap<Integer, String> listedTreeMap(int key, String value) {
        TrackedArrayList<Object> entries = new TrackedArrayList<>();
        entries.add(key);
        entries.add(value);
        TrackedTreeMap<Integer, String> map = new TrackedTreeMap<>();
        map.backWith(entries);
        return map;
    }

    /** A tree set of {@code element} alone, kept as the keys of a tree map kept in a list, as a large tree set keeps them. */
    private static TrackedTreeSet<Integer> keyedTreeSet(int element) {
        TrackedArrayList<Object> entries = new TrackedArrayList<>();
        entries.add(element);
        entries.add(Boolean.TRUE);
        TrackedTreeMap<Integer, Boolean> keys = new TrackedTreeMap<>();
        keys.backWith(entries);
        TrackedTreeSet<Integer> set = new TrackedTreeSet<>();
        set.backWith(keys);
        return set;
    }

    /** Reads stored collection {@code oid} through a reference to it. */
    private Object readCollection(long oid) {
        byte[] bytes = HexFormat.of().parseHex("29" + Long.toHexString(Long.reverseBytes(oid)));
        reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
        return reader.readValue();
    }

    /** A linked list of {@code element} alone, kept in a list of its own, as a large linked list keeps them. */
    private static TrackedLinkedList<Integer> listedLinkedList(int element) {
        TrackedArrayList<Integer> elements = new TrackedArrayList<>();
        elements.add(element);
        TrackedLinkedList<Integer> list = new TrackedLinkedList<>();
        list.backWith(elements);
        return list;
    }

    /** A set of {@code element} alone, kept as the keys of a map, as a large set keeps them. */
    private static TrackedHashSet<Integer> keyedSet(int element) {
        TrackedHashMap<Integer, Boolean> keys = new TrackedHashMap<>();
        keys.put(element, Boolean.TRUE);
        TrackedHashSet<Integer> set = new TrackedHashSet<>();
        set.backWith(keys);
        return set;
    }

    @Test
    void shouldReadCollectionsEmbeddedByEarlierStoresBack() {
        for (Pin pin : EMBEDDED) {
            byte[] bytes = HexFormat.of().parseHex(pin.hex);
            reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
            Object read = reader.readValue();
            assertEquals(bytes.length, reader.position(), () -> "the whole of " + pin.hex + " is read");
            assertEquals(pin.value, read, () -> pin.hex + " read");
            assertTrue(reader.needsWatch(), "an embedded collection belongs to no store: its holder is compared at commit");
        }
    }

    @Test
    void shouldReadEveryPinnedValueBack() {
        for (Pin pin : PINS) {
            classIdsOf(pin);
            byte[] bytes = HexFormat.of().parseHex(pin.hex);
            reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
            Object read = reader.readValue();
            assertEquals(bytes.length, reader.position(), () -> "the whole of " + pin.hex + " is read");
            assertTrue(Objects.deepEquals(pin.value, read) || pin.hex.equals(write(read)), () -> pin.value + " read as " + read);
            assertEquals(pin.hex, write(read), () -> "the value read from " + pin.hex + " writes the same bytes");
        }
    }

    @Test
    void shouldSkipEveryPinnedValueWhole() {
        for (Pin pin : concat(PINS, EMBEDDED)) {
            byte[] bytes = HexFormat.of().parseHex(pin.hex);
            reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
            reader.skip(FieldKind.VALUE);
            assertEquals(bytes.length, reader.position(), () -> "skipping " + pin.hex);
        }
    }

    @Test
    void shouldReadAPagedMapsDirectoryWithoutItsPages() {
        TrackedHashMap<?, ?> map = readPaged(DIRECTORY_BEFORE_SECTIONS);
        assertTrue(map.isPaged());
        assertEquals(3, map.size());
        assertEquals(2, map.pageCount());
        List<Long> oids = new ArrayList<>();
        List<Integer> lowest = new ArrayList<>();
        map.forEachPage((bound, loaded, oid, slot) -> {
            oids.add(loaded == null ? oid : -1);
            lowest.add(bound);
        });
        assertEquals(List.of(0x65L, 0x66L), oids, "no page is read");
        assertEquals(List.of(0, Integer.MIN_VALUE), lowest, "the pages' lowest hashes, unsigned");
    }

    @Test
    void shouldRefuseAPagedMapWhosePagesAreNotInHashOrder() {
        String twoPages = "44" + "03000000" + "02000000";
        String page = "296500000000000000";
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(twoPages + "0601000000" + page + "0600000080" + page), "no page starts at hash 0");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(twoPages + "0600000000" + page + "0600000000" + page), "two pages start at hash 0");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(twoPages + "0600000080" + page + "0600000000" + page), "pages out of order");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged("44" + "03000000" + "00000000"), "no page at all");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readPaged(twoPages + "0600000000" + "0a00000000" + "0600000080" + page), "a page that is a string");
    }

    @Test
    void shouldReadAPagedListsDirectoryWithoutItsChunks() {
        TrackedArrayList<?> list = (TrackedArrayList<?>) readDirectory(LIST_BEFORE_SECTIONS);
        assertTrue(list.isPaged());
        assertEquals(3, list.size());
        assertEquals(2, list.pageCount());
        assertEquals(List.of("2@101", "1@102"), chunks(list), "no chunk is read");
        assertEquals(0, list.sections().oid(0), "a directory read whole is written in new sections at its next change");
    }

    @Test
    void shouldWriteAndReadAPagedListsSectionAsPinned() {
        TrackedArrayList<?> pinned = TrackedArrayList.paged(3, new int[] {2, 1}, new long[] {0x65, 0x66}, new int[] {2},
            new long[] {0x67});
        writer.reset();
        ContainerCodec.writeSection(writer, pinned, 0);
        byte[] bytes = new byte[writer.length()];
        writer.buffer().getBytes(0, bytes);
        assertEquals(LIST_SECTION, HexFormat.of().formatHex(bytes));

        TrackedArrayList<?> list = (TrackedArrayList<?>) readDirectory("48" + "03000000" + "01000000" + "0602000000"
            + "296700000000000000", LIST_SECTION);
        assertEquals(3, list.size());
        assertEquals(List.of("2@101", "1@102"), chunks(list), "no chunk is read");
        assertEquals(0x67, list.sections().oid(0));
        assertFalse(list.sections().isChanged(0), "a section read is not written again unless it changes");
        assertThrows(ObjectReader.MalformedObjectException.class, () -> readDirectory("48" + "04000000" + "01000000"
            + "0602000000" + "296700000000000000", LIST_SECTION), "4 elements said, 3 counted in the section");
        assertThrows(ObjectReader.MalformedObjectException.class, () -> readDirectory("48" + "03000000" + "01000000"
            + "0601000000" + "296700000000000000", LIST_SECTION), "1 chunk said, 2 held");
    }

    @Test
    void shouldReadAPagedListThatLostEveryChunkAndGrowItAgain() {
        TrackedArrayList<Integer> list = castList(readDirectory("48" + "00000000" + "00000000", null));
        assertTrue(list.isPaged());
        assertEquals(0, list.size());
        assertEquals(0, list.sections().count(), "no chunk, no section");
        list.add(7);
        assertEquals(List.of(7), list);
        assertEquals(1, list.sections().count());
        assertTrue(list.sections().isChanged(0), "the new section is written at the next commit");
    }

    @SuppressWarnings("unchecked")
    private static TrackedArrayList<Integer> castList(Object list) {
        return (TrackedArrayList<Integer>) list;
    }

    private static List<String> chunks(TrackedArrayList<?> list) {
        List<String> chunks = new ArrayList<>();
        list.forEachPage((count, loaded, oid, slot) -> chunks.add(count + "@" + (loaded == null ? oid : -1)));
        return chunks;
    }

    @Test
    void shouldRefuseAPagedListWhoseCountsDoNotAddUp() {
        String chunk = "296500000000000000";
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readDirectory("45" + "03000000" + "02000000" + "0602000000" + chunk + "0602000000" + chunk), "4 held, 3 said");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readDirectory("45" + "02000000" + "02000000" + "0602000000" + chunk + "0600000000" + chunk), "an empty chunk");
        assertThrows(ObjectReader.MalformedObjectException.class,
            () -> readDirectory("45" + "02000000" + "01000000" + "0a00000000" + chunk), "a string for a count");
    }

    private TrackedHashMap<?, ?> readPaged(String hex) {
        return (TrackedHashMap<?, ?>) readDirectory(hex);
    }

    /** A paged map's directory {@code hex} whose every section, stored as OID 0x67, is {@code section}. */
    private TrackedHashMap<?, ?> readPaged(String hex, String section) {
        return (TrackedHashMap<?, ?>) readDirectory(hex, section);
    }

    private Object readDirectory(String hex) {
        return readDirectory(hex, null);
    }

    private Object readDirectory(String hex, String section) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        reader.reset(LittleEndianBuffer.of(bytes), bytes.length);
        ValueKind kind = reader.readKind();
        assertTrue(kind.isPaged(), () -> hex + " is a paged collection's directory");
        Object collection = ContainerCodec.readPaged(kind, reader, (index, oid) -> {
            assertEquals(0x67, oid, () -> "section " + index + " is read as the OID the directory names");
            byte[] image = HexFormat.of().parseHex(section);
            ObjectReader in = new ObjectReader(references);
            in.reset(LittleEndianBuffer.of(image), image.length);
            return in;
        });
        assertEquals(bytes.length, reader.position(), () -> "the whole of " + hex + " is read");
        return collection;
    }

    @Test
    void shouldPinEveryKind() {
        Set<Byte> pinned = new HashSet<>();
        for (Pin pin : concat(PINS, IMAGES)) {
            pinned.add(HexFormat.of().parseHex(pin.hex)[0]);
        }
        pinned.add(HexFormat.of().parseHex(SECTION)[0]);
        pinned.add(HexFormat.of().parseHex(ARRAY_DIRECTORY)[0]);
        pinned.add(HexFormat.of().parseHex(DIRECTORY_BEFORE_SECTIONS)[0]);
        pinned.add(HexFormat.of().parseHex(LIST_BEFORE_SECTIONS)[0]);
        for (ValueKind kind : ValueKind.values()) {
            assertTrue(pinned.contains(kind.tag()), () -> "a pin of " + kind);
        }
    }

    /** The value written alone, in hex; class ids are numbered from 1 for each value. */
    private String write(Object value) {
        references.forget();
        writer.reset();
        writer.field(StoredFormatTest.class, "value");
        writer.writeValue(value);
        byte[] bytes = new byte[writer.length()];
        writer.buffer().getBytes(0, bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Gives the classes in {@code pin} the ids writing it gives them, for the reader. */
    private void classIdsOf(Pin pin) {
        write(pin.value);
    }

    private static List<Pin> concat(List<Pin> a, List<Pin> b) {
        List<Pin> both = new ArrayList<>(a);
        both.addAll(b);
        return both;
    }

    private static Pin pin(Object value, String hex) {
        return new Pin(value, hex);
    }

    private static final class Pin {
        final Object value;
        final String hex;

        Pin(Object value, String hex) {
            this.value = value;
            this.hex = hex;
        }
    }
}
