package org.swizzle.it.nulls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Jvm;

/**
 * A field access through a null reference to a persistent object throws the {@code NullPointerException} a plain
 * access would: it names the field the application used (not the state the residency check loads) and its first
 * frame is the application's method (not the accessor the agent generated): for each kind of accessor, under the
 * schemes whose accessors differ, and once the JIT throws the exception of a frequent throw without a trace.
 */
class NullObjectTest {

    private static final String LINK = NullObjects.Link.class.getName();

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=edge,barrier=card", "checks=entry,barrier=none"})
    void shouldNameTheFieldAndTheApplicationsMethod(String options) {
        String output = Jvm.withAgent(options).run(NullObjects.class).ok().output;
        assertEquals(String.join("\n",
            "readValue: Cannot read field \"value\" of " + LINK + " because the reference is null",
            "assignValue: Cannot assign field \"value\" of " + LINK + " because the reference is null",
            "readElement: Cannot read field \"values\" of " + LINK + " because the reference is null",
            "assignElement: Cannot read field \"values\" of " + LINK + " because the reference is null",
            "readNames: Cannot read field \"names\" of " + LINK + " because the reference is null",
            "assignNext: Cannot assign field \"next\" of " + LINK + " because the reference is null",
            "assignBig: Cannot assign field \"big\" of " + LINK + " because the reference is null",
            "sumValues: Cannot read field \"values\" of " + LINK + " because the reference is null",
            "assignFreshValues: Cannot assign field \"values\" of " + LINK + " because the reference is null",
            "repeated readValue: Cannot read field \"value\" of " + LINK + " because the reference is null"),
            output.strip(), "[" + options + "]");
    }
}
