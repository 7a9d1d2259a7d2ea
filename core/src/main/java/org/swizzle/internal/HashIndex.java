package org.swizzle.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;

import org.agrona.collections.LongArrayList;
import org.swizzle.InvalidOptionException;
import org.swizzle.ObjectIndex;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreException;
import org.swizzle.StoreIOException;
import org.swizzle.store.IndexMarkers;
import org.swizzle.store.SegmentStore;

/**
 * An {@link ObjectIndex} over Swizzle's own index file ({@code indexes/NAME.idx} in the store's directory, see
 * {@link IndexFile}) from a key's code to OIDs. The index is derived data only: a marker file
 * ({@code NAME.commit}) records the commit it is up to date with; on open, a marker behind the store, a missing,
 * damaged or unreadable file triggers a rebuild from the stored objects; and every lookup checks the key of the
 * object it finds, dropping stale entries.
 *
 * <p>An {@code Integer} or {@code Long} key is its own code. A {@code String} key's code is a 64-bit hash of its
 * characters (seeded per file); the file holds only the hash and the OID, and a lookup probes every entry with the
 * hash, returning the object whose key equals the one asked for. Each object with a key has an entry, so that when
 * several have the same key and one of them changes its key or goes, a lookup still finds another.
 *
 * <p>An index is known by its name and its class: a file built for another class is rebuilt. A key function cannot be
 * compared between runs, so one that changes under the same name needs {@code reindex} (or a new name).
 */
final class HashIndex<K, V> implements ObjectIndex<K, V> {

    static final String SUFFIX = ".idx";
    /** The file of the Chronicle Map indexes of earlier versions, deleted when the index is rebuilt. */
    private static final String CHRONICLE_SUFFIX = ".cmap";

    /** The classes of the keys an index takes; an index file records its keys' as {@link #code()}. */
    enum KeyClass {
        INTEGER(Integer.class), LONG(Long.class), STRING(String.class);

        final Class<?> type;

        KeyClass(Class<?> type) {
            this.type = type;
        }

        int code() {
            return ordinal() + 1;
        }

        /** The key class of {@code type}, or null if an index takes no keys of it. */
        static KeyClass of(Class<?> type) {
            for (KeyClass each : values()) {
                if (each.type == type) {
                    return each;
                }
            }
            return null;
        }

        /** The name of the class of the keys of {@code code}, as index files record it. */
        static String nameOf(int code) {
            return code >= 1 && code <= values().length ? values()[code - 1].type.getName() : "(key type " + code + ")";
        }
    }

    private static final System.Logger LOG = System.getLogger("org.swizzle.core");
    private static final String NO_MARKER = "none";

    /** What an index is derived from: the store's committed objects. */
    interface Source {
        /** The Java object of committed object {@code oid}, or {@code null} if there is none. */
        Object committedObject(long oid);

        /** Hands every committed object of {@code type} (or a subclass), and its OID, to {@code action}. */
        void forEachCommitted(Class<?> type, ObjLongConsumer<Object> action);

        /** Whether {@code object}, committed, may hold changes made since its last commit, so that its key may be another. */
        boolean mayHoldChanges(Object object);

        /** The store's id: an index file beside another store's files (a copied directory) is not reused. */
        long storeId();

        /** Whether object {@code oid} is stored: a collection frees objects no root reaches. */
        boolean isStored(long oid);
    }

    /** The 64-bit hash of a {@code String} key under a file's seed. */
    interface StringHash {
        long hash(long seed, String key);
    }

    private final Source source;
    /** What lookups and updates synchronize on: the object manager. */
    private final Object lock;
    private final String name;
    private final Class<V> type;
    private final Class<K> keyType;
    private final KeyClass keyClass;
    private final Function<? super V, ? extends K> key;
    private final StringHash stringHash;
    private final Path file;
    private final Path marker;
    private IndexFile table;
    private boolean built;
    /**
     * Why the table lacks entries of committed objects (a full disk as it grew), or null: lookups then refuse rather than
     * miss those objects, and the file is not closed cleanly, so that the next open rebuilds it.
     */
    private StoreException broken;
    /** Entries (code, OID) lookups dropped since the last commit: an uncommitted change made them look stale, so an abort puts them back. */
    private final LongArrayList dropped = new LongArrayList();
    /**
     * Objects a build indexed under a key read from uncommitted changes: an abort indexes them again under the key
     * it brings back, which the build never saw.
     */
    private final LongArrayList builtFromChanges = new LongArrayList();
    /** The key codes of the objects the commit in progress wrote, and their OIDs: see {@link #prepareCommit}. */
    private final LongArrayList preparedCodes = new LongArrayList();
    private final LongArrayList preparedOids = new LongArrayList();

