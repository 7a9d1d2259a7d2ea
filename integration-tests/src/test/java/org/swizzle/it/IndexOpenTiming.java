package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectIndex;
import org.swizzle.ObjectStore;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;

/**
 * A measurement, not a check of timing: stores 100,000 items with an Integer and a String index, then times, in
 * fresh JVMs (compiling with C2, as applications run), the opening of the up-to-date indexes and their first
 * lookups, and prints the index files' sizes. Not matched by the build's test patterns; run it with
 * {@code mvn -B -o verify -pl integration-tests -am -Dtest=IndexOpenTiming -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class IndexOpenTiming {
    private static final int COUNT = 100_000;

    @TempDir
    Path dir;

    @Test
    void measureOpeningAnUpToDateIndexInAFreshJvm() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("h", Holder.class, Holder::new);
            for (int i = 0; i < COUNT; i++) {
                holder.items.add(new Item(i, "item " + i));
            }
            store.commit();
            byValue(store).get(1);
            byLabel(store).get("item 1");
        }
        for (int run = 1; run <= 3; run++) {
            String output = Jvm.withAgent().withC2().run(Open.class, dir.toString()).ok().output;
            System.out.println("run " + run + ":\n" + output);
            assertTrue(output.contains("FOUND item 4242") && !output.contains("Building index"), output);
        }
        try (Stream<Path> files = Files.list(dir.resolve("indexes"))) {
            files.sorted().forEach(file -> System.out.println(file.getFileName() + " " + size(file) + " bytes"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectIndex<Integer, Item> byValue(ObjectStore store) {
        return store.index("items-by-value", Item.class, Integer.class, item -> item.value);
    }

    private static ObjectIndex<String, Item> byLabel(ObjectStore store) {
        return store.index("items-by-label", Item.class, String.class, item -> item.label);
    }

    /** Opens the store and its indexes in this fresh JVM, printing how long each step took. */
    public static final class Open {
        public static void main(String[] args) {
            long start = System.nanoTime();
            try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
                long opened = System.nanoTime();
                ObjectIndex<Integer, Item> values = byValue(store);
                long indexed = System.nanoTime();
                Item item = values.get(4242);
                long found = System.nanoTime();
                ObjectIndex<String, Item> labels = byLabel(store);
                long labelIndexed = System.nanoTime();
                Item labelled = labels.get("item 4242");
                long labelFound = System.nanoTime();
                System.out.println("FOUND " + item.label + " and " + labelled.label + ", " + values.size() + " and "
                    + labels.size() + " entries");
                System.out.printf("store open %.1f ms; Integer index open %.1f ms, first get %.1f ms; "
                        + "String index open %.1f ms, first get %.1f ms%n", (opened - start) / 1e6, (indexed - opened) / 1e6,
                    (found - indexed) / 1e6, (labelIndexed - found) / 1e6, (labelFound - labelIndexed) / 1e6);
            }
        }
    }
}
