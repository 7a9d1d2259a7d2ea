package org.swizzle.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The table of the stored value format: every kind of embedded value with its one-byte tag, the codec
 * that writes and reads its payload, the field type stored as it, and the layout of the payload after the
 * tag. A payload is a fixed number of bytes, then for some kinds a tail: a count (a 4-byte int) of bytes
 * or of nested values, or one nested value. The layout is all a reader needs to step over a value, so
 * skipping is defined here once. Multi-byte numbers are little-endian, the order of
 * {@link org.swizzle.store.LittleEndianBuffer} (and the platform's order on x86-64 and AArch64, in which Agrona's
 * buffers, used before, wrote them). Tags are stored: never renumber one.
 */
enum ValueKind {
    NULL(0, Codec.SCALAR, null, 0),
    TRUE(1, Codec.SCALAR, "java/lang/Boolean", 0),
    FALSE(2, Codec.SCALAR, "java/lang/Boolean", 0),
    BYTE(3, Codec.SCALAR, "java/lang/Byte", 1),
    SHORT(4, Codec.SCALAR, "java/lang/Short", 2),
    CHAR(5, Codec.SCALAR, "java/lang/Character", 2),
    INT(6, Codec.SCALAR, "java/lang/Integer", 4),
    LONG(7, Codec.SCALAR, "java/lang/Long", 8),
    FLOAT(8, Codec.SCALAR, "java/lang/Float", 4),
    DOUBLE(9, Codec.SCALAR, "java/lang/Double", 8),
    /** Length, one byte per char (all chars below 256). */
    STRING_LATIN1(10, Codec.STRING, "java/lang/String", 0, Tail.BYTES, 1),
    /** Length, two bytes per char: any Java string, unpaired surrogates included. */
    STRING_UTF16(11, Codec.STRING, "java/lang/String", 0, Tail.BYTES, 2),
    /** Class id of the enum, then the constant's name as a string value. */
    ENUM(12, Codec.SCALAR, null, 4, Tail.VALUE, 0),
    /** Length, then the bytes of {@code BigInteger.toByteArray()}. */
    BIG_INTEGER(13, Codec.SCALAR, "java/math/BigInteger", 0, Tail.BYTES, 1),
    /** Scale, then the unscaled value as {@link #BIG_INTEGER}'s payload. */
    BIG_DECIMAL(14, Codec.SCALAR, "java/math/BigDecimal", 4, Tail.BYTES, 1),
    /** Most, then least significant bits. */
    UUID(15, Codec.SCALAR, "java/util/UUID", 16),
    /** Epoch second, nanos. */
    INSTANT(20, Codec.TIME, "java/time/Instant", 12),
    /** Seconds, nanos. */
    DURATION(21, Codec.TIME, "java/time/Duration", 12),
    /** Years, months, days. */
    PERIOD(22, Codec.TIME, "java/time/Period", 12),
    /** Epoch day. */
    LOCAL_DATE(23, Codec.TIME, "java/time/LocalDate", 8),
    /** Nano of day. */
    LOCAL_TIME(24, Codec.TIME, "java/time/LocalTime", 8),
    /** Epoch day, nano of day. */
    LOCAL_DATE_TIME(25, Codec.TIME, "java/time/LocalDateTime", 16),
    /** Nano of day, offset seconds. */
    OFFSET_TIME(26, Codec.TIME, "java/time/OffsetTime", 12),
    /** Epoch day, nano of day, offset seconds. */
    OFFSET_DATE_TIME(27, Codec.TIME, "java/time/OffsetDateTime", 20),
    /** As {@link #OFFSET_DATE_TIME}, then the zone id as a string value. */
    ZONED_DATE_TIME(28, Codec.TIME, "java/time/ZonedDateTime", 20, Tail.VALUE, 0),
    YEAR(29, Codec.TIME, "java/time/Year", 4),
    /** Year, month. */
    YEAR_MONTH(30, Codec.TIME, "java/time/YearMonth", 8),
    /** Month, day. */
    MONTH_DAY(31, Codec.TIME, "java/time/MonthDay", 8),
    /** Total seconds. */
    ZONE_OFFSET(32, Codec.TIME, "java/time/ZoneOffset", 4),
    /** The zone id as a string value; a field of type ZoneId holds this or a {@link #ZONE_OFFSET}. */
    ZONE_REGION(33, Codec.TIME, "java/time/ZoneId", 0, Tail.VALUE, 0),
    /** OID (8 bytes) and class id (4 bytes) of a persistent object. */
    REFERENCE(40, Codec.REFERENCE, null, 12),
    /**
     * OID (8 bytes) of a stored collection: an object of its own whose image is one value of a kind from
     * {@link #ARRAY_LIST} to {@link #TREE_MAP} (or {@link #ACCESS_ORDER_MAP}), in which the collections are references again. A collection
     * is stored this way wherever it is held, so that sharing survives a reload; those kinds appear in a
     * field or an array only in stores written before collections had an identity.
     */
    COLLECTION(41, Codec.COLLECTION, null, 8),
    /** Length, then each element as a primitive field stores it (this for every primitive array). */
    BOOLEAN_ARRAY(50, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 1),
    BYTE_ARRAY(51, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 1),
    SHORT_ARRAY(52, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 2),
    CHAR_ARRAY(53, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 2),
    INT_ARRAY(54, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 4),
    LONG_ARRAY(55, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 8),
    FLOAT_ARRAY(56, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 4),
    DOUBLE_ARRAY(57, Codec.PRIMITIVE_ARRAY, null, 0, Tail.BYTES, 8),
    /** Class id of the component type, length, then each element as a value. */
    OBJECT_ARRAY(58, Codec.CONTAINER, null, 4, Tail.VALUES, 1),
    /** Size, then each element as a value (this for every collection). */
    ARRAY_LIST(60, Codec.CONTAINER, "java/util/ArrayList", 0, Tail.VALUES, 1),
    LINKED_LIST(61, Codec.CONTAINER, "java/util/LinkedList", 0, Tail.VALUES, 1),
    HASH_SET(62, Codec.CONTAINER, "java/util/HashSet", 0, Tail.VALUES, 1),
    LINKED_HASH_SET(63, Codec.CONTAINER, "java/util/LinkedHashSet", 0, Tail.VALUES, 1),
    TREE_SET(64, Codec.CONTAINER, "java/util/TreeSet", 0, Tail.VALUES, 1),
    /** Size, then each key and its value as values (this for every map). */
    HASH_MAP(65, Codec.CONTAINER, "java/util/HashMap", 0, Tail.VALUES, 2),
    LINKED_HASH_MAP(66, Codec.CONTAINER, "java/util/LinkedHashMap", 0, Tail.VALUES, 2),
    TREE_MAP(67, Codec.CONTAINER, "java/util/TreeMap", 0, Tail.VALUES, 2),
    /**
     * A large {@code HashMap} in pages (the image of a stored collection only): its size, then each page in hash
     * order as the lowest hash it holds (an {@link #INT} value, unsigned; the first page's is 0) and the page
     * ({@link #COLLECTION}, a {@link #HASH_MAP}). Written by stores before {@link #HASH_MAP_SECTIONS}; read only.
     */
    HASH_MAP_PAGES(68, Codec.CONTAINER, null, 4, Tail.VALUES, 2),
    /**
     * A large {@code ArrayList} in chunks (the image of a stored collection only): its size, then each chunk in
     * order as the number of elements it holds (an {@link #INT} value) and the chunk ({@link #COLLECTION}, an
     * {@link #ARRAY_LIST}). Written by stores before {@link #ARRAY_LIST_SECTIONS}; read only.
     */
    ARRAY_LIST_PAGES(69, Codec.CONTAINER, null, 4, Tail.VALUES, 2),
    /**
     * A large {@code HashMap} in pages whose directory is stored in sections (the image of a stored collection only):
     * its size, then each section in hash order as the number of pages it holds (an {@link #INT} value) and the
     * section ({@link #COLLECTION}, a {@link #PAGE_SECTION}).
     */
    HASH_MAP_SECTIONS(70, Codec.CONTAINER, null, 4, Tail.VALUES, 2),
    /**
     * A section of a paged collection's directory (the image of a stored thing of its own, filed under its
     * collection's class, and read only by its directory): each page as {@link #HASH_MAP_PAGES} or
     * {@link #ARRAY_LIST_PAGES} lists them.
     */
    PAGE_SECTION(71, Codec.CONTAINER, null, 0, Tail.VALUES, 2),
    /**
     * A large {@code ArrayList} in chunks whose directory is stored in sections (the image of a stored collection
     * only): its size, then each section in order as {@link #HASH_MAP_SECTIONS} lists them; a section lists its chunks
     * as {@link #ARRAY_LIST_PAGES} does.
     */
    ARRAY_LIST_SECTIONS(72, Codec.CONTAINER, null, 4, Tail.VALUES, 2),
    /**
     * A large {@code HashSet} whose elements are the keys of a map of its own (the image of a stored collection only):
     * the map ({@link #COLLECTION}, a {@link #HASH_MAP} or a paged one), whose values are all {@link #TRUE}.
     */
    HASH_SET_KEYS(73, Codec.CONTAINER, null, 0, Tail.VALUE, 0),
    /**
     * A large primitive array in a field of an object, in pages ({@link PrimitiveArrayCodec#PAGED_FROM}): the tag of
     * the kind its elements are stored as (one of {@link #BOOLEAN_ARRAY} to {@link #DOUBLE_ARRAY}), its length, then the
     * OIDs of its pages in order. A page is a stored thing of its own, filed under the array's class, whose image is a
     * value of that kind holding the next {@link PrimitiveArrayCodec#pageLength} elements (the last page fewer).
     */
    ARRAY_PAGES(74, Codec.PRIMITIVE_ARRAY, null, 5, Tail.BYTES, 8),
    /**
     * A {@code LinkedHashMap} in access order (the image of a stored collection): as {@link #LINKED_HASH_MAP}, least
     * recently accessed first. Filed under {@code LinkedHashMap}.
     */
    ACCESS_ORDER_MAP(75, Codec.CONTAINER, null, 0, Tail.VALUES, 2),
    /**
     * A large {@code LinkedList} whose elements are in a list of its own (the image of a stored collection only): that
     * list ({@link #COLLECTION}, an {@link #ARRAY_LIST} or a paged one), in the same order. Filed under {@code LinkedList}.
     */
    LINKED_LIST_ELEMENTS(76, Codec.CONTAINER, null, 0, Tail.VALUE, 0),
    /**
     * A large {@code TreeMap} whose entries are in a list of its own (the image of a stored collection only): that list
     * ({@link #COLLECTION}, an {@link #ARRAY_LIST} or a paged one), each entry's key then its value, in ascending key
     * order. Filed under {@code TreeMap}.
     */
    TREE_MAP_ENTRIES(77, Codec.CONTAINER, null, 0, Tail.VALUE, 0),
    /**
     * A large {@code TreeSet} whose elements are the keys of a map of its own (the image of a stored collection only):
     * the map ({@link #COLLECTION}, a {@link #TREE_MAP_ENTRIES} or a {@link #TREE_MAP}), whose values are all
     * {@link #TRUE}. Filed under {@code TreeSet}.
     */
    TREE_SET_KEYS(78, Codec.CONTAINER, null, 0, Tail.VALUE, 0);

