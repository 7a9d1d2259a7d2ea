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
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.StoreLockedException;

/**
 * Kills a writing JVM with SIGKILL, without any chance to close its store, then reopens the store:
 * every commit the writer saw return must be there, whole. Three rounds, each writer carrying on
 * from the store the previous one left, so that kills land at different points of a commit.
 */
class KillProcessTest {
    private static final int ROUNDS = 3;
    private static final int ACKNOWLEDGED_PER_ROUND = 50;

    @TempDir
    Path dir;

    @Test
    void shouldKeepEveryAcknowledgedCommitWhenTheWriterIsKilled() throws Exception {
        Map<Long, Long> acknowledged = new LinkedHashMap<>();
        for (int round = 1; round <= ROUNDS; round++) {
            killWriterAfterAcknowledgements(acknowledged, round * ACKNOWLEDGED_PER_ROUND);
            assertAcknowledgedCommitsArePresent(acknowledged, round);
        }
    }

    private void killWriterAfterAcknowledgements(Map<Long, Long> acknowledged, int count) throws Exception {
        Process writer = startWriter();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.US_ASCII))) {
            readAcknowledgements(out, acknowledged, count);
            StoreLockedException locked = assertThrows(StoreLockedException.class,
                () -> SegmentStore.open(dir, StoreConfig.defaults()));
            assertTrue(locked.getMessage().contains("another process"), locked.getMessage());

            ChildJvm.kill(writer);
            readAcknowledgements(out, acknowledged, Integer.MAX_VALUE);
        } finally {
            writer.destroyForcibly();
        }
    }

    private void assertAcknowledgedCommitsArePresent(Map<Long, Long> acknowledged, int round) {
        LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
        long lastAcknowledged = 0;
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            for (Map.Entry<Long, Long> ack : acknowledged.entrySet()) {
                long commit = ack.getKey();
                assertBytes(bytes(commit, CommittingProcess.lengthOf(commit)), store.read(ack.getValue(), view),
                    "round " + round + ": object of acknowledged commit " + commit + " (OID " + ack.getValue() + ")");
                lastAcknowledged = commit;
            }
            assertTrue(store.lastCommit() >= lastAcknowledged, "round " + round + ": last commit "
                + store.lastCommit() + " is older than the last acknowledged commit, " + lastAcknowledged);
            long root = store.read(SegmentStore.ROOTS_OID, view).getLong(0);
            assertEquals(store.lastCommit(), root, "round " + round + ": the root holds the last durable commit");
        }
    }

    private Process startWriter() throws IOException {
        return ChildJvm.builder(CommittingProcess.class, List.of(), dir.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
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
