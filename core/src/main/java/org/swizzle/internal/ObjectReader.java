package org.swizzle.internal;

import java.lang.reflect.Array;
import java.util.function.LongConsumer;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.internal.tracked.Attachment;

/**
 * Fills one object or stored collection from its stored bytes: the generated {@code $swz_read} of each
 * class calls the typed methods for its fields. References are swizzled by the object manager (to the
 * resident instance, or to a new hollow one, without reading the target), and so are collections (to the
 * resident instance, or to one read now); values are rebuilt from their tags by the codecs named in
 * {@link ValueKind}, and skipped by the layout it gives each tag.
 */
public final class ObjectReader {

    /** Scratch arrays up to this size are kept for the next value. */
    private static final int SCRATCH_LIMIT = 1 << 16;

    private final ReferenceSwizzler references;
    /** The class of the next reference array read: see {@link #readNextArrayAs}. */
    private Class<?> nextArrayType;
    /** Whether the next reference array keeps its stored class where {@link #nextArrayType} admits it. */
    private boolean nextArrayKeepsItsClass;
    private final SharedStrings strings;
    private byte[] scratch;
    private LittleEndianBuffer buffer;
    private int position;
    private int limit;
    /** The object being filled and the field being read; null for roots and collections. */
    private Persistable owner;
    private String fieldName;
    private final LastFieldDescription description = new LastFieldDescription();
    /** The collection being filled; null for roots and objects. */
    private Attachment collection;
    /** In a large {@code HashSet}'s image: what the set's elements are declared as (see {@link #beginCollection}). */
    private Class<?>[] elementsDeclared;
    /** Arrays and collections the value being read is nested in. */
    private int depth;
    private boolean needsWatch;
    /** Whether the collection whose image this is is read for a key: see {@link #isReadForKey}. */
    private boolean readForKey;

    /** What the reader needs from the object manager to turn stored references into Java ones. */
    interface ReferenceSwizzler {
        /** The one Java object for {@code oid}: resident, or a new hollow instance of {@code classId}'s class. */
        Object swizzle(long oid, int classId);

        /** The class with catalog id {@code classId}. */
        Class<?> classOf(int classId);

        /**
         * The one Java instance of stored collection {@code oid}, read now if it is not resident; {@code holder}
         * (the object or the collection attachment being read, or null) is noted as holding it.
         */
        Object collection(long oid, Object holder, ObjectReader from);

        /** Names the object being read, for error messages. */
        String describe();

        /** The array whose pages {@code directory}, read by {@code from}, lists: read from the store now. */
        default Object pagedArray(PrimitiveArrayCodec.Directory directory, ObjectReader from) {
            throw new IllegalStateException(describe() + " has no paged arrays");
        }

        /** The constant {@code name} of the enum with catalog id {@code classId}, which {@code in} is reading. */
        default Object enumConstant(int classId, String name, ObjectReader in) {
            return ScalarCodec.enumConstant(classOf(classId), name, in);
        }

        /**
         * {@code key}, a persistent object or a collection, went into {@code collection}, a set or map that hashes or
         * orders it, while objects it may read to do so could still be being read themselves.
         */
        default void keyPut(Object collection, Object key) {
        }

        /**
         * {@code key} (with {@code value}, in a map), the {@code index}th stored in {@code collection}, found an equal
         * one there as it went in: returns whether it is kept aside, to go in once the read is whole, because objects its
         * hash or order read may have been partly read; if not, the collection is refused.
         */
        default boolean keptAside(Object collection, Object key, Object value, int index) {
            return false;
        }

        /**
         * The application's {@code hashCode}, {@code equals} or {@code compareTo} threw {@code failure} as a value went
         * into a collection being read: it is passed on as it is, never taken for a sign of a malformed image.
         */
        default void applicationThrew(RuntimeException failure) {
        }

        /** A new array for {@code length} elements of the class with catalog id {@code classId}. */
        default Object[] newArray(int classId, int length) {
            return (Object[]) Array.newInstance(classOf(classId), length);
        }

        /** For values that hold no references and no class ids, such as boxes; {@code description} names them. */
        static ReferenceSwizzler none(String description) {
            return new ReferenceSwizzler() {
                @Override
                public Object swizzle(long oid, int classId) {
                    throw new IllegalStateException(description + " has no references");
                }

                @Override
                public Class<?> classOf(int classId) {
                    throw new IllegalStateException(description + " has no class ids");
                }

                @Override
                public Object collection(long oid, Object holder, ObjectReader from) {
                    throw new IllegalStateException(description + " has no collections");
                }

                @Override
                public String describe() {
                    return description;
                }
            };
        }
    }

    ObjectReader(ReferenceSwizzler references) {
        this(references, new SharedStrings());
    }

    /** A reader sharing the short strings it reads with the other readers of {@code strings}, used under one lock. */
    ObjectReader(ReferenceSwizzler references, SharedStrings strings) {
        this.references = references;
        this.strings = strings;
    }

    void reset(LittleEndianBuffer buffer, int length) {
        this.buffer = buffer;
        this.position = 0;
        this.limit = length;
        release();
        this.depth = 0;
        this.needsWatch = false;
        this.readForKey = false;
    }

