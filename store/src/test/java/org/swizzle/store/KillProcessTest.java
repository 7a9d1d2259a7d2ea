package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreLockedException;

/**
 * Kills a writing JVM with SIGKILL, without any chance to close its store, then reopens the store:
 * every commit the writer saw return must be there, whole.
 */
class KillProcessTest {
    private static final int ACKNOWLEDGED_BEFORE_KILL = 60;

    @TempDir
    Path dir;

    @Test
    void shouldKeepEveryAcknowledgedCommitWhenTheWriterIsKilled() throws Exception {
        Map<Long, Long> acknowledged = new LinkedHashMap<>();
        Process writer = startWriter();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.US_ASCII))) {
            readAcknowledgements(out, acknowledged, ACKNOWLEDGED_BEFORE_KILL);
            StoreLockedException locked = assertThrows(StoreLockedException.class,
                () -> SegmentStore.open(dir, StoreConfig.defaults()));
            assertTrue(locked.getMessage().contains("another process"), locked.getMessage());

            // SIGKILL, like Process.destroyForcibly(), but through the handle, which leaves the pipe open
            // so that the acknowledgements the writer printed just before dying can still be read.
            writer.toHandle().destroyForcibly();
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS), "the writer did not die");
            readAcknowledgements(out, acknowledged, Integer.MAX_VALUE);
        } finally {
            writer.destroyForcibly();
        }

        UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
        long lastAcknowledged = 0;
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            for (Map.Entry<Long, Long> ack : acknowledged.entrySet()) {
                long commit = ack.getKey();
                assertBytes(bytes(commit, CommittingProcess.lengthOf(commit)), store.read(ack.getValue(), view),
                    "object of acknowledged commit " + commit + " (OID " + ack.getValue() + ")");
                lastAcknowledged = commit;
            }
            assertTrue(store.lastCommit() >= lastAcknowledged,
                "last commit " + store.lastCommit() + " is older than the last acknowledged " + lastAcknowledged);
            long root = store.read(SegmentStore.ROOTS_OID, view).getLong(0);
            assertEquals(store.lastCommit(), root, "the root was set by the last durable commit, whole");
        }
    }

    private Process startWriter() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-Xmx64m", "-XX:TieredStopAtLevel=1",
            "-cp", System.getProperty("java.class.path"), CommittingProcess.class.getName(), dir.toString());
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        return builder.start();
    }

    private static void readAcknowledgements(BufferedReader out, Map<Long, Long> acknowledged, int until)
        throws IOException {
        String line;
        while (acknowledged.size() < until && (line = out.readLine()) != null) {
            String[] parts = line.split(" ");
            if (parts.length == 3 && parts[0].equals("committed")) {
                acknowledged.put(Long.parseLong(parts[1]), Long.parseLong(parts[2]));
            }
        }
        assertTrue(until == Integer.MAX_VALUE || acknowledged.size() >= until,
            "the writer stopped after " + acknowledged.size() + " commits");
    }
}
