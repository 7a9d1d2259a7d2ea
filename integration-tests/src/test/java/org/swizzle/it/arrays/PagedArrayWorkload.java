package org.swizzle.it.arrays;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link PagedArrayTest}, which runs it as {@link Phases}: {@code change} makes each kind of change
 * to the arrays of a {@link Waveform} in a commit of its own, checks what each logged, and is killed after the last;
 * {@code verify} reads every element back; {@code abort} makes changes and takes them back.
 */
public final class PagedArrayWorkload {

    static final int SAMPLES = 2_000_000;
    static final int TEXT = 100_000;
    static final int LEVELS = 20_000;
    static final int GAINS = 40_000;
    static final int BLOB = 70_000;
    static final int FLAGS = 100_000;
    static final int DELTAS = 50_000;
    /** The most a commit of a few changed elements may log: about one page's record, however large the array. */
    static final long ELEMENTS_LIMIT = 1_024;
    /** Two pages of 32 KB and their records: what a commit of a new last page of an array may log. */
    static final long PAGES_LIMIT = 2 * 33 * 1_024;
    /** Elements {@code edit} changes, each on a page of its own, through the field alone. */
    static final int EDITS = 5;
    static final int EDIT_STRIDE = 400_000;
    /**
     * What a commit of elements stored through the field alone may compare: the object's image (under 70 KB, with the
     * arrays too small for pages in it) and the pages the stores marked, not the arrays.
     */
    static final long MARKED_LIMIT = 70 * 1_024 + EDITS * 33 * 1_024;
    /** The bits of {@link Waveform#version} that say which phases committed their changes. */
    static final int CHANGED = 1;
    static final int EDITED = 2;
    static final int LOCALS = 4;
    static final int ABORTED = 8;
    /** Small objects {@code locals} faults while it holds the arrays, past a resident budget in {@link PagedArrayTest}. */
    static final int OTHERS = 2_000;

    private final String phase;
    private final Path directory;

    private PagedArrayWorkload(String phase, Path directory) {
        this.phase = phase;
        this.directory = directory;
    }

    public static void main(String[] args) throws Exception {
        PagedArrayWorkload workload = new PagedArrayWorkload(args[0], Path.of(args[1]));
        Phases.run(args, Map.ofEntries(Map.entry("build", workload::build), Map.entry("change", workload::change),
            Map.entry("verify", workload::verify), Map.entry("abort", workload::abort), Map.entry("edit", workload::edit),
            Map.entry("locals", workload::locals), Map.entry("clones", workload::clones),
            Map.entry("verifyClones", workload::verifyClones), Map.entry("closedStores", workload::closedStores),
            Map.entry("captured", workload::captured), Map.entry("verifyCaptured", workload::verifyCaptured),
            Map.entry("localsOfNew", workload::localsOfNew), Map.entry("verifyLocalsOfNew", workload::verifyLocalsOfNew)));
    }

