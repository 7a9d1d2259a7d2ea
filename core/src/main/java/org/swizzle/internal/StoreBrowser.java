package org.swizzle.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ObjLongConsumer;

import org.agrona.collections.LongArrayList;
import org.agrona.collections.LongHashSet;
import org.swizzle.StoreCorruptedException;

import org.swizzle.internal.tracked.Paged;
import org.swizzle.store.DamageFound;
import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.store.ReferenceFindings;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;

/**
 * A read-only view of a closed store's objects as its class catalog describes them, for the tool: the named
 * roots, the stored objects with their class names, and an object's fields decoded by the {@link ObjectReader}.
 * It needs none of the application's classes: a reference, an enum constant or an array is described by its
 * stored class name ({@link Reference}, {@link EnumConstant}, {@code Object[]}) instead of being made into
 * an object of the application. The store is opened read-only: nothing is written, not even the lock file.
 */
public final class StoreBrowser implements AutoCloseable {

    /** A named root: the OID and the class of the object it is bound to. */
    public record Root(String name, long oid, String className) {
    }

    /** A stored object or collection: its OID, its class and the length of its stored image. */
    public record StoredObject(long oid, String className, int length) {
    }

    /** A stored field of an object: its name, its JVM descriptor and its decoded value. */
    public record Field(String name, String descriptor, Object value) {
    }

    /**
     * A stored object decoded: the fields of an object, in storage order, under shape {@code shape} of its
     * class; or, for a stored collection ({@code shape} -1, no fields), the collection in {@code contents}.
     */
    public record Decoded(StoredObject object, int shape, List<Field> fields, Object contents) {

        public boolean isCollection() {
            return shape < 0;
        }
    }

    /** A stored reference: the OID of the object or collection referred to and its stored class name. */
    public record Reference(long oid, String className) implements Comparable<Reference> {

        @Override
        public int compareTo(Reference other) {
            return Long.compare(oid, other.oid);
        }
    }

    /**
     * A large collection stored in pages: its JDK class's simple name ({@code HashMap}, {@code ArrayList}), its
     * size, its pages, each a stored collection of that class, and the sections its directory is stored in (none
     * for a directory stored whole).
     */
    public record PagedCollection(String type, int size, List<Reference> pages, List<Reference> sections) {
    }

    /**
     * A large primitive array in a field, stored in pages: its type ({@code long[]}), its length and its pages, each a
     * stored thing holding a slice of it.
     */
    public record PagedArray(String type, int length, List<Reference> pages) {
    }

    /**
     * A large collection stored as one reference to the collection of its elements (a {@code HashSet}'s or {@code
     * TreeSet}'s map, a {@code LinkedList}'s or {@code TreeMap}'s list): what it is, in words ("a LinkedList kept in a
     * list of its own"), and that collection.
     */
    public record KeptIn(String what, Reference collection) {
    }

    /** A section of a paged collection's directory, stored on its own: the pages it lists. */
    public record DirectorySection(List<Reference> pages) {
    }

    /** A stored enum constant: the enum's class name and the constant's name. */
    public record EnumConstant(String className, String name) implements Comparable<EnumConstant> {

        @Override
        public int compareTo(EnumConstant other) {
            int byClass = className.compareTo(other.className);
            return byClass != 0 ? byClass : name.compareTo(other.name);
        }
    }

    private final SegmentStore store;
    private final Catalog catalog;
    private final Roots roots = new Roots();
    private final Describer describer = new Describer();
    private final ObjectReader reader = new ObjectReader(describer);
    private final LittleEndianBuffer view = LittleEndianBuffer.empty();

    private StoreBrowser(SegmentStore store) {
        this.store = store;
        this.catalog = new Catalog(StoreBrowser.class.getClassLoader(), Set.of(),
            problem -> store.corruptObject(SegmentStore.CATALOG_OID, problem));
    }

    /**
     * Opens the store in {@code directory} read-only: {@link org.swizzle.NotAStoreException} if there is none,
     * {@link org.swizzle.ReadOnlyStoreException} if its log holds commits not yet applied. Damage the open goes past is
     * not logged: the caller reports {@link #damageFound()}.
     */
    public static StoreBrowser open(Path directory) {
        SegmentStore store = SegmentStore.open(directory, StoreConfig.defaults().withCreateIfMissing(false).withReadOnly(true)
            .withDamageLogged(false));
        try {
            StoreBrowser browser = new StoreBrowser(store);
            StoreDirectory.read(store, browser.catalog, browser.roots, browser.reader);
            return browser;
        } catch (RuntimeException | Error e) {
            store.close();
            throw e;
        }
    }

