package org.swizzle.internal;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
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
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongConsumer;

import org.agrona.DirectBuffer;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.Sequenced;
import org.swizzle.internal.tracked.Tracked;
import org.swizzle.internal.tracked.TrackedArrayList;
import org.swizzle.internal.tracked.TrackedHashMap;
import org.swizzle.internal.tracked.TrackedHashSet;
import org.swizzle.internal.tracked.TrackedLinkedHashMap;
import org.swizzle.internal.tracked.TrackedLinkedHashSet;
import org.swizzle.internal.tracked.TrackedLinkedList;
import org.swizzle.internal.tracked.TrackedTreeMap;
import org.swizzle.internal.tracked.TrackedTreeSet;

/**
 * Fills one object from its stored bytes: the generated {@code $swz_read} of each class calls the
 * typed methods for its fields. References are swizzled by the object manager (to the resident
 * instance, or to a new hollow one, without reading the target); values are rebuilt from their tags.
 */
public final class ObjectReader {

    private final ReferenceSwizzler references;
    private final SharedStrings strings;
    private DirectBuffer buffer;
    private int position;
    private int limit;
    /** The object being filled and the field being read, whose collections are attached to it; null for roots. */
    private Persistable owner;
    private String fieldName;
    private Attachment attachment;
    /** Arrays and collections the value being read is nested in, and how many of them are arrays. */
    private int depth;
    private int arrayDepth;
    private boolean ownerNeedsWatch;

    /** What the reader needs from the object manager to turn stored references into Java ones. */
    interface ReferenceSwizzler {
        /** The one Java object for {@code oid}: resident, or a new hollow instance of {@code classId}'s class. */
        Object swizzle(long oid, int classId);

        /** The class with catalog id {@code classId}. */
        Class<?> classOf(int classId);

        /** Names the object being read, for error messages. */
        String describe();
    }

    ObjectReader(ReferenceSwizzler references) {
        this(references, new SharedStrings());
    }

    /** A reader sharing the short strings it reads with the other readers of {@code strings}, used under one lock. */
    ObjectReader(ReferenceSwizzler references, SharedStrings strings) {
        this.references = references;
        this.strings = strings;
    }

    void reset(DirectBuffer buffer, int length) {
        this.buffer = buffer;
        this.position = 0;
        this.limit = length;
        this.owner = null;
        this.ownerNeedsWatch = false;
    }

    /**
     * Starts reading array or collection field {@code fieldName} of {@code owner}: the tracked collections
     * read for it report their changes to {@code owner}.
     */
    void beginField(Persistable owner, String fieldName) {
        this.owner = owner;
        this.fieldName = fieldName;
        this.attachment = null;
    }

    /**
     * Whether the object just read holds values that can change without a barrier on it: arrays inside
     * collections or arrays, which a read of the collection hands out, or collections with views this runtime
     * does not track. Such an object is compared with its committed bytes at every commit.
     */
    boolean ownerNeedsWatch() {
        return ownerNeedsWatch;
    }

    int position() {
        return position;
    }

    public boolean readBoolean() {
        return readByte() != 0;
    }

    public byte readByte() {
        check(1);
        return buffer.getByte(position++);
    }

    public short readShort() {
        check(2);
        short value = buffer.getShort(position);
        position += 2;
        return value;
    }

    public char readChar() {
        check(2);
        char value = buffer.getChar(position);
        position += 2;
        return value;
    }

    public int readInt() {
        check(4);
        int value = buffer.getInt(position);
        position += 4;
        return value;
    }

    public long readLong() {
        check(8);
        long value = buffer.getLong(position);
        position += 8;
        return value;
    }

    public float readFloat() {
        check(4);
        float value = buffer.getFloat(position);
        position += 4;
        return value;
    }

    public double readDouble() {
        check(8);
        double value = buffer.getDouble(position);
        position += 8;
        return value;
    }

    /** A reference field: the Java object for the stored OID, made hollow if not resident. */
    public Object readReference() {
        long oid = readLong();
        int classId = readInt();
        return oid == 0 ? null : references.swizzle(oid, classId);
    }

