package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.swizzle.agent.EnhancingClassLoader;
import org.swizzle.agent.Fixtures;
import org.swizzle.agent.SwizzleTransformer;

/** The generated barriers, observed through the card table (in this package for its package-private view). */
class WriteBarrierTest {

    private final EnhancingClassLoader loader = new EnhancingClassLoader(new SwizzleTransformer(AgentOptions.parse("barrier=card")));

    @Test
    void shouldMarkCardWhenResidentObjectIsWritten() throws Throwable {
        Persistable part = residentPart(loader, 5);

        Fixtures.call(loader.fixture("Editor"), "setX", part, 3);

        assertTrue(CardTable.isDirty(5));
    }

    @Test
    void shouldWatchTheOwnerWhenAnArrayFieldEscapes() throws Throwable {
        Persistable part = residentPart(loader, 6);

        Fixtures.call(loader.fixture("Editor"), "to", part);

        assertEquals(Persistable.WATCHED, part.$swz_flags(),
            "an array handed out can change without a PUTFIELD, at any later time, so its owner is watched");
        assertFalse(CardTable.isDirty(6), "an escaped array is compared at commit; its owner's card is not marked");
    }

    @Test
    void shouldNotMarkCardWhenPrimitiveFieldIsRead() throws Throwable {
        Persistable part = residentPart(loader, 7);

        Fixtures.call(loader.fixture("Editor"), "x", part);

        assertFalse(CardTable.isDirty(7));
    }

    @Test
    void shouldNotMarkCardsWithoutBarrier() throws Throwable {
        EnhancingClassLoader unmarked = new EnhancingClassLoader(new SwizzleTransformer(AgentOptions.parse("barrier=none")));
        Persistable part = residentPart(unmarked, 8);

        Fixtures.call(unmarked.fixture("Editor"), "setX", part, 3);
        Fixtures.call(unmarked.fixture("Editor"), "to", part);

        assertFalse(CardTable.isDirty(8));
    }

    @Test
    void shouldNotWatchWhenAnArrayIsOnlyReadOrAnElementIsStoredAtOnce() throws Throwable {
        Persistable part = residentPart(loader, 11);
        Class<?> traversals = loader.fixture("Traversals");

        Fixtures.call(traversals, "countLinks", part);
        assertEquals(0, part.$swz_flags(), "a for-each over the array cannot change it");
        Fixtures.call(traversals, "link", part, part);

        assertEquals(0, part.$swz_flags(), "an element stored at once: the barrier runs, nothing is left to watch");
        assertTrue(CardTable.isDirty(11));
    }

    @Test
    void shouldSetTheDirtyBitUnderTheObjectBarrier() throws Throwable {
        EnhancingClassLoader dirtyBits = new EnhancingClassLoader(new SwizzleTransformer(AgentOptions.parse("barrier=object")));
        Persistable part = residentPart(dirtyBits, 9);

        Fixtures.call(dirtyBits.fixture("Editor"), "x", part);
        assertEquals(0, part.$swz_dirty(), "reading a primitive marks nothing");
        Fixtures.call(dirtyBits.fixture("Editor"), "setX", part, 3);

        assertEquals(1, part.$swz_dirty());
        assertFalse(CardTable.isDirty(9), "no card is marked under barrier=object");
    }

    @Test
    void shouldRememberAnObjectOnItsFirstUpdateOnlyUnderTheRememberedSetBarrier() throws Throwable {
        EnhancingClassLoader remset = new EnhancingClassLoader();
        assertEquals(Barrier.REMSET, AgentOptions.current().barrier(), "the default barrier");
        Persistable part = residentPart(remset, 10);

        Fixtures.call(remset.fixture("Editor"), "setX", part, 3);
        assertEquals(1, part.$swz_dirty(), "the first update goes through RememberedSet.remember");
        part.$swz_dirty((byte) 2);
        Fixtures.call(remset.fixture("Editor"), "setX", part, 4);

        assertEquals(2, part.$swz_dirty(), "later updates only check the dirty byte");
        assertFalse(CardTable.isDirty(10), "no card is marked under barrier=remset");
    }

    @Test
    void shouldTellStoresIntoFixedSizeFieldsFromOtherChangesUnderTheRememberedSetBarrier() throws Throwable {
        EnhancingClassLoader remset = new EnhancingClassLoader();
        Persistable part = residentPart(remset, 12);

        Fixtures.call(remset.fixture("Editor"), "setX", part, 3);
        assertEquals(RememberedSet.FIXED_FIELDS, part.$swz_dirty(), "an int store: a commit rewrites the fixed-size fields");
        Fixtures.call(remset.fixture("Traversals"), "link", part, part);
        assertEquals(RememberedSet.ANY_FIELDS, part.$swz_dirty(), "an array element stored: the whole object is written");
        Fixtures.call(remset.fixture("Editor"), "setX", part, 4);

        assertEquals(RememberedSet.ANY_FIELDS, part.$swz_dirty(), "the dirty byte only rises until the commit");
    }

    private static Persistable residentPart(EnhancingClassLoader loader, long card) {
        Persistable part = (Persistable) Fixtures.newInstance(loader.fixture("Part"), 1);
        part.$swz_address(card << CardTable.SHIFT);
        part.$swz_dirty((byte) 0);
        part.$swz_flags((byte) 0); // its constructor stored an array it keeps, which watches it
        CardTable.clean(card);
        return part;
    }
}