    public Path directory() {
        return store.directory();
    }

    /** The named roots, in stored order. */
    public List<Root> roots() {
        List<Root> found = new ArrayList<>();
        for (Roots.Binding root : roots.stored()) {
            found.add(new Root(root.name(), root.oid(), className(SegmentStore.ROOTS_OID, root.classId())));
        }
        return found;
    }

    /** The class names of the catalog, by class id, as objects are listed under them ({@code long[]} for array pages). */
    public List<String> classNames() {
        List<String> names = new ArrayList<>(catalog.names());
        for (int i = 0; i < names.size(); i++) {
            int classId = i + 1; // ids start at 1
            if (catalog.isArrayPage(classId)) {
                names.set(i, catalog.type(classId).getSimpleName());
            }
        }
        return names;
    }

    /**
     * Hands every stored object and collection to {@code action}, in OID order (the root directory and catalog left
     * out); one whose table entry fails its checks, or whose class the catalog lacks, to {@code damaged}, with what is
     * wrong, and the pass goes on.
     */
    public void forEachObject(Consumer<StoredObject> action, ObjLongConsumer<StoreCorruptedException> damaged) {
        long limit = store.oidLimit();
        for (long oid = store.nextObject(SegmentStore.CATALOG_OID + 1); oid < limit; oid = store.nextObject(oid + 1)) {
            StoredObject object;
            try {
                object = object(oid);
            } catch (StoreCorruptedException e) {
                damaged.accept(e, oid);
                continue;
            }
            action.accept(object);
        }
    }

    /** What the read-only open found damaged in the store's object tables and went past; none in an intact store. */
    public DamageFound damageFound() {
        return store.damageFound();
    }

    /**
     * Reads the references of every root and every stored object and collection, and names each that names no stored
     * object (what a collector that freed a reachable object leaves), and each holder whose references cannot be read.
     * One held by an object no root reaches is garbage a collection cycle cut short left, not damage: told apart by
     * marking from the roots, which only a store with such references pays for.
     */
    public ReferenceFindings findDanglingReferences() {
        List<String> problems = new ArrayList<>();
        long checked = 0;
        for (Roots.Binding root : roots.stored()) {
            checked++;
            String problem = root.oid() == 0 ? null : targetProblem(root.oid());
            if (problem != null) {
                problems.add("root '" + root.name() + "' refers to OID " + root.oid() + ", " + problem);
            }
        }
        StoredReferences references = new StoredReferences(store, catalog, reader);
        LongArrayList danglingHolders = new LongArrayList();
        List<String> dangling = new ArrayList<>();
        long limit = store.oidLimit();
        for (long oid = store.nextObject(SegmentStore.CATALOG_OID + 1); oid < limit; oid = store.nextObject(oid + 1)) {
            checked++;
            String object = "object " + oid;
            try {
                long holderOid = oid;
                String holder = object + " (" + className(oid, store.classId(oid)) + ")";
                references.forEach(oid, target -> {
                    String problem = targetProblem(target);
                    if (problem != null) {
                        danglingHolders.addLong(holderOid);
                        dangling.add(holder + " refers to OID " + target + ", " + problem);
                    }
                });
            } catch (StoreCorruptedException e) {
                problems.add(object + ": it cannot be read: damage " + where(e));
            } catch (RuntimeException e) {
                problems.add(object + ": its references cannot be read (" + e.getMessage() + ")");
            }
        }
        List<String> garbage = new ArrayList<>();
        if (!dangling.isEmpty()) {
            LongArrayList rootOids = new LongArrayList();
            roots.oids(rootOids);
            LongHashSet reached = new ReachabilityTrace(store, catalog, references).reached(rootOids, alreadyReported -> {
                // the pass over every object above named it a problem
            });
            for (int i = 0; i < dangling.size(); i++) {
                (reached.contains(danglingHolders.getLong(i)) ? problems : garbage).add(dangling.get(i));
            }
        }
        return new ReferenceFindings(checked, problems, garbage, null);
    }

    /** What is wrong with the target of a stored reference, said after its OID; null if it is a stored object. */
    private String targetProblem(long target) {
        try {
            return store.contains(target) ? null : "which is not in the store";
        } catch (StoreCorruptedException damaged) {
            return "whose table entry fails its checks " + where(damaged);
        }
    }

