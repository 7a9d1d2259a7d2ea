package org.swizzle.internal;

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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.UUID;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.Sequenced;
import org.swizzle.internal.tracked.Tracked;

/**
 * Unswizzles one object into the stored format: the generated {@code $swz_write} of each class calls
 * the typed methods for its fields. References become OID and class id (new objects reached this
 * way are made persistent by the object manager); embedded values become tagged bytes (see
 * {@link ValueTag}). One writer is reused for every object of a commit.
 */
public final class ObjectWriter {

    private final MutableDirectBuffer buffer = new ExpandableDirectByteBuffer(4096);
    private final ReferenceResolver references;
    private int position;
    private Class<?> ownerType;
    private String fieldName;
    private int fieldIndex;
    /** The object being written; null for the root directory. */
    private Persistable owner;
    /** Arrays and collections the value being written is nested in. */
    private int depth;
    /** The attachment of the current field's tracked collections, and whether the field's value is one of them. */
    private Attachment fieldAttachment;
    private boolean fieldTracked;
    private boolean holdsUntracked;

    /** What the writer needs from the object manager to write references. */
    interface ReferenceResolver {
        /** The OID of {@code object}, making it persistent if it is new; failing if it cannot be stored. */
        long oidOf(Object object, ObjectWriter writer);

        /** The catalog id of {@code type} in this store. */
        int classIdOf(Class<?> type);

        /** The catalog id of the class of {@code object}, which {@link #oidOf} accepted. */
        int classIdOf(Persistable object);
    }

    ObjectWriter(ReferenceResolver references) {
        this.references = references;
    }

    /** Starts a new image at offset 0 of the scratch buffer, of no persistent object. */
    void reset() {
        position = 0;
        owner = null;
    }

    /**
     * Starts the image of {@code object}: its tracked collections that belong to no object yet are attached
     * to it, and whether it holds values that change without a barrier is noted ({@link #holdsUntracked()}).
     */
    void beginObject(Persistable object) {
        reset();
        owner = object;
        holdsUntracked = false;
    }

    /**
     * Starts the image of {@code object} as a copy of its committed image of {@code length} bytes, positioned
     * after the shape number, to write its fixed-size fields over it; {@link #endOverwrite} follows.
     */
    void beginOverwrite(Persistable object, DirectBuffer committed, int length) {
        beginObject(object);
        buffer.putBytes(0, committed, 0, length);
        position = Short.BYTES;
    }

    /** Ends an image begun by {@link #beginOverwrite}: the rest of the committed bytes stay as they are. */
    void endOverwrite(int length) {
        position = length;
    }

    /** Names the field being written, for error messages and for the attachment of its collections. */
    void field(Class<?> ownerType, String fieldName) {
        this.ownerType = ownerType;
        this.fieldName = fieldName;
        startField();
    }

    /**
     * Starts stored field {@code index} (hierarchy-global) of the object begun last: the generated writers
     * name each field that is not a primitive this way, and its name is looked up only when needed.
     */
    public void field(int index) {
        this.ownerType = null;
        this.fieldName = null;
        this.fieldIndex = index;
        startField();
    }

    private void startField() {
        this.depth = 0;
        this.fieldAttachment = null;
        this.fieldTracked = false;
    }

    private String fieldName() {
        if (fieldName == null && owner != null) {
            ownerType = owner.getClass();
            fieldName = ClassLayout.of(ownerType).fieldName(fieldIndex);
        }
        return fieldName;
    }

    /**
     * Whether the object written holds a value that can change without running its barrier: a collection
     * that is not one of its tracked collections, or an array inside a collection or array (arrays in its
     * fields are the accessors' business: they watch the object when one escapes). The object manager then
     * compares it with its committed bytes at every commit.
     */
    boolean holdsUntracked() {
        return holdsUntracked;
    }

    private void noteArray() {
        if (owner != null && depth > 0) {
            holdsUntracked = true;
        }
    }

    /** Notes how {@code container}, a collection or map met at the current depth, is tracked; adopts it if it can. */
    private void noteContainer(Object container) {
        if (owner == null) {
            return;
        }
        if (!(container instanceof Tracked) || Sequenced.hasUntrackedViews(container)) {
            holdsUntracked = true;
            if (!(container instanceof Tracked)) {
                return;
            }
        }
        Tracked tracked = (Tracked) container;
        Attachment attachment = tracked.attachment();
        boolean live = attachment != null && attachment.isLive();
        if (live && attachment.owner() != owner) {
            holdsUntracked = true; // another object's collection: its changes mark that object, not this one
        } else if (depth == 0) {
            if (!live) {
                attachment = new Attachment(owner, fieldName());
                tracked.attach(attachment);
            }
            fieldAttachment = attachment;
            fieldTracked = true;
        } else if (fieldTracked) {
            if (attachment != fieldAttachment) {
                tracked.attach(fieldAttachment); // one attachment per field, so detaching the field detaches it
            }
        } else {
            holdsUntracked = true;
        }
    }