    /** The class whose static methods write and read a kind's payload. */
    enum Codec {
        /** {@link ScalarCodec}. */
        SCALAR,
        /** {@link TimeCodec}. */
        TIME,
        /** {@link StringCodec}. */
        STRING,
        /** {@link PrimitiveArrayCodec}. */
        PRIMITIVE_ARRAY,
        /** {@link ContainerCodec}. */
        CONTAINER,
        /** The object writer and reader themselves, as for a reference field. */
        REFERENCE,
        /** The object writer and reader, which ask the object manager for the collection of an OID. */
        COLLECTION
    }

    /** What follows a payload's fixed bytes. */
    enum Tail {
        NONE,
        /** A count, then count × unit bytes. */
        BYTES,
        /** One nested value. */
        VALUE,
        /** A count, then count × unit nested values. */
        VALUES
    }

    private static final ValueKind[] BY_TAG = new ValueKind[256];
    private static final Map<String, ValueKind> BY_TYPE = new HashMap<>();

    static {
        for (ValueKind kind : values()) {
            BY_TAG[kind.tag & 0xFF] = kind;
            if (kind.type != null) {
                BY_TYPE.putIfAbsent(kind.type, kind);
            }
        }
    }

    private final byte tag;
    private final Codec codec;
    private final String type;
    private final int fixedBytes;
    private final Tail tail;
    private final int unit;

