package org.swizzle.it.reclaim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;
import org.swizzle.it.faulting.ChildOutput;
import org.swizzle.store.CompactionListener;
import org.swizzle.store.CompactionResult;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;

/**
 * The garbage collector of issue 17: a churn that replaces every object of the pool round after round keeps
 * the store's files within twice the live bytes and its commits flat (collected when called, or by the store
 * itself, then compacted once closed); an object the application still holds
 * survives a collection with what it refers to; and a SIGKILL during collections loses nothing reached. The
 * churn bounds the cluster file; the log is bounded apart, by its checkpoint size.
 * System property {@code swizzle.churn.rounds} sizes the churn (default 60 rounds of 2,000 items).
 */
class CollectorTest {

    private static final Pattern ROUND = Pattern.compile("ROUND (\\d+) files=(\\d+) store=(\\d+) free=\\d+ live=(\\d+) freed=(\\d+) heap=(\\d+) commitMicros=(\\d+).*");

    private static final String ROUNDS = System.getProperty("swizzle.churn.rounds", "60");
    private static final String ITEMS = System.getProperty("swizzle.churn.items", "2000");
    /** The automatic churn runs longer on fewer items, so that the store has time to settle. */
    private static final String AUTOMATIC_ROUNDS = System.getProperty("swizzle.churn.rounds", "300");
    private static final String AUTOMATIC_ITEMS = System.getProperty("swizzle.churn.items", "500");

    @TempDir
    Path dir;

    /** Runs the churn in a child JVM, collecting every {@code every} rounds (or {@code auto}); prints its reports. */
    private static String churn(String store, String rounds, String items, String every) {
        String output = Jvm.withAgent().jvmOption("-Xmx128m").run(ChurnWorkload.class, "churn", store, rounds, items, every).ok().output;
        output.lines().filter(line -> line.startsWith("ROUND") || line.startsWith("STATS") || line.startsWith("FINAL"))
            .forEach(System.out::println);
        return output;
    }

    private static List<Matcher> rounds(String output) {
        return output.lines().map(ROUND::matcher).filter(Matcher::matches).collect(Collectors.toList());
    }

    @Test
    void shouldFreeWhatAChurnDropsAndReuseItsSpace() {
        String store = dir.resolve("churn").toString();
        String output = churn(store, ROUNDS, ITEMS, "5");
        List<Matcher> collections = rounds(output);
        assertTrue(collections.size() >= 4, output);
        // the objects of the first rounds are resident until the budget turns them back into hollow ones
        for (Matcher round : collections.subList(collections.size() / 4, collections.size())) {
            assertTrue(Long.parseLong(round.group(5)) > 0, "each collection frees the rounds replaced since the last: " + round.group());
        }
        Matcher middle = collections.get(collections.size() / 2);
        Matcher last = collections.get(collections.size() - 1);
        long grown = Long.parseLong(last.group(3)) - Long.parseLong(middle.group(3));
        long live = Long.parseLong(last.group(4));
        long rebuilt = live * (Long.parseLong(last.group(1)) - Long.parseLong(middle.group(1)));
        assertTrue(grown * 4 < rebuilt, "in the second half the store grows by less than a quarter of what the rounds made"
            + " (freed space is reused; what remains is the object tables of OIDs never reused): grew " + grown + " bytes while "
            + rebuilt + " were made");
        long collected = collected(last) - collected(middle);
        assertTrue(grown * 4 < collected, "in the second half the store grows by less than a quarter of the bytes the"
            + " collections freed meanwhile, which later rounds reused: grew " + grown + " bytes, " + collected + " freed");
        String verified = Jvm.withAgent().run(ChurnWorkload.class, "verify", store, ITEMS).ok().output;
        assertTrue(verified.contains("VERIFIED round=" + ROUNDS), verified);
    }

