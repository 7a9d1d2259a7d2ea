package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.it.model.Node;

/**
 * A store whose cluster file cannot grow, in a JVM that may write no file past 96 MiB (the first growth of a new
 * store's 64 MiB cluster file goes past it): the commit that needs the growth is refused before anything is logged,
 * with the file and what to do named, the store stays usable, and every commit made before it is there, with room to
 * go on, in a JVM without the limit. The limit fails a write as a full disk does, with the file system's own error.
 */
class FileSizeLimitTest {
    private static final long LIMIT = 96L << 20;

    @TempDir
    Path dir;

    @Test
    void shouldRefuseTheCommitThatCannotGrowTheStoreAndKeepEveryOneBeforeIt() {
        Jvm.Result filled = Jvm.withAgent().fileSizeLimit(LIMIT).run(FillUntilRefused.class, dir.toString()).ok();
        Matcher counted = Pattern.compile("COMMITTED (\\d+)").matcher(filled.output);
        assertTrue(counted.find(), filled.output);
        int committed = Integer.parseInt(counted.group(1));
        assertTrue(committed > 10_000, "a 64 MiB file holds more than 10,000 nodes of 4 KB: " + filled.output);
        assertTrue(filled.output.contains("REFUSED org.swizzle.StoreIOException") && filled.output.contains("swizzle.clusters")
            && filled.output.contains("was not made") && filled.output.contains("still usable"), filled.output);
        assertTrue(filled.output.contains("AFTER ABORT " + committed) && filled.output.contains("CLOSED"), filled.output);

        try (ObjectStore store = ObjectStore.open(dir)) {
            Node root = store.root("root", Node.class);
            assertEquals(committed, root.children.size());
            for (int i = 0; i < committed; i += 997) {
                assertEquals(FillUntilRefused.name(i), root.children.get(i).name);
            }
            for (int i = 0; i < 2 * FillUntilRefused.PER_COMMIT; i++) {
                root.children.add(new Node(FillUntilRefused.name(root.children.size())));
            }
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            Node root = store.root("root", Node.class);
            assertEquals(committed + 2 * FillUntilRefused.PER_COMMIT, root.children.size());
            assertEquals(FillUntilRefused.name(committed + 1), root.children.get(committed + 1).name);
        }
    }
}
