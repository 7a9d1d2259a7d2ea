package org.swizzle.it.collections;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The model-based random test of issue 11: random list, map and set operations (views and views of
 * views, iterators, entries, bulk operations, nested lists, array elements) on the collection fields
 * of a stored object and of a second object the child creates with plain collections, applied alike
 * to plain {@code java.util} twins, with values held across commits, random commits and aborts, and
 * SIGKILLs; the reopened store is compared with the model after every kill. Half of the children
 * change tracked collections only, so that no object they change is compared with its committed
 * bytes at commit and a change a collection failed to report would be lost. See
 * {@link CollectionsWorkload} and {@link ModelRun}.
 *
 * <p>System properties: {@code swizzle.collections.kills} (kills per agent scheme, default 3),
 * {@code swizzle.collections.seed} (replays the plans and the children's operations; kill timing
 * varies), {@code swizzle.collections.agents} (agent option sets separated by {@code ;}, default
 * the defaults, {@code barrier=remset} and {@code swizzle=edge}).
 */
class CollectionsModelTest {

    @TempDir
    Path dir;

    static String[] agents() {
        return System.getProperty("swizzle.collections.agents", ";barrier=remset;swizzle=edge").split(";", -1);
    }

    @ParameterizedTest(name = "agent options \"{0}\"")
    @MethodSource("agents")
    void shouldHoldWhatThePlainModelHoldsAfterEveryKill(String agent) throws Exception {
        int kills = Integer.getInteger("swizzle.collections.kills", 3);
        long seed = Long.getLong("swizzle.collections.seed", System.nanoTime());
        long start = System.nanoTime();
        Tally tally = new ModelRun(dir, seed, agent).run(kills);
        System.out.printf("collections model: %s; agent \"%s\", seed=%d, %.1f s%n", tally, agent, seed, (System.nanoTime() - start) / 1e9);
        assertTrue(tally.commits > kills && tally.heldOperations > 0, "seed=" + seed + ": too little done: " + tally + " " + Arrays.toString(agents()));
    }
}
