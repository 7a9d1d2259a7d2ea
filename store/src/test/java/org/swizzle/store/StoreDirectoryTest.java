package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.NotAStoreException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreIOException;

/**
 * What an open finds in its directory: a store, the remains of one that lost a file (refused, and
 * nothing is created over them), the leftovers of a creation cut short, other files, or nothing.
 */
class StoreDirectoryTest {
    private static final StoreConfig CONFIG = StoreDirs.smallNoCheckpoint();
    private static final String LOCK = StoreLock.FILE_NAME;
    private static final String INDEXES = SegmentStore.INDEX_DIRECTORY;

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);

    /** A closed store with three commits, a lock file and an index directory, as an application leaves it. */
    private Path storeWithData() throws IOException {
        Path store = dir.resolve("store");
        try (SegmentStore opened = SegmentStore.open(store, CONFIG)) {
            for (int commit = 1; commit <= 3; commit++) {
                Transaction transaction = opened.begin();
                TestBytes.putNew(transaction, commit, 100 * commit);
                transaction.commit(commit);
            }
        }
        Files.createDirectories(store.resolve(INDEXES));
        Files.writeString(store.resolve(INDEXES).resolve("parts.commit"), "3");
        return store;
    }

    private void assertData(Path store) {
        try (SegmentStore opened = SegmentStore.open(store, CONFIG)) {
            assertEquals(3, opened.lastCommit());
            long oid = Oids.FIRST_NEW_OID;
            for (int commit = 1; commit <= 3; commit++, oid++) {
                while (!opened.contains(oid)) {
                    oid++;
                }
                assertBytes(bytes(commit, 100 * commit), opened.read(oid, view), "object of commit " + commit);
            }
        }
    }

    @Test
    void shouldRefuseEachMissingStoreFileCreateNothingAndOpenWithItsDataOnceTheFileIsBack() throws IOException {
        Path store = storeWithData();
        for (String missing : List.of(StoreDirs.CLUSTERS, StoreDirs.SEGMENTS, StoreDirs.WAL)) {
            Path copy = copyOf(store, "without-" + missing);
            Path aside = dir.resolve(missing + ".aside");
            Files.move(copy.resolve(missing), aside);
            Map<String, byte[]> before = contents(copy);

            StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> SegmentStore.open(copy, CONFIG), missing);
            assertEquals(copy.resolve(missing), e.file(), e.getMessage());
            assertTrue(e.getMessage().contains(copy.resolve(missing) + " is missing")
                && e.getMessage().contains("put the file back from a backup"), e.getMessage());
            assertFalse(Files.exists(copy.resolve(missing)), "nothing is created in place of " + missing);
            assertStoreFilesUnchanged(before, contents(copy), missing);

            Files.move(aside, copy.resolve(missing));
            assertData(copy);
        }
    }

    @Test
    void shouldNameEveryMissingStoreFile() throws IOException {
        Path copy = copyOf(storeWithData(), "two-missing");
        Files.delete(copy.resolve(StoreDirs.SEGMENTS));
        Files.delete(copy.resolve(StoreDirs.WAL));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> SegmentStore.open(copy, CONFIG));
        assertEquals(copy.resolve(StoreDirs.SEGMENTS), e.file());
        assertTrue(e.getMessage().contains("and " + StoreDirs.WAL + " is missing too"), e.getMessage());
        assertFalse(Files.exists(copy.resolve(StoreDirs.SEGMENTS)) || Files.exists(copy.resolve(StoreDirs.WAL)));
    }

    /** An open refused leaves the directory as it found it: a lock file it made to lock the store goes again. */
    @Test
    void shouldTakeAwayTheLockFileItMadeForAnOpenItRefused() throws IOException {
        Path store = storeWithData();
        Path copy = copyOf(store, "clusters-only");
        for (String other : List.of(StoreDirs.SEGMENTS, StoreDirs.WAL, LOCK, INDEXES)) {
            deleteTree(copy.resolve(other));
        }
        assertThrows(StoreCorruptedException.class, () -> SegmentStore.open(copy, CONFIG));
        try (Stream<Path> files = Files.list(copy)) {
            assertEquals(List.of(StoreDirs.CLUSTERS), files.map(file -> file.getFileName().toString()).collect(Collectors.toList()));
        }
        Path locked = copyOf(store, "lock-kept");
        Files.delete(locked.resolve(StoreDirs.WAL));
        assertThrows(StoreCorruptedException.class, () -> SegmentStore.open(locked, CONFIG));
        assertTrue(Files.exists(locked.resolve(LOCK)), "a lock file the open found is left where it was");
    }

    @Test
    void shouldOpenWithItsDataWithoutTheLockFileOrTheIndexes() throws IOException {
        Path store = storeWithData();
        for (String derived : List.of(LOCK, INDEXES)) {
            Path copy = copyOf(store, "without-" + derived);
            deleteTree(copy.resolve(derived));
            assertData(copy);
        }
    }

    @Test
    void shouldTakeAnyOneRemainOfAStoreForEvidenceThatItsClusterFileIsMissing() throws IOException {
        Path store = storeWithData();
        List<String> remains = List.of(StoreDirs.WAL, StoreDirs.SEGMENTS, LOCK, INDEXES);
        for (String kept : remains) {
            Path copy = copyOf(store, "only-" + kept);
            Files.delete(copy.resolve(StoreDirs.CLUSTERS));
            for (String other : remains) {
                if (!other.equals(kept)) {
                    deleteTree(copy.resolve(other));
                }
            }
            Map<String, byte[]> before = contents(copy);
            StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> SegmentStore.open(copy, CONFIG), "only " + kept + " left");
            assertEquals(copy.resolve(StoreDirs.CLUSTERS), e.file());
            assertTrue(e.getMessage().contains("remains of a store") && e.getMessage().contains(kept), e.getMessage());
            assertFalse(Files.exists(copy.resolve(StoreDirs.CLUSTERS)));
            assertStoreFilesUnchanged(before, contents(copy), kept);
        }
    }

    @Test
    void shouldFinishACreationCutShort() throws IOException {
        Path store = dir.resolve("cut-short");
        SegmentStore.open(store, CONFIG).close();
        Files.delete(store.resolve(StoreDirs.CLUSTERS));
        Files.writeString(store.resolve(LOCK), "12345" + StoreLock.CREATING);
        Files.write(store.resolve(StoreDirectory.NEW_CLUSTER_FILE), new byte[100]);

        try (SegmentStore opened = SegmentStore.open(store, CONFIG)) {
            assertEquals(0, opened.lastCommit());
            Transaction transaction = opened.begin();
            TestBytes.putNew(transaction, 1, 10);
            transaction.commit(1);
        }
        assertFalse(Files.exists(store.resolve(StoreDirectory.NEW_CLUSTER_FILE)));
        assertEquals(Long.toString(ProcessHandle.current().pid()),
            Files.readString(store.resolve(LOCK), StandardCharsets.US_ASCII), "the lock file no longer says creating");
    }

    /** A creation that fails part-way keeps the lock file that says so, whose next open finishes the creation. */
    @Test
    void shouldFinishACreationThatFailedPartWay() throws IOException {
        Path store = dir.resolve("failed-part-way");
        assertThrows(StoreIOException.class, () -> SegmentStore.open(store, CONFIG, file -> {
            if (file.getFileName().toString().equals(StoreDirectory.NEW_CLUSTER_FILE)) {
                throw new IOException("no space left on device");
            }
            return FileChannelFactory.DEFAULT.open(file);
        }));
        assertTrue(Files.readString(store.resolve(LOCK), StandardCharsets.US_ASCII).endsWith(StoreLock.CREATING),
            "the lock file still says creating");
        try (SegmentStore opened = SegmentStore.open(store, CONFIG)) {
            assertEquals(0, opened.lastCommit());
        }
    }

    @Test
    void shouldRefuseADirectoryOfOtherFilesAndWriteNothingIntoIt() throws IOException {
        Path other = dir.resolve("documents");
        Files.createDirectories(other.resolve("photos"));
        Files.writeString(other.resolve("notes.txt"), "not a store");

        NotAStoreException e = assertThrows(NotAStoreException.class, () -> SegmentStore.open(other, CONFIG));
        assertTrue(e.getMessage().contains(other + " is not a Swizzle store") && e.getMessage().contains("notes.txt")
            && e.getMessage().contains("photos/"), e.getMessage());
        try (Stream<Path> entries = Files.list(other)) {
            assertEquals(2, entries.count(), "no lock file or store file was created");
        }
    }

    /** A file named as a store's whose header is intact and of another kind is another file: no store is created over it. */
    @Test
    void shouldRefuseAFileWithAStoreFilesNameThatIsNotOneAsAnotherFile() throws IOException {
        byte[] random = new byte[4096];
        new Random(41).nextBytes(random);
        for (String name : List.of(StoreDirs.WAL, StoreDirs.SEGMENTS)) {
            Path other = Files.createDirectories(dir.resolve("random-" + name));
            Files.write(other.resolve(name), random);

            NotAStoreException e = assertThrows(NotAStoreException.class, () -> SegmentStore.open(other, CONFIG), name);
            assertTrue(e.getMessage().contains(other + " is not a Swizzle store") && e.getMessage().contains(name
                + " (not a Swizzle ") && e.getMessage().contains(String.format("it begins %02x", random[0] & 0xFF)),
                e.getMessage());
            try (Stream<Path> entries = Files.list(other)) {
                assertEquals(List.of(name), entries.map(file -> file.getFileName().toString()).collect(Collectors.toList()),
                    "no lock file or store file was created");
            }
            assertArrayEquals(random, Files.readAllBytes(other.resolve(name)));
        }
    }

    @Test
    void shouldCreateAMissingStoreOnlyWhenAllowed() throws IOException {
        StoreConfig noCreate = CONFIG.withCreateIfMissing(false);
        Path missing = dir.resolve("missing");
        NotAStoreException e = assertThrows(NotAStoreException.class, () -> SegmentStore.open(missing, noCreate));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("does not exist")
            && e.getMessage().contains("createIfMissing is false") && e.getMessage().contains("allow creating the store"),
            e.getMessage());
        assertFalse(Files.exists(missing));
        e = assertThrows(NotAStoreException.class, () -> SegmentStore.open(missing, CONFIG.withReadOnly(true)));
        assertTrue(e.getMessage().contains("a read-only open creates nothing")
            && e.getMessage().contains("open it without readOnly to create the store")
            && !e.getMessage().contains("allow creating"), "createIfMissing is true already: " + e.getMessage());
        assertFalse(Files.exists(missing));

        Path empty = Files.createDirectories(dir.resolve("empty"));
        e = assertThrows(NotAStoreException.class, () -> SegmentStore.open(empty, noCreate));
        assertTrue(e.getMessage().contains("no Swizzle store in " + empty), e.getMessage());
        try (Stream<Path> entries = Files.list(empty)) {
            assertEquals(0, entries.count(), "nothing was written");
        }

        SegmentStore.open(empty, CONFIG).close();
        SegmentStore.open(empty, noCreate).close();
    }

    @Test
    void shouldRefuseAFileForADirectory() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        NotAStoreException e = assertThrows(NotAStoreException.class, () -> SegmentStore.open(file, CONFIG));
        assertTrue(e.getMessage().contains(file + " is a file"), e.getMessage());
    }

    // ---- helpers ----

    private Path copyOf(Path store, String name) throws IOException {
        Path copy = dir.resolve(name);
        try (Stream<Path> files = Files.walk(store)) {
            for (Path from : (Iterable<Path>) files::iterator) {
                Path to = copy.resolve(store.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return copy;
    }

    private static void deleteTree(Path path) throws IOException {
        try (Stream<Path> files = Files.walk(path)) {
            for (Path file : (Iterable<Path>) files.sorted((a, b) -> b.compareTo(a))::iterator) {
                Files.delete(file);
            }
        }
    }

    /** Every file under {@code store} (by relative path) and its bytes. */
    private static Map<String, byte[]> contents(Path store) throws IOException {
        Map<String, byte[]> contents = new TreeMap<>();
        try (Stream<Path> files = Files.walk(store)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(file)) {
                    contents.put(store.relativize(file).toString(), Files.readAllBytes(file));
                }
            }
        }
        return contents;
    }

    /** The data files are as they were; the lock file, taken to look, may have been created. */
    private static void assertStoreFilesUnchanged(Map<String, byte[]> before, Map<String, byte[]> after, String what) {
        after.remove(LOCK);
        before.remove(LOCK);
        assertEquals(before.keySet(), after.keySet(), what + ": no file was created or deleted");
        before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), what + ": " + name + " was changed"));
    }
}