    HashIndex(ObjectManager manager, String name, Class<V> type, Class<K> keyType, Function<? super V, ? extends K> key) {
        this(new Source() {
            @Override
            public Object committedObject(long oid) {
                return manager.committedObject(oid);
            }

            @Override
            public void forEachCommitted(Class<?> type, ObjLongConsumer<Object> action) {
                manager.forEachCommitted(type, object -> action.accept(object, ((Persistable) object).$swz_oid()));
            }

            @Override
            public boolean mayHoldChanges(Object object) {
                return manager.mayHoldChanges((Persistable) object);
            }

            @Override
            public long storeId() {
                return manager.storeId();
            }

            @Override
            public boolean isStored(long oid) {
                return manager.isStored(oid);
            }
        }, manager, manager.directory(), name, type, keyType, key, HashIndex::stringHash);
    }

    HashIndex(Source source, Object lock, Path directory, String name, Class<V> type, Class<K> keyType,
              Function<? super V, ? extends K> key, StringHash stringHash) {
        KeyClass keyClass = KeyClass.of(keyType);
        if (keyClass == null) {
            throw new InvalidOptionException("Index " + name + ": key type " + keyType.getName()
                + " is not supported; use Integer, Long or String");
        }
        if (!name.matches("[A-Za-z0-9_-][A-Za-z0-9._-]*")) { // a leading '.' would hide the index's files
            throw new InvalidOptionException("Index name '" + name + "' must be letters, digits, '.', '_' or '-', not"
                + " starting with '.'");
        }
        this.source = source;
        this.lock = lock;
        this.name = name;
        this.type = type;
        this.keyType = keyType;
        this.keyClass = keyClass;
        this.key = key;
        this.stringHash = stringHash;
        this.file = directory.resolve(SegmentStore.INDEX_DIRECTORY).resolve(name + SUFFIX);
        this.marker = directory.resolve(SegmentStore.INDEX_DIRECTORY).resolve(name + IndexMarkers.SUFFIX);
    }

    /**
     * Opens the index file. It is reused only if the marker says it was closed cleanly at {@code lastCommit}, in this
     * store, and the file still has the size and CRC32C recorded then and a valid header; after a crash, a damaged
     * file, a store that moved on or another store's file, it is deleted and rebuilt from the stored objects.
     */
    void open(long lastCommit) {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new StoreIOException("Cannot create the index directory " + file.getParent() + ": " + e, e);
        }
        String state = readMarker();
        String clean = cleanState(lastCommit);
        boolean saidWhy = false;
        if (state.startsWith(clean) && Files.exists(file)) {
            saidWhy = true; // each way on from here but the return logs why the file is rebuilt
            try {
                IndexFile opened = IndexFile.open(file, keyClass.code());
                String fingerprint = fingerprint(opened);
                if (state.equals(clean + fingerprint)) {
                    table = opened;
                    writeMarker(lastCommit, IndexMarkers.open(lastCommit));
                    dropFreed(); // a collection made while the index was closed
                    return;
                }
                opened.release();
                warnDamaged("has the size and checksum " + fingerprint + ", not the " + state.substring(clean.length())
                    + " recorded when it was closed");
            } catch (IndexFile.OtherKeysException otherKeys) {
                LOG.log(System.Logger.Level.INFO, () -> "Index " + file + " was built for keys of class "
                    + KeyClass.nameOf(otherKeys.storedKeyType()) + " and is now opened for " + keyType.getName()
                    + ": it is rebuilt from the objects");
            } catch (IndexFile.DamagedException damaged) {
                warnDamaged(damaged.getMessage());
            }
        }
        boolean firstBuild = NO_MARKER.equals(state) && !Files.exists(file);
        LOG.log(firstBuild || saidWhy ? System.Logger.Level.DEBUG : System.Logger.Level.INFO,
            () -> "Building index " + file + " from the objects at the store's commit " + lastCommit + ": the index was "
                + IndexMarkers.describe(NO_MARKER.equals(state) ? null : state) + " (marker '" + state + "')");
        deleteFiles();
        table = IndexFile.create(file, keyClass.code(), ThreadLocalRandom.current().nextLong());
        built = true;
        try {
            fill();
        } catch (RuntimeException | Error e) {
            try {
                table.close();
                deleteFiles(); // no marker: the next open builds it again
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            table = null;
            throw e;
        }
        writeMarker(lastCommit, IndexMarkers.open(lastCommit));
    }

