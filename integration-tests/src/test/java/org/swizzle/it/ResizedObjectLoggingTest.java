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

    /**
     * A list this large is stored in chunks of 512 elements or fewer: the first insert into a full chunk splits it
     * and writes the new half whole (about 3.5 KB here, within the 8 KB an insert may log), and the next insert
     * into it logs about its own bytes.
     */
    @Test
    void shouldLogAboutTheBytesOfOneElementAddedToALargeList() {
        long splitting;
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
            splitting = store.stats().bytesLogged() - before.bytesLogged();
            before = store.stats();
            holder.items.add(5_001, new Item(-2, "inserted next"));
            store.commit();
            logged = store.stats().bytesLogged() - before.bytesLogged();
        }
        System.out.println("one element inserted into a list of 10,000: " + splitting + " bytes logged splitting its chunk, "
            + logged + " the next");
        assertTrue(splitting < 8 * 1024, "logged " + splitting);
        assertTrue(logged < 2_000, "logged " + logged);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Holder holder = store.root("holder", Holder.class);
            assertEquals(10_002, holder.items.size());
            assertEquals("inserted", holder.items.get(5_000).label);
            assertEquals("inserted next", holder.items.get(5_001).label);
            assertEquals(9_999, holder.items.get(10_001).value);
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
