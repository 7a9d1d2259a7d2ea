package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.StoreLockedException;
import org.swizzle.StoreOptions;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;

/** What only separate processes can show: locking, crashes, the agent's command line, running without it. */
class ProcessTest {

    private static final Pattern ACK = Pattern.compile("ACK (\\d+)");

    @TempDir
    Path dir;

    @Test
    void shouldKeepEveryAcknowledgedCommitWhenTheProcessIsKilled() throws Exception {
        Random random = new Random(42);
        int lastAcked = 0;
        for (int kill = 0; kill < 5; kill++) {
            Path log = dir.resolve("committer-" + kill + ".log");
            Process child = Jvm.withAgent().start(log, Committer.class, dir.resolve("db").toString());
            int wanted = lastAcked + 5 + random.nextInt(40);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int acked = lastAcked;
            while (acked < wanted && System.nanoTime() < deadline && child.isAlive()) {
                acked = Math.max(acked, lastAck(log));
                Thread.sleep(5);
            }
            child.destroyForcibly().waitFor();
            acked = Math.max(acked, lastAck(log));
            assertTrue(acked > lastAcked, "the committer made progress before kill " + kill + ":\n" + Files.readString(log));
            try (ObjectStore store = ObjectStore.open(dir.resolve("db"))) {
                Holder holder = store.root("holder", Holder.class);
                Item counter = holder.items.get(0);
                int size = holder.items.size();
                assertTrue(counter.value >= acked, "commit " + acked + " was acknowledged but the store has " + counter.value);
                assertEquals(size - 1, counter.value, "no half commit: the counter and the list must agree");
                for (int i = 1; i < size; i++) {
                    assertEquals(i, holder.items.get(i).value, "item " + i);
                }
                lastAcked = counter.value;
            }
        }
    }

    private static int lastAck(Path log) throws IOException {
        int last = 0;
        Matcher matcher = ACK.matcher(Files.readString(log));
        while (matcher.find()) {
            last = Integer.parseInt(matcher.group(1));
        }
        return last;
    }

    @Test
    void shouldRefuseASecondProcess() throws Exception {
        Path log = dir.resolve("hold.log");
        Process child = Jvm.withAgent().start(log, HoldOpen.class, dir.resolve("db").toString());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(log).contains("OPEN") && System.nanoTime() < deadline) {
                assertTrue(child.isAlive(), Files.readString(log));
                Thread.sleep(10);
            }
            StoreLockedException e = assertThrows(StoreLockedException.class, () -> ObjectStore.open(dir.resolve("db")));
            assertTrue(e.getMessage().contains(dir.resolve("db").toString()), e.getMessage());
        } finally {
            child.destroyForcibly().waitFor();
        }
        ObjectStore.open(dir.resolve("db")).close();
    }

    /**
     * A second open in the same JVM is refused, writable or read-only, under any spelling of the path, and the refusal
     * leaves the first one locked against other processes: file locks belong to the process, and closing any channel to
     * the lock file would have released it (outside trial 44b: the store tool's collect then ran on the open store).
     */
    @Test
    void shouldRefuseASecondOpenInTheSameProcess() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            StoreLockedException e = assertThrows(StoreLockedException.class, () -> ObjectStore.open(dir));
            assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
            assertThrows(StoreLockedException.class, () -> ObjectStore.open(dir, StoreOptions.builder().readOnly(true).build()));
            assertThrows(StoreLockedException.class, () -> ObjectStore.open(dir.resolve("..").resolve(dir.getFileName())));
            assertDoesNotThrow(store::commit, "the refused open leaves the first one usable");
            String other = Jvm.withAgent().run(TryOpen.class, dir.toString()).ok().output;
            assertTrue(other.contains("LOCKED"), "another process is still refused: " + other);
        }
        assertTrue(Jvm.withAgent().run(TryOpen.class, dir.toString()).ok().output.contains("OPENED"), "and let in after close");
    }

    @Test
    void shouldSayHowToAttachTheAgentWhenItIsMissing() {
        String written = Jvm.withoutAgent().run(WithoutAgent.class, dir.toString(), "write").ok().output;
        assertTrue(written.contains("NotEnhancedException") && written.contains("org.swizzle.it.model.Node")
            && written.contains("org.swizzle:swizzle") && written.contains("-javaagent:/path/to/swizzle-<version>.jar")
            && written.contains("swizzle-maven-plugin"), written);
        Jvm.withAgent().run(RoundTrip.class, "write", dir.resolve("graph").toString(), "graph").ok();
        String read = Jvm.withoutAgent().run(WithoutAgent.class, dir.resolve("graph").toString(), "read").ok().output;
        assertTrue(read.contains("NotEnhancedException") && read.contains("-javaagent"), read);
    }

    @Test
    void shouldStopTheJvmOnAnUnknownAgentOption() {
        Jvm.Result result = Jvm.withAgent("swizzle=node,bogus=1").run(RoundTrip.class, "verify", dir.toString(), "graph");
        assertNotEquals(0, result.exitCode, result.output);
        assertTrue(result.output.contains("bogus") && result.output.contains("swizzle=node|edge|none|eager")
            && result.output.contains("barrier=remset|card|"), result.output);
        Jvm.Result badValue = Jvm.withAgent("card=100").run(RoundTrip.class, "verify", dir.toString(), "graph");
        assertNotEquals(0, badValue.exitCode, badValue.output);
        assertTrue(badValue.output.contains("card=100") && badValue.output.contains("4096"), badValue.output);
        for (Jvm.Result stopped : List.of(result, badValue)) {
            assertEquals(1, stopped.exitCode, stopped.output);
            assertTrue(stopped.output.contains("swizzle-agent: ") && !stopped.output.contains("FATAL ERROR")
                && !stopped.output.contains("\tat "), "the agent's message, no native fatal error or stack trace:\n" + stopped.output);
        }
    }
}
