package org.swizzle.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;


/** Test configurations, and file surgery that simulates crashes and damage. */
final class StoreDirs {
    static final String CLUSTERS = ClusterFileDescriptor.FILE_NAME;
    static final String SEGMENTS = SegmentDirectoryDescriptor.FILE_NAME;
    static final String WAL = WalDescriptor.FILE_NAME;

    private StoreDirs() {
    }

    /** Small clusters and regions, no fsync, no automatic checkpoint: fast, and the WAL stays for inspection. */
    static StoreConfig smallNoCheckpoint() {
        return new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, false, Long.MAX_VALUE, 256 * 1024);
    }

    /** The tool's verify of the closed store in {@code store}: its exit code; prints its report unless clean. */
    static int verify(Path store) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        int exit = Tool.run(new String[] {"verify", store.toString()}, print, print);
        if (exit != Tool.CLEAN) {
            System.out.println(out.toString(StandardCharsets.UTF_8));
        }
        return exit;
    }

    /** Opens and closes the store in {@code store}; returns what it logged at INFO and above, a line a message. */
    static String openMessages(Path store) {
        List<String> messages = new ArrayList<>();
        Logger logger = Logger.getLogger("org.swizzle.store");
        Level level = logger.getLevel();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                messages.add(record.getLevel() + " " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        boolean useParentHandlers = logger.getUseParentHandlers();
        logger.setLevel(Level.INFO);
        logger.setUseParentHandlers(false);
        logger.addHandler(handler);
        try {
            SegmentStore.open(store, smallNoCheckpoint()).close();
        } finally {
            logger.removeHandler(handler);
            logger.setUseParentHandlers(useParentHandlers);
            logger.setLevel(level);
        }
        return String.join("\n", messages);
    }

    /**
     * Copies the files of an open store as they are now: what a crash at this moment would leave on
     * disk, since a killed process loses nothing written to the page cache.
     */
    static Path crashCopy(Path store, Path to) throws IOException {
        Files.createDirectories(to);
        for (String name : new String[] {CLUSTERS, SEGMENTS, WAL}) {
            copy(store, to, name);
        }
        return to;
    }

    static void copy(Path from, Path to, String name) throws IOException {
        Files.copy(from.resolve(name), to.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    static void truncate(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(size);
        }
    }

    static void flipByte(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) ~one.get(0));
            channel.write(one.clear(), offset);
        }
    }

    static void flipBit(Path file, long offset, int bit) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ (1 << bit)));
            channel.write(one.clear(), offset);
        }
    }

    /**
     * Writes {@code version} into the header of {@code file}, whose CRC32C lies at {@code crcOffset},
     * and recomputes that CRC: an intact header of another format version.
     */
    static void writeHeaderVersion(Path file, int crcOffset, int version) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            LittleEndianBuffer header = LittleEndianBuffer.of(ByteBuffer.allocate(crcOffset + Integer.BYTES));
            channel.read(header.byteBuffer(), 0);
            header.putInt(FileHeader.VERSION_OFFSET, version);
            header.putInt(crcOffset, new Checksums().of(header, 0, crcOffset));
            channel.write(header.byteBuffer().clear(), 0);
        }
    }

    static void append(Path file, byte[] bytes) throws IOException {
        Files.write(file, bytes, StandardOpenOption.APPEND);
    }

    /**
     * Where the log in {@code wal} ends: after its last complete block, where the zeros the writer extends
     * the file with begin, or at the block that ends it otherwise.
     */
    static long walEnd(Path wal) throws IOException {
        try (FileChannel channel = FileChannel.open(wal, StandardOpenOption.READ)) {
            WalScanner scanner = new WalScanner((position, dst) -> {
                try {
                    return FileIo.readFully(channel, dst, position);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, channel.size());
            while (scanner.next()) {
                continue;
            }
            return scanner.offset();
        }
    }

    /** Writes {@code bytes} where the log in {@code wal} ends (over the zeros that follow it); returns that offset. */
    static long appendToLog(Path wal, byte[] bytes) throws IOException {
        long end = walEnd(wal);
        writeAt(wal, end, ByteBuffer.wrap(bytes));
        return end;
    }

    static LittleEndianBuffer headerPage(Path store) throws IOException {
        try (FileChannel channel = FileChannel.open(store.resolve(CLUSTERS), StandardOpenOption.READ)) {
            ByteBuffer page = ByteBuffer.allocate(ClusterFileDescriptor.PAGE_SIZE);
            channel.read(page, 0);
            return LittleEndianBuffer.of(page.array());
        }
    }

    /** The table entry of {@code oid}, checked; its position is set even when the object does not exist. */
    static TableEntry entryOf(SegmentStore store, long oid) {
        TableEntry entry = new TableEntry();
        store.objects().load(oid, entry);
        return entry;
    }

    /** The table offset that the directory file of the store in {@code store} gives {@code segment} (0: none), unchecked. */
    static long directoryEntry(Path store, long segment) throws IOException {
        try (FileChannel channel = FileChannel.open(store.resolve(SEGMENTS), StandardOpenOption.READ)) {
            ByteBuffer entry = ByteBuffer.allocate(SegmentDirectoryDescriptor.ENTRY_LENGTH);
            channel.read(entry, SegmentDirectoryDescriptor.entryPosition(segment));
            return LittleEndianBuffer.of(entry.array()).getLong(SegmentDirectoryDescriptor.TABLE_OFFSET_OFFSET);
        }
    }

    /** The file offset of an existing object's bytes. */
    static long offsetOf(SegmentStore store, long oid) {
        TableEntry entry = new TableEntry();
        store.objects().loadExisting(oid, entry);
        return entry.offset;
    }

    /**
     * Rewrites the table entry at {@code entryPosition} of the cluster file, with a valid checksum:
     * damage that no checksum can see, for the checks of invariants.
     */
    static void forgeEntry(Path store, long entryPosition, long oid, long objectOffset, int length, int crc)
        throws IOException {
        LittleEndianBuffer entry = LittleEndianBuffer.of(ByteBuffer.allocate(SegmentTableDescriptor.ENTRY_LENGTH));
        SegmentTableDescriptor.putEntry(entry, 0, oid, objectOffset, length, 1, 1, crc, new Checksums());
        writeAt(store.resolve(CLUSTERS), entryPosition, entry.byteBuffer().clear());
    }

    static void writeAt(Path file, long offset, ByteBuffer bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(bytes, offset);
        }
    }
}
