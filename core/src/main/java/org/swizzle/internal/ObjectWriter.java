package org.swizzle.internal;

import java.util.Collection;
import java.util.Map;

import org.swizzle.Persistent;
import org.swizzle.StoreException;
import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.ValueTooLargeException;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.PageSlot;
import org.swizzle.internal.tracked.Tracked;

/**
 * Unswizzles one object or stored collection into the stored format: the generated {@code $swz_write}
 * of each class calls the typed methods for its fields. References become OID and class id, and
 * collections the OID of their own stored image (new objects and collections reached this way are made
 * stored by the object manager); other values become tagged bytes, which the codecs named in
 * {@link ValueKind} write. One writer is reused for every object and collection of a commit.
 */
public final class ObjectWriter {

    private static final int SCRATCH_LENGTH = 4096;
    private static final int INITIAL_CAPACITY = 4096;

    private final LittleEndianBuffer buffer;
    private final ReferenceResolver references;
    private byte[] byteScratch;
    private char[] charScratch;
    /** Where the image being written starts: images {@link #keep() kept} lie before it. */
    private int start;
    private int position;
    private final LastFieldDescription description = new LastFieldDescription();
    private Class<?> ownerType;
    private String fieldName;
    private int fieldIndex;
    /** The object being written; null for the root directory and for a collection. */
    private Persistable owner;
    /** The collection being written; null for an object. */
    private Attachment collection;
    /** Arrays and collections the value being written is nested in. */
    private int depth;
    /** What the backing collection or page being written ({@link #writePart}) declares its elements as, or null. */
    private Class<?>[] partDeclared;
    private boolean holdsUntracked;

    /** What the writer needs from the object manager to write references. */
    interface ReferenceResolver {
        /** The OID of {@code object}, making it persistent if it is new; failing if it cannot be stored. */
        long oidOf(Object object, ObjectWriter writer);

        /** The catalog id of {@code type} in this store. */
        int classIdOf(Class<?> type);

        /** The catalog id of the class of {@code object}, which {@link #oidOf} accepted. */
        int classIdOf(Persistable object);

        /**
         * The OID of stored collection {@code collection} (a {@code Collection} or {@code Map}), making it a stored
         * thing of its own if it is new, and noting that the object or collection being written holds it.
         */
        long collectionOid(Object collection, ObjectWriter writer);

        /** Notes that the commit in progress stores {@code page}, made in this session, as the page {@code slot} holds. */
        void pageStored(PageSlot slot, Object page);

        /**
         * The OIDs of the pages of {@code array}, a large array of {@code element}s that the field being written holds
         * ({@link ValueKind#ARRAY_PAGES}), each page that differs from its committed bytes put by the commit in progress.
         */
        long[] arrayPages(Object array, ValueKind element, ObjectWriter writer);
    }

    /**
     * Writes {@code page}, a page of a paged collection held in {@code slot}, as the reference to it, noting a page
     * that this writes for the first time with its slot, for the resident budget. Its first element is element
     * {@code first} of its list (0 for a map's page), by which its element types are checked
     * ({@link DeclaredElements#ofChunk}), as when it is read.
     */
    void writePage(PageSlot slot, Object page, int first) {
        boolean stored = ((Tracked) page).attachment() != null;
        writePart(page, DeclaredElements.ofChunk(collection.declaredElements(), first));
        if (!stored && ((Tracked) page).attachment() != null) {
            references.pageStored(slot, page);
        }
    }

    /**
     * Writes {@code part}, the collection that holds the elements of the one being written (a backing collection, a
     * page), as the reference to it; stored first, it declares its elements as {@code declared}.
     */
    void writePart(Object part, Class<?>[] declared) {
        partDeclared = declared;
        try {
            writeValue(part);
        } finally {
            partDeclared = null;
        }
    }

    /**
     * What the collection written now as a value declares its elements as, by which a commit checks them when it stores
     * it first: what the field being written declares ({@link ClassLayout#declaredElements}), or, for a part of
     * another collection, what {@link #writePart} was given; null for any other.
     */
    Class<?>[] declaredElements() {
        if (owner != null && collection == null && depth == 0) {
            ClassLayout layout = ClassLayout.of(owner.getClass());
            return fieldName != null ? layout.declaredElements(fieldName) : layout.declaredElements(fieldIndex);
        }
        return partDeclared;
    }