    @Test
    void shouldCollectByItselfAsTheStoreGrows() {
        String store = dir.resolve("automatic").toString();
        String output = churn(store, AUTOMATIC_ROUNDS, AUTOMATIC_ITEMS, "auto");
        List<Matcher> reports = rounds(output);
        assertTrue(reports.size() == Integer.parseInt(AUTOMATIC_ROUNDS) / 10, output);
        Matcher last = reports.get(reports.size() - 1);
        Matcher collections = Pattern.compile("collections=(\\d+)").matcher(last.group());
        assertTrue(collections.find() && Long.parseLong(collections.group(1)) >= 3,
            "the store ran collection cycles by itself, without collectGarbage(): " + last.group());
        Matcher end = Pattern.compile("FINAL store=(\\d+) live=(\\d+) collected=(\\d+)").matcher(output);
        assertTrue(end.find(), output);
        long storeBytes = Long.parseLong(end.group(1));
        long live = Long.parseLong(end.group(2));
        long made = live + Long.parseLong(end.group(3));
        // what the application dropped is freed once the JVM's collector has released its instances: the store runs
        // behind by that, and by what became garbage while a cycle ran (the full-size run settles; see README)
        assertTrue(storeBytes * 2 <= made, "the store, collecting by itself, freed more than half of the " + made
            + " bytes the churn made: " + storeBytes + " bytes used at the end");
        CompactionResult compacted;
        try (SegmentStore closed = SegmentStore.open(Path.of(store), StoreConfig.defaults().withCreateIfMissing(false))) {
            compacted = closed.compact(CompactionListener.NONE);
        }
        System.out.println("COMPACTED " + compacted);
        assertTrue(compacted.allocatedAfter() <= 2 * live + (1 << 20), "compacting the closed store gives back the end of"
            + " the file, down to about twice the live bytes: " + compacted + " for " + live + " live");
        String verified = Jvm.withAgent().run(ChurnWorkload.class, "verify", store, AUTOMATIC_ITEMS).ok().output;
        assertTrue(verified.contains("VERIFIED round=" + AUTOMATIC_ROUNDS), verified);
    }

    private static long collected(Matcher round) {
        Matcher collected = Pattern.compile("collected=(\\d+)").matcher(round.group());
        assertTrue(collected.find(), round.group());
        return Long.parseLong(collected.group(1));
    }

    @Test
    void shouldKeepAnObjectTheApplicationStillHoldsAndWhatItRefersTo() {
        String store = dir.resolve("held").toString();
        String output = Jvm.withAgent().run(ChurnWorkload.class, "held", store).ok().output;
        assertTrue(output.contains("HELD freed=2 child=8"), "item 9 and its child freed, item 7 and its child kept: " + output);
        String again = Jvm.withAgent().run(ChurnWorkload.class, "verifyHeld", store).ok().output;
        assertTrue(again.contains("VERIFIED held"), again);
    }

    /**
     * Under the default unlimited budget the store keeps every object resident, garbage too, and so does a budget it
     * stays within: a collection finds which of them no root reaches, the next commit re-hollows those (and the budget
     * lets go of them), and a later collection frees the ones the JVM released, in the same session (before: only in a
     * later session; a churn ran out of heap).
     */
    @ParameterizedTest
    @ValueSource(strings = {"unbudgeted", "underBudget"})
    void shouldFreeInTheSameSessionWhatOnlyTheStoreHeld(String phase) {
        String store = dir.resolve(phase).toString();
        String output = Jvm.withAgent().run(ChurnWorkload.class, phase, store).ok().output;
        Matcher freed = Pattern.compile(phase.toUpperCase(java.util.Locale.ROOT) + " first=\\d+ second=(\\d+) child=8")
            .matcher(output);
        assertTrue(freed.find() && Long.parseLong(freed.group(1)) >= 1_000, "the 1,000 dropped items freed, item 7 and"
            + " its child kept: " + output);
        String again = Jvm.withAgent().run(ChurnWorkload.class, "verifyHeld", store).ok().output;
        assertTrue(again.contains("VERIFIED held"), again);
    }

    /**
     * Objects read from the store, then dropped, are freed in the same session too: neither the store's reader (which
     * kept the last object it read) nor a list the dropped objects shared with a live one (which noted every object
     * that held it) keeps them in memory once they are hollow again.
     */
    @Test
    void shouldFreeInTheSameSessionObjectsReadThatSharedALiveList() {
        String store = dir.resolve("shared").toString();
        Jvm.withAgent().run(ChurnWorkload.class, "sharedBuild", store).ok();
        assertSharedItemsFreed(store, "sharedDropped", "SHARED read=1000 first=\\d+ second=(\\d+) kept=1", "read");
    }

    /**
     * The same for objects made in the session, some of which the budget re-hollowed at the commit that stored them:
     * the list they shared noted them as holders, and kept them in memory, re-hollowed, for as long as it lived.
     */
    @Test
    void shouldFreeInTheSameSessionObjectsTheBudgetReHollowedThatSharedALiveList() {
        String store = dir.resolve("sharedUnderBudget").toString();
        assertSharedItemsFreed(store, "sharedUnderBudget", "SHARED first=\\d+ second=(\\d+) kept=1", "made");
    }

