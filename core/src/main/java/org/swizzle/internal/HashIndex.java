package org.swizzle.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import org.swizzle.ObjectIndex;
import org.swizzle.StoreIOException;
import org.swizzle.store.SegmentStore;

/**
 * An {@link ObjectIndex} over a Chronicle Map file ({@code indexes/NAME.cmap} in the store's
 * directory) from key to OID. Chronicle Map does not promise durability, so the index is derived
 * data only: a marker file records the commit it is up to date with; on open, a marker behind the
 * store, a missing or unreadable map triggers a rebuild from the stored objects; and every lookup
 * checks the key of the object it finds, dropping stale entries.
 */
final class HashIndex<K, V> implements ObjectIndex<K, V> {

    /** Marker states: closed cleanly (the map file can be reused), or in use (rebuild after a crash). */
    private static final String CLEAN = "clean";
    private static final String OPEN = "open";

    private static final System.Logger LOG = System.getLogger("org.swizzle.core");

    private final ObjectManager manager;
    private final String name;
    private final Class<V> type;
    private final Class<K> keyType;
    private final Function<? super V, ? extends K> key;
    private final Path file;
    private final Path marker;
    private final long capacity;
    private ChronicleMap<K, Long> map;
    /** Entries lookups dropped since the last commit: an uncommitted change made them look stale, so an abort puts them back. */
    private final List<Map.Entry<K, Long>> dropped = new ArrayList<>();

    HashIndex(ObjectManager manager, String name, Class<V> type, Class<K> keyType, Function<? super V, ? extends K> key,
              long capacity) {
        if (keyType != Integer.class && keyType != Long.class && keyType != String.class) {
            throw new IllegalArgumentException("Index " + name + ": key type " + keyType.getName()
                + " is not supported; use Integer, Long or String");
        }
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("Index name '" + name + "' must be letters, digits, '.', '_' or '-'");
        }
        this.manager = manager;
        this.name = name;
        this.type = type;
        this.keyType = keyType;
        this.key = key;
        this.file = manager.directory().resolve(SegmentStore.INDEX_DIRECTORY).resolve(name + ".cmap");
        this.marker = manager.directory().resolve(SegmentStore.INDEX_DIRECTORY).resolve(name + ".commit");
        this.capacity = capacity;
    }

    /**
     * Opens the map file. It is reused only if the marker says it was closed cleanly at
     * {@code lastCommit} and the file still has the size and CRC32C recorded then; after a crash (a
     * Chronicle Map can be left with segments locked), a damaged file or a store that moved on, it is
     * deleted and rebuilt from the stored objects.
     */
    void open(long lastCommit) {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new StoreIOException("Cannot create the index directory " + file.getParent() + ": " + e, e);
        }
        String state = readMarker();
        if (Files.exists(file) && state.equals(lastCommit + " " + CLEAN + " " + fingerprint())) {
            try {
                map = newMap();
                writeMarker(lastCommit, OPEN);
                return;
            } catch (IOException | RuntimeException damaged) {
                LOG.log(System.Logger.Level.WARNING, () -> "Index " + file + " cannot be opened (" + damaged
                    + "); it holds derived data only and is rebuilt from the objects");
            }
        }
        LOG.log(System.Logger.Level.INFO, () -> "Building index " + file + " from the objects (index state '" + state
            + "', the store is at commit " + lastCommit + ")");
        deleteFiles();
        map = mapOrFail();
        rebuild(lastCommit);
    }

    boolean matches(Class<?> type, Class<?> keyType) {
        return this.type == type && this.keyType == keyType;
    }

    @Override
    public V get(K wanted) {
        Objects.requireNonNull(wanted, "key");
        synchronized (manager) {
            Long oid = map.get(wanted);
            if (oid == null) {
                return null;
            }
            Object found = manager.committedObject(oid);
            if (type.isInstance(found) && wanted.equals(key.apply(type.cast(found)))) {
                return type.cast(found);
            }
            if (map.remove(wanted, oid)) {
                dropped.add(Map.entry(wanted, oid));
            }
            return null;
        }
    }

    @Override
    public long size() {
        return map.longSize();
    }

    @Override
    public String name() {
        return name;
    }

    /** Records the keys of the objects a commit wrote. */
    void committed(List<Persistable> written, long commitNumber) {
        for (Persistable object : written) {
            if (type.isInstance(object)) {
                K k = key.apply(type.cast(object));
                Long oid = object.$swz_oid();
                if (k != null && !oid.equals(map.get(k))) {
                    map.put(k, oid);
                }
            }
        }
        dropped.clear();
        writeMarker(commitNumber, OPEN);
    }

    /** Puts back the entries dropped since the last commit, whose objects an abort reverted. */
    void reverted() {
        for (Map.Entry<K, Long> entry : dropped) {
            map.putIfAbsent(entry.getKey(), entry.getValue());
        }
        dropped.clear();
    }

    void close(long lastCommit) {
        if (map != null) {
            reverted();
            map.close();
            writeMarker(lastCommit, CLEAN + " " + fingerprint());
        }
    }

    /** The size and CRC32C of the map file, as {@code "<size> <crc>"}. */
    private String fingerprint() {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(1 << 20);
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file)) {
            while (channel.read(buffer.clear()) > 0) {
                crc.update(buffer.flip());
            }
            return channel.size() + " " + Long.toHexString(crc.getValue());
        } catch (IOException e) {
            throw new StoreIOException("Cannot read index " + file + ": " + e, e);
        }
    }

    private void rebuild(long lastCommit) {
        map.clear();
        manager.forEachCommitted(type, object -> {
            K k = key.apply(type.cast(object));
            if (k != null) {
                map.put(k, ((Persistable) object).$swz_oid());
            }
        });
        writeMarker(lastCommit, OPEN);
    }

    private ChronicleMap<K, Long> newMap() throws IOException {
        ChronicleMapBuilder<K, Long> builder = ChronicleMap.of(keyType, Long.class).name(name).entries(capacity);
        if (keyType == String.class) {
            builder.averageKeySize(32);
        }
        return builder.createPersistedTo(file.toFile());
    }

    private ChronicleMap<K, Long> mapOrFail() {
        try {
            return newMap();
        } catch (IOException e) {
            throw new StoreIOException("Cannot create index " + file + ": " + e, e);
        }
    }

    /** The marker's text ({@code "<commit> clean|open"}), or {@code "none"} when there is none. */
    private String readMarker() {
        try {
            return Files.exists(marker) ? Files.readString(marker, StandardCharsets.US_ASCII).trim() : "none";
        } catch (IOException e) {
            throw new StoreIOException("Cannot read the index marker " + marker + ": " + e, e);
        }
    }

    private void writeMarker(long commitNumber, String state) {
        try {
            Files.writeString(marker, commitNumber + " " + state, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new StoreIOException("Cannot record that index " + file + " is up to date with commit " + commitNumber
                + ": " + e + ". The index is rebuilt when the store is next opened.", e);
        }
    }

    private void deleteFiles() {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(marker);
        } catch (IOException e) {
            throw new StoreIOException("Cannot delete the damaged index " + file + ": " + e, e);
        }
    }
}