    /**
     * Lets go of the object and the collection the last read was in: a reader kept for the next read must not keep an
     * object the application dropped in memory, where the store could never free it.
     */
    void release() {
        this.owner = null;
        this.fieldName = null;
        this.collection = null;
        this.elementsDeclared = null;
    }

    /** The image {@link #reset} gave is a collection read as a key, or inside one: every value in it is read for a key. */
    void readForKey() {
        this.readForKey = true;
    }

    /**
     * Whether the collection whose image this is goes where it is hashed or compared (a set's element, a map's key),
     * or is in one: every collection it holds must hold its elements before it goes in (see {@link CollectionFill}).
     */
    boolean isReadForKey() {
        return readForKey;
    }

    /** Starts reading array or collection field {@code fieldName} of {@code owner}, which holds what it refers to. */
    void beginField(Persistable owner, String fieldName) {
        this.owner = owner;
        this.fieldName = fieldName;
    }

    /**
     * What the field being read declares the elements of the collection it holds as, when the value being read is
     * that collection: see {@link ClassLayout#declaredElements}; in a large {@code HashSet}'s image, what the set was
     * read as (see {@link #beginCollection}); null otherwise.
     */
    Class<?>[] declaredElements() {
        return readsField() ? ClassLayout.of(owner.getClass()).declaredElements(fieldName) : elementsDeclared;
    }

    /** Whether the value being read is the whole value of the field {@link #beginField} started, not one inside it. */
    boolean readsField() {
        return owner != null && collection == null && depth == 0;
    }

    /** The object whose field is being read, or null. */
    Persistable owner() {
        return owner;
    }

    /**
     * Starts filling a stored collection from the image {@link #reset} gave, after its kind and count; for a large
     * {@code HashSet}, whose one value is the map of its elements, {@code elementsDeclared} is what the set was read as.
     */
    void beginCollection(Attachment attachment, Class<?>[] elementsDeclared) {
        this.collection = attachment;
        this.elementsDeclared = elementsDeclared;
    }

    /** {@code Owner.field} of the field being read: where a collection read from it is met first. */
    String fieldDescription() {
        if (collection != null) {
            return collection.origin();
        }
        if (owner == null) {
            return describe();
        }
        return description.of(owner.getClass(), fieldName);
    }

    /**
     * Whether the object or collection just read holds values that can change without a barrier: arrays
     * inside collections or arrays, which a read of the collection hands out, or a collection in an old
     * store's format, which belongs to no store yet. It is compared with its committed bytes at every commit.
     */
    boolean needsWatch() {
        return needsWatch;
    }

    /** Notes that the object or collection being read must be compared with its committed bytes at every commit. */
    void watchOwner() {
        needsWatch = true;
    }

    int position() {
        return position;
    }

