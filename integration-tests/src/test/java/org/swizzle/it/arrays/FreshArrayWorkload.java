package org.swizzle.it.arrays;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.it.Phases;
import org.swizzle.it.model.Blob;

/**
 * The child JVM of {@link FreshArrayTest}, run as {@link Phases}: {@code build} gives {@link #BLOBS} new objects arrays
 * made for them (filled through a local, by a helper of this class, by {@code Arrays.copyOf}, {@code clone()} and
 * {@code String.getBytes}), which watch none of them, and writes one array through its local after the commit that
 * stored it, which must watch its object; {@code verify} reads every array back.
 */
public final class FreshArrayWorkload {

    static final int BLOBS = 3_000;

    /** The root: its list is made by the persistent class, so that the list itself is not watched. */
    @org.swizzle.Persistent
    public static class Blobs {
        public List<Blob> all = new ArrayList<>();
    }

    private final String phase;

    private FreshArrayWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        FreshArrayWorkload workload = new FreshArrayWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "verify", workload::verify));
    }

    private void build(ObjectStore store) {
        List<Blob> blobs = store.root("blobs", Blobs.class, Blobs::new).all;
        for (int i = 0; i < BLOBS; i++) {
            Blob blob = new Blob();
            switch (i % 4) {
                case 0: blob.ints = filled(i); break;
                case 1: blob.ints = Arrays.copyOf(filled(i), 3); break;
                case 2: blob.ints = filled(i).clone(); break;
                default: blob.bytes = ("blob " + i).getBytes(java.nio.charset.StandardCharsets.UTF_8); break;
            }
            int[] local = new int[2];
            local[0] = i;
            blob.text = "blob " + i;
            if (i % 4 == 3) {
                blob.ints = local;
            }
            blobs.add(blob);
        }
        store.commit();
        Phases.check(phase, "objects watched after storing arrays made for them: " + store.stats(),
            store.stats().objectsWatched() == 0);
        if (System.getProperty(Phases.BUDGET_PROPERTY) != null) {
            long budget = Long.parseLong(System.getProperty(Phases.BUDGET_PROPERTY));
            Phases.check(phase, "resident past the budget after the commit: " + store.stats(),
                store.stats().objectsResident() <= budget);
        }
        writeAfterStoring(blobs.get(0), store);
        Phases.check(phase, "the object whose array is written after it was stored is not watched: " + store.stats(),
            store.stats().objectsWatched() == 1);
        StoreStats before = store.stats();
        store.commit();
        Phases.check(phase, "the commit after the write through the local logged nothing",
            store.stats().bytesLogged() > before.bytesLogged());
    }

    /** Stores an array made here, commits, then writes it through the local: its object must be watched. */
    private static void writeAfterStoring(Blob blob, ObjectStore store) {
        int[] ints = new int[] {-1, -2};
        blob.ints = ints;
        store.commit();
        ints[1] = -20;
    }

    /** A new array, which nothing but the caller holds. */
    private static int[] filled(int i) {
        int[] ints = new int[3];
        for (int k = 0; k < ints.length; k++) {
            ints[k] = i * 10 + k;
        }
        return ints;
    }

    private void verify(ObjectStore store) {
        List<Blob> blobs = store.root("blobs", Blobs.class).all;
        Phases.check(phase, "blobs: " + blobs.size(), blobs.size() == BLOBS);
        Phases.check(phase, "the array written through its local after the commit that stored it: "
            + Arrays.toString(blobs.get(0).ints), Arrays.equals(new int[] {-1, -20}, blobs.get(0).ints));
        for (int i = 1; i < blobs.size(); i++) {
            Blob blob = blobs.get(i);
            int[] expected = i % 4 == 3 ? new int[] {i, 0} : new int[] {i * 10, i * 10 + 1, i * 10 + 2};
            boolean bytes = i % 4 != 3 || Arrays.equals(("blob " + i).getBytes(java.nio.charset.StandardCharsets.UTF_8),
                blob.bytes);
            if (!Arrays.equals(expected, blob.ints) || !bytes || !("blob " + i).equals(blob.text)) {
                Phases.check(phase, "blob " + i + ": " + Arrays.toString(blob.ints) + " " + blob.text, false);
                return;
            }
        }
    }
}
