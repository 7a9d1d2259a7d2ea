package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Loads of array fields proven read-only call the unmarked reader; the others keep the marking getter. */
class ReadOnlyLoadsTest {

    private static final String PART = "org/swizzle/fixtures/Part";
    private static final String ACCESSOR = "(L" + PART + ";)[L" + PART + ";";
    private static final String UNMARKED = "INVOKESTATIC " + PART + ".$swz_read$to" + ACCESSOR;
    private static final String MARKED = "INVOKESTATIC " + PART + ".$swz_get$to" + ACCESSOR;

    private final ClassShape traversals = ClassShape.of(new EnhancingClassLoader().definedBytes("Traversals"));

    @Test
    void shouldLoadAnArrayThatIsOnlyIteratedWithoutAMark() {
        assertEquals(List.of(UNMARKED), traversals.code("countLinks(L" + PART + ";)I"));
    }

    @Test
    void shouldLoadAnArrayReadThroughALocalWithoutAMark() {
        assertEquals(List.of(UNMARKED), traversals.code("last(L" + PART + ";)L" + PART + ";"));
    }

    @Test
    void shouldKeepTheMarkWhenAnElementIsStored() {
        assertEquals(List.of(MARKED), traversals.code("link(L" + PART + ";L" + PART + ";)V"));
    }

    @Test
    void shouldKeepTheMarkWhenTheArrayEscapes() {
        assertEquals(List.of(MARKED), traversals.code("escape(L" + PART + ";)[L" + PART + ";"));
    }
}
