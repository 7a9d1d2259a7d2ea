package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.PageSlot;
import org.swizzle.internal.tracked.Tracked;
import org.swizzle.internal.tracked.TestAttachmentStore;

/**
 * References and class ids for values written and read without a store: class ids in the order the
 * classes are met, {@code Object} first, at most one referenced object, with a given OID and class id, and
 * stored collections, numbered from {@link #FIRST_COLLECTION} in the order they are met, whose images are
 * kept here and read back as new instances, one per OID; and the pages of large arrays in fields, numbered from
 * {@link #FIRST_PAGE}, kept here too.
 */
final class TestReferences implements ObjectWriter.ReferenceResolver, ObjectReader.ReferenceSwizzler {

    static final long FIRST_COLLECTION = 100;
    static final long FIRST_PAGE = 1_000_000;

    private final List<Class<?>> classes = new ArrayList<>(List.of(Object.class));
    private final Map<Object, Long> collectionOids = new IdentityHashMap<>();
    private final Map<Long, byte[]> images = new HashMap<>();
    private final Map<Long, byte[]> pages = new HashMap<>();
    private final Map<Long, Object> read = new HashMap<>();
    private final Persistable referenced;
    private final long oid;
    private final int classId;

    /** No references: writing or reading one fails the test. */
    TestReferences() {
        this(null, 0, 0);
    }

    TestReferences(Persistable referenced, long oid, int classId) {
        this.referenced = referenced;
        this.oid = oid;
        this.classId = classId;
    }

    /** Forgets the class ids and the collections given so far. */
    void forget() {
        classes.subList(1, classes.size()).clear();
        collectionOids.clear();
        images.clear();
        read.clear();
        pages.clear();
    }

    /** The number of array pages written here. */
    int pageCount() {
        return pages.size();
    }

    /** The stored image of collection {@code oid}, as its writer wrote it. */
    byte[] image(long oid) {
        return images.get(oid);
    }

    /** Stores {@code image} as collection {@code oid}'s, as damage or another version would have. */
    void putImage(long oid, byte[] image) {
        images.put(oid, image);
        read.remove(oid);
    }

    @Override
    public void pageStored(PageSlot slot, Object page) {
    }

    @Override
    public long[] arrayPages(Object array, ValueKind element, ObjectWriter from) {
        int length = Array.getLength(array);
        int perPage = PrimitiveArrayCodec.pageLength(element);
        long[] oids = new long[PrimitiveArrayCodec.pageCount(element, length)];
        LittleEndianBuffer image = LittleEndianBuffer.growable(64);
        for (int i = 0; i < oids.length; i++) {
            int imageLength = PrimitiveArrayCodec.writePage(image, element, array, i * perPage, Math.min(perPage, length - i * perPage));
            byte[] bytes = new byte[imageLength];
            image.getBytes(0, bytes);
            oids[i] = FIRST_PAGE + pages.size();
            pages.put(oids[i], bytes);
        }
        return oids;
    }

    @Override
    public Object pagedArray(PrimitiveArrayCodec.Directory directory, ObjectReader from) {
        Object array = PrimitiveArrayCodec.newArray(directory.element(), directory.length());
        int perPage = PrimitiveArrayCodec.pageLength(directory.element());
        for (int i = 0; i < directory.pages().length; i++) {
            byte[] image = pages.get(directory.pages()[i]);
            assertNotNull(image, "page " + directory.pages()[i] + " was written");
            int first = i * perPage;
            assertNull(PrimitiveArrayCodec.readPage(LittleEndianBuffer.of(image), image.length, directory.element(), array, first,
                Math.min(perPage, directory.length() - first)));
        }
        return array;
    }

    @Override
    public long collectionOid(Object collection, ObjectWriter from) {
        Long known = collectionOids.get(collection);
        if (known != null) {
            return known;
        }
        long oid = FIRST_COLLECTION + collectionOids.size();
        collectionOids.put(collection, oid);
        ObjectWriter writer = new ObjectWriter(this);
        Attachment attachment = new Attachment(TestAttachmentStore.IGNORING_CHANGES, collection, oid, from.fieldDescription());
        if (collection instanceof Tracked && ((Tracked) collection).attachment() == null) {
            ((Tracked) collection).attach(attachment); // as the store adopts a new tracked collection
        }
        writer.beginCollection(attachment);
        ContainerCodec.writeBody(writer, ContainerCodec.kindOf(collection, writer), collection);
        byte[] image = new byte[writer.length()];
        writer.buffer().getBytes(0, image);
        images.put(oid, image);
        return oid;
    }

    @Override
    public Object collection(long oid, Object holder, ObjectReader from) {
        Object known = read.get(oid);
        if (known != null) {
            return known;
        }
        byte[] image = images.get(oid);
        assertNotNull(image, "collection " + oid + " was written");
        ObjectReader reader = new ObjectReader(this);
        reader.reset(LittleEndianBuffer.of(image), image.length);
        ValueKind kind = reader.readKind();
        int size = ContainerCodec.readSize(kind, reader);
        Object collection = ContainerCodec.newCollection(kind, size);
        read.put(oid, collection);
        new CollectionFill(collection, kind, size, reader).next(CollectionFill.NOTHING_WAITS); // nested ones are read at once, above
        assertEquals(image.length, reader.position(), "the reader consumes the whole image of collection " + oid);
        return collection;
    }

    @Override
    public long oidOf(Object object, ObjectWriter from) {
        assertSame(referenced(), object);
        return oid;
    }

    @Override
    public int classIdOf(Class<?> type) {
        if (!classes.contains(type)) {
            classes.add(type);
        }
        return classes.indexOf(type);
    }

    @Override
    public int classIdOf(Persistable object) {
        assertSame(referenced(), object);
        return classId;
    }

    @Override
    public Object swizzle(long oid, int classId) {
        assertEquals(this.oid, oid);
        assertEquals(this.classId, classId);
        return referenced();
    }

    @Override
    public Class<?> classOf(int classId) {
        return classes.get(classId);
    }

    @Override
    public String describe() {
        return "test value";
    }

    private Persistable referenced() {
        if (referenced == null) {
            throw new AssertionError("no references here");
        }
        return referenced;
    }
}