    /**
     * Runs {@code phase}, whose line {@code freedLine} gives what the second collection freed of the 1,000 items it
     * {@code dropped} (read or made, then dropped): all of them; then a new JVM finds the kept item's list as committed.
     */
    private static void assertSharedItemsFreed(String store, String phase, String freedLine, String dropped) {
        String output = Jvm.withAgent().run(ChurnWorkload.class, phase, store).ok().output;
        Matcher freed = Pattern.compile(freedLine).matcher(output);
        assertTrue(freed.find() && Long.parseLong(freed.group(1)) >= 1_000, "the 1,000 items " + dropped
            + " and dropped freed: " + output);
        String again = Jvm.withAgent().run(ChurnWorkload.class, "sharedVerify", store).ok().output;
        assertTrue(again.contains("VERIFIED shared"), again);
    }

    /**
     * An object the collection found no root reaching may be linked again before the commit that re-hollows it. A list it
     * shares, changed and then detached by {@code abort()}, must still be read again in its place (by itself, when no
     * holder's fill reads it), so that an array the application holds from it stays the list's and the change made to it next is committed:
     * with 12 holders as with 3, though every one of them was re-hollowed.
     */
    @Test
    void shouldCommitAnArrayHeldFromASharedListWhoseHoldersWereReHollowed() {
        String store = dir.resolve("arrays").toString();
        Jvm.withAgent().run(ChurnWorkload.class, "arraysBuild", store).ok();
        String output = Jvm.withAgent().run(ChurnWorkload.class, "arraysRelinked", store).ok().output;
        assertTrue(output.contains("RELINKED same=true,true"), "each list holds the array held from it: " + output);
        String again = Jvm.withAgent().run(ChurnWorkload.class, "arraysVerify", store).ok().output;
        assertTrue(again.contains("VERIFIED arrays=42,42"), "the change to each held array committed: " + again);
    }

    @Test
    void shouldCommitNoneOfTheApplicationsChanges() {
        String store = dir.resolve("pending").toString();
        Jvm.withAgent().run(ChurnWorkload.class, "dropped", store).ok();
        String output = Jvm.withAgent().run(ChurnWorkload.class, "pending", store).ok().output;
        assertTrue(output.contains("PENDING freed=2 round=5 kept=11 items=1"), "item 9 and its child freed, the changes"
            + " kept in memory: " + output);
        assertTrue(output.contains("ABORTED round=0 kept=-1 items=0"), "abort() takes the changes back: " + output);
        assertTrue(output.contains("ENDING round=6 kept=12 items=1"), output);
        String again = Jvm.withAgent().run(ChurnWorkload.class, "verifyPending", store).ok().output;
        assertTrue(again.contains("REOPENED round=0 kept=-1 items=0"), "no change committed: " + again);
    }

    @Test
    void shouldLoseNothingReachedWhenKilledDuringCollections() throws Exception {
        for (int kill = 0; kill < 4; kill++) {
            String store = dir.resolve("crash" + kill).toString();
            Path log = dir.resolve("crash" + kill + ".log");
            // odd kills: the store collects by itself, on its own thread and in the commits' assists
            String mode = kill % 2 == 0 ? "called" : "auto";
            Process child = Jvm.withAgent().start(log, ChurnWorkload.class, "crash", store, "500", mode);
            long acked = 0;
            long wanted = (kill % 2 == 0 ? 3 : 60) + ThreadLocalRandom.current().nextInt(8);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (acked < wanted && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
                acked = ChildOutput.lastAck(log, acked);
            }
            Thread.sleep(ThreadLocalRandom.current().nextInt(40));
            child.destroyForcibly().waitFor();
            acked = ChildOutput.lastAck(log, acked);
            assertTrue(acked >= wanted, "the child acknowledged " + acked + " rounds");
            String verified = Jvm.withAgent().run(ChurnWorkload.class, "verify", store, "500").ok().output;
            Matcher round = Pattern.compile("VERIFIED round=(\\d+)").matcher(verified);
            assertTrue(round.find(), verified);
            long found = Long.parseLong(round.group(1));
            assertTrue(found == acked || found == acked + 1, "killed after round " + acked + " was acknowledged, found round " + found
                + " (the round after the last acknowledged may have committed)");
        }
    }
}
