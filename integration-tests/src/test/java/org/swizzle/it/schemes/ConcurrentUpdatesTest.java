package org.swizzle.it.schemes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

/**
 * Threads updating different objects at once lose nothing under any barrier: every store, into a primitive,
 * a string, an array element or a list, is found by the commit after the threads finish, and read back by
 * a new JVM.
 */
class ConcurrentUpdatesTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"", "barrier=card", "barrier=object"})
    void shouldCommitEveryUpdateMadeByThreadsOnDifferentObjects(String scheme) {
        String store = dir.resolve("db").toString();
        String updated = Jvm.withAgent(scheme).run(ConcurrentUpdates.class, "update", store).ok().output;
        assertTrue(updated.contains("UPDATED ok"), scheme + ": " + updated);
        String verified = Jvm.withAgent(scheme).run(ConcurrentUpdates.class, "verify", store).ok().output;
        assertTrue(verified.contains("VERIFIED ok"), scheme + ": " + verified);
    }
}
