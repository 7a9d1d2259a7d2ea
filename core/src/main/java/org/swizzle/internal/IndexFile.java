package org.swizzle.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

import org.swizzle.store.Closer;
import org.swizzle.store.FileMapping;
import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.store.StoreChannel;
import org.swizzle.StoreIOException;

/**
 * The file of one hash index ({@code indexes/NAME.idx}): an open-addressing hash table with linear probing,
 * memory-mapped and written through the mapping, from a 64-bit key code to an OID. It is derived data: nothing is
 * forced to the disk, and {@link HashIndex} decides from its marker file and {@link #checksum()} whether a file can
 * be reused.
 *
 * <p>Layout, little-endian: a {@value #HEADER}-byte header, then {@code slots} (a power of two, at least
 * {@value #MIN_SLOTS}) slots of {@value #SLOT} bytes, so the file is exactly {@code HEADER + slots * SLOT} bytes.
 * <pre>
 *  0 int  magic 'SWZI'         4 int  format version (1)   8 int  key type (1 Integer, 2 Long, 3 String)
 * 12 int  0                   16 long slots               24 long entries
 * 32 long tombstones          40 long seed (of String key hashes)
 * 48 long 0                   56 int  CRC32C of bytes 0-55    60 int 0
 * slot: long code (the Integer or Long key itself, or the 64-bit hash of a String key), long OID
 *       (0: empty, -1: a removed entry, a tombstone that keeps probe chains intact)
 * </pre>
 * The counts in the header are written when the file is {@linkplain #close() closed} or grown; while it is open they
 * live in this object. The table grows (doubles, or is rehashed at its size when tombstones fill it) once entries and
 * tombstones would pass 70% of the slots, into a new file written beside it ({@code NAME.idx.tmp}) and moved over it.
 * Slots never straddle a mapped region (of 1 GiB, a multiple of the slot size), so
 * a file may pass the 2 GiB of one mapping.
 */
final class IndexFile implements AutoCloseable {
    static final int MAGIC = 0x495A5753; // "SWZI" little-endian
    static final int VERSION = 1;
    static final int HEADER = 64;
    static final int SLOT = 16;
    static final long MIN_SLOTS = 1024;
    static final long EMPTY = 0;
    static final long TOMBSTONE = -1;

    static final int MAGIC_AT = 0;
    static final int VERSION_AT = 4;
    static final int KEY_TYPE_AT = 8;
    static final int SLOTS_AT = 16;
    static final int ENTRIES_AT = 24;
    static final int TOMBSTONES_AT = 32;
    static final int SEED_AT = 40;
    static final int CRC_AT = 56;

    private static final int REGION_SHIFT = 30;
    private static final long REGION_MASK = (1L << REGION_SHIFT) - 1;
    /** Entries and tombstones may fill this share of the slots; past it the table grows. */
    private static final double LOAD = 0.7;
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    /** A file that is not an index this code can use: damaged, of another format or key type. */
    static class DamagedException extends Exception {
        private static final long serialVersionUID = 1L;

        DamagedException(String message) {
            super(message);
        }
    }

    /** An index file built for keys of another type than it is opened for: not damaged, but of no use to this index. */
    static final class OtherKeysException extends DamagedException {
        private static final long serialVersionUID = 1L;
        private final int storedKeyType;

        OtherKeysException(int storedKeyType, int keyType) {
            super("holds keys of type " + storedKeyType + ", not " + keyType);
            this.storedKeyType = storedKeyType;
        }

        /** The key type the file was built for, as {@link #open} was given it. */
        int storedKeyType() {
            return storedKeyType;
        }
    }

    private final Path path;
    private final int keyType;
    private final long seed;
    private FileMapping[] mapped;
    private LittleEndianBuffer[] regions;
    private long slots;
    private long mask;
    private long entries;
    private long tombstones;
    private long growths;

    private IndexFile(Path path, int keyType, long seed) {
        this.path = path;
        this.keyType = keyType;
        this.seed = seed;
    }

    /** Creates an empty index file at {@code path} (replacing one there) with {@link #MIN_SLOTS} slots. */
    static IndexFile create(Path path, int keyType, long seed) {
        IndexFile file = new IndexFile(path, keyType, seed);
        try {
            Files.deleteIfExists(path);
            file.map(path, MIN_SLOTS);
        } catch (IOException e) {
            throw new StoreIOException("Cannot create index " + path + ": " + e, e);
        }
        file.writeHeader();
        return file;
    }