    MutableDirectBuffer buffer() {
        return buffer;
    }

    int length() {
        return position;
    }

    public void writeBoolean(boolean value) {
        buffer.putByte(position, value ? (byte) 1 : 0);
        position += 1;
    }

    public void writeByte(byte value) {
        buffer.putByte(position, value);
        position += 1;
    }

    public void writeShort(short value) {
        buffer.putShort(position, value);
        position += 2;
    }

    public void writeChar(char value) {
        buffer.putChar(position, value);
        position += 2;
    }

    public void writeInt(int value) {
        buffer.putInt(position, value);
        position += 4;
    }

    public void writeLong(long value) {
        buffer.putLong(position, value);
        position += 8;
    }

    public void writeFloat(float value) {
        buffer.putFloat(position, value);
        position += 4;
    }

    public void writeDouble(double value) {
        buffer.putDouble(position, value);
        position += 8;
    }

    /** A reference field: OID and class id, {@code 0, 0} for null. */
    public void writeReference(Object value) {
        if (value == null) {
            writeLong(0);
            writeInt(0);
            return;
        }
        long oid = references.oidOf(value, this);
        writeLong(oid);
        writeInt(references.classIdOf((Persistable) value));
    }

    /**
     * A reference field that keeps a stored reference beside the Java one ({@code swizzle=edge} and
     * {@code none}): the Java reference when there is one, else the stored reference, still unswizzled.
     */
    public void writeReference(Object value, long stored) {
        if (value == null && stored != 0) {
            writeLong(StoredReference.oid(stored));
            writeInt(StoredReference.classId(stored));
        } else {
            writeReference(value);
        }
    }

    /** An embedded value: a tag and its payload. */
    public void writeValue(Object value) {
        if (value == null) {
            writeByte(ValueTag.NULL);
        } else if (value instanceof String) {
            writeString((String) value);
        } else if (value instanceof Integer) {
            writeByte(ValueTag.INT);
            writeInt((Integer) value);
        } else if (value instanceof Persistable) {
            writeByte(ValueTag.REFERENCE);
            writeReference(value);
        } else if (value.getClass().isArray()) {
            writeArray(value);
        } else if (value instanceof Collection) {
            writeCollection((Collection<?>) value);
        } else if (value instanceof Map) {
            writeMap((Map<?, ?>) value);
        } else if (value instanceof Enum) {
            Enum<?> constant = (Enum<?>) value;
            writeByte(ValueTag.ENUM);
            writeInt(references.classIdOf(constant.getDeclaringClass()));
            writeString(constant.name());
        } else {
            writeScalar(value);
        }
    }

    private void writeScalar(Object value) {
        if (value instanceof Long) {
            writeByte(ValueTag.LONG);
            writeLong((Long) value);
        } else if (value instanceof Boolean) {
            writeByte((Boolean) value ? ValueTag.TRUE : ValueTag.FALSE);
        } else if (value instanceof Double) {
            writeByte(ValueTag.DOUBLE);
            writeDouble((Double) value);
        } else if (value instanceof Float) {
            writeByte(ValueTag.FLOAT);
            writeFloat((Float) value);
        } else if (value instanceof Short) {
            writeByte(ValueTag.SHORT);
            writeShort((Short) value);
        } else if (value instanceof Byte) {
            writeByte(ValueTag.BYTE);
            writeByte((Byte) value);
        } else if (value instanceof Character) {
            writeByte(ValueTag.CHAR);
            writeChar((Character) value);
        } else if (value instanceof BigInteger) {
            writeByte(ValueTag.BIG_INTEGER);
            writeBytes(((BigInteger) value).toByteArray());
        } else if (value instanceof BigDecimal) {
            BigDecimal decimal = (BigDecimal) value;
            writeByte(ValueTag.BIG_DECIMAL);
            writeInt(decimal.scale());
            writeBytes(decimal.unscaledValue().toByteArray());
        } else if (value instanceof UUID) {
            writeByte(ValueTag.UUID);
            writeLong(((UUID) value).getMostSignificantBits());
            writeLong(((UUID) value).getLeastSignificantBits());
        } else {
            writeTime(value);
        }
    }

