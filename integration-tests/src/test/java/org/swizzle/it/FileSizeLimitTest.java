package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectIndex;
import org.swizzle.ObjectStore;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;
import org.swizzle.it.model.Node;

/**
 * Stores in JVMs that may write no file past a limit, which fails a write as a full disk does, with the file system's
 * own error: what cannot be written is refused with the file named, and what a failure reports as committed is there
 * in a JVM without the limit, and nothing else.
 */
@EnabledOnOs({OS.LINUX, OS.MAC}) // the limit is set by /bin/sh's ulimit
class FileSizeLimitTest {
    /** Past a new store's 64 MiB cluster file, which its first growth goes beyond. */
    private static final long LIMIT = 96L << 20;
    /** Within the objects of {@link #ITEMS} items, and short of the table of an index of them. */
    private static final long SMALL_LIMIT = 1L << 20;
    private static final int ITEMS = 60_000;

    @TempDir
    Path dir;

    static ObjectIndex<Integer, Item> byValue(ObjectStore store) {
        return store.index("items-by-value", Item.class, Integer.class, item -> item.value);
    }

    /**
     * The first growth of the cluster file goes past the limit: the commit that needs it is refused before anything
     * is logged, with the file and what to do named, the store stays usable, and every commit made before it is there,
     * with room to go on, in a JVM without the limit.
     */
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

    /**
     * An index whose table cannot grow past the limit is refused with its file named and leaves no file; the commit
     * after it (whose objects lie past the limit too) is reported durable or not made, and a JVM without the limit
     * finds it there or not as reported, and the index whole.
     */
    @Test
    void shouldRefuseAnIndexThatCannotGrowAndReportTheNextCommitAsItIs() throws IOException {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("h", Holder.class, Holder::new);
            for (int i = 0; i < ITEMS; i++) {
                holder.items.add(new Item(i, "item " + i));
            }
            store.commit();
        }
        String output = Jvm.withAgent().fileSizeLimit(SMALL_LIMIT).run(IndexUnderLimit.class, dir.toString()).ok().output;
        assertTrue(output.contains("INDEX REFUSED org.swizzle.StoreIOException: Cannot grow index")
            && output.contains("items-by-value.idx"), output);
        assertTrue(output.contains("CLOSED"), output);
        try (Stream<Path> left = Files.list(dir.resolve("indexes"))) {
            assertEquals(List.of(), left.collect(Collectors.toList()), "the refused index left no file");
        }
        boolean durable = output.contains("COMMIT DURABLE ");
        assertTrue(durable || output.contains("COMMIT NOT MADE"), output);

        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("h", Holder.class);
            assertEquals(ITEMS + (durable ? 1 : 0), holder.items.size(), output);
            ObjectIndex<Integer, Item> index = byValue(store);
            assertEquals(ITEMS + (durable ? 1 : 0), index.size());
            assertEquals("item 59999", index.get(59_999).label);
            assertEquals(durable, index.get(-1) != null);
        }
    }
}