    /**
     * Maps the index file at {@code path} for {@code keyType}.
     *
     * @throws DamagedException its size or header is not that of an index file of this format and key type
     * @throws StoreIOException the system refused access to it
     */
    static IndexFile open(Path path, int keyType) throws DamagedException {
        long size;
        ByteBuffer header = ByteBuffer.allocate(HEADER).order(ORDER);
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            size = channel.size();
            while (header.hasRemaining() && channel.read(header, header.position()) > 0) {
                continue;
            }
        } catch (IOException e) {
            throw refusedOrDamaged(path, "read", e);
        }
        if (header.hasRemaining()) {
            throw new DamagedException("is " + size + " bytes, shorter than its header");
        }
        CRC32C crc = new CRC32C();
        crc.update(header.array(), 0, CRC_AT);
        long slots = header.getLong(SLOTS_AT);
        long entries = header.getLong(ENTRIES_AT);
        long tombstones = header.getLong(TOMBSTONES_AT);
        if (header.getInt(MAGIC_AT) != MAGIC || header.getInt(VERSION_AT) != VERSION) {
            throw new DamagedException("is not a version " + VERSION + " index file (magic " + Integer.toHexString(header.getInt(MAGIC_AT))
                + ", version " + header.getInt(VERSION_AT) + ")");
        }
        if (header.getInt(CRC_AT) != (int) crc.getValue()) {
            throw new DamagedException("has a header whose checksum does not match");
        }
        if (header.getInt(KEY_TYPE_AT) != keyType) {
            throw new OtherKeysException(header.getInt(KEY_TYPE_AT), keyType);
        }
        if (slots < MIN_SLOTS || Long.bitCount(slots) != 1 || slots > (Long.MAX_VALUE - HEADER) / SLOT
            || size != HEADER + slots * SLOT) {
            throw new DamagedException("is " + size + " bytes, not the size of its " + slots + " slots");
        }
        if (entries < 0 || tombstones < 0 || entries + tombstones > slots * LOAD) {
            throw new DamagedException("counts " + entries + " entries and " + tombstones + " tombstones in " + slots + " slots");
        }
        IndexFile file = new IndexFile(path, keyType, header.getLong(SEED_AT));
        try {
            file.map(path, slots);
        } catch (IOException e) {
            throw refusedOrDamaged(path, "mapped", e);
        }
        file.entries = entries;
        file.tombstones = tombstones;
        return file;
    }

    /**
     * Why index file {@code path} could not be {@code done} (read, mapped): damage, for which the index is rebuilt in
     * its place; or, a refusal of the system (access denied, a read-only file system), a {@link StoreIOException}
     * saying so, as rebuilding would replace a file someone made read-only.
     */
    static DamagedException refusedOrDamaged(Path path, String done, IOException e) {
        if (e instanceof FileSystemException && !(e instanceof NoSuchFileException)) {
            String reason = ((FileSystemException) e).getReason();
            throw new StoreIOException("Index file " + path + " cannot be " + done + " for reading and writing: "
                + (reason != null ? reason : "access is denied") + ". Let this process read and write it, or delete it"
                + " to have the index built again from the objects.", e);
        }
        return new DamagedException("cannot be " + done + ": " + e);
    }

    private void map(Path file, long slotCount) throws IOException {
        long size = HEADER + slotCount * SLOT;
        int count = (int) ((size + REGION_MASK) >>> REGION_SHIFT);
        FileMapping[] maps = new FileMapping[count];
        LittleEndianBuffer[] buffers = new LittleEndianBuffer[count];
        try (StoreChannel channel = StoreChannel.open(file)) {
            channel.run(opened -> { // made again, from the first region not mapped, if an interrupt closes the channel
                for (int i = 0; i < count; i++) {
                    if (maps[i] == null) {
                        long from = (long) i << REGION_SHIFT;
                        maps[i] = FileMapping.mapBacked(opened, from, Math.min(1L << REGION_SHIFT, size - from));
                        buffers[i] = LittleEndianBuffer.of(maps[i].buffer());
                    }
                }
            });
        } catch (IOException | RuntimeException e) {
            Closer.closeAfter(e, maps);
            throw e;
        }
        mapped = maps;
        regions = buffers;
        slots = slotCount;
        mask = slotCount - 1;
    }

    int keyType() {
        return keyType;
    }

    long seed() {
        return seed;
    }

    long slots() {
        return slots;
    }

    long entries() {
        return entries;
    }

    long tombstones() {
        return tombstones;
    }

    /** How often the table has grown (or been rehashed) since it was opened or created. */
    long growths() {
        return growths;
    }

    long fileSize() {
        return HEADER + slots * SLOT;
    }

    /** The first slot to probe for {@code code}. */
    long home(long code) {
        return mix(code) & mask;
    }

    /** The slot probed after {@code slot}. */
    long next(long slot) {
        return (slot + 1) & mask;
    }

    long code(long slot) {
        long at = HEADER + slot * SLOT;
        return regions[(int) (at >>> REGION_SHIFT)].getLong((int) (at & REGION_MASK));
    }

    /** The OID in {@code slot}, or {@link #EMPTY}, or {@link #TOMBSTONE}. */
    long oid(long slot) {
        long at = HEADER + slot * SLOT + Long.BYTES;
        return regions[(int) (at >>> REGION_SHIFT)].getLong((int) (at & REGION_MASK));
    }

    /** Replaces the OID of a slot holding an entry. */
    void replace(long slot, long oid) {
        putOid(slot, oid);
    }

    /** Removes the entry in {@code slot}: a tombstone, or an empty slot when the next one is empty (no chain passes it). */
    void remove(long slot) {
        entries--;
        if (oid(next(slot)) == EMPTY) {
            putCode(slot, 0);
            putOid(slot, EMPTY);
        } else {
            putOid(slot, TOMBSTONE);
            tombstones++;
        }
    }

    /** Adds an entry; the caller has checked that it should (this does not look for the code). */
    void add(long code, long oid) {
        if (oid == EMPTY || oid == TOMBSTONE) {
            throw new IllegalArgumentException("OID " + oid);
        }
        if (entries + tombstones + 1 > slots * LOAD) {
            grow();
        }
        long slot = home(code);
        while (true) {
            long found = oid(slot);
            if (found == EMPTY || found == TOMBSTONE) {
                if (found == TOMBSTONE) {
                    tombstones--;
                }
                putCode(slot, code);
                putOid(slot, oid);
                entries++;
                return;
            }
            slot = next(slot);
        }
    }

    /**
     * Rehashes the entries into a new file beside this one, then moves it over this one: twice the slots when the
     * entries alone would fill more than half the table after the rehash, else as many (tombstones only are dropped).
     */
    private void grow() {
        long newSlots = (entries + 1) * 2 > slots * LOAD ? slots * 2 : slots;
        Path temporary = path.resolveSibling(path.getFileName() + ".tmp");
        IndexFile grown = new IndexFile(temporary, keyType, seed);
        long slotsInFile = slots;
        try {
            Files.deleteIfExists(temporary);
            grown.map(temporary, newSlots);
            for (long slot = 0; slot < slots; slot++) {
                long oid = oid(slot);
                if (oid != EMPTY && oid != TOMBSTONE) {
                    grown.add(code(slot), oid);
                }
            }
            grown.writeHeader();
            grown.unmap();
            unmap();
            Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            slotsInFile = newSlots;
            entries = grown.entries;
            tombstones = 0;
            map(path, newSlots);
        } catch (IOException | RuntimeException | InternalError e) { // InternalError: a faulted write through a mapping
            Closer.closeAfter(e, grown::release, () -> Files.deleteIfExists(temporary)); // a full disk gets its blocks back
            if (mapped == null) {
                try {
                    map(path, slotsInFile);
                } catch (IOException | RuntimeException again) {
                    e.addSuppressed(again);
                }
            }
            throw new StoreIOException("Cannot grow index " + path + " to " + newSlots + " slots: " + e, e);
        }
        growths++;
    }

    /** Writes the counts and the header's checksum. */
    void writeHeader() {
        LittleEndianBuffer header = regions[0];
        header.putInt(MAGIC_AT, MAGIC);
        header.putInt(VERSION_AT, VERSION);
        header.putInt(KEY_TYPE_AT, keyType);
        header.putLong(SLOTS_AT, slots);
        header.putLong(ENTRIES_AT, entries);
        header.putLong(TOMBSTONES_AT, tombstones);
        header.putLong(SEED_AT, seed);
        byte[] bytes = new byte[CRC_AT];
        header.getBytes(0, bytes);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        header.putInt(CRC_AT, (int) crc.getValue());
    }

    /** The CRC32C of the whole file as mapped, header included. */
    long checksum() {
        CRC32C crc = new CRC32C();
        for (FileMapping region : mapped) {
            crc.update(region.buffer().duplicate().clear());
        }
        return crc.getValue();
    }

    /** Writes the header and unmaps the file; nothing is forced to the disk. */
    @Override
    public void close() {
        if (regions != null) {
            writeHeader();
            unmap();
        }
    }

    /** Unmaps the file without writing to it (a file found damaged, about to be deleted). */
    void release() {
        unmap();
    }

    private void unmap() {
        if (mapped != null) {
            for (FileMapping region : mapped) {
                region.close();
            }
        }
        mapped = null;
        regions = null;
    }

    private void putCode(long slot, long code) {
        long at = HEADER + slot * SLOT;
        regions[(int) (at >>> REGION_SHIFT)].putLong((int) (at & REGION_MASK), code);
    }

    private void putOid(long slot, long oid) {
        long at = HEADER + slot * SLOT + Long.BYTES;
        regions[(int) (at >>> REGION_SHIFT)].putLong((int) (at & REGION_MASK), oid);
    }

    /** The MurmurHash3 64-bit finalizer: spreads the keys' codes (consecutive integers, most often) over the slots. */
    static long mix(long code) {
        long h = code;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