    private void build(ObjectStore store) {
        Waveform wave = store.root("wave", Waveform.class, Waveform::new);
        wave.name = "wave";
        wave.samples = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            wave.samples[i] = i * 31L;
        }
        wave.text = new char[TEXT];
        for (int i = 0; i < TEXT; i++) {
            wave.text[i] = (char) ('a' + i % 26);
        }
        wave.levels = new double[LEVELS]; // all 0.0
        wave.gains = new float[GAINS];
        for (int i = 0; i < GAINS; i++) {
            wave.gains[i] = i / 4f;
        }
        wave.blob = new byte[BLOB];
        for (int i = 0; i < BLOB; i++) {
            wave.blob[i] = (byte) i;
        }
        wave.flags = new boolean[FLAGS];
        for (int i = 0; i < FLAGS; i += 3) {
            wave.flags[i] = true;
        }
        wave.deltas = new short[DELTAS];
        for (int i = 0; i < DELTAS; i++) {
            wave.deltas[i] = (short) -i;
        }
        wave.small = new int[] {1, 2, 3};
        List<Waveform> others = new ArrayList<>();
        wave.others = others;
        for (int i = 0; i < OTHERS; i++) {
            Waveform other = new Waveform();
            other.name = "other " + i;
            others.add(other);
        }
        StoreStats before = store.stats();
        store.commit();
        Phases.check(phase, "the build logged " + logged(before, store) + " bytes, less than its arrays",
            logged(before, store) > 8L * SAMPLES);
    }

    /** Each kind of change in a commit of its own: each logs about what it changed, not the array. */
    private void change(ObjectStore store) {
        Waveform wave = store.root("wave", Waveform.class);
        StoreStats first = store.stats();
        commit(store, "an element stored through the field", ELEMENTS_LIMIT, () -> wave.samples[1_234_567] = -1);
        long compared = store.stats().bytesCompared() - first.bytesCompared();
        Phases.check(phase, "an element stored through the field: compared " + compared + " bytes", compared <= MARKED_LIMIT);
        long[] kept = wave.samples; // a local held across the commits that follow: the object is watched from here on
        commit(store, "an element stored through a local", ELEMENTS_LIMIT, () -> {
            long[] samples = wave.samples;
            samples[7] = -7;
            samples[SAMPLES - 1] = -8;
        });
        commit(store, "a range filled by a JDK method", ELEMENTS_LIMIT, () -> Arrays.fill(wave.text, 50_000, 50_100, '#'));
        commit(store, "0.0 made -0.0 and a NaN of another payload", ELEMENTS_LIMIT, () -> {
            wave.levels[3] = -0.0;
            wave.levels[4] = Double.longBitsToDouble(0x7ff8_0000_0000_0001L);
        });
        commit(store, "a NaN's payload changed", ELEMENTS_LIMIT,
            () -> wave.levels[4] = Double.longBitsToDouble(0x7ff8_0000_0000_0002L));
        commit(store, "an element stored through a local held across commits", ELEMENTS_LIMIT, () -> kept[99] = -99);
        commit(store, "a float, a byte, a boolean and a short", ELEMENTS_LIMIT, () -> {
            wave.gains[GAINS - 1] = -1f;
            wave.blob[BLOB / 2] = -1;
            wave.flags[FLAGS - 2] = true;
            wave.deltas[1] = 12_345;
        });
        commit(store, "the same elements stored again", 0, () -> {
            wave.samples[1_234_567] = -1;
            kept[99] = -99;
        });
        commit(store, "a copy with one more element", PAGES_LIMIT, () -> {
            wave.blob = Arrays.copyOf(wave.blob, BLOB + 1);
            wave.blob[BLOB] = 42;
        });
        commit(store, "a copy cut short", PAGES_LIMIT, () -> wave.deltas = Arrays.copyOf(wave.deltas, DELTAS - 20_000));
        commit(store, "a large array made small, a small one large", Long.MAX_VALUE, () -> {
            wave.flags = new boolean[] {true, false, true};
            int[] large = new int[30_000];
            Arrays.fill(large, 3);
            wave.small = large;
        });
        commit(store, "an element of the array made large", ELEMENTS_LIMIT, () -> wave.small[29_999] = 4);
        wave.version |= CHANGED;
        store.commit();
        Phases.halt(phase);
    }

    private void commit(ObjectStore store, String change, long limit, Runnable action) {
        action.run();
        StoreStats before = store.stats();
        store.commit();
        long logged = logged(before, store);
        Phases.check(phase, change + ": logged " + logged + " bytes, more than " + limit, logged <= limit);
        Phases.check(phase, change + ": logged nothing", limit == 0 || logged > 0);
    }

    private static long logged(StoreStats before, ObjectStore store) {
        return store.stats().bytesLogged() - before.bytesLogged();
    }

    /** Every element as the last commit left it; a read-only pass then commits nothing. */
    private void verify(ObjectStore store) {
        Waveform wave = store.root("wave", Waveform.class);
        Phases.check(phase, "the last commit of change before its kill", (wave.version & CHANGED) != 0);
        Phases.check(phase, "name " + wave.name, "wave".equals(wave.name));
        long[] samples = wave.samples;
        boolean same = samples.length == SAMPLES;
        for (int i = 0; same && i < SAMPLES; i++) {
            long expected = i == 1_234_567 ? -1 : i == 7 ? -7 : i == SAMPLES - 1 ? -8 : i == 99 ? -99 : i * 31L;
            if ((wave.version & EDITED) != 0 && i % EDIT_STRIDE == 1) {
                expected += 1_000;
            }
            if ((wave.version & LOCALS) != 0 && i % EDIT_STRIDE == 2 && i / EDIT_STRIDE < EDITS) {
                expected = -2 - i / EDIT_STRIDE;
            }
            if ((wave.version & ABORTED) != 0 && i == 6) {
                expected = 666;
            }
            same = samples[i] == expected;
        }
        Phases.check(phase, "samples", same);
        same = wave.text.length == TEXT;
        for (int i = 0; same && i < TEXT; i++) {
            char expected = i >= 50_000 && i < 50_100 ? '#' : (char) ('a' + i % 26);
            same = wave.text[i] == ((wave.version & LOCALS) != 0 && i % 20_000 == 3 ? 'L' : expected);
        }
        Phases.check(phase, "text", same);
        same = wave.levels.length == LEVELS;
        for (int i = 0; same && i < LEVELS; i++) {
            long bits = Double.doubleToRawLongBits(wave.levels[i]);
            same = bits == (i == 3 ? Double.doubleToRawLongBits(-0.0) : i == 4 ? 0x7ff8_0000_0000_0002L : 0L);
        }
        Phases.check(phase, "levels, -0.0 and a NaN's payload included", same);
        same = wave.gains.length == GAINS;
        for (int i = 0; same && i < GAINS; i++) {
            same = wave.gains[i] == (i == GAINS - 1 ? -1f : i / 4f);
        }
        Phases.check(phase, "gains", same);
        same = wave.blob.length == BLOB + 1 && wave.blob[BLOB] == 42;
        for (int i = 0; same && i < BLOB; i++) {
            same = wave.blob[i] == (i == BLOB / 2 ? -1 : (byte) i);
        }
        Phases.check(phase, "blob", same);
        Phases.check(phase, "flags " + Arrays.toString(wave.flags), Arrays.equals(wave.flags, new boolean[] {true, false, true}));
        same = wave.deltas.length == DELTAS - 20_000;
        for (int i = 0; same && i < wave.deltas.length; i++) {
            same = wave.deltas[i] == (i == 1 ? 12_345 : (short) -i);
        }
        Phases.check(phase, "deltas", same);
        same = wave.small.length == 30_000;
        for (int i = 0; same && i < 30_000; i++) {
            same = wave.small[i] == (i == 29_999 ? 4 : 3);
        }
        Phases.check(phase, "small, made large", same);
        StoreStats before = store.stats();
        store.commit();
        Phases.check(phase, "a read-only pass logged " + logged(before, store) + " bytes", logged(before, store) == 0);
    }

    /**
     * Elements stored through the field alone, on pages of their own, in a new session: the commit compares the pages
     * they are on, not the arrays; the JVM is killed after it.
     */
    private void edit(ObjectStore store) {
        Waveform wave = store.root("wave", Waveform.class);
        for (int k = 0; k < EDITS; k++) {
            wave.samples[k * EDIT_STRIDE + 1] += 1_000;
        }
        wave.version |= EDITED;
        StoreStats before = store.stats();
        store.commit();
        long compared = store.stats().bytesCompared() - before.bytesCompared();
        Phases.check(phase, EDITS + " elements stored through the field: compared " + compared + " bytes",
            compared <= MARKED_LIMIT);
        Phases.check(phase, EDITS + " elements stored through the field: logged " + logged(before, store) + " bytes",
            logged(before, store) <= EDITS * ELEMENTS_LIMIT);
        Phases.halt(phase);
    }

    /**
     * Elements stored through locals held across commits, and across the faults of other objects past a resident
     * budget, in a new session: each commit compares the pages the stores marked, not the arrays, and the object
     * stays resident while the method may still store into its arrays; the JVM is killed after the last commit.
     */
    private void locals(ObjectStore store) {
        Waveform wave = store.root("wave", Waveform.class);
        long[] samples = wave.samples;
        char[] text = wave.text;
        for (int k = 0; k < EDITS; k++) {
            samples[k * EDIT_STRIDE + 2] = -2 - k;
            text[k * 20_000 + 3] = 'L';
            if (k == 1) {
                int named = faultOthers(store);
                Phases.check(phase, named + " others named", named == OTHERS);
            }
            StoreStats before = store.stats();
            store.commit();
            long compared = store.stats().bytesCompared() - before.bytesCompared();
            Phases.check(phase, "commit " + k + " of elements stored through locals: compared " + compared + " bytes",
                compared <= MARKED_LIMIT);
            Phases.check(phase, "commit " + k + " of elements stored through locals: logged " + logged(before, store)
                + " bytes", logged(before, store) > 0 && logged(before, store) <= 2 * ELEMENTS_LIMIT);
        }
        wave.version |= LOCALS;
        store.commit();
        Phases.halt(phase);
    }

    /**
     * Elements stored through a local that a method took from a new waveform's large array before the commit that
     * stored it, and kept across that commit and the later ones (and across the faults of other objects past a
     * resident budget): the waveform is not watched, each later commit compares the pages the stores marked, not the
     * array, and every store is committed; the JVM is killed after the last commit.
     */
    private void localsOfNew(ObjectStore store) {
        Waveform fresh = new Waveform();
        fresh.name = "fresh";
        fresh.samples = new long[SAMPLES];
        store.setRoot("fresh", fresh);
        long[] samples = fresh.samples;
        for (int k = 0; k < EDITS; k++) {
            samples[k * EDIT_STRIDE + 4] = 40 + k;
            if (k == 1) {
                faultOthers(store);
            }
            StoreStats before = store.stats();
            store.commit();
            long compared = store.stats().bytesCompared() - before.bytesCompared();
            Phases.check(phase, "commit " + k + " of elements stored through a local taken before the object was stored:"
                + " compared " + compared + " bytes", k == 0 || compared <= MARKED_LIMIT);
            Phases.check(phase, "commit " + k + ": objects watched " + store.stats().objectsWatched(),
                store.stats().objectsWatched() == 0);
        }
        Phases.halt(phase);
    }

    private void verifyLocalsOfNew(ObjectStore store) {
        long[] samples = store.root("fresh", Waveform.class).samples;
        for (int k = 0; k < EDITS; k++) {
            int at = k * EDIT_STRIDE + 4;
            Phases.check(phase, "element " + at + " stored through a local: " + samples[at], samples[at] == 40 + k);
        }
        Phases.check(phase, "an element no one stored: " + samples[5], samples[5] == 0);
    }

    /**
     * Faults the small objects beside the root (those of the build, until a phase replaces them): past a resident
     * budget, the oldest resident objects are re-hollowed. Returns how many have a name.
     */
    private static int faultOthers(ObjectStore store) {
        int named = 0;
        for (Waveform other : store.root("wave", Waveform.class).others) {
            named += other.name != null ? 1 : 0;
        }
        return named;
    }

    /**
     * A new waveform and its shallow copy share one array; an element stored through the original's field alone, in
     * a later commit, is the copy's too, after a reload as before it (each then has an array of its own).
     */
    private void clones(ObjectStore store) {
        Waveform original = new Waveform();
        original.samples = new long[SAMPLES / 10];
        Waveform copy = original.copy();
        copy.name = "copy";
        Waveform root = store.root("wave", Waveform.class);
        root.others = new ArrayList<>(List.of(original, copy));
        store.commit();
        original.samples[1] = 11;
        copy.samples[2] = 22;
        original.version = 1;
        copy.version = 1;
        store.commit();
        original.samples[3] = 33;
        store.commit();
        Phases.halt(phase);
    }

    private void verifyClones(ObjectStore store) {
        List<Waveform> both = store.root("wave", Waveform.class).others;
        for (Waveform wave : both) {
            long[] samples = wave.samples;
            Phases.check(phase, (wave.name == null ? "original" : "copy") + ": " + samples[1] + ", " + samples[2] + ", "
                + samples[3], samples[1] == 11 && samples[2] == 22 && samples[3] == 33 && wave.version == 1);
        }
        Phases.check(phase, "two arrays after a reload", both.get(0).samples != both.get(1).samples);
    }

    /**
     * Arrays a local class captures, large and small, changed through the local that holds them after the commit that
     * stored the readers: the captured copies are committed too, though javac stores them before {@code super()}.
     */
    private void captured(ObjectStore store) {
        Waveform root = store.root("wave", Waveform.class);
        long[] large = new long[SAMPLES / 10];
        long[] small = new long[100];
        root.largeReader = root.readerOf(large);
        root.smallReader = root.readerOf(small);
        store.commit();
        large[5] = 55;
        small[6] = 66;
        store.commit();
        large[70_000] = 77;
        store.commit();
        Phases.halt(phase);
    }

    private void verifyCaptured(ObjectStore store) {
        Waveform root = store.root("wave", Waveform.class);
        Phases.check(phase, "large: " + root.largeReader.at(5) + ", " + root.largeReader.at(70_000),
            root.largeReader.at(5) == 55 && root.largeReader.at(70_000) == 77);
        Phases.check(phase, "small: " + root.smallReader.at(6), root.smallReader.at(6) == 66);
    }

    /**
     * Stores opened, filled with a large array and small objects, committed and closed one after another, the
     * application keeping none of their objects: the heap holds none of them after a full collection. Their
     * directories are made beside this phase's store, which the test keeps in a directory of its own.
     */
    private void closedStores(ObjectStore unused) {
        for (int cycle = 0; cycle < 10; cycle++) {
            try (ObjectStore store = ObjectStore.open(directory.resolveSibling("closed-" + cycle))) {
                Waveform wave = store.root("wave", Waveform.class, Waveform::new);
                wave.samples = new long[SAMPLES / 10];
                wave.samples[1] = cycle; // through the field: the array's pages are marked, and registered
                wave.others = new ArrayList<>();
                for (int i = 0; i < 20_000; i++) {
                    wave.others.add(new Waveform());
                }
                store.commit();
                wave.samples[2] = cycle;
                store.commit();
            }
        }
        long used = 0;
        for (int i = 0; i < 3; i++) {
            System.gc();
            java.lang.management.MemoryUsage heap = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
            used = heap.getUsed();
        }
        Phases.check(phase, "heap in use after 10 closed stores: " + used / 1_000_000 + " MB", used < 24_000_000);
    }

    /** Changes of every kind, then {@code abort()}: the arrays are as committed again, and stay so after a reopen. */
    private void abort(ObjectStore store) {
        Waveform wave = store.root("wave", Waveform.class);
        long[] kept = wave.samples;
        kept[5] = 555; // through a local alone: no barrier ran
        store.abort();
        Phases.check(phase, "samples[5] after an abort of a store through a local: " + wave.samples[5],
            wave.samples[5] == 5 * 31L);
        kept[5] = 555;
        wave.text[0] = '!';
        wave.blob = new byte[BLOB * 2];
        store.abort();
        Phases.check(phase, "samples[5] after abort: " + wave.samples[5], wave.samples[5] == 5 * 31L);
        Phases.check(phase, "text[0] after abort: " + wave.text[0], wave.text[0] == 'a');
        Phases.check(phase, "blob after abort: " + wave.blob.length, wave.blob.length == BLOB + 1);
        StoreStats before = store.stats();
        store.commit();
        Phases.check(phase, "a commit after abort logged " + logged(before, store) + " bytes", logged(before, store) == 0);
        kept[6] = 666; // the array held across the abort is still the object's
        wave.version |= ABORTED;
        before = store.stats();
        store.commit();
        Phases.check(phase, "a store through the array held across the abort logged nothing", logged(before, store) > 0);
        Phases.check(phase, "the array held across the abort is the object's", wave.samples == kept);
    }
}