    /** Where the damage a read met lies, for a line of the tool's output: the place, not the advice. */
    public static String where(StoreCorruptedException damaged) {
        return "at offset " + damaged.offset() + " of " + damaged.file().getFileName();
    }

    /** Stored object {@code oid} decoded; {@link NoSuchObjectException} if the store holds none of that OID. */
    public Decoded decode(long oid) {
        if (oid <= SegmentStore.CATALOG_OID || oid >= store.oidLimit() || !store.contains(oid)) {
            throw new NoSuchObjectException(store.directory(), oid);
        }
        StoredObject object = object(oid);
        int classId = store.classId(oid);
        LittleEndianBuffer bytes = store.read(oid, view);
        reader.reset(bytes, object.length());
        describer.reading(object.className(), null);
        try {
            if (catalog.isCollection(classId)) {
                return new Decoded(object, -1, List.of(), readCollection(object.length()));
            }
            if (catalog.isArrayPage(classId)) {
                Object page = reader.readValue();
                requireEnd(object.length());
                return new Decoded(object, -1, List.of(), page);
            }
            int shapeNumber = reader.readShort() & 0xFFFF;
            Shape shape = catalog.shape(classId, shapeNumber);
            List<Field> fields = new ArrayList<>(shape.size());
            for (Shape.Field field : shape.fields()) {
                describer.reading(object.className(), field.name());
                fields.add(new Field(field.name(), field.descriptor(), read(field.kind())));
            }
            requireEnd(object.length());
            return new Decoded(object, shapeNumber, fields, null);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw store.corruptObject(oid, e.getMessage());
        }
    }

    private StoredObject object(long oid) {
        return new StoredObject(oid, className(oid, store.classId(oid)), store.length(oid));
    }

    /** The name of class {@code classId}, which stored object {@code oid} holds; a damaged store if there is none. */
    private String className(long oid, int classId) {
        try {
            return catalog.isArrayPage(classId) ? catalog.type(classId).getSimpleName() : catalog.name(classId);
        } catch (ReadPlan.BadClassIdException e) {
            throw store.corruptObject(oid, e.getMessage() + " (the catalog has " + catalog.names().size() + " classes)");
        }
    }

    private Object readCollection(int length) {
        ValueKind kind = reader.readKind();
        if (kind.codec() != ValueKind.Codec.CONTAINER || kind == ValueKind.OBJECT_ARRAY) {
            throw reader.corrupt("a collection's image starts with a value of kind " + kind);
        }
        Object collection;
        if (kind == ValueKind.PAGE_SECTION) {
            collection = readSection();
        } else if (kind.isBacked()) {
            Object backing = reader.readValue();
            String what = kind.backedName();
            String backingClass = kind.backingClass().getName();
            if (!(backing instanceof Reference) || !((Reference) backing).className().equals(backingClass)) {
                throw reader.corrupt(what + " holds " + backing + " where the " + backingClass + " of its elements should be");
            }
            collection = new KeptIn(what, (Reference) backing);
        } else {
            collection = kind.isPaged() ? readPaged(kind) : ContainerCodec.read(kind, reader);
        }
        requireEnd(length);
        return collection;
    }

    /** A paged collection's directory, read (and checked) as the store reads it, with its pages as references. */
    private PagedCollection readPaged(ValueKind kind) {
        Paged directory = (Paged) ContainerCodec.readPaged(kind, reader, this::section);
        List<Reference> pages = new ArrayList<>(directory.pageCount());
        directory.forEachPage((header, loaded, oid, slot) -> pages.add(reference(oid)));
        List<Reference> sections = new ArrayList<>();
        for (int i = 0; kind.hasSections() && i < directory.sections().count(); i++) {
            sections.add(reference(directory.sections().oid(i)));
        }
        int size = directory instanceof Map ? ((Map<?, ?>) directory).size() : ((Collection<?>) directory).size();
        return new PagedCollection(ContainerCodec.jdkClass(kind).getSimpleName(), size, pages, sections);
    }

    private Reference reference(long oid) {
        if (!store.contains(oid)) {
            throw reader.corrupt("refers to collection " + oid + ", which is not in the store");
        }
        return new Reference(oid, catalog.name(store.classId(oid)));
    }