    ValueKind(int tag, Codec codec, String type, int fixedBytes) {
        this(tag, codec, type, fixedBytes, Tail.NONE, 0);
    }

    ValueKind(int tag, Codec codec, String type, int fixedBytes, Tail tail, int unit) {
        this.tag = (byte) tag;
        this.codec = codec;
        this.type = type;
        this.fixedBytes = fixedBytes;
        this.tail = tail;
        this.unit = unit;
    }

    /** The kind stored with {@code tag}, or null if no kind has it. */
    static ValueKind of(byte tag) {
        return BY_TAG[tag & 0xFF];
    }

    /**
     * The kind a field declared with JVM internal type name {@code type} is stored as (one of them, for
     * Boolean and String), or null if no kind names that type.
     */
    static ValueKind ofType(String type) {
        return BY_TYPE.get(type);
    }

    byte tag() {
        return tag;
    }

    /** The JVM internal name of the type a field of this kind is declared with, or null if none or several. */
    String type() {
        return type;
    }

    Codec codec() {
        return codec;
    }

    int fixedBytes() {
        return fixedBytes;
    }

    Tail tail() {
        return tail;
    }

    /** Whether this is the directory of a collection kept in pages, each a stored collection of its own. */
    boolean isPaged() {
        return this == HASH_MAP_PAGES || this == ARRAY_LIST_PAGES || hasSections();
    }

