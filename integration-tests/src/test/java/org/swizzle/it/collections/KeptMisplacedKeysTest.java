package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;

/**
 * A read refused because a key's hash caught the failure of a read nested in it leaves resident the collection the key
 * went into with the hash of its fallback: the notes of keys to place again, kept through the refusal, make the retry
 * place it. (CaughtReadFailureTest's book reads whole, never refused, and passes without them.) Under a fault unit wider
 * than the object the index is read first, as the book's neighbour, and the book reads whole; the phases run there too.
 */
class KeptMisplacedKeysTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=eager", "fault=segment", "fault=cluster,barrier=none"})
    void shouldPlaceAgainTheKeyARefusedReadLeftInAResidentCollection(String options) {
        Jvm jvm = Jvm.withAgent(options)
            .jvmOption("-D" + KeptMisplacedKeysWorkload.REFUSAL_EXPECTED + "=" + !options.startsWith("fault="));
        assertEquals("", Phases.failures(KeptMisplacedKeysWorkload.class, jvm, dir, "build", "readAfterRefusal", "check"),
            "[" + options + "]");
    }
}
