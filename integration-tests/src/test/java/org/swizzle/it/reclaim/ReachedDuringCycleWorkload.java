package org.swizzle.it.reclaim;

import java.util.Map;

import org.swizzle.ObjectIndex;
import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link ReachedDuringCycleTest}: what a collection cycle must keep although the committed graph does
 * not reach it when the cycle looks, because the application holds it or will commit it again.
 */
public final class ReachedDuringCycleWorkload {

    static final int CHAINS = 100_000;
    /** Objects moved out of the graph per commit while a cycle runs. */
    static final int BATCH = 50;
    static final int CYCLES = 10;

    @Persistent
    public static class Link {
        int value;
        Link next;

        Link(int value, Link next) {
            this.value = value;
            this.next = next;
        }
    }

    @Persistent
    public static class Chains {
        Link[] heads;
    }

    private final String phase;

    private ReachedDuringCycleWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        ReachedDuringCycleWorkload workload = new ReachedDuringCycleWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "race", workload::race, "verify", workload::verify,
            "unbind", workload::unbind, "rebind", workload::rebind, "buildIndexed", workload::buildIndexed,
            "lookUpWhileSweeping", workload::lookUpWhileSweeping, "verifyIndexed", workload::verifyIndexed));
    }

    /** Root "chains": heads[i] = A(3i) -> Y(3i+1) -> Z(3i+2); root "single": 1 -> 2 -> 3. */
    private void build(ObjectStore store) {
        Chains chains = store.root("chains", Chains.class, Chains::new);
        chains.heads = new Link[CHAINS];
        for (int i = 0; i < CHAINS; i++) {
            chains.heads[i] = new Link(3 * i, new Link(3 * i + 1, new Link(3 * i + 2, null)));
        }
        store.setRoot("single", new Link(1, new Link(2, new Link(3, null))));
        store.commit();
    }

    /**
     * Another thread collects while this one takes each Y out of its chain, holding it in Java only, and commits; then
     * it puts every Y back. A Y got its instance from A after the cycle's snapshot; what Y refers to (Z) must survive.
     * Whether a cycle meets such a Y depends on how the threads interleave, so cycles run until {@link #CYCLES} have
     * or every chain was cut once.
     */
    private void race(ObjectStore store) throws Exception {
        Chains chains = store.root("chains", Chains.class);
        Link[] held = new Link[CHAINS];
        long freed = 0;
        int moved = 0;
        for (int cycle = 0; cycle < CYCLES && moved < CHAINS; cycle++) {
            long[] freedByCycle = {-1};
            Thread collector = new Thread(() -> freedByCycle[0] = store.collectGarbage());
            collector.start();
            int from = moved;
            while (collector.isAlive() && moved < CHAINS) {
                for (int k = 0; k < BATCH && moved < CHAINS; k++, moved++) {
                    held[moved] = chains.heads[moved].next;
                    chains.heads[moved].next = null;
                }
                store.commit();
            }
            collector.join();
            for (int i = from; i < moved; i++) {
                chains.heads[i].next = held[i];
            }
            store.commit();
            freed += freedByCycle[0];
        }
        Phases.check(phase, "the cycles freed " + freed + " objects while " + moved + " were moved out and held", freed == 0);
        Phases.halt(phase);
    }

    /** An unbinding not committed yet: the cycle keeps what the root was bound to, which abort() binds again. */
    private void unbind(ObjectStore store) {
        store.setRoot("single", null);
        long freed = store.collectGarbage();
        store.abort();
        Phases.check(phase, "a cycle after an unbinding not committed freed " + freed, freed == 0);
    }

    /** A root bound to a new object, not committed; closed without a commit. */
    private void rebind(ObjectStore store) {
        store.setRoot("single", new Link(9, null));
        long freed = store.collectGarbage();
        Phases.check(phase, "a cycle after a binding not committed freed " + freed, freed == 0);
    }

    private static ObjectIndex<Integer, Link> byValue(ObjectStore store) {
        return store.index("links-by-value", Link.class, Integer.class, link -> link.value);
    }

    /** Much garbage, then link 7 (with a child, 8) cut off the graph, still in the index. */
    private void buildIndexed(ObjectStore store) {
        byValue(store);
        Chains chains = store.root("chains", Chains.class, Chains::new);
        chains.heads = new Link[CHAINS];
        for (int i = 0; i < CHAINS; i++) {
            chains.heads[i] = new Link(1_000 + i, null);
        }
        store.commit();
        Chains kept = new Chains();
        kept.heads = new Link[] {new Link(7, new Link(8, null))};
        store.setRoot("kept", kept);
        store.commit();
        chains.heads = null;
        kept.heads = null;
        store.commit();
    }

    /**
     * While another thread's cycle sweeps, an index lookup of link 7, which no root reaches, finds nothing: brought
     * back, it would keep its place while the sweep freed its child, and storing it again would refer to a freed object.
     */
    private void lookUpWhileSweeping(ObjectStore store) throws Exception {
        ObjectIndex<Integer, Link> index = byValue(store);
        Thread collector = new Thread(store::collectGarbage);
        collector.start();
        while (store.stats().objectsCollected() == 0 && collector.isAlive()) {
            Thread.onSpinWait();
        }
        Link found = index.get(7);
        collector.join();
        if (found != null) {
            store.root("kept", Chains.class).heads = new Link[] {found};
            store.commit();
        }
    }

    private void verifyIndexed(ObjectStore store) {
        Link[] heads = store.root("kept", Chains.class).heads;
        Phases.check(phase, "an object an index found while a cycle swept, stored again, with its child: "
            + (heads == null ? "not stored" : heads[0].value + " -> " + heads[0].next.value),
            heads == null || heads[0].value == 7 && heads[0].next.value == 8);
    }

    private void verify(ObjectStore store) {
        Chains chains = store.root("chains", Chains.class);
        int lost = 0;
        for (int i = 0; i < CHAINS; i++) {
            Link a = chains.heads[i];
            if (a.value != 3 * i || a.next == null || a.next.value != 3 * i + 1 || a.next.next == null || a.next.next.value != 3 * i + 2) {
                lost++;
            }
        }
        Phases.check(phase, lost + " of " + CHAINS + " chains broken", lost == 0);
        Link single = store.root("single", Link.class);
        Phases.check(phase, "root single: " + (single == null ? null : single.value + " " + single.next.value + " "
            + single.next.next.value), single != null && single.value == 1 && single.next.value == 2 && single.next.next.value == 3);
    }
}
