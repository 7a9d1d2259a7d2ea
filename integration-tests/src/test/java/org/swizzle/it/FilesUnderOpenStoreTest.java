package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.CommitNotAppliedException;
import org.swizzle.ObjectStore;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreOptions;
import org.swizzle.StoreOptions.Durability;
import org.swizzle.it.model.Node;

/**
 * A store's files deleted or replaced while the store is open (by hand, a cleanup job, a backup restored in place): the
 * next commit or close must not write into a file that no longer has a name and report success, which loses every
 * commit since the last checkpoint, nor go on beside another process that a deleted lock file let in. Each test commits
 * twice (the second commit only in the log), changes the store's files, and reads the store back in another JVM.
 */
class FilesUnderOpenStoreTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"swizzle.wal", "swizzle.clusters", "swizzle.segments"})
    void shouldWriteBackAFileDeletedUnderTheOpenStoreAndRefuseTheCommit(String file) throws IOException {
        try (ObjectStore store = storeAtSecondCommit()) {
            Files.delete(dir.resolve(file));
            waitForTheNextLook();
            store.root("n", Node.class).name = "third";

            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::commit);

            assertTrue(e.getMessage().contains(dir.resolve(file) + " was deleted while the store")
                && e.getMessage().contains("Commit 3 was not made") && e.getMessage().contains("wrote it back"),
                e.getMessage());
            assertThrows(StoreClosedException.class, store::commit);
            assertThrows(StoreClosedException.class, store::rootNames, "the store is closed, not only its files");
        }
        assertTrue(Files.exists(dir.resolve(file)));
        assertEquals("name=second", readBack());
        assertReopensHere("second");
    }

    @Test
    void shouldWriteBackALogDeletedUnderTheOpenStoreWhenItCloses() throws IOException {
        ObjectStore store = storeAtSecondCommit();
        Files.delete(dir.resolve("swizzle.wal"));

        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::close);

        assertTrue(e.getMessage().contains("The checkpoint of close() was not made") && e.getMessage().contains("wrote it back"),
            e.getMessage());
        assertEquals("name=second", readBack());
        assertReopensHere("second");
    }

    @Test
    void shouldWriteBackALogDeletedUnderAStoreThatHasNothingToCheckpointWhenItCloses() throws IOException {
        storeAtSecondCommit().close();
        ObjectStore store = ObjectStore.open(dir); // its open checkpointed: its close has nothing to write
        Files.delete(dir.resolve("swizzle.wal"));

        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::close);

        assertTrue(e.getMessage().contains("wrote it back"), e.getMessage());
        assertEquals("name=second", readBack());
    }

    @Test
    void shouldKeepEveryCommitThatReturnedWhenCommitsDoNotForceTheLog() throws IOException {
        ObjectStore store = ObjectStore.open(dir, StoreOptions.builder().durability(Durability.NO_SYNC).build());
        store.setRoot("n", new Node("first"));
        store.commit();
        Files.delete(dir.resolve("swizzle.wal"));
        store.root("n", Node.class).name = "second";
        boolean returned;
        try {
            store.commit(); // such a commit looks at the files once in 100 ms only: it may write into the deleted log
            returned = true;
        } catch (StoreCorruptedException e) {
            returned = false;
        }

        if (returned) {
            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::close);
            assertTrue(e.getMessage().contains("wrote it back"), e.getMessage());
        } else {
            store.close();
        }
        assertEquals(returned ? "name=second" : "name=first", readBack());
    }

    @Test
    void shouldWriteNothingOnceTheLockFileIsDeletedUnderTheOpenStore() throws IOException {
        try (ObjectStore store = storeAtSecondCommit()) {
            Files.delete(dir.resolve("swizzle.lock"));
            waitForTheNextLook();
            store.root("n", Node.class).name = "third";
            long walLength = Files.size(dir.resolve("swizzle.wal"));

            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::commit);

            assertTrue(e.getMessage().contains("swizzle.lock was deleted while the store")
                && e.getMessage().contains("another process may have opened the store")
                && e.getMessage().contains("nothing was written"), e.getMessage());
            assertEquals(walLength, Files.size(dir.resolve("swizzle.wal")));
        }
        assertFalse(Files.exists(dir.resolve("swizzle.lock")));
        assertEquals("name=second", readBack());
    }

    @Test
    void shouldWriteNothingIntoAFileReplacedUnderTheOpenStore() throws IOException {
        try (ObjectStore store = storeAtSecondCommit()) {
            Path log = dir.resolve("swizzle.wal");
            Path copy = dir.resolve("copy");
            Files.copy(log, copy);
            Files.move(copy, log, StandardCopyOption.REPLACE_EXISTING);
            waitForTheNextLook();
            store.root("n", Node.class).name = "third";

            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::commit);

            assertTrue(e.getMessage().contains(log + " was replaced by another file while the store")
                && e.getMessage().contains("nothing was written"), e.getMessage());
        }
        assertEquals("name=second", readBack(), "the copy holds every commit, and the store opens on it");
    }

    /**
     * Trial 69: a process that a deleted lock file let in committed to objects this store then committed to; the
     * commit read their table entries before it looked at the files, and refused the store as damaged ("restore it
     * from a backup") while leaving it open. The files are looked at first.
     */
    @Test
    void shouldNameTheLockFileWhenAnotherProcessCommittedToTheSameObjects() throws IOException {
        try (ObjectStore store = storeAtSecondCommit()) {
            Files.delete(dir.resolve("swizzle.lock"));
            Jvm.withAgent().run(OtherWriter.class, dir.toString(), "other").ok();
            waitForTheNextLook();
            store.root("n", Node.class).name = "third";

            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::commit);

            assertTrue(e.getMessage().contains("swizzle.lock was replaced by another file while the store"),
                e.getMessage()); // the other process made a lock file anew
            assertThrows(StoreClosedException.class, store::rootNames);
        }
        assertEquals("name=other", readBack());
    }

    /**
     * Trial 69: interrupts every 0-0.1 ms while another thread deletes the log under a loop of commits that do not force
     * it (and look at the files once in 100 ms, or after an interrupt closed a channel). Before the spare channel, an
     * interrupt closed the last channel to the deleted log, which then could not be written back, and the store did not
     * open again. Every commit that returned must be there; one logged whose checkpoint then found the log deleted
     * ({@code CommitNotAppliedException}) may be there too.
     */
    @Test
    void shouldKeepEveryCommitThatReturnedWhenTheLogIsDeletedUnderInterrupts() throws Exception {
        int returned = 0;
        int logged = -1;
        ObjectStore store = ObjectStore.open(dir, StoreOptions.builder().durability(Durability.NO_SYNC).build());
        store.setRoot("n", new Node("round 0"));
        store.commit();
        Node node = store.root("n", Node.class);
        Thread committer = Thread.currentThread();
        AtomicBoolean done = new AtomicBoolean();
        Thread interrupter = new Thread(() -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            while (!done.get()) {
                committer.interrupt();
                LockSupport.parkNanos(random.nextLong(100_000));
            }
        });
        Thread deleter = new Thread(() -> {
            LockSupport.parkNanos(150_000_000L);
            try {
                Files.delete(dir.resolve("swizzle.wal"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        interrupter.start();
        deleter.start();
        try {
            for (int round = 1; round < 1_000_000; round++) {
                node.name = "round " + round;
                node.children.add(new Node("child " + round));
                try {
                    store.commit();
                } catch (StoreCorruptedException e) {
                    assertTrue(e.getMessage().contains("wrote it back"), e.getMessage());
                    break;
                } catch (CommitNotAppliedException e) { // logged, then the checkpoint after it found the log deleted
                    assertTrue(e.getCause() instanceof StoreCorruptedException && e.getCause().getMessage().contains(
                        "wrote it back"), e.toString());
                    logged = round;
                    break;
                }
                returned = round;
            }
        } finally {
            done.set(true);
            for (Thread helper : List.of(interrupter, deleter)) {
                while (helper.isAlive()) {
                    Thread.interrupted();
                    helper.join(100);
                }
            }
            Thread.interrupted();
            store.close();
        }
        assertTrue(returned > 0, "commits before the deletion: " + returned);
        String read = readBack();
        if (!read.equals("name=round " + logged)) { // the log written back may or may not hold the one it refused
            assertEquals("name=round " + returned, read);
        }
    }

    /** Opens the store in {@code args[0]}, names its root {@code args[1]}, commits and closes. */
    public static final class OtherWriter {
        public static void main(String[] args) {
            try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
                store.root("n", Node.class).name = args[1];
                store.commit();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"swizzle.wal", "swizzle.segments"})
    void shouldWriteNothingIntoAFileCutShortUnderTheOpenStore(String file) throws IOException {
        try (ObjectStore store = storeAtSecondCommit()) {
            try (FileChannel channel = FileChannel.open(dir.resolve(file), StandardOpenOption.WRITE)) {
                channel.truncate(20);
            }
            waitForTheNextLook();
            store.root("n", Node.class).name = "third";

            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, store::commit);

            assertTrue(e.getMessage().contains(dir.resolve(file) + " is 20 bytes long, shorter than the")
                && e.getMessage().contains("Commit 3 was not made, nothing was written"), e.getMessage());
        }
    }

    private ObjectStore storeAtSecondCommit() {
        ObjectStore store = ObjectStore.open(dir);
        store.setRoot("n", new Node("first"));
        store.commit();
        store.root("n", Node.class).name = "second";
        store.commit();
        return store;
    }

    /** Lets the time pass after which a forced commit looks at the files again: it does once in 10 ms. */
    private static void waitForTheNextLook() {
        long until = System.nanoTime() + 20_000_000L;
        while (System.nanoTime() < until) {
            LockSupport.parkNanos(until - System.nanoTime());
        }
    }

    /** This JVM, whose store closed on the failure, opens the store again. */
    private void assertReopensHere(String name) {
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(name, store.root("n", Node.class).name);
        }
    }

    private String readBack() {
        String output = Jvm.withAgent().run(StoreBehaviourTest.ReadRoot.class, dir.toString(), "n").ok().output;
        return output.lines().filter(line -> line.startsWith("name=")).map(line -> line.replaceAll(" roots=.*", ""))
            .findFirst().orElse(output);
    }
}
