package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.NotAStoreException;
import org.swizzle.ReadOnlyStoreException;
import org.swizzle.StoreLockedException;

/**
 * Read-only opens and the tool on a read-only backup: they read the data and write nothing, not even
 * a lock file. Tests run as root, where permission bits do not stop writes, so every test also
 * compares the bytes and modification times of every file, and the directory's listing, before and
 * after.
 */
class ReadOnlyTest {
    private static final StoreConfig READ_ONLY = StoreConfig.defaults().withReadOnly(true);

    @TempDir
    Path dir;

    private final LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
    private long[] oids = new long[4];

    /** Three commits; closed, or left as a crash leaves them (the last block appended, not applied). */
    private Path store(String name, boolean close) throws IOException {
        Path store = dir.resolve(name);
        SegmentStore opened = SegmentStore.open(store, StoreDirs.smallNoCheckpoint());
        for (int commit = 1; commit <= 3; commit++) {
            Transaction transaction = opened.begin();
            oids[commit] = TestBytes.putNew(transaction, commit, 500 * commit);
            transaction.commit(commit);
        }
        if (close) {
            opened.close();
            return store;
        }
        Path crashed = StoreDirs.crashCopy(store, dir.resolve(name + "-crashed"));
        opened.close();
        return crashed;
    }

