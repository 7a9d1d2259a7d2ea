package org.swizzle.it.tracked;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.it.Jvm;

/**
 * On Java 21 and later the store compares a {@code LinkedHashMap} and a {@code LinkedHashSet} at every commit, since
 * their sequenced views change them around the tracked methods, and a collection another class made at every commit
 * on any Java: a commit after one that wrote them, with no change since, compares nothing, and a change made only
 * through those views, or through the plain collection, is still committed and found by a fresh JVM.
 */
class LinkedCollectionsCommitTest {

    @TempDir
    Path dir;

    @Test
    void shouldCompareNothingUnchangedAndCommitChangesThroughSequencedViews() {
        Path store = dir.resolve("db");
        Jvm.withAgent().run(CatalogueWorkload.class, "setup", store.toString()).ok();
        String idle = Jvm.withAgent().run(CatalogueWorkload.class, "idle", store.toString()).ok().output;
        assertTrue(idle.contains("IDLE 2 compared=0 size=10000"), idle);
        assertTrue(idle.matches("(?s).*PLAIN logged=[1-9]\\d*.*"), idle);
        String rendered = Jvm.withAgent().run(CatalogueWorkload.class, "render", store.toString()).ok().output;
        if (idle.contains("SEQUENCED")) {
            assertTrue(idle.matches("(?s).*SEQUENCED logged=[1-9]\\d*.*"), idle);
            assertTrue(rendered.contains("RENDER 4999 item1 4999 tag1 item1=1"), rendered);
        } else {
            assertTrue(rendered.contains("RENDER 5000 item0 5000 tag0 item0=0"), rendered);
        }
        assertTrue(rendered.contains("notes=[n0, n1, n2]"), rendered);
    }

    /**
     * A change a commit's own work makes to a collection it wrote already (an index's key function looking a key up in
     * an access-ordered map, which moves it last) is written by the next commit.
     */
    @Test
    void shouldCommitAChangeMadeWhileACommitRanAfterItWroteTheCollection() {
        Path store = dir.resolve("db");
        Jvm.withAgent().run(CatalogueWorkload.class, "setup", store.toString()).ok();
        String indexed = Jvm.withAgent().run(CatalogueWorkload.class, "indexed", store.toString()).ok().output;
        assertTrue(indexed.contains("INDEXED recent=[b, c, a]"), indexed);
        String rendered = Jvm.withAgent().run(CatalogueWorkload.class, "render", store.toString()).ok().output;
        assertTrue(rendered.contains("recent=[b, c, a]"), rendered);
    }

    /**
     * A map two stores hold: the store that made it sees its changes, the other compares it at each commit, and each
     * commits the change (what one store's commit wrote says nothing of what the other's last wrote).
     */
    @Test
    void shouldCommitAChangeToAMapTwoStoresHoldInBoth() {
        Path store = dir.resolve("db");
        Path other = dir.resolve("other");
        Jvm.withAgent().run(CatalogueWorkload.class, "setup", store.toString()).ok();
        Jvm.withAgent().run(CatalogueWorkload.class, "shared", store.toString(), other.toString()).ok();
        for (Path each : new Path[] {store, other}) {
            String rendered = Jvm.withAgent().run(CatalogueWorkload.class, "render", each.toString()).ok().output;
            assertTrue(rendered.contains("item0=-1"), each.getFileName() + ": " + rendered);
        }
    }
}
