package org.swizzle.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.swizzle.NotAStoreException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreFormatException;
import org.swizzle.StoreIOException;
import org.swizzle.StoreVersionException;

/**
 * What a directory holds when a store opens in it, judged under the store's lock before any store
 * file is opened or created:
 *
 * <ul>
 * <li>a store: its cluster file, with the segment directory and the WAL beside it (a missing one is
 * {@link StoreCorruptedException}; a missing lock file is none, it holds no data);</li>
 * <li>the remains of a store whose cluster file is gone: a WAL that follows a checkpoint or holds
 * commits, a segment directory with entries, a lock file left by an open of a complete store, an
 * index directory. {@link StoreCorruptedException} naming the missing files: nothing is ever created
 * over them, so that putting the files back restores the store;</li>
 * <li>nothing but what the creation of a store leaves before its cluster file is renamed into place
 * (a lock file marked {@link StoreLock#CREATING}, a WAL of checkpoint 0 without blocks, a segment
 * directory without entries, a half-written cluster file): no data, so a new store is created;</li>
 * <li>other files: {@link NotAStoreException}, and nothing is created among them. A file with a store file's name
 * whose header is intact and of another kind is another file, not a store's.</li>
 * </ul>
 */
final class StoreDirectory {
    static final String NEW_CLUSTER_FILE = ClusterFileDescriptor.FILE_NAME + ".new";
    private static final Set<String> CREATION_LEFTOVERS = Set.of(StoreLock.FILE_NAME, SegmentDirectoryDescriptor.FILE_NAME,
        WalDescriptor.FILE_NAME, NEW_CLUSTER_FILE);
    /** Every name a store, or the creation of one, puts in its directory. */
    private static final Set<String> STORE_NAMES = Set.of(ClusterFileDescriptor.FILE_NAME, StoreLock.FILE_NAME,
        SegmentDirectoryDescriptor.FILE_NAME, WalDescriptor.FILE_NAME, NEW_CLUSTER_FILE, SegmentStore.INDEX_DIRECTORY);
    private static final int NAMES_SHOWN = 10;

    private StoreDirectory() {
    }

    /**
     * Makes sure {@code directory} exists, creating it if {@code config} may create a store, and
     * refuses, before the lock file is created, a directory that holds no store file and holds other
     * files, or is empty where no store may be created: nothing is written into it.
     *
     * @throws NotAStoreException the directory is not a store and no store may be created in it
     */
    static void checkBeforeLock(Path directory, StoreConfig config) {
        if (!Files.isDirectory(directory)) {
            if (Files.exists(directory)) {
                throw new NotAStoreException(isAFile(directory) + " Open a directory.");
            }
            if (!mayCreate(config)) {
                throw new NotAStoreException("There is no Swizzle store in " + directory + ": the directory does not"
                    + " exist, and " + whyNotCreated(config) + ". Check the path, or " + howToCreate(config) + ".");
            }
            try {
                Files.createDirectories(directory);
            } catch (IOException e) {
                throw new StoreIOException("Cannot create the store directory " + directory + ": " + e, e);
            }
        }
        try {
            try (Stream<Path> entries = Files.list(directory)) {
                if (entries.anyMatch(entry -> STORE_NAMES.contains(entry.getFileName().toString()))) {
                    return;
                }
            }
            refuseOthersOrNothing(directory, config);
        } catch (IOException e) {
            throw new StoreIOException("Cannot read the directory " + directory + ": " + e, e);
        }
    }