    /** Whether this is the directory of a paged collection stored in sections, each a {@link #PAGE_SECTION}. */
    boolean hasSections() {
        return this == HASH_MAP_SECTIONS || this == ARRAY_LIST_SECTIONS;
    }

    /**
     * Whether this kind is only ever the whole image of a stored collection, never a value embedded in another: a
     * paged directory, one of its sections, or a collection kept in another.
     */
    boolean isImageOnly() {
        return isPaged() || this == PAGE_SECTION || isBacked();
    }

    /**
     * Whether this is a large collection whose elements are in a paged collection of its own ({@code tracked.Backed}),
     * its image one reference to that collection.
     */
    boolean isBacked() {
        return this == HASH_SET_KEYS || this == LINKED_LIST_ELEMENTS || this == TREE_MAP_ENTRIES || this == TREE_SET_KEYS;
    }

    /** What a collection of this kind, a {@link #isBacked} one, is called in a message. */
    String backedName() {
        switch (this) {
            case HASH_SET_KEYS: return "a HashSet kept as a map's keys";
            case LINKED_LIST_ELEMENTS: return "a LinkedList kept in a list of its own";
            case TREE_MAP_ENTRIES: return "a TreeMap kept in a list of its own";
            case TREE_SET_KEYS: return "a TreeSet kept as a map's keys";
            default: throw new IllegalStateException(this + " is not kept in another collection");
        }
    }

    /** The JDK class of the collection a collection of this kind, a {@link #isBacked} one, keeps its elements in. */
    Class<?> backingClass() {
        switch (this) {
            case HASH_SET_KEYS: return HashMap.class;
            case TREE_SET_KEYS: return TreeMap.class;
            default: return ArrayList.class;
        }
    }

    /** Bytes per counted element of a {@link Tail#BYTES} tail, values per counted element of a {@link Tail#VALUES} one. */
    int unit() {
        return unit;
    }

    /** Whether values of this kind can change once stored: arrays and collections. */
    boolean isMutable() {
        return codec == Codec.PRIMITIVE_ARRAY || codec == Codec.CONTAINER;
    }
}