    /**
     * Writes {@code value}, at {@code index} of {@code declared}, what the collection being written declares its
     * elements (or keys and values) as, refusing one of a class the declaration does not admit: Java lets a raw type or
     * an unchecked cast put it there, and stored, it would be refused on every read.
     */
    void writeElement(Object value, Class<?>[] declared, int index, boolean keysAndValues) {
        writeValue(value); // first: a value that cannot be stored at all is refused as such
        if (declared != null) {
            DeclaredElements.requireAdmitted(declared, index, keysAndValues, value, this);
        }
    }

    ObjectWriter(ReferenceResolver references) {
        this(references, LittleEndianBuffer.growable(INITIAL_CAPACITY));
    }

    /** A writer into {@code buffer}, which grows as the writer claims room if it can. */
    ObjectWriter(ReferenceResolver references, LittleEndianBuffer buffer) {
        this.references = references;
        this.buffer = buffer;
    }

    /**
     * Drops the images kept, and lets go of the buffer's memory if it grew past {@code keptCapacity} bytes (for an image
     * as large), so that a commit's largest image does not stay as long as the store is open.
     */
    void letGoPast(int keptCapacity) {
        dropKept();
        buffer.letGoPast(keptCapacity, INITIAL_CAPACITY);
    }

    /** Starts a new image, of no persistent object, after the images kept. */
    void reset() {
        position = start;
        owner = null;
        collection = null;
        depth = 0;
    }

    /**
     * Starts the image of {@code object}, noting whether it holds values that change without a barrier
     * ({@link #holdsUntracked()}).
     */
    void beginObject(Persistable object) {
        reset();
        owner = object;
        holdsUntracked = false;
    }

    /** Starts the image of a stored collection: its elements, the collections among them as references. */
    void beginCollection(Attachment attachment) {
        reset();
        collection = attachment;
        holdsUntracked = false;
    }

    /** The object being written, or null. */
    Persistable owner() {
        return owner;
    }

    /** The hierarchy-global index of the field being written, named by {@link #field(int)}. */
    int fieldIndex() {
        return fieldIndex;
    }

    /** Whether the value being written is a field's own, not nested in an array or collection, of an object. */
    boolean writesField() {
        return owner != null && depth == 0 && fieldName == null;
    }

    /** The OIDs of the pages of {@code array}, a large array the field being written holds (see {@link ReferenceResolver#arrayPages}). */
    long[] arrayPages(Object array, ValueKind element) {
        return references.arrayPages(array, element, this);
    }

    /** The collection being written, or null. */
    Attachment collection() {
        return collection;
    }

    /**
     * Starts the image of {@code object} as a copy of its committed image of {@code length} bytes, positioned
     * after the shape number, to write its fixed-size fields over it; {@link #endOverwrite} follows.
     */
    void beginOverwrite(Persistable object, LittleEndianBuffer committed, int length) {
        beginObject(object);
        buffer.putBytes(start, committed, 0, length);
        position = start + Short.BYTES;
    }

    /** Ends an image begun by {@link #beginOverwrite}: the rest of the committed bytes stay as they are. */
    void endOverwrite(int length) {
        position = start + length;
    }

    /** Keeps the image written last in the buffer, at {@link #start()}: the next one starts after it. */
    void keep() {
        start = position;
    }

    /** Drops the images kept: the next one starts at offset 0. */
    void dropKept() {
        start = 0;
        position = 0;
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
    }

    /**
     * Whether the object or collection written holds a value that can change without running a barrier: an
     * array inside an array or collection (arrays in an object's fields are the accessors' business: they
     * watch the object when one escapes). The object manager then compares it with its committed bytes at
     * every commit.
     */
    boolean holdsUntracked() {
        return holdsUntracked;
    }

    private void noteArray() {
        if (depth > 0) {
            holdsUntracked = true;
        }
    }

    LittleEndianBuffer buffer() {
        return buffer;
    }

    /** Where in {@link #buffer()} the image being written starts. */
    int start() {
        return start;
    }

    /** The length of the image being written, so far. */
    int length() {
        return position - start;
    }