    /**
     * A reference field kept as a stored reference ({@code swizzle=edge} and {@code none}): the OID and
     * class id packed, {@code 0} for null. Nothing is swizzled until the field is loaded.
     */
    public long readStoredReference() {
        long oid = readLong();
        int classId = readInt();
        if (oid == 0) {
            return 0;
        }
        if (!StoredReference.fits(oid, classId)) {
            throw corrupt("a stored reference to OID " + oid + " of class id " + classId + " is out of range");
        }
        return StoredReference.pack(oid, classId);
    }

    /** An embedded value. */
    public Object readValue() {
        byte tag = readByte();
        switch (tag) {
            case ValueTag.NULL: return null;
            case ValueTag.TRUE: return Boolean.TRUE;
            case ValueTag.FALSE: return Boolean.FALSE;
            case ValueTag.BYTE: return readByte();
            case ValueTag.SHORT: return readShort();
            case ValueTag.CHAR: return readChar();
            case ValueTag.INT: return readInt();
            case ValueTag.LONG: return readLong();
            case ValueTag.FLOAT: return readFloat();
            case ValueTag.DOUBLE: return readDouble();
            case ValueTag.STRING_LATIN1:
            case ValueTag.STRING_UTF16: return readString(tag);
            case ValueTag.ENUM: return readEnum();
            case ValueTag.BIG_INTEGER: return new BigInteger(readBytes());
            case ValueTag.BIG_DECIMAL: {
                int scale = readInt();
                return new BigDecimal(new BigInteger(readBytes()), scale);
            }
            case ValueTag.UUID: return new UUID(readLong(), readLong());
            case ValueTag.REFERENCE: return readReference();
            case ValueTag.OBJECT_ARRAY: return readObjectArray();
            case ValueTag.ARRAY_LIST:
            case ValueTag.LINKED_LIST:
            case ValueTag.HASH_SET:
            case ValueTag.LINKED_HASH_SET:
            case ValueTag.TREE_SET: return readCollection(tag, readCount(1));
            case ValueTag.HASH_MAP:
            case ValueTag.LINKED_HASH_MAP:
            case ValueTag.TREE_MAP: return readMap(tag, readCount(2));
            default:
                return tag >= ValueTag.BOOLEAN_ARRAY && tag <= ValueTag.DOUBLE_ARRAY ? readPrimitiveArray(tag) : readTime(tag);
        }
    }

    private Object readTime(byte tag) {
        switch (tag) {
            case ValueTag.INSTANT: return Instant.ofEpochSecond(readLong(), readInt());
            case ValueTag.DURATION: return Duration.ofSeconds(readLong(), readInt());
            case ValueTag.PERIOD: return Period.of(readInt(), readInt(), readInt());
            case ValueTag.LOCAL_DATE: return LocalDate.ofEpochDay(readLong());
            case ValueTag.LOCAL_TIME: return LocalTime.ofNanoOfDay(readLong());
            case ValueTag.LOCAL_DATE_TIME: return LocalDateTime.of(LocalDate.ofEpochDay(readLong()), LocalTime.ofNanoOfDay(readLong()));
            case ValueTag.OFFSET_TIME: return OffsetTime.of(LocalTime.ofNanoOfDay(readLong()), ZoneOffset.ofTotalSeconds(readInt()));
            case ValueTag.OFFSET_DATE_TIME: return OffsetDateTime.of(LocalDate.ofEpochDay(readLong()),
                LocalTime.ofNanoOfDay(readLong()), ZoneOffset.ofTotalSeconds(readInt()));
            case ValueTag.ZONED_DATE_TIME: {
                LocalDateTime local = LocalDateTime.of(LocalDate.ofEpochDay(readLong()), LocalTime.ofNanoOfDay(readLong()));
                ZoneOffset offset = ZoneOffset.ofTotalSeconds(readInt());
                ZoneId zone = ZoneId.of(readStringValue());
                return ZonedDateTime.ofStrict(local, offset, zone);
            }
            case ValueTag.YEAR: return Year.of(readInt());
            case ValueTag.YEAR_MONTH: return YearMonth.of(readInt(), readInt());
            case ValueTag.MONTH_DAY: return MonthDay.of(readInt(), readInt());
            case ValueTag.ZONE_OFFSET: return ZoneOffset.ofTotalSeconds(readInt());
            case ValueTag.ZONE_REGION: return ZoneId.of(readStringValue());
            default: throw corrupt("unknown value tag " + tag);
        }
    }

