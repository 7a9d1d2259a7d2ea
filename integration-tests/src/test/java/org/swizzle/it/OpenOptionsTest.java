package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.NotAStoreException;
import org.swizzle.ObjectStore;
import org.swizzle.ReadOnlyStoreException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreOptions;
import org.swizzle.it.model.Node;

/** {@link StoreOptions#createIfMissing()} and {@link StoreOptions#readOnly()} through {@link ObjectStore}. */
class OpenOptionsTest {
    private static final StoreOptions READ_ONLY = StoreOptions.builder().readOnly(true).build();

    @TempDir
    Path dir;

    @Test
    void shouldCreateAMissingStoreOnlyWhenAllowed() {
        Path store = dir.resolve("db");
        StoreOptions noCreate = StoreOptions.builder().createIfMissing(false).build();
        NotAStoreException e = assertThrows(NotAStoreException.class, () -> ObjectStore.open(store, noCreate));
        assertTrue(e.getMessage().contains(store.toString()), e.getMessage());
        assertFalse(Files.exists(store));
        ObjectStore.open(store).close();
        ObjectStore.open(store, noCreate).close();
    }

    @Test
    void shouldRefuseADirectoryOfOtherFiles() throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "not a store");
        NotAStoreException e = assertThrows(NotAStoreException.class, () -> ObjectStore.open(dir));
        assertTrue(e.getMessage().contains("notes.txt"), e.getMessage());
    }

    @Test
    void shouldRefuseToOpenAStoreThatLostItsClusterFileAsAnEmptyOne() throws IOException {
        Path store = dir.resolve("db");
        try (ObjectStore opened = ObjectStore.open(store)) {
            opened.setRoot("n", new Node("kept"));
            opened.commit();
        }
        Path aside = dir.resolve("clusters.aside");
        Files.move(store.resolve("swizzle.clusters"), aside);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> ObjectStore.open(store));
        assertTrue(e.getMessage().contains("swizzle.clusters is missing"), e.getMessage());
        Files.move(aside, store.resolve("swizzle.clusters"));
        try (ObjectStore opened = ObjectStore.open(store)) {
            assertEquals("kept", opened.root("n", Node.class).name);
        }
    }

    @Test
    void shouldReadAStoreReadOnlyWriteNothingAndRefuseCommits() throws IOException {
        Path store = dir.resolve("db");
        try (ObjectStore opened = ObjectStore.open(store)) {
            opened.setRoot("n", new Node("committed"));
            opened.commit();
        }
        Map<String, String> before = snapshot(store);
        try (ObjectStore opened = ObjectStore.open(store, READ_ONLY)) {
            Node node = opened.root("n", Node.class);
            assertEquals("committed", node.name);
            node.name = "changed";
            ReadOnlyStoreException e = assertThrows(ReadOnlyStoreException.class, opened::commit);
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            ReadOnlyStoreException bound = assertThrows(ReadOnlyStoreException.class, () -> opened.setRoot("m", new Node("new")));
            assertTrue(bound.getMessage().contains("cannot bind root 'm'"), bound.getMessage()); // refused at once, not at commit
            assertThrows(ReadOnlyStoreException.class, () -> opened.root("m", Node.class, () -> new Node("new")));
            assertEquals(Set.of("n"), opened.rootNames());
        }
        assertEquals(before, snapshot(store), "nothing was written");
        try (ObjectStore opened = ObjectStore.open(store)) {
            assertEquals("committed", opened.root("n", Node.class).name);
        }
    }

    private static Map<String, String> snapshot(Path store) throws IOException {
        Map<String, String> snapshot = new TreeMap<>();
        try (Stream<Path> files = Files.list(store)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                snapshot.put(file.getFileName().toString(), Arrays.hashCode(Files.readAllBytes(file)) + " "
                    + Files.getLastModifiedTime(file));
            }
        }
        return snapshot;
    }
}