    /** A backup: the files and the directory without write permission. */
    private static Path readOnlyBackup(Path store) throws IOException {
        try (Stream<Path> files = Files.list(store)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
            }
        }
        Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("r-xr-xr-x"));
        return store;
    }

    @Test
    void shouldReadABackupWithoutALockFileAndWriteNothing() throws IOException {
        Path backup = readOnlyBackup(StoreDirs.crashCopy(store("store", true), dir.resolve("backup")));
        Map<String, String> before = snapshot(backup);
        try (SegmentStore store = SegmentStore.open(backup, READ_ONLY)) {
            assertEquals(3, store.lastCommit());
            for (int commit = 1; commit <= 3; commit++) {
                assertBytes(bytes(commit, 500 * commit), store.read(oids[commit], view), "object of commit " + commit);
            }
            ReadOnlyStoreException e = assertThrows(ReadOnlyStoreException.class, store::begin);
            assertTrue(e.getMessage().contains(backup + " was opened read-only"), e.getMessage());
            assertThrows(ReadOnlyStoreException.class, store::checkpoint);
        }
        assertEquals(before, snapshot(backup), "nothing was written, and no lock file appeared");
        assertFalse(Files.exists(backup.resolve(StoreLock.FILE_NAME)));
    }

    @Test
    void shouldShareTheLockFileWithReadersAndKeepWritersOut() throws IOException {
        Path store = store("store", true);
        Map<String, String> before = snapshot(store);
        try (SegmentStore reader = SegmentStore.open(store, READ_ONLY)) {
            assertEquals(3, reader.lastCommit());
            StoreLockedException e = assertThrows(StoreLockedException.class,
                () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
            assertTrue(e.getMessage().contains("already open in this JVM"), e.getMessage());
        }
        assertEquals(before, snapshot(store), "the lock file was not written either");
        try (SegmentStore writer = SegmentStore.open(store, StoreDirs.smallNoCheckpoint())) {
            assertEquals(3, writer.lastCommit());
            assertThrows(StoreLockedException.class, () -> SegmentStore.open(store, READ_ONLY));
        }
    }

    /** A writer kept out by a reader in another process is told that, not the id of the last process that wrote. */
    @Test
    void shouldSayThatAReaderInAnotherProcessHoldsTheStore() throws IOException, InterruptedException {
        Path store = store("store", true);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process reader = new ProcessBuilder(java, "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp",
            System.getProperty("java.class.path"), ReadingProcess.class.getName(), store.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(reader.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("open at commit 3", out.readLine());
            StoreLockedException e = assertThrows(StoreLockedException.class,
                () -> SegmentStore.open(store, StoreDirs.smallNoCheckpoint()));
            assertTrue(e.getMessage().contains("open in another process, opened read-only") && !e.getMessage().contains("by process"),
                e.getMessage());
        } finally {
            reader.destroyForcibly();
            reader.waitFor();
        }
    }

    @Test
    void shouldWaitForNoWriterInAnotherProcess() throws IOException, InterruptedException {
        Path store = dir.resolve("written");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process writer = new ProcessBuilder(java, "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp",
            System.getProperty("java.class.path"), CommittingProcess.class.getName(), store.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            assertTrue(out.readLine().startsWith("committed"), "the writer committed");
            StoreLockedException e = assertThrows(StoreLockedException.class, () -> SegmentStore.open(store, READ_ONLY));
            assertTrue(e.getMessage().contains("open in another process, opened for writing by process " + writer.pid()),
                e.getMessage());
        } finally {
            writer.destroyForcibly();
            writer.waitFor();
        }
    }

    @Test
    void shouldRefuseALogWithCommitsToReplayAndSayHow() throws IOException {
        Path crashed = readOnlyBackup(store("store", false));
        Map<String, String> before = snapshot(crashed);
        ReadOnlyStoreException e = assertThrows(ReadOnlyStoreException.class, () -> SegmentStore.open(crashed, READ_ONLY));
        assertTrue(e.getMessage().contains(crashed.resolve(StoreDirs.WAL).toString())
            && e.getMessage().contains("not applied yet") && e.getMessage().contains("open the store writable once"),
            e.getMessage());
        assertEquals(before, snapshot(crashed));

        Files.setPosixFilePermissions(crashed, PosixFilePermissions.fromString("rwxr-xr-x"));
        SegmentStore.open(crashed, StoreDirs.smallNoCheckpoint()).close();
        try (SegmentStore store = SegmentStore.open(crashed, READ_ONLY)) {
            assertEquals(3, store.lastCommit());
            assertBytes(bytes(3, 1500), store.read(oids[3], view), "object of the replayed commit 3");
        }
    }

    @Test
    void shouldLeaveATornTailInPlace() throws IOException {
        Path store = store("store", true);
        StoreDirs.append(store.resolve(StoreDirs.WAL), new byte[] {'S', 'W', 'Z', 'W', 1, 2, 3});
        Map<String, String> before = snapshot(store);
        try (SegmentStore opened = SegmentStore.open(store, READ_ONLY)) {
            assertEquals(3, opened.lastCommit());
            assertBytes(bytes(2, 1000), opened.read(oids[2], view), "object of commit 2");
        }
        assertEquals(before, snapshot(store), "the torn tail is left for the next writable open");
    }

    @Test
    void shouldCreateNothing() {
        Path missing = dir.resolve("missing");
        NotAStoreException e = assertThrows(NotAStoreException.class, () -> SegmentStore.open(missing, READ_ONLY));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("read-only"), e.getMessage());
        assertFalse(Files.exists(missing));
    }

    @Test
    void shouldVerifyAReadOnlyBackupWithAndWithoutALockFile() throws IOException {
        Path store = store("store", true);
        Path withLock = readOnlyBackup(copyWithLock(store, dir.resolve("with-lock")));
        Path withoutLock = readOnlyBackup(StoreDirs.crashCopy(store, dir.resolve("without-lock")));
        for (Path backup : new Path[] {withLock, withoutLock}) {
            Map<String, String> before = snapshot(backup);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = Tool.run(new String[] {"verify", backup.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(Tool.CLEAN, exit, backup + ": " + out + err);
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("result         OK"), out.toString(StandardCharsets.UTF_8));
            assertEquals(before, snapshot(backup), backup + ": nothing was written, and no lock file appeared");
        }
    }

    private static Path copyWithLock(Path store, Path to) throws IOException {
        StoreDirs.crashCopy(store, to);
        StoreDirs.copy(store, to, StoreLock.FILE_NAME);
        return to;
    }

    /** Every name in {@code store}, with its bytes and modification time; and the directory's own time. */
    private static Map<String, String> snapshot(Path store) throws IOException {
        Map<String, String> snapshot = new TreeMap<>();
        snapshot.put(".", Files.getLastModifiedTime(store).toString());
        try (Stream<Path> files = Files.list(store)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                snapshot.put(file.getFileName().toString(), Arrays.hashCode(Files.readAllBytes(file)) + " "
                    + Files.size(file) + " " + Files.getLastModifiedTime(file));
            }
        }
        return snapshot;
    }
}