    /**
     * Whether a new store must be created in {@code directory}; false if it holds one.
     *
     * @throws StoreCorruptedException a store file is missing while others are there
     * @throws NotAStoreException      the directory holds other files, or no store and {@code config} may not create one
     */
    static boolean mustCreate(Path directory, StoreLock lock, StoreConfig config) {
        Path clusters = directory.resolve(ClusterFileDescriptor.FILE_NAME);
        Path segments = directory.resolve(SegmentDirectoryDescriptor.FILE_NAME);
        Path wal = directory.resolve(WalDescriptor.FILE_NAME);
        try {
            List<Path> missing = new ArrayList<>();
            for (Path file : List.of(clusters, segments, wal)) {
                if (!Files.exists(file)) {
                    missing.add(file);
                }
            }
            if (Files.exists(clusters)) {
                if (!missing.isEmpty()) {
                    throw StoreCorruptedException.missingFile(missing.get(0), "the store's cluster file " + clusters
                        + " is there" + alsoMissing(missing));
                }
                return false;
            }
            StoreCorruptedException remains = remainsOfAStore(directory, lock);
            if (remains != null) {
                throw remains;
            }
            refuseOthersOrNothing(directory, config);
            return true;
        } catch (IOException e) {
            throw new StoreIOException("Cannot read the directory " + directory + ": " + e, e);
        }
    }

    /**
     * Why {@code directory}, whose cluster file is missing, is a damaged store rather than none: the remains of one that
     * it holds; null if it holds none. For a tool, which creates nothing, as for an open.
     */
    static StoreCorruptedException remainsOfAStore(Path directory, StoreLock lock) throws IOException {
        Path clusters = directory.resolve(ClusterFileDescriptor.FILE_NAME);
        Path segments = directory.resolve(SegmentDirectoryDescriptor.FILE_NAME);
        Path wal = directory.resolve(WalDescriptor.FILE_NAME);
        List<String> remains = remains(directory, segments, wal, lock);
        if (remains.isEmpty()) {
            return null;
        }
        List<Path> missing = new ArrayList<>();
        for (Path file : List.of(clusters, segments, wal)) {
            if (!Files.exists(file)) {
                missing.add(file);
            }
        }
        return StoreCorruptedException.missingFile(clusters, "the directory holds the remains of a store ("
            + String.join("; ", remains) + ")" + alsoMissing(missing));
    }

    /** The files after the first of {@code missing}, said as missing too; empty if there are none. */
    private static String alsoMissing(List<Path> missing) {
        if (missing.size() < 2) {
            return "";
        }
        List<String> names = new ArrayList<>();
        missing.subList(1, missing.size()).forEach(file -> names.add(file.getFileName().toString()));
        return ", and " + String.join(" and ", names) + (names.size() > 1 ? " are" : " is") + " missing too";
    }

    /** Refuses a directory without a store that holds other files, or where {@code config} may not create one. */
    private static void refuseOthersOrNothing(Path directory, StoreConfig config) throws IOException {
        List<String> others = others(directory);
        if (!others.isEmpty()) {
            throw new NotAStoreException(directory + " is not a Swizzle store: it holds " + String.join(", ", others)
                + " and no " + ClusterFileDescriptor.FILE_NAME + ". Open the directory of a store, or an empty or new"
                + " directory to create one.");
        }
        if (!mayCreate(config)) {
            throw new NotAStoreException("There is no Swizzle store in " + directory + " (it holds no "
                + ClusterFileDescriptor.FILE_NAME + "), and " + whyNotCreated(config)
                + ". Open the directory of an existing store, or " + howToCreate(config) + ".");
        }
    }

    /** Says that {@code path}, which should be a store's directory, is a file. */
    static String isAFile(Path path) {
        return path + " is a file, not the directory of a Swizzle store.";
    }

    private static boolean mayCreate(StoreConfig config) {
        return config.createIfMissing() && !config.readOnly();
    }

    private static String whyNotCreated(StoreConfig config) {
        return config.readOnly() ? "a read-only open creates nothing" : "this open may not create one (createIfMissing is false)";
    }

    private static String howToCreate(StoreConfig config) {
        return config.readOnly() ? "open it without readOnly to create the store" : "allow creating the store (createIfMissing)";
    }