    /** A reader over section {@code index} of the directory being read, stored as {@code oid}. */
    private ObjectReader section(int index, long oid) {
        if (!store.contains(oid) || !catalog.isCollection(store.classId(oid))) {
            throw reader.corrupt("section " + index + " of its directory, " + oid + ", is not a section in the store");
        }
        ObjectReader in = new ObjectReader(describer);
        in.reset(store.read(oid, LittleEndianBuffer.empty()), store.length(oid));
        return in;
    }

    /** A directory section decoded on its own, with its pages as references. */
    private DirectorySection readSection() {
        int count = reader.readCount(ValueKind.PAGE_SECTION);
        long[] oids = new long[count];
        ContainerCodec.readEntries(reader, "collection's directory section", "header", 0, count, new int[count], oids);
        List<Reference> pages = new ArrayList<>(count);
        for (long oid : oids) {
            pages.add(reference(oid));
        }
        return new DirectorySection(pages);
    }

    /** A field of {@code kind}, read as the generated reader of its class reads it. */
    private Object read(FieldKind kind) {
        switch (kind) {
            case BOOLEAN: return reader.readBoolean();
            case BYTE: return reader.readByte();
            case SHORT: return reader.readShort();
            case CHAR: return reader.readChar();
            case INT: return reader.readInt();
            case LONG: return reader.readLong();
            case FLOAT: return reader.readFloat();
            case DOUBLE: return reader.readDouble();
            case REFERENCE: return reader.readReference();
            default: return reader.readValue();
        }
    }

    private void requireEnd(int length) {
        if (reader.position() != length) {
            throw reader.corrupt((length - reader.position()) + " bytes left after the last value");
        }
    }

    @Override
    public void close() {
        store.close();
    }

    /** Describes, by their stored class names, what the reader would make into objects of the application. */
    private final class Describer implements ObjectReader.ReferenceSwizzler {
        private String className;
        private String fieldName;

        void reading(String className, String fieldName) {
            this.className = className;
            this.fieldName = fieldName;
        }

        /** A reference to a stored object, by the class the reference names; one whose table entry is damaged, so. */
        @Override
        public Object swizzle(long oid, int classId) {
            try {
                store.contains(oid);
            } catch (StoreCorruptedException damaged) {
                return damagedReference(oid, damaged);
            }
            return new Reference(oid, catalog.name(classId));
        }

        @Override
        public Class<?> classOf(int classId) {
            return catalog.type(classId);
        }

        /** A reference to a stored collection, by its class; one whose table entry is damaged, by where the damage is. */
        @Override
        public Object collection(long oid, Object holder, ObjectReader from) {
            boolean stored;
            try {
                stored = store.contains(oid);
            } catch (StoreCorruptedException damaged) {
                return damagedReference(oid, damaged);
            }
            if (!stored) {
                throw from.corrupt("refers to collection " + oid + ", which is not in the store");
            }
            return new Reference(oid, catalog.name(store.classId(oid)));
        }

        private Reference damagedReference(long oid, StoreCorruptedException damaged) {
            return new Reference(oid, "[damaged: its table entry fails its checks " + where(damaged) + "]");
        }

        @Override
        public Object pagedArray(PrimitiveArrayCodec.Directory directory, ObjectReader from) {
            Class<?> type = PrimitiveArrayCodec.newArray(directory.element(), 0).getClass();
            int perPage = PrimitiveArrayCodec.pageLength(directory.element());
            List<Reference> pages = new ArrayList<>(directory.pages().length);
            for (int i = 0; i < directory.pages().length; i++) {
                long oid = directory.pages()[i];
                int elements = Math.min(perPage, directory.length() - i * perPage);
                if (!store.contains(oid) || catalog.typeIfPresent(store.classId(oid)) != type
                    || store.length(oid) != PrimitiveArrayCodec.pageImageLength(directory.element(), elements)) {
                    throw from.corrupt("page " + i + " of its " + type.getSimpleName() + ", OID " + oid + ", is not a page of "
                        + elements + " elements of a " + type.getSimpleName() + " in the store");
                }
                pages.add(new Reference(oid, className(oid, store.classId(oid))));
            }
            return new PagedArray(type.getSimpleName(), directory.length(), pages);
        }

        @Override
        public Object enumConstant(int classId, String name, ObjectReader in) {
            return new EnumConstant(catalog.name(classId), name);
        }

        @Override
        public Object[] newArray(int classId, int length) {
            return new Object[length];
        }

        @Override
        public String describe() {
            return fieldName == null ? className : className + "." + fieldName;
        }
    }
}