    private void writeTime(Object value) {
        if (value instanceof Instant) {
            writeByte(ValueTag.INSTANT);
            writeLong(((Instant) value).getEpochSecond());
            writeInt(((Instant) value).getNano());
        } else if (value instanceof LocalDate) {
            writeByte(ValueTag.LOCAL_DATE);
            writeLong(((LocalDate) value).toEpochDay());
        } else if (value instanceof LocalDateTime) {
            writeByte(ValueTag.LOCAL_DATE_TIME);
            writeLong(((LocalDateTime) value).toLocalDate().toEpochDay());
            writeLong(((LocalDateTime) value).toLocalTime().toNanoOfDay());
        } else if (value instanceof LocalTime) {
            writeByte(ValueTag.LOCAL_TIME);
            writeLong(((LocalTime) value).toNanoOfDay());
        } else if (value instanceof Duration) {
            writeByte(ValueTag.DURATION);
            writeLong(((Duration) value).getSeconds());
            writeInt(((Duration) value).getNano());
        } else if (value instanceof Period) {
            writeByte(ValueTag.PERIOD);
            writeInt(((Period) value).getYears());
            writeInt(((Period) value).getMonths());
            writeInt(((Period) value).getDays());
        } else if (value instanceof OffsetDateTime) {
            OffsetDateTime time = (OffsetDateTime) value;
            writeByte(ValueTag.OFFSET_DATE_TIME);
            writeLong(time.toLocalDate().toEpochDay());
            writeLong(time.toLocalTime().toNanoOfDay());
            writeInt(time.getOffset().getTotalSeconds());
        } else if (value instanceof ZonedDateTime) {
            ZonedDateTime time = (ZonedDateTime) value;
            writeByte(ValueTag.ZONED_DATE_TIME);
            writeLong(time.toLocalDate().toEpochDay());
            writeLong(time.toLocalTime().toNanoOfDay());
            writeInt(time.getOffset().getTotalSeconds());
            writeString(time.getZone().getId());
        } else if (value instanceof OffsetTime) {
            OffsetTime time = (OffsetTime) value;
            writeByte(ValueTag.OFFSET_TIME);
            writeLong(time.toLocalTime().toNanoOfDay());
            writeInt(time.getOffset().getTotalSeconds());
        } else if (value instanceof Year) {
            writeByte(ValueTag.YEAR);
            writeInt(((Year) value).getValue());
        } else if (value instanceof YearMonth) {
            writeByte(ValueTag.YEAR_MONTH);
            writeInt(((YearMonth) value).getYear());
            writeInt(((YearMonth) value).getMonthValue());
        } else if (value instanceof MonthDay) {
            writeByte(ValueTag.MONTH_DAY);
            writeInt(((MonthDay) value).getMonthValue());
            writeInt(((MonthDay) value).getDayOfMonth());
        } else if (value instanceof ZoneOffset) {
            writeByte(ValueTag.ZONE_OFFSET);
            writeInt(((ZoneOffset) value).getTotalSeconds());
        } else if (value instanceof ZoneId) {
            writeByte(ValueTag.ZONE_REGION);
            writeString(((ZoneId) value).getId());
        } else {
            throw unsupported(value);
        }
    }

    private void writeString(String value) {
        int length = value.length();
        boolean latin1 = true;
        for (int i = 0; i < length && latin1; i++) {
            latin1 = value.charAt(i) < 256;
        }
        writeByte(latin1 ? ValueTag.STRING_LATIN1 : ValueTag.STRING_UTF16);
        writeInt(length);
        if (latin1) {
            for (int i = 0; i < length; i++) {
                buffer.putByte(position + i, (byte) value.charAt(i));
            }
            position += length;
        } else {
            for (int i = 0; i < length; i++) {
                buffer.putChar(position + 2 * i, value.charAt(i));
            }
            position += 2 * length;
        }
    }

    private void writeBytes(byte[] bytes) {
        writeInt(bytes.length);
        buffer.putBytes(position, bytes);
        position += bytes.length;
    }

