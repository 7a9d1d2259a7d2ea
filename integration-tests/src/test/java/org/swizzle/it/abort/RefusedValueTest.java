package org.swizzle.it.abort;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Phases;

/**
 * A commit that refuses a value it cannot store leaves the application a way back: {@code abort()} takes that change
 * and every other one back, and the store commits again. Before, {@code abort()} compared a watched collection, array
 * or object with its committed image by writing it, met the value, and raised the commit's exception again, leaving
 * every change in place, and {@code close()} failed the same way. Each phase in a JVM of its own.
 */
class RefusedValueTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "barrier=none"})
    void shouldAbortEveryChangeAfterACommitRefusedAValue(String options) {
        abortEveryChangeAfterACommitRefusedAValue(options);
    }

    /** The same under the card barrier and edge marking, with the extended tests (about 12 s). */
    @Tag("extended")
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"barrier=card", "swizzle=edge"})
    void shouldAbortEveryChangeAfterACommitRefusedAValueUnderOtherSchemes(String options) {
        abortEveryChangeAfterACommitRefusedAValue(options);
    }

    private void abortEveryChangeAfterACommitRefusedAValue(String options) {
        assertEquals("", Phases.failures(RefusedValueWorkload.class, options, dir, "build", "refuseAndAbort", "refuseAndClose",
            "verify"),
            "[" + options + "]");
    }
}