    /** Adds every committed object of the indexed type to the new table. */
    private void fill() {
        source.forEachCommitted(type, (object, oid) -> {
            K k;
            try {
                k = keyOf(object);
            } catch (RuntimeException e) {
                throw new StoreException("The key function of index " + name + " failed for object " + oid + " ("
                    + object.getClass().getName() + ") while the index was built from the stored objects: " + e + ". Make"
                    + " the function give every object a key (or null for none), or change the object in a session that"
                    + " does not open the index; the index is built again at its next open.", e);
            }
            if (k != null) {
                table.add(code(k), oid); // each object once, into a new table
            }
            if (source.mayHoldChanges(object)) {
                builtFromChanges.addLong(oid);
            }
        });
    }

    /** Whether {@link #open} rebuilt the index from the objects (rather than reusing its file). */
    boolean built() {
        return built;
    }

    /** The file's table, for tests. */
    IndexFile table() {
        return table;
    }

    boolean matches(Class<?> type, Class<?> keyType) {
        return this.type == type && this.keyType == keyType;
    }

    /** What the index holds, as a message names it: {@code com.example.Part objects by java.lang.Integer keys}. */
    static String typesOf(Class<?> type, Class<?> keyType) {
        return type.getName() + " objects by " + keyType.getName() + " keys";
    }

    String types() {
        return typesOf(type, keyType);
    }

    @Override
    public V get(K wanted) {
        Objects.requireNonNull(wanted, "key");
        if (!keyType.isInstance(wanted)) { // reached through a raw or cast ObjectIndex
            throw new InvalidOptionException("Index '" + name + "' (" + file + ") was given a " + wanted.getClass().getName()
                + " to look up, where it takes " + keyType.getName() + " keys (a raw or cast ObjectIndex let it through):"
                + " look it up by a " + keyType.getName() + ", or open an index of those keys under another name");
        }
        synchronized (lock) {
            IndexFile entries = openTable();
            long code = code(wanted);
            long probes = 0;
            for (long slot = entries.home(code); probes < entries.slots(); slot = entries.next(slot), probes++) {
                long oid = entries.oid(slot);
                if (oid == IndexFile.EMPTY) {
                    return null;
                }
                if (oid == IndexFile.TOMBSTONE || entries.code(slot) != code) {
                    continue;
                }
                Object found = source.committedObject(oid);
                K current = type.isInstance(found) ? keyOf(found) : null;
                if (current == null || code(current) != code) {
                    entries.remove(slot);
                    dropped.addLong(code);
                    dropped.addLong(oid);
                } else if (wanted.equals(current)) {
                    return type.cast(found);
                }
            }
            return null;
        }
    }

    @Override
    public long size() {
        synchronized (lock) {
            return openTable().entries();
        }
    }

