package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.swizzle.agent.EnhancingClassLoader;
import org.swizzle.agent.Fixtures;
import org.swizzle.agent.SwizzleTransformer;

/** The generated barriers, observed through the card table (in this package for its package-private view). */
class WriteBarrierTest {

    private final EnhancingClassLoader loader = new EnhancingClassLoader();

    @Test
    void shouldMarkCardWhenResidentObjectIsWritten() throws Throwable {
        Persistable part = residentPart(loader, 5);

        Fixtures.call(loader.fixture("Editor"), "setX", part, 3);

        assertTrue(CardTable.isDirty(5));
    }

    @Test
    void shouldMarkCardWhenArrayFieldIsRead() throws Throwable {
        Persistable part = residentPart(loader, 6);

        Fixtures.call(loader.fixture("Editor"), "to", part);

        assertTrue(CardTable.isDirty(6), "an array can change without a PUTFIELD, so reading it marks the owner");
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

    private static Persistable residentPart(EnhancingClassLoader loader, long card) {
        Persistable part = (Persistable) Fixtures.newInstance(loader.fixture("Part"), 1);
        part.$swz_address(card << CardTable.SHIFT);
        CardTable.clean(card);
        return part;
    }
}
