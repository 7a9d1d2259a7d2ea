package org.swizzle.it.copies;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

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
    @ValueSource(strings = {"", "barrier=card", "barrier=object", "barrier=none", "swizzle=edge", "swizzle=none", "swizzle=eager",
        "fault=segment", "checks=entry"})
    void shouldStoreACloneAsANewObject(String options) {
        StringBuilder failures = new StringBuilder();
        for (String phase : new String[] {"write", "update", "verify"}) {
            String output = Jvm.withAgent(options).run(CloneWorkload.class, phase, dir.toString()).ok().output;
            failures.append(Arrays.stream(output.split("\\R")).filter(line -> line.startsWith("FAIL "))
                .map(line -> line + "\n").collect(Collectors.joining()));
            if (!output.contains("DONE " + phase)) {
                failures.append(phase).append(" did not run to its end:\n").append(output);
            }
        }
        assertEquals("", failures.toString(), "[" + options + "]");
    }
}