    private void writeArray(Object array) {
        noteArray();
        if (array instanceof int[]) {
            int[] values = (int[]) array;
            writeByte(ValueTag.INT_ARRAY);
            writeInt(values.length);
            for (int value : values) {
                writeInt(value);
            }
        } else if (array instanceof Object[]) {
            Object[] values = (Object[]) array;
            writeByte(ValueTag.OBJECT_ARRAY);
            writeInt(references.classIdOf(array.getClass().getComponentType()));
            writeInt(values.length);
            depth++;
            for (Object value : values) {
                writeValue(value);
            }
            depth--;
        } else if (array instanceof long[]) {
            long[] values = (long[]) array;
            writeByte(ValueTag.LONG_ARRAY);
            writeInt(values.length);
            for (long value : values) {
                writeLong(value);
            }
        } else if (array instanceof double[]) {
            double[] values = (double[]) array;
            writeByte(ValueTag.DOUBLE_ARRAY);
            writeInt(values.length);
            for (double value : values) {
                writeDouble(value);
            }
        } else if (array instanceof byte[]) {
            writeByte(ValueTag.BYTE_ARRAY);
            writeBytes((byte[]) array);
        } else if (array instanceof boolean[]) {
            boolean[] values = (boolean[]) array;
            writeByte(ValueTag.BOOLEAN_ARRAY);
            writeInt(values.length);
            for (boolean value : values) {
                writeBoolean(value);
            }
        } else if (array instanceof char[]) {
            char[] values = (char[]) array;
            writeByte(ValueTag.CHAR_ARRAY);
            writeInt(values.length);
            for (char value : values) {
                writeChar(value);
            }
        } else if (array instanceof short[]) {
            short[] values = (short[]) array;
            writeByte(ValueTag.SHORT_ARRAY);
            writeInt(values.length);
            for (short value : values) {
                writeShort(value);
            }
        } else {
            float[] values = (float[]) array;
            writeByte(ValueTag.FLOAT_ARRAY);
            writeInt(values.length);
            for (float value : values) {
                writeFloat(value);
            }
        }
    }

    private void writeCollection(Collection<?> collection) {
        byte tag;
        if (collection instanceof List) {
            tag = collection instanceof LinkedList ? ValueTag.LINKED_LIST : ValueTag.ARRAY_LIST;
        } else if (collection instanceof SortedSet) {
            requireNaturalOrder(((SortedSet<?>) collection).comparator(), collection);
            tag = ValueTag.TREE_SET;
        } else if (collection instanceof Set) {
            boolean unordered = collection instanceof HashSet && !(collection instanceof LinkedHashSet);
            tag = unordered ? ValueTag.HASH_SET : ValueTag.LINKED_HASH_SET;
        } else {
            tag = ValueTag.ARRAY_LIST;
        }
        noteContainer(collection);
        writeByte(tag);
        writeInt(collection.size());
        int written = 0;
        depth++;
        for (Object element : collection) {
            writeValue(element);
            written++;
        }
        depth--;
        requireStableSize(collection.size(), written, collection);
    }

    private void writeMap(Map<?, ?> map) {
        byte tag;
        if (map instanceof SortedMap) {
            requireNaturalOrder(((SortedMap<?, ?>) map).comparator(), map);
            tag = ValueTag.TREE_MAP;
        } else if (map instanceof HashMap && !(map instanceof LinkedHashMap)) {
            tag = ValueTag.HASH_MAP;
        } else {
            tag = ValueTag.LINKED_HASH_MAP;
        }
        noteContainer(map);
        writeByte(tag);
        writeInt(map.size());
        int written = 0;
        depth++;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            writeValue(entry.getKey());
            writeValue(entry.getValue());
            written++;
        }
        depth--;
        requireStableSize(map.size(), written, map);
    }

    private void requireNaturalOrder(Object comparator, Object container) {
        if (comparator != null) {
            throw new UnsupportedFieldTypeException("Cannot store the " + container.getClass().getName() + " in field "
                + fieldDescription() + ": it has a comparator (" + comparator.getClass().getName()
                + "), and comparators are not stored. Use natural ordering, or keep the comparator in a transient field"
                + " and store the elements in a List.");
        }
    }

    private void requireStableSize(int size, int written, Object container) {
        if (size != written) {
            throw new IllegalStateException("The " + container.getClass().getName() + " in field " + fieldDescription()
                + " changed size while it was written (" + size + " expected, " + written
                + " seen): commit() must not run concurrently with updates");
        }
    }

    private UnsupportedFieldTypeException unsupported(Object value) {
        return new UnsupportedFieldTypeException("Cannot store a value of type " + value.getClass().getName()
            + " in field " + fieldDescription() + ": values in stored arrays and collections must be of stored types"
            + " (primitives' boxes, String, enums, java.time values, BigInteger, BigDecimal, UUID, arrays,"
            + " java.util collections, or @Persistent objects).");
    }

    /** {@code Owner.field}, for messages. */
    String fieldDescription() {
        String name = fieldName();
        return (ownerType == null ? "?" : ownerType.getName()) + "." + name;
    }
}