    /** The index's table, while its store is open. */
    private IndexFile openTable() {
        if (table == null) {
            throw new StoreClosedException("Index " + name + " (" + file + ") belongs to a store that is closed: open the"
                + " store again and take the index from it with index(\"" + name + "\", ...).");
        }
        if (broken != null) {
            throw new StoreIOException("Index " + name + " (" + file + ") lacks entries of committed objects since "
                + broken.getMessage() + " Its lookups are refused until the store is opened again, which rebuilds the index"
                + " from the objects; the commits themselves are durable.", broken);
        }
        return table;
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * Computes the keys of the objects a commit wrote, before the commit is made durable: a key function that fails
     * refuses the commit, which then writes nothing. Run after it, it left a durable commit that the store had not
     * counted, and every later commit in the session failed.
     *
     * @throws StoreException the key function failed for one of them, or returned a key of another type
     */
    void prepareCommit(List<Persistable> written) {
        preparedCodes.clear();
        preparedOids.clear();
        for (Persistable object : written) {
            if (type.isInstance(object)) {
                long code;
                try {
                    K k = keyOf(object);
                    if (k == null) {
                        continue;
                    }
                    code = code(k);
                } catch (RuntimeException e) {
                    throw new StoreException("The key function of index " + name + " failed for object " + object.$swz_oid()
                        + " (" + object.getClass().getName() + "): " + e + ". Nothing was committed: change the object so"
                        + " that the function gives it a key (or null for none), then commit again, or abort().", e);
                }
                preparedCodes.addLong(code);
                preparedOids.addLong(object.$swz_oid());
            }
        }
    }

    /**
     * Drops the entries of objects no longer stored, which a collection freed: one pass over the table, made at the end
     * of each collection and when a cleanly closed file is opened again, so that {@link #size()} and the file do not
     * keep every object ever indexed.
     */
    void dropFreed() {
        synchronized (lock) {
            if (broken != null) {
                return; // rebuilt at the next open
            }
            IndexFile entries = openTable();
            for (long slot = 0; slot < entries.slots(); slot++) {
                long oid = entries.oid(slot);
                if (oid != IndexFile.EMPTY && oid != IndexFile.TOMBSTONE && !source.isStored(oid)) {
                    entries.remove(slot);
                }
            }
        }
    }

    /**
     * Records the keys {@link #prepareCommit} computed, once the commit is durable. It throws nothing, since the commit
     * is made: a table that cannot take the keys leaves the index {@linkplain #broken broken}.
     */
    void committed(long commitNumber) {
        try {
            for (int i = 0; broken == null && i < preparedCodes.size(); i++) {
                addUnlessPresent(preparedCodes.getLong(i), preparedOids.getLong(i));
            }
            if (broken == null) {
                writeMarker(commitNumber, IndexMarkers.open(commitNumber));
            }
        } catch (RuntimeException | Error e) {
            broke("it could not record commit " + commitNumber + " (" + e + ").", e);
            if (e instanceof Error) {
                throw (Error) e;
            }
        } finally {
            preparedCodes.clear();
            preparedOids.clear();
            dropped.clear();
            builtFromChanges.clear(); // what they held is committed now, and those the commit wrote are indexed above
        }
    }

    /** Marks the index broken: {@code failure}, after commit {@code commitNumber} was durable, kept its keys out. */
    void missed(long commitNumber, Throwable failure) {
        broke("a failure after commit " + commitNumber + " was durable (" + failure + ") kept its keys out.", failure);
    }

    /** Marks the index broken by {@code failure}, {@code why} saying what it failed to do, unless it is already. */
    private void broke(String why, Throwable failure) {
        if (broken == null) {
            broken = new StoreIOException(why, failure);
            LOG.log(System.Logger.Level.WARNING, () -> "Index " + file + ": " + why + " It is rebuilt from the objects when"
                + " the store is next opened.", failure);
        }
    }

    /**
     * Indexes committed object {@code oid} under {@code k}, unless it has that entry already. An entry of another object
     * with the same key stays, so that either is found while the other is not; stale entries go when a lookup meets
     * them. Reading the other objects here would make a build cost the square of the objects sharing a key.
     */
    void put(K k, long oid) {
        addUnlessPresent(code(k), oid);
    }

    /** Adds entry (code, OID) unless the index has it. */
    private void addUnlessPresent(long code, long oid) {
        long probes = 0;
        for (long slot = table.home(code); probes < table.slots(); slot = table.next(slot), probes++) {
            long found = table.oid(slot);
            if (found == IndexFile.EMPTY) {
                break;
            }
            if (found == oid && table.code(slot) == code) {
                return;
            }
        }
        try {
            table.add(code, oid);
        } catch (InternalError e) {
            throw new StoreIOException("Cannot write index " + file + ": a write through its mapping faulted ("
                + e.getMessage() + "), as it does when the disk is full.", e);
        }
    }

    /**
     * Puts back the entries dropped since the last commit, whose objects an abort reverted, and indexes the objects a
     * build read with uncommitted changes under their committed keys.
     */
    void reverted() {
        try {
            for (int i = 0; i < dropped.size(); i += 2) {
                addUnlessPresent(dropped.getLong(i), dropped.getLong(i + 1));
            }
            for (int i = 0; i < builtFromChanges.size(); i++) {
                long oid = builtFromChanges.getLong(i);
                Object object = source.committedObject(oid);
                K k = type.isInstance(object) ? keyOf(object) : null;
                if (k != null) {
                    addUnlessPresent(code(k), oid);
                }
            }
        } catch (StoreIOException e) {
            broke("it could not put back the entries an abort reverted (" + e + ").", e);
        } finally {
            dropped.clear();
            builtFromChanges.clear();
        }
    }

    /**
     * Unmaps the file of an index whose store a failure closed, leaving its marker as it is (it says open), so that the
     * next open rebuilds it: the commit that failed may have been made durable without its keys.
     */
    void release() {
        if (table != null) {
            table.release();
            table = null;
        }
    }

    /** Closes the file, with a marker that lets the next open reuse it unless the index is broken. */
    void close(long lastCommit) {
        if (table == null) {
            return;
        }
        reverted();
        if (broken != null) {
            release(); // its marker still says open: the next open rebuilds it
            return;
        }
        table.writeHeader();
        String fingerprint = fingerprint(table);
        table.close();
        table = null;
        writeMarker(lastCommit, cleanState(lastCommit) + fingerprint);
    }

    /** The marker's text after a clean close at {@code commit}, up to the file's size and checksum. */
    private String cleanState(long commit) {
        return IndexMarkers.closedCleanly(commit, type.getName(), source.storeId());
    }

    /**
     * The key the key function gives {@code object}, or null for none; a {@code ClassCastException} naming both classes
     * if the function, unchecked, gave a key of another class than the index's.
     */
    private K keyOf(Object object) {
        K k = key.apply(type.cast(object));
        if (k != null && !keyType.isInstance(k)) {
            throw new ClassCastException("the key function gave a " + k.getClass().getName() + " where the index takes "
                + keyType.getName() + " keys");
        }
        return k;
    }

    /** The code a key is stored under: the number itself, or the hash of a string under the file's seed. */
    private long code(K k) {
        switch (keyClass) {
            case INTEGER:
                return (Integer) k;
            case LONG:
                return (Long) k;
            default:
                return stringHash.hash(table.seed(), (String) k);
        }
    }

    /**
     * A 64-bit hash of {@code key}'s UTF-16 code units: FNV-1a from a state made of the file's seed and the length,
     * then the MurmurHash3 finalizer. The seed, random for each file built, keeps the collisions of one file from
     * being those of another.
     */
    static long stringHash(long seed, String key) {
        long h = seed ^ (key.length() * 0x9E3779B97F4A7C15L);
        for (int i = 0; i < key.length(); i++) {
            h = (h ^ key.charAt(i)) * 0x100000001B3L;
        }
        return IndexFile.mix(h);
    }

    /** The size and CRC32C of the index file, as {@code "<size> <crc>"}. */
    private static String fingerprint(IndexFile table) {
        return table.fileSize() + " " + Long.toHexString(table.checksum());
    }

    /** The marker's text ({@link IndexMarkers}), or {@code "none"}. */
    private String readMarker() {
        try {
            return Files.exists(marker) ? IndexMarkers.read(marker) : NO_MARKER;
        } catch (IOException e) {
            throw new StoreIOException("Cannot read the index marker " + marker + ": " + e, e);
        }
    }

    private void writeMarker(long commitNumber, String text) {
        try {
            Files.writeString(marker, text, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new StoreIOException("Cannot record that index " + file + " is up to date with commit " + commitNumber
                + ": " + e + ". The index is rebuilt when the store is next opened.", e);
        }
    }

    private void deleteFiles() {
        try {
            Files.deleteIfExists(marker);
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".tmp"));
            Files.deleteIfExists(file.resolveSibling(name + CHRONICLE_SUFFIX));
        } catch (IOException e) {
            throw new StoreIOException("Cannot delete the damaged index " + file + ": " + e, e);
        }
    }

    private void warnDamaged(String problem) {
        LOG.log(System.Logger.Level.WARNING, () -> "Index " + file + " " + problem
            + ": it is damaged; it holds derived data only and is rebuilt from the objects");
    }
}