    private String readStringValue() {
        byte tag = readByte();
        if (tag != ValueTag.STRING_LATIN1 && tag != ValueTag.STRING_UTF16) {
            throw corrupt("expected a string, found value tag " + tag);
        }
        return readString(tag);
    }

    private String readString(byte tag) {
        int length = readLength();
        if (tag == ValueTag.STRING_LATIN1) {
            check(length);
            String value = strings.latin1(buffer, position, length);
            position += length;
            return value;
        }
        check(2L * length);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = buffer.getChar(position + 2 * i);
        }
        position += 2 * length;
        return new String(chars);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object readEnum() {
        Class<?> type = references.classOf(readInt());
        String name = readStringValue();
        if (!type.isEnum()) {
            throw corrupt("class " + type.getName() + " stored as an enum is not an enum");
        }
        try {
            return Enum.valueOf((Class) type, name);
        } catch (IllegalArgumentException e) {
            throw new org.swizzle.IncompatibleSchemaException("Enum " + type.getName() + " has no constant " + name
                + ", which " + references.describe() + " holds. Put the constant back, or convert the data with the old enum.");
        }
    }

    private byte[] readBytes() {
        int length = readLength();
        check(length);
        byte[] bytes = new byte[length];
        buffer.getBytes(position, bytes);
        position += length;
        return bytes;
    }

    private Object readObjectArray() {
        Class<?> component = references.classOf(readInt());
        int length = readCount(1);
        Object[] array = (Object[]) Array.newInstance(component, length);
        nestedArray();
        depth++;
        arrayDepth++;
        for (int i = 0; i < length; i++) {
            array[i] = readValue();
        }
        arrayDepth--;
        depth--;
        return array;
    }

    private void nestedArray() {
        if (depth > 0) {
            ownerNeedsWatch = true;
        }
    }

    private Object readPrimitiveArray(byte tag) {
        int length = readLength();
        check((long) length * elementSize(tag)); // before allocating: a crafted length must not exhaust the heap
        nestedArray();
        switch (tag) {
            case ValueTag.INT_ARRAY: {
                check(4L * length);
                int[] array = new int[length];
                for (int i = 0; i < length; i++) {
                    array[i] = buffer.getInt(position + 4 * i);
                }
                position += 4 * length;
                return array;
            }
            case ValueTag.LONG_ARRAY: {
                check(8L * length);
                long[] array = new long[length];
                for (int i = 0; i < length; i++) {
                    array[i] = buffer.getLong(position + 8 * i);
                }
                position += 8 * length;
                return array;
            }
            case ValueTag.DOUBLE_ARRAY: {
                double[] array = new double[length];
                for (int i = 0; i < length; i++) {
                    array[i] = readDouble();
                }
                return array;
            }
            case ValueTag.BYTE_ARRAY: {
                check(length);
                byte[] array = new byte[length];
                buffer.getBytes(position, array);
                position += length;
                return array;
            }
            case ValueTag.BOOLEAN_ARRAY: {
                boolean[] array = new boolean[length];
                for (int i = 0; i < length; i++) {
                    array[i] = readBoolean();
                }
                return array;
            }
            case ValueTag.CHAR_ARRAY: {
                char[] array = new char[length];
                for (int i = 0; i < length; i++) {
                    array[i] = readChar();
                }
                return array;
            }
            case ValueTag.SHORT_ARRAY: {
                short[] array = new short[length];
                for (int i = 0; i < length; i++) {
                    array[i] = readShort();
                }
                return array;
            }
            default: {
                float[] array = new float[length];
                for (int i = 0; i < length; i++) {
                    array[i] = readFloat();
                }
                return array;
            }
        }
    }

