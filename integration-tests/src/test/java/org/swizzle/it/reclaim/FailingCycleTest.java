package org.swizzle.it.reclaim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.swizzle.it.Jvm;

/**
 * A cycle of automatic collection that fails (it reads a root the application never touched, damaged on disk) is
 * reported once: by the next commit, which it then refuses, or, if none comes, by {@code close()}, which closes the
 * store first. Either way the JVM can open the store again and finds every commit that returned.
 */
class FailingCycleTest {

    @TempDir
    Path dir;

    @Test
    void shouldReportAFailedCycleAtCloseWhenNoCommitFollows() throws IOException {
        String output = runOnDamagedStore("close");
        assertTrue(output.contains("CLOSE THREW org.swizzle.StoreException: The automatic collection stopped at a failure"
            + " no commit reported") && output.contains("CAUSE org.swizzle.StoreCorruptedException"), output);
        assertTrue(output.contains("REOPENED items=2000"), output);
    }

    @Test
    void shouldReportAFailedCycleAtTheNextCommitAndNotAgainAtClose() throws IOException {
        String output = runOnDamagedStore("commit");
        assertTrue(output.contains("COMMIT THREW org.swizzle.StoreCorruptedException"), output);
        assertTrue(output.contains("CLOSE RETURNED"), output);
        assertTrue(output.contains("REOPENED items=2000"), output);
    }

    /** Builds the store, damages the root the phase never reads, and runs {@code phase} on it in a JVM of its own. */
    private String runOnDamagedStore(String phase) throws IOException {
        Path store = dir.resolve("store");
        Jvm.withAgent().run(FailingCycleWorkload.class, "build", store.toString()).ok();
        Path clusters = store.resolve("swizzle.clusters");
        byte[] bytes = Files.readAllBytes(clusters);
        int at = indexOf(bytes, FailingCycleWorkload.MARKER.getBytes(StandardCharsets.US_ASCII));
        assertTrue(at >= 0, "the victim's image is in the cluster file after a clean close");
        bytes[at + FailingCycleWorkload.MARKER.length() / 2] ^= 0x20;
        Files.write(clusters, bytes);
        Jvm.Result result = Jvm.withAgent().run(FailingCycleWorkload.class, phase, store.toString());
        assertEquals(0, result.exitCode, result.toString());
        assertTrue(result.output.contains("CYCLE ENDED"), result.toString());
        return result.output;
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            int j = 0;
            while (j < part.length && bytes[i + j] == part[j]) {
                j++;
            }
            if (j == part.length) {
                return i;
            }
        }
        return -1;
    }
}