    /** Where in {@link #buffer()} the next byte goes. */
    int position() {
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

    /** The OID of persistent object {@code object}, made persistent if it is new, as a reference to it writes. */
    long oidOf(Object object) {
        return references.oidOf(object, this);
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

    /** An embedded value: a tag and its payload (see {@link ValueKind}). */
    public void writeValue(Object value) {
        if (value == null) {
            writeKind(ValueKind.NULL);
        } else if (value instanceof String) {
            StringCodec.write(this, (String) value);
        } else if (!ScalarCodec.writeBox(this, value)) {
            writeObject(value);
        }
    }

    private void writeObject(Object value) {
        if (value instanceof Persistable) {
            writeKind(ValueKind.REFERENCE);
            writeReference(value);
        } else if (value.getClass().isArray()) {
            noteArray();
            if (value instanceof Object[]) {
                ContainerCodec.write(this, (Object[]) value);
            } else {
                PrimitiveArrayCodec.write(this, value);
            }
        } else if (value instanceof Collection || value instanceof Map) {
            writeKind(ValueKind.COLLECTION);
            writeLong(references.collectionOid(value, this));
        } else if (!ScalarCodec.writeOther(this, value) && !TimeCodec.write(this, value)) {
            throw unsupported(value);
        }
    }

    void writeKind(ValueKind kind) {
        writeByte(kind.tag());
    }

    /** Makes room for {@code bytes} bytes at the current position and moves past them; returns where they start. */
    int claim(long bytes) {
        int at = position;
        if (position + bytes > LittleEndianBuffer.MAX_CAPACITY) {
            throw new ValueTooLargeException("Cannot store a value of " + bytes + " bytes in field " + fieldDescription()
                + ": with the " + position + " bytes before it, the image of what holds it would pass "
                + LittleEndianBuffer.MAX_CAPACITY + " bytes, the most one stored object can hold. Keep such data in"
                + " several objects or fields.");
        }
        int end = (int) (position + bytes);
        buffer.ensureCapacity(end);
        position = end;
        return at;
    }

    /** A byte array to encode through, a piece at a time; the same array at every call. */
    byte[] byteScratch() {
        if (byteScratch == null) {
            byteScratch = new byte[SCRATCH_LENGTH];
        }
        return byteScratch;
    }

    /** A char array to encode through, a piece at a time; the same array at every call. */
    char[] charScratch() {
        if (charScratch == null) {
            charScratch = new char[SCRATCH_LENGTH];
        }
        return charScratch;
    }

    /** The catalog id of {@code type} in this store. */
    int classIdOf(Class<?> type) {
        return references.classIdOf(type);
    }

    /** Enters an array or collection: its elements are nested values. */
    void enter() {
        depth++;
    }

    void exit() {
        depth--;
    }

    /**
     * Why {@code value} cannot be stored in the array or collection being written: for an object of a class annotated
     * {@code @Persistent} that was not enhanced, the agent's refusal of the class, or why it was not enhanced.
     */
    private StoreException unsupported(Object value) {
        if (value.getClass().isAnnotationPresent(Persistent.class)) {
            try {
                ClassLayout.requireEnhanced(value.getClass());
            } catch (StoreException refusal) {
                return refusal;
            }
        }
        return new UnsupportedFieldTypeException("Cannot store a value of type " + value.getClass().getName()
            + " in field " + fieldDescription() + ": values in stored arrays and collections must be of stored types"
            + " (primitives' boxes, String, enums, java.time values, BigInteger, BigDecimal, UUID, arrays,"
            + " java.util collections, or @Persistent objects). " + (ClassLayout.isGenerated(value.getClass())
                ? ClassLayout.generatedClassAdvice("store")
                : value.getClass().isAnonymousClass() ? ClassLayout.anonymousClassAdvice(value.getClass(), "store")
                : value.getClass().isRecord() ? value.getClass().getName() + " is a record, which cannot be @Persistent:"
                    + " store its components as such values, or hold them in a @Persistent class and store that"
                : StoredTypes.isPlatform(value.getClass()) ? value.getClass().getName()
                    + " is a JDK class, which cannot be @Persistent: store its state as such values"
                : "Annotate " + value.getClass().getName() + " with @org.swizzle.Persistent if it is your class, store its"
                    + " state as such values")
            + ", or keep it out of the stored collection (in a transient field)."
            + StoredTypes.legacyTimeAdvice(value.getClass().getName()));
    }

    /** {@code Owner.field}, for messages: for a collection, the field it was reached through first. */
    String fieldDescription() {
        if (collection != null) {
            return collection.origin();
        }
        if (fieldName == null && owner != null) {
            return ClassLayout.of(owner.getClass()).fieldDescription(fieldIndex);
        }
        return description.of(ownerType, fieldName);
    }
}