    /** The tracked collection of {@code tag} with its {@code size} elements, which follow. */
    private Collection<Object> readCollection(byte tag, int size) {
        Collection<Object> collection;
        switch (tag) {
            case ValueTag.ARRAY_LIST: collection = new TrackedArrayList<>(size); break;
            case ValueTag.LINKED_LIST: collection = new TrackedLinkedList<>(); break;
            case ValueTag.HASH_SET: collection = new TrackedHashSet<>(capacity(size)); break;
            case ValueTag.LINKED_HASH_SET: collection = new TrackedLinkedHashSet<>(capacity(size)); break;
            default: collection = new TrackedTreeSet<>(); break;
        }
        depth++;
        for (int i = 0; i < size; i++) {
            collection.add(readValue());
        }
        depth--;
        attach((Tracked) collection);
        return collection;
    }

    /** The tracked map of {@code tag} with its {@code size} entries, which follow. */
    private Map<Object, Object> readMap(byte tag, int size) {
        Map<Object, Object> map;
        switch (tag) {
            case ValueTag.HASH_MAP: map = new TrackedHashMap<>(capacity(size)); break;
            case ValueTag.LINKED_HASH_MAP: map = new TrackedLinkedHashMap<>(capacity(size)); break;
            default: map = new TrackedTreeMap<>(); break;
        }
        depth++;
        for (int i = 0; i < size; i++) {
            Object key = readValue();
            map.put(key, readValue());
        }
        depth--;
        attach((Tracked) map);
        return map;
    }

    /**
     * Filled while unattached (so filling it ran no barrier), {@code value} now reports its changes to the
     * field's owner; not inside an array, where the owner is compared at commit once the array is read.
     */
    private void attach(Tracked value) {
        if (owner == null || arrayDepth > 0) {
            return;
        }
        if (Sequenced.hasUntrackedViews(value)) {
            ownerNeedsWatch = true;
        }
        if (attachment == null) {
            attachment = new Attachment(owner, fieldName);
        }
        value.attach(attachment);
    }

    /**
     * A count of elements each at least {@code bytesPerElement} bytes long, checked against the bytes left in
     * the object before anything is allocated for it.
     */
    private int readCount(int bytesPerElement) {
        int count = readLength();
        if ((long) count * bytesPerElement > limit - position) {
            throw corrupt("a count of " + count + " elements does not fit in the " + (limit - position)
                + " bytes left in the object");
        }
        return count;
    }

    private static int elementSize(byte tag) {
        switch (tag) {
            case ValueTag.BOOLEAN_ARRAY: case ValueTag.BYTE_ARRAY: return 1;
            case ValueTag.SHORT_ARRAY: case ValueTag.CHAR_ARRAY: return 2;
            case ValueTag.INT_ARRAY: case ValueTag.FLOAT_ARRAY: return 4;
            default: return 8;
        }
    }

    /** A hash table capacity that holds {@code count} entries without rehashing. */
    private static int capacity(int count) {
        return (int) Math.min(Integer.MAX_VALUE, count * 4L / 3 + 1);
    }

    /** Skips a stored field of {@code kind} that the current class no longer has. */
    void skip(FieldKind kind) {
        skip(kind, null);
    }

    /**
     * Hands the OID of every persistent object the stored object (positioned after its shape number)
     * refers to, in fields or inside embedded arrays and collections, to {@code references}. Reads
     * bytes only: nothing is swizzled or faulted.
     */
    void forEachReference(Shape shape, LongConsumer references) {
        for (Shape.Field field : shape.fields()) {
            skip(field.kind(), references);
        }
    }

    private void skip(FieldKind kind, LongConsumer references) {
        if (kind == FieldKind.REFERENCE && references != null) {
            reference(references);
        } else if (kind.isFixedSize()) {
            skipBytes(kind.fixedSize());
        } else {
            skipValue(references);
        }
    }

