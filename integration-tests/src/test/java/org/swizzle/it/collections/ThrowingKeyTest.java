package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.it.Jvm;

/**
 * A key's {@code hashCode} or {@code compareTo} that throws {@code IndexOutOfBoundsException} while its set or map is read: the application's
 * exception reaches the application, not a {@code StoreCorruptedException} calling a sound object malformed (the read
 * takes such exceptions from the decoding of bytes for damage), and the store reads whole where the keys hash.
 */
class ThrowingKeyTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=edge"})
    void shouldPassOnWhatAKeysHashCodeThrowsWhileItsCollectionIsRead(String options) {
        String store = dir.resolve("db").toString();
        String output = Jvm.withAgent(options).run(ThrowingKeyWorkload.class, "write", store).ok().output
            + Jvm.withAgent(options).jvmOption("-Dfussy.throw=true").run(ThrowingKeyWorkload.class, "read", store, "set").ok().output
            + Jvm.withAgent(options).jvmOption("-Dfussy.throw=true").run(ThrowingKeyWorkload.class, "read", store, "map").ok().output
            + Jvm.withAgent(options).jvmOption("-Dfussy.throw=true").run(ThrowingKeyWorkload.class, "read", store, "sorted").ok().output
            + Jvm.withAgent(options).run(ThrowingKeyWorkload.class, "verify", store).ok().output;
        assertFalse(output.contains("CHECK FAIL"), output);
        assertEquals(4, output.lines().filter(line -> line.startsWith("CHECK PASS")).count(), output);
    }
}
