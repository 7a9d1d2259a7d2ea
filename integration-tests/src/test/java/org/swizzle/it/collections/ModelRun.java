package org.swizzle.it.collections;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.swizzle.ObjectStore;
import org.swizzle.it.Jvm;

/**
 * Starts {@link CollectionsWorkload} children one after another on one store, kills each with
 * SIGKILL (a random delay after it opened the store, or inside its n-th commit), then reopens the
 * store in this JVM and checks that it holds the last acknowledged state or the state of the commit
 * in flight; the next child checks it again on open and carries on from it. A failure keeps the
 * child's output in {@code target/} and names the seed.
 */
final class ModelRun {
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** The exit code of a process killed by SIGKILL. */
    private static final int KILLED = 128 + 9;

    private final Path store;
    private final Path states;
    private final Path work;
    private final long seed;
    private final String agentOptions;
    private final Random random;
    private final Expectation expectation;
    private final Tally tally = new Tally();

    ModelRun(Path work, long seed, String agentOptions) throws IOException {
        this.work = work;
        this.store = work.resolve("store");
        this.states = Files.createDirectories(work.resolve("states"));
        this.seed = seed;
        this.agentOptions = agentOptions;
        this.random = new Random(seed);
        this.expectation = new Expectation(states);
    }

    Tally run(int kills) throws InterruptedException {
        for (int kill = 1; kill <= kills; kill++) {
            long childSeed = random.nextLong();
            boolean inCommit = random.nextInt(5) < 2;
            int count = 1 + random.nextInt(60);
            int delayMillis = inCommit ? random.nextInt(3) : 200 + random.nextInt(1800);
            String run = "agent \"" + agentOptions + "\" seed=" + seed + " kill " + kill + "/" + kills + " child seed " + childSeed
                + (inCommit ? ", killed " + delayMillis + " ms into commit " + count : ", killed " + delayMillis + " ms after START");
            Path log = work.resolve("child-" + kill + ".log");
            Process child = startAndKill(log, childSeed, inCommit, count, delayMillis, run);
            ChildOutput output = ChildOutput.read(log);
            try {
                tally.add(output);
                expectation.follow(output, run);
                if (child.exitValue() != KILLED) {
                    throw new AssertionError(run + ": the child ended by itself with exit code " + child.exitValue());
                }
                verify(run);
                prune();
            } catch (AssertionError e) {
                tally.differences++;
                throw new AssertionError(e.getMessage() + "\ncollections model: " + tally + "\nReplay with -Dswizzle.collections.seed=" + seed
                    + " (kill timing varies); child output kept in " + keep(log) + "\n--- its end:\n" + output.tail(6000), e);
            }
            tally.inFlightKept = expectation.inFlightKept();
            delete(log);
            if (kills >= 100 && kill % 50 == 0) {
                System.out.println("collections model, agent \"" + agentOptions + "\" seed=" + seed + ", after " + kill + " kills: " + tally);
            }
        }
        return tally;
    }

    /** Starts a child and kills it with SIGKILL when the plan says; returns it, dead (by itself, if it failed). */
    private Process startAndKill(Path log, long childSeed, boolean inCommit, int count, int delayMillis, String run)
            throws InterruptedException {
        Process child = Jvm.withAgent(agentOptions).jvmOption("-XX:+UseSerialGC").jvmOption("-Xmx128m")
            .start(log, CollectionsWorkload.class, store.toString(), Long.toString(childSeed), states.toString());
        long launched = System.nanoTime();
        long killAt = Long.MAX_VALUE;
        try {
            while (System.nanoTime() < killAt) {
                if (killAt == Long.MAX_VALUE) {
                    ChildOutput output = ChildOutput.read(log);
                    if (inCommit ? output.count("PENDING") >= count : output.count("START") > 0) {
                        killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis);
                    } else if (System.nanoTime() - launched > TIMEOUT_NANOS) {
                        throw new AssertionError(run + ": the child did not get there in 60 s:\n" + output.tail(4000));
                    }
                }
                if (!child.isAlive()) {
                    break;
                }
                Thread.sleep(1);
            }
        } finally {
            child.destroyForcibly();
            if (!child.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError(run + ": the child did not die within 30 s of SIGKILL");
            }
        }
        return child;
    }

    /** Opens the store in this JVM (the agent with its default options) and checks the state it holds. */
    private void verify(String run) {
        String rendering;
        try (ObjectStore opened = ObjectStore.open(store)) {
            rendering = Rendering.of(opened.root(CollectionsWorkload.ROOT, Bag.class));
        }
        expectation.check(Rendering.digest(rendering), rendering, run + ", reopened in the test JVM");
    }

    private static void delete(Path file) {
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes the renderings of the states the store can no longer be in: all but the one it holds. */
    private void prune() {
        try (var files = Files.list(states)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (!file.getFileName().toString().equals(expectation.committed())) {
                    delete(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path keep(Path log) {
        try {
            Path kept = Path.of("target", "collections-model-" + seed + "-" + log.getFileName());
            Files.createDirectories(kept.getParent());
            return Files.copy(log, kept, StandardCopyOption.REPLACE_EXISTING).toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