    private void reference(LongConsumer references) {
        long oid = readLong();
        skipBytes(4);
        if (oid != 0) {
            references.accept(oid);
        }
    }

    private void skipValue(LongConsumer references) {
        byte tag = readByte();
        if (tag == ValueTag.REFERENCE && references != null) {
            reference(references);
            return;
        }
        switch (tag) {
            case ValueTag.NULL: case ValueTag.TRUE: case ValueTag.FALSE: return;
            case ValueTag.BYTE: skipBytes(1); return;
            case ValueTag.SHORT: case ValueTag.CHAR: skipBytes(2); return;
            case ValueTag.INT: case ValueTag.FLOAT: case ValueTag.YEAR: case ValueTag.ZONE_OFFSET: skipBytes(4); return;
            case ValueTag.LONG: case ValueTag.DOUBLE: case ValueTag.LOCAL_DATE: case ValueTag.LOCAL_TIME:
            case ValueTag.YEAR_MONTH: case ValueTag.MONTH_DAY: skipBytes(8); return;
            case ValueTag.INSTANT: case ValueTag.DURATION: case ValueTag.REFERENCE:
            case ValueTag.PERIOD: case ValueTag.OFFSET_TIME: skipBytes(12); return;
            case ValueTag.UUID: case ValueTag.LOCAL_DATE_TIME: skipBytes(16); return;
            case ValueTag.OFFSET_DATE_TIME: skipBytes(20); return;
            case ValueTag.ZONED_DATE_TIME: skipBytes(20); skipValue(references); return;
            case ValueTag.STRING_LATIN1: skipBytes(readLength()); return;
            case ValueTag.STRING_UTF16: skipBytes(2L * readLength()); return;
            case ValueTag.ZONE_REGION: skipValue(references); return;
            case ValueTag.ENUM: skipBytes(4); skipValue(references); return;
            case ValueTag.BIG_INTEGER: skipBytes(readLength()); return;
            case ValueTag.BIG_DECIMAL: skipBytes(4); skipBytes(readLength()); return;
            case ValueTag.BOOLEAN_ARRAY: case ValueTag.BYTE_ARRAY: skipBytes(readLength()); return;
            case ValueTag.SHORT_ARRAY: case ValueTag.CHAR_ARRAY: skipBytes(2L * readLength()); return;
            case ValueTag.INT_ARRAY: case ValueTag.FLOAT_ARRAY: skipBytes(4L * readLength()); return;
            case ValueTag.LONG_ARRAY: case ValueTag.DOUBLE_ARRAY: skipBytes(8L * readLength()); return;
            case ValueTag.OBJECT_ARRAY: skipBytes(4); skipValues(references, readLength()); return;
            case ValueTag.ARRAY_LIST: case ValueTag.LINKED_LIST: case ValueTag.HASH_SET:
            case ValueTag.LINKED_HASH_SET: case ValueTag.TREE_SET: skipValues(references, readLength()); return;
            case ValueTag.HASH_MAP: case ValueTag.LINKED_HASH_MAP: case ValueTag.TREE_MAP: skipValues(references, 2 * readLength()); return;
            default: throw corrupt("unknown value tag " + tag);
        }
    }

    private void skipBytes(long count) {
        check(count);
        position += (int) count;
    }

    private void skipValues(LongConsumer references, int count) {
        for (int i = 0; i < count; i++) {
            skipValue(references);
        }
    }

    private int readLength() {
        int length = readInt();
        if (length < 0) {
            throw corrupt("negative length " + length);
        }
        return length;
    }

    private void check(long bytes) {
        if (position + bytes > limit) {
            throw corrupt("a field runs past the end of the object (" + bytes + " bytes at " + position + ", length " + limit + ")");
        }
    }

    private IllegalStateException corrupt(String problem) {
        return new MalformedObjectException(references.describe() + ": " + problem);
    }

    /** The stored bytes of an object do not parse; the object manager turns it into a StoreCorruptedException. */
    static final class MalformedObjectException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        MalformedObjectException(String message) {
            super(message);
        }
    }
}
