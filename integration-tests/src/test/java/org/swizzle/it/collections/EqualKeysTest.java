package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.it.Jvm;

/**
 * Stored keys of a set or map that are equal when read (a later version of the key class compares them otherwise, or
 * a key was changed while in the map) refuse the read with an {@code IncompatibleSchemaException} naming the field and
 * the key class, where a rebuilt {@code HashMap} would have dropped an entry without a word and the next commit of
 * the map made that for good; nothing is written, the former equality reads everything, and keys set apart read whole.
 */
class EqualKeysTest {

    @TempDir
    Path dir;

    @Test
    void shouldRefuseToReadASetOrMapTwoOfWhoseKeysAreNowEqual() {
        String store = dir.resolve("db").toString();
        String output = Jvm.withAgent("").run(EqualKeysWorkload.class, "write", store).ok().output
            + Jvm.withAgent("").jvmOption("-Dnamed.equality=caseless").run(EqualKeysWorkload.class, "read", store, "cased").ok().output
            + Jvm.withAgent("").run(EqualKeysWorkload.class, "read", store, "changed").ok().output
            + Jvm.withAgent("").jvmOption("-Dnamed.equality=identity").run(EqualKeysWorkload.class, "fix", store).ok().output
            + Jvm.withAgent("").run(EqualKeysWorkload.class, "verify", store).ok().output;
        assertFalse(output.contains("CHECK FAIL"), output);
        assertEquals(7, output.lines().filter(line -> line.startsWith("CHECK PASS")).count(), output);
    }
}
