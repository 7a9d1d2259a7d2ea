package org.swizzle.it.copies;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * {@code clone()} of a persistent object gives a new object: {@code Object.clone()} copies every field, the OID
 * too, so before the agent wrapped it a commit wrote the copy over its original and both read back as one
 * object. The original is faulted in first (a hollow one's copy held defaults) and the copy's stored references
 * are resolved while it can still look them up. Three JVMs (write, reload and update, verify) per agent option set.
 */
class CloneTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=object", "barrier=none", "swizzle=eager", "fault=segment"})
    void shouldStoreACloneAsANewObject(String options) {
        storeACloneAsANewObject(options);
    }

    /** The same under the other barrier, swizzling and checks, with the extended tests (about 12 s). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"barrier=card", "swizzle=edge", "swizzle=none", "checks=entry"})
    void shouldStoreACloneAsANewObjectUnderOtherSchemes(String options) {
        storeACloneAsANewObject(options);
    }

    private void storeACloneAsANewObject(String options) {
        assertEquals("", Phases.failures(CloneWorkload.class, options, dir, "write", "update", "verify"), "[" + options + "]");
    }
}