    /** The bytes of the image left after the position. */
    int remaining() {
        return limit - position;
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

    /** An embedded value: a tag and its payload (see {@link ValueKind}). */
    public Object readValue() {
        ValueKind kind = readKind();
        if (nextArrayType != null && kind != ValueKind.OBJECT_ARRAY) {
            nextArrayType = null; // it is for the next value only, which is no array of references
        }
        switch (kind.codec()) {
            case SCALAR: return ScalarCodec.read(kind, this);
            case STRING: return StringCodec.read(kind, this);
            case TIME: return TimeCodec.read(kind, this);
            case REFERENCE: return readReference();
            case COLLECTION: return references.collection(readLong(), owner != null ? owner : collection, this);
            case PRIMITIVE_ARRAY:
                nestedArray();
                return PrimitiveArrayCodec.read(kind, this);
            default: return ContainerCodec.read(kind, this);
        }
    }

    ValueKind readKind() {
        byte tag = readByte();
        ValueKind kind = ValueKind.of(tag);
        if (kind == null) {
            throw corrupt("unknown value tag " + tag);
        }
        return kind;
    }

    /**
     * The count that starts the tail of a value of {@code kind}, checked against the bytes left in the object
     * before anything is allocated for it: each element takes {@link ValueKind#unit()} bytes at least.
     */
    int readCount(ValueKind kind) {
        int count = readLength();
        if ((long) count * kind.unit() > limit - position) {
            throw corrupt("a count of " + count + " elements does not fit in the " + (limit - position)
                + " bytes left in the object");
        }
        return count;
    }

    /** Moves past the next {@code bytes} bytes, which the object must hold; returns where they start. */
    int take(long bytes) {
        check(bytes);
        int at = position;
        position += (int) bytes;
        return at;
    }

    LittleEndianBuffer buffer() {
        return buffer;
    }

    /** The table of short strings this reader shares with the others of its object manager. */
    SharedStrings strings() {
        return strings;
    }

    /**
     * A byte array of at least {@code length} bytes, to decode from and drop before the next value is read;
     * reused up to a size, so that reading a string allocates the string alone.
     */
    byte[] scratch(int length) {
        if (length > SCRATCH_LIMIT) {
            return new byte[length];
        }
        if (scratch == null || scratch.length < length) {
            scratch = new byte[Math.max(length, scratch == null ? 64 : 2 * scratch.length)];
        }
        return scratch;
    }

    /** The class with catalog id {@code classId}. */
    Class<?> classOf(int classId) {
        return references.classOf(classId);
    }

    /** The constant {@code name} of the enum with catalog id {@code classId}. */
    Object enumConstant(int classId, String name) {
        return references.enumConstant(classId, name, this);
    }

    /**
     * Makes the next value this reads, if it is an array of references, an array of class {@code type} rather than
     * of the class its elements were stored as: a field retyped from {@code Part[]} to {@code Named[]} holds a
     * {@code Named[]}, which takes any {@code Named}. An element {@code type} does not admit fails the store into it
     * with an {@link ArrayStoreException}.
     */
    void readNextArrayAs(Class<?> type) {
        nextArrayType = type;
        nextArrayKeepsItsClass = false;
    }

    /**
     * As {@link #readNextArrayAs}, but an array stored as a class {@code type} admits keeps that class: a {@code Leaf[]}
     * in a {@code List<Base[]>} is a {@code Leaf[]} again, as it was when stored. For the arrays a collection holds,
     * whose declaration may or may not have changed since: a field's is known to have.
     */
    void readNextArrayAdmittedBy(Class<?> type) {
        nextArrayType = type;
        nextArrayKeepsItsClass = true;
    }

    /** Whether the next array keeps its stored class where the class set for it admits it (see {@link #readNextArrayAdmittedBy}). */
    boolean nextArrayKeepsItsClass() {
        return nextArrayKeepsItsClass;
    }

    /** The class {@link #readNextArrayAs} or {@link #readNextArrayAdmittedBy} set, or null; cleared. */
    Class<?> takeNextArrayType() {
        Class<?> type = nextArrayType;
        nextArrayType = null;
        nextArrayKeepsItsClass = false;
        return type;
    }

    /** See {@link ReferenceSwizzler#applicationThrew}; returns {@code failure}, to throw. */
    RuntimeException applicationThrew(RuntimeException failure) {
        references.applicationThrew(failure);
        return failure;
    }

    /** See {@link ReferenceSwizzler#keptAside}. */
    boolean keptAside(Object collection, Object key, Object value, int index) {
        return references.keptAside(collection, key, value, index);
    }

    /** See {@link ReferenceSwizzler#keyPut}. */
    void keyPut(Object collection, Object key) {
        references.keyPut(collection, key);
    }

    /** A new array for {@code length} elements of the class with catalog id {@code classId}. */
    Object[] newArray(int classId, int length) {
        return references.newArray(classId, length);
    }

    /** The array whose pages {@code directory} lists (see {@link ReferenceSwizzler#pagedArray}). */
    Object pagedArray(PrimitiveArrayCodec.Directory directory) {
        return references.pagedArray(directory, this);
    }

    /** Names the object being read, for messages. */
    String describe() {
        return references.describe();
    }

    /** Enters an array ({@code array}) or a collection: its elements are nested values. */
    void enter(boolean array) {
        if (array) {
            nestedArray();
        }
        depth++;
    }

    void exit() {
        depth--;
    }

    /**
     * An array inside an array or collection: a collection holding it is watched, as its reads hand the array out
     * unseen; an object's field is not (an array of arrays), as the agent makes each load of it that may hand a row
     * out watch the object, and one that only reads the rows watch nothing.
     */
    private void nestedArray() {
        if (depth > 0 && (owner == null || collection != null)) {
            needsWatch = true;
        }
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

    /** As {@link #forEachReference(Shape, LongConsumer)} for a stored collection, whose image is one value. */
    void forEachReference(LongConsumer references) {
        skipValue(references);
    }

    private void skip(FieldKind kind, LongConsumer references) {
        if (kind == FieldKind.REFERENCE && references != null) {
            reference(references);
        } else if (kind.isFixedSize()) {
            take(kind.fixedSize());
        } else {
            skipValue(references);
        }
    }

    private void reference(LongConsumer references) {
        long oid = readLong();
        take(4);
        if (oid != 0) {
            references.accept(oid);
        }
    }

    private void skipValue(LongConsumer references) {
        ValueKind kind = readKind();
        if (kind == ValueKind.REFERENCE && references != null) {
            reference(references);
            return;
        }
        if (kind == ValueKind.COLLECTION && references != null) {
            references.accept(readLong());
            return;
        }
        if (kind == ValueKind.ARRAY_PAGES && references != null) {
            for (long page : PrimitiveArrayCodec.readDirectory(this).pages()) {
                references.accept(page);
            }
            return;
        }
        take(kind.fixedBytes());
        switch (kind.tail()) {
            case BYTES: take((long) readCount(kind) * kind.unit()); return;
            case VALUE: skipValue(references); return;
            case VALUES: skipValues(references, (long) readCount(kind) * kind.unit()); return;
            default: return;
        }
    }

    private void skipValues(LongConsumer references, long count) {
        for (long i = 0; i < count; i++) {
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

    IllegalStateException corrupt(String problem) {
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
