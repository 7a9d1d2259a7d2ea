package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.it.model.Blob;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;
import org.swizzle.it.model.Node;

/**
 * A stored object whose length changes (a collection that gains an entry, a string that grows) logs about
 * the bytes that changed, not its whole image (a SPLICE record), and reads back the same after reopening.
 */
class ResizedObjectLoggingTest {
    @TempDir
    Path dir;

    @Test
    void shouldLogAboutTheBytesOfOneEntryAddedToATwoMegabyteMap() {
        Random random = new Random(1);
        long logged;
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = new Holder();
            for (int i = 0; i < 40; i++) {
                holder.byName.put(text(random, 50_000), new Node("n" + i));
            }
            store.setRoot("holder", holder);
            store.commit();
            StoreStats before = store.stats();
            holder.byName.put("small", new Node("added"));
            store.commit();
            logged = store.stats().bytesLogged() - before.bytesLogged();
        }
        System.out.println("one entry added to a map of 40 x 50 KB keys: " + logged + " bytes logged");
        assertTrue(logged < 2_000, "logged " + logged);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("holder", Holder.class);
            assertEquals(41, holder.byName.size());
            assertEquals("added", holder.byName.get("small").name);
        }
    }

    @Test
    void shouldLogAboutTheBytesOfOneCharacterAppendedToALargeString() {
        long logged;
        String text = text(new Random(2), 50_000);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Blob blob = new Blob();
            blob.text = text;
            store.setRoot("blob", blob);
            store.commit();
            StoreStats before = store.stats();
            blob.text = text + "!";
            store.commit();
            logged = store.stats().bytesLogged() - before.bytesLogged();
        }
        System.out.println("one character appended to a 50 KB string field: " + logged + " bytes logged");
        assertTrue(logged < 2_000, "logged " + logged);
        try (ObjectStore store = ObjectStore.open(dir)) {
            assertEquals(text + "!", store.root("blob", Blob.class).text);
        }
    }

    @Test
    void shouldLogAboutTheBytesOfOneElementAddedToALargeList() {
        long logged;
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = new Holder();
            for (int i = 0; i < 10_000; i++) {
                holder.items.add(new Item(i, "item " + i));
            }
            store.setRoot("holder", holder);
            store.commit();
            StoreStats before = store.stats();
            holder.items.add(5_000, new Item(-1, "inserted"));
            store.commit();
            logged = store.stats().bytesLogged() - before.bytesLogged();
        }
        System.out.println("one element inserted into a list of 10,000: " + logged + " bytes logged");
        assertTrue(logged < 2_000, "logged " + logged);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("holder", Holder.class);
            assertEquals(10_001, holder.items.size());
            assertEquals("inserted", holder.items.get(5_000).label);
            assertEquals(9_999, holder.items.get(10_000).value);
        }
    }

    private static String text(Random random, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) ('a' + random.nextInt(26)));
        }
        return text.toString();
    }
}
