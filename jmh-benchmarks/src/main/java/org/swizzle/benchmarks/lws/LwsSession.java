package org.swizzle.benchmarks.lws;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.benchmarks.oo1.Forks;

/**
 * Moss's load-work-save session ("To swizzle or not to swizzle", sections 2 and 5) on one
 * collection of his series ({@link TreeShape}): open a fresh copy of the stored tree, load it (fault
 * every node by a traversal), work ({@code visits} visits of every node), save it unchanged (a
 * commit), then update a fraction {@code u} of the nodes and save again. Each phase is a secondary
 * result ({@link Phases}); the report fits Moss's cost model to them across collections, per scheme.
 * Plain Java is the non-persistent baseline: its tree is built before the measurement, and its
 * session is the work and the updates only.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'lws.LwsSession' -p collection=VH14,VS8   (from the repository root)
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public abstract class LwsSession {

    /** The collection: its series and the value the series varies, e.g. {@code VS8} (see {@link TreeShape}). */
    @Param({"VH12", "VH14", "VH16", "VS8", "VS34", "VB52", "VB220", "SI34", "SI144", "VN14"})
    public String collection;

    /** v: visits of every node in the work phase. */
    @Param("10")
    public int visits;

    /** u: fraction of the nodes updated before the second save. */
    @Param("1")
    public double u;

    private TreeShape shape;
    private Path master;
    private Path copy;
    private ObjectStore store;
    private Node heapTree;
    private final Tree tree = new Tree();

    /** Whether this system keeps the tree in a store (false: plain Java objects). */
    protected abstract boolean persistent();

    @Setup(Level.Trial)
    public void prepare() {
        shape = TreeShape.of(collection);
        if (persistent()) {
            master = TreeFiles.master(shape);
        } else {
            heapTree = Tree.build(shape);
        }
    }

    @Setup(Level.Iteration)
    public void freshCopy() {
        if (persistent()) {
            copy = TreeFiles.copy(master);
        }
    }

    @Benchmark
    public long session(Phases phases) {
        return persistent() ? storedSession(phases) : heapSession(phases);
    }

    private long storedSession(Phases phases) {
        long start = System.nanoTime();
        store = ObjectStore.open(copy);
        long opened = System.nanoTime();
        Node root = store.root(TreeFiles.ROOT, Node.class);
        int nodes = Tree.load(root);
        long loaded = System.nanoTime();
        long checksum = tree.work(root, visits);
        long worked = System.nanoTime();
        store.commit();
        long saved = System.nanoTime();
        int updated = tree.update(root, u);
        store.commit();
        long end = System.nanoTime();
        StoreStats stats = store.stats();
        phases.sessions++;
        phases.openNanos += opened - start;
        phases.loadNanos += loaded - opened;
        phases.workNanos += worked - loaded;
        phases.oldSaveNanos += saved - worked;
        phases.updateSaveNanos += end - saved;
        phases.updated += updated;
        phases.faults += stats.objectsFaulted();
        phases.logBytes += stats.bytesLogged();
        return checksum + nodes;
    }

    private long heapSession(Phases phases) {
        long start = System.nanoTime();
        long checksum = tree.work(heapTree, visits);
        long worked = System.nanoTime();
        int updated = tree.update(heapTree, u);
        long end = System.nanoTime();
        phases.sessions++;
        phases.workNanos += worked - start;
        phases.updateSaveNanos += end - worked;
        phases.updated += updated;
        return checksum;
    }

    @TearDown(Level.Iteration)
    public void closeCopy() {
        if (store != null) {
            store.close();
            store = null;
        }
        TreeFiles.delete(copy);
        copy = null;
    }

    /** Plain Java objects, no agent: Moss's non-persistent baseline (work only). */
    @Fork(1)
    public static class Java extends LwsSession {
        @Override
        protected boolean persistent() {
            return false;
        }
    }

    /** Swizzle, default scheme: swizzle=node, checks=access, fault=object, barrier=remset. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE)
    public static class Swizzle extends LwsSession {
        @Override
        protected boolean persistent() {
            return true;
        }
    }

    /** Swizzle with a remembered set instead of cards. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_CARD)
    public static class SwizzleCard extends LwsSession {
        @Override
        protected boolean persistent() {
            return true;
        }
    }

    /** Swizzle without a barrier: every commit diffs every resident object. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NO_BARRIER)
    public static class SwizzleNoBarrier extends LwsSession {
        @Override
        protected boolean persistent() {
            return true;
        }
    }

    /** Edge marking: stored references beside reference fields, swizzled on discovery. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EDGE)
    public static class SwizzleEdge extends LwsSession {
        @Override
        protected boolean persistent() {
            return true;
        }
    }

    /** No swizzling: every load of a stored reference looks its OID up. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_NONE)
    public static class SwizzleNone extends LwsSession {
        @Override
        protected boolean persistent() {
            return true;
        }
    }

    /** Eager swizzling: a fault makes its unit and the objects it refers to resident. */
    @Fork(value = 1, jvmArgsAppend = Forks.SWIZZLE_EAGER)
    public static class SwizzleEager extends LwsSession {
        @Override
        protected boolean persistent() {
            return true;
        }
    }
}