    private static List<String> remains(Path directory, Path segments, Path wal, StoreLock lock) throws IOException {
        List<String> remains = new ArrayList<>();
        if (Files.exists(wal) && ofAnotherKind(wal, WalDescriptor.FILE_HEADER) == null) {
            long size = Files.size(wal);
            if (size > WalDescriptor.FILE_HEADER_LENGTH) {
                remains.add(wal.getFileName() + " holds " + (size - WalDescriptor.FILE_HEADER_LENGTH) + " bytes past its header"
                    + " (commits, or the zeros a store writes ahead of them)");
            } else if (size == WalDescriptor.FILE_HEADER_LENGTH && walEpoch(wal) != 0) {
                remains.add(wal.getFileName() + " follows checkpoint " + walEpoch(wal));
            }
        }
        if (Files.exists(segments) && Files.size(segments) > SegmentDirectoryDescriptor.HEADER_LENGTH
            && ofAnotherKind(segments, SegmentDirectoryDescriptor.HEADER) == null) {
            remains.add(segments.getFileName() + " holds " + (Files.size(segments) - SegmentDirectoryDescriptor.HEADER_LENGTH)
                + " bytes of entries");
        }
        String owner = lock.previousOwner();
        if (!owner.isEmpty() && !owner.endsWith(StoreLock.CREATING.trim())) {
            remains.add(StoreLock.FILE_NAME + " was left by process " + owner + ", which opened a complete store here");
        }
        Path indexes = directory.resolve(SegmentStore.INDEX_DIRECTORY);
        if (Files.exists(indexes)) {
            remains.add(SegmentStore.INDEX_DIRECTORY + "/ holds a store's indexes");
        }
        return remains;
    }

    private static long walEpoch(Path wal) throws IOException {
        try (FileChannel channel = FileChannel.open(wal, StandardOpenOption.READ)) {
            ByteBuffer epoch = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            FileIo.readFully(channel, epoch, WalDescriptor.EPOCH_OFFSET);
            return epoch.getLong(0);
        }
    }

    /** The names in {@code directory} that no store, nor the creation of one, leaves; the first few. */
    private static List<String> others(Path directory) throws IOException {
        List<String> others = new ArrayList<>();
        int count = 0;
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : (Iterable<Path>) entries.sorted()::iterator) {
                String name = entry.getFileName().toString();
                String kind = CREATION_LEFTOVERS.contains(name) ? otherKindUnderAStoreName(entry) : "";
                if (kind != null) {
                    if (others.size() < NAMES_SHOWN) {
                        others.add(name + (Files.isDirectory(entry) ? "/" : "") + kind);
                    }
                    count++;
                }
            }
        }
        if (count > others.size()) {
            others.add("and " + (count - others.size()) + " more");
        }
        return others;
    }

    /**
     * For a file that bears the name of a store file a creation leaves, what it is if it is no store's: its header is of
     * another kind ({@code " (not a Swizzle write-ahead log: ...)"}); null if it may be the store's.
     */
    private static String otherKindUnderAStoreName(Path entry) throws IOException {
        String name = entry.getFileName().toString();
        FileHeader header = name.equals(WalDescriptor.FILE_NAME) ? WalDescriptor.FILE_HEADER
            : name.equals(SegmentDirectoryDescriptor.FILE_NAME) ? SegmentDirectoryDescriptor.HEADER : null;
        if (header == null) {
            return null;
        }
        String first = ofAnotherKind(entry, header);
        return first == null ? null : " (not a Swizzle " + header.kind() + ": it begins " + first + ")";
    }

    /**
     * The first bytes of {@code file}, in hex, if its header is intact and of another kind than {@code header}'s, so that
     * the file is not a store's whatever its name; null if it is the store's, damaged or of another format version.
     */
    private static String ofAnotherKind(Path file, FileHeader header) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        byte[] start = new byte[header.length()];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(start, 0, start.length);
        }
        try {
            header.check(file, LittleEndianBuffer.of(start), read, new Checksums(), 0);
            return null;
        } catch (StoreVersionException | StoreCorruptedException e) {
            return null;
        } catch (StoreFormatException e) {
            return FileHeader.hex(LittleEndianBuffer.of(start), Math.min(read, Long.BYTES));
        }
    }
}
