package org.swizzle.it.identity;

import java.nio.file.Path;

import org.swizzle.ObjectStore;

/**
 * The child JVM of {@link IdentityTest}: {@code PHASE DIR} runs one phase ({@code write}, {@code update} or
 * {@code verify}) of every {@link Scenario}, each on its own store under {@code DIR}, and prints the
 * {@link Checks} lines. A scenario that throws is reported as {@code CRASH} and the others go on, so one run
 * shows the state of all of them; the JVM exits 0 unless it cannot run at all.
 */
public final class IdentityWorkload {

    private IdentityWorkload() {
    }

    public static void main(String[] args) {
        String phase = args[0];
        Path dir = Path.of(args[1]);
        for (Scenario scenario : Scenario.values()) {
            Checks checks = new Checks(scenario.id, phase);
            try (ObjectStore store = ObjectStore.open(dir.resolve(scenario.id), scenario.options(phase))) {
                scenario.run(phase, store, checks);
            } catch (Throwable e) {
                checks.crash(e);
                continue;
            }
            checks.done();
        }
    }
}
