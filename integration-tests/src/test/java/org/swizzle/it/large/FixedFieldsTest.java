package org.swizzle.it.large;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A change to the fixed-size fields of a 16 MB object commits what those fields take, not the object: its
 * committed checksum is followed rather than computed again, so the object still reads back checked after a kill.
 */
class FixedFieldsTest {

    @TempDir
    Path dir;

    @Test
    void shouldCommitTheFixedFieldsOfALargeObjectAlone() {
        commitTheFixedFieldsOfALargeObjectAlone("");
    }

    /** The same under the card barrier and edge marking, with the extended tests (about 15 s). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"barrier=card", "swizzle=edge"})
    void shouldCommitTheFixedFieldsOfALargeObjectAloneUnderOtherSchemes(String options) {
        commitTheFixedFieldsOfALargeObjectAlone(options);
    }

    private void commitTheFixedFieldsOfALargeObjectAlone(String options) {
        assertEquals("", Phases.failures(FixedFieldsWorkload.class, options, dir, "build", "play", "verify"),
            "[" + options + "]");
    }
}
