package org.swizzle.it.crash;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.StoreOptions;
import org.swizzle.it.Announcer;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;
import org.swizzle.store.Transaction;

/**
 * The store-level child of the crash tests: opens a {@link SegmentStore} and runs random transactions
 * on it that create objects, patch them, resize them and free them, keeping its own {@link StoredObjects}
 * of the committed state, until it is killed. It takes the arguments of {@link CrashWorkload} (the
 * {@code budget} option, which concerns resident Java objects, is accepted and has no effect) and
 * prints the same protocol lines, with the digests of its model, so that {@link CrashHarness},
 * {@link Expectation} and {@link CheckpointCrashTest} check it alike. The first transaction creates
 * {@value #FIRST_OBJECTS} objects, whose OIDs span three segments; then the population stays between
 * {@value #MIN_OBJECTS} and {@value #MAX_OBJECTS} objects, so that most space a commit needs was freed
 * by an earlier one. About one transaction in {@value #DRAIN_ONE_IN} first frees every object of the
 * oldest segment (the segment of the lowest OID but the roots object's), so that whole segments are
 * emptied and their tables released, and the space of those tables is used again. With {@code heavy},
 * every transaction also frees a large object and creates another, so that the log fills and
 * checkpoints come often.
 */
public final class FreeWorkload {
    static final int FIRST_OBJECTS = 700;
    static final int MIN_OBJECTS = 200;
    static final int MAX_OBJECTS = 400;
    static final int DRAIN_ONE_IN = 8;
    private static final int LARGE = 8 * 1024;

    private final SegmentStore store;
    private final Random random;
    private final boolean heavy;
    private final Announcer out;
    private StoredObjects committed;

    FreeWorkload(SegmentStore store, long seed, boolean heavy, Announcer out) {
        this.store = store;
        this.random = new Random(seed);
        this.heavy = heavy;
        this.out = out;
    }

    public static void main(String[] args) {
        long transactions = args.length > 4 ? Long.parseLong(args[4]) : Long.MAX_VALUE;
        Announcer.runChild(out -> {
            try (SegmentStore store = SegmentStore.open(Path.of(args[0]), config(args[2]))) {
                new FreeWorkload(store, Long.parseLong(args[1]), args[3].equals("heavy"), out).run(transactions);
                Runtime.getRuntime().halt(0); // before the close: as a kill after the last line leaves the store
            }
        });
    }

    /** The store configuration of {@link CrashWorkload#options(String)}: its cluster size and checkpoint log bytes. */
    static StoreConfig config(String spec) {
        StoreOptions options = CrashWorkload.options(spec);
        return new StoreConfig(options.clusterSize(), true, options.checkpointLogBytes());
    }

    /** The digest of the store in {@code dir}, opened and closed in this JVM. */
    static String digestOf(Path dir) {
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            return StoredObjects.read(store).digest();
        }
    }

    /** Announces the state found, then runs {@code transactions} transactions. */
    void run(long transactions) {
        committed = StoredObjects.read(store);
        out.say("START " + committed.seq() + " " + committed.digest());
        for (long i = 0; i < transactions; i++) {
            StoredObjects next = committed.copy();
            Transaction transaction = store.begin();
            List<Long> freed = new ArrayList<>();
            if (next.objects.isEmpty()) {
                while (next.objects.size() < FIRST_OBJECTS) {
                    create(transaction, next);
                }
            } else {
                if (random.nextInt(DRAIN_ONE_IN) == 0) {
                    drainOldestSegment(transaction, next, freed);
                }
                for (int change = 1 + random.nextInt(8); change > 0; change--) {
                    change(transaction, next, freed);
                }
            }
            if (heavy) {
                replaceLarge(transaction, next, freed);
            }
            putSeq(transaction, next, committed.seq() + 1);
            if (next.seq() > 1 && random.nextInt(12) == 0) {
                transaction.abandon();
                out.say("ABORT " + next.seq());
                checkLive(committed, "after an abort");
            } else {
                commit(transaction, next, freed);
            }
        }
    }

    private void commit(Transaction transaction, StoredObjects next, List<Long> freed) {
        String digest = next.digest();
        out.say("PENDING " + next.seq() + " " + digest);
        long number = transaction.commit(store.lastCommit() + 1);
        committed = next;
        out.say("ACK " + number + " " + digest);
        for (long oid : freed) {
            if (store.contains(oid)) {
                throw new IllegalStateException("Object " + oid + ", freed by commit " + number + ", is still there");
            }
        }
        if (next.seq() % 32 == 0) {
            checkLive(next, "after commit " + number);
        }
    }

    private void checkLive(StoredObjects expected, String when) {
        String found = StoredObjects.read(store).digest();
        if (!found.equals(expected.digest())) {
            throw new IllegalStateException("The store " + when + " digests to " + found + ", the model of seq "
                + expected.seq() + " to " + expected.digest());
        }
    }

    /**
     * Frees every object of the segment of the lowest OID but those of the roots object's segment, which
     * {@link SegmentStore#forEachInSegment} names; before any other change of the transaction.
     */
    private void drainOldestSegment(Transaction transaction, StoredObjects next, List<Long> freed) {
        List<Long> rootsSegment = new ArrayList<>(List.of(SegmentStore.ROOTS_OID));
        store.forEachInSegment(SegmentStore.ROOTS_OID, rootsSegment::add);
        Long oldest = committed.objects.higherKey(rootsSegment.get(rootsSegment.size() - 1));
        if (oldest == null) {
            return;
        }
        store.forEachInSegment(oldest, oid -> {
            transaction.free(oid);
            next.objects.remove(oid);
            freed.add(oid);
        });
    }

    /** Frees, creates, patches or replaces an object: each object is changed at most once in a transaction. */
    private void change(Transaction transaction, StoredObjects next, List<Long> freed) {
        int population = next.objects.size() - 1;
        int draw = random.nextInt(10);
        boolean free = population > MAX_OBJECTS || draw < 3 && population > MIN_OBJECTS;
        if (!free && draw < 5) {
            create(transaction, next);
            return;
        }
        long oid = pick(next);
        if (oid == SegmentStore.NULL_OID) {
            return;
        }
        StoredObjects.Stored before = next.objects.get(oid);
        if (free) {
            transaction.free(oid);
            next.objects.remove(oid);
            freed.add(oid);
        } else if (draw < 8) {
            byte[] bytes = before.bytes().clone();
            for (int i = 1 + random.nextInt(4); i > 0 && bytes.length > 0; i--) {
                bytes[random.nextInt(bytes.length)] = (byte) random.nextInt();
            }
            put(transaction, next, oid, before.classId(), bytes);
        } else {
            put(transaction, next, oid, random.nextInt(3) == 0 ? random.nextInt() : before.classId(), randomBytes());
        }
    }

    /** A live object that this transaction has neither put nor freed, other than the roots object; none if there is none. */
    private long pick(StoredObjects next) {
        Long[] oids = committed.objects.keySet().toArray(new Long[0]);
        for (int attempt = 0; attempt < 4; attempt++) {
            long oid = oids[random.nextInt(oids.length)];
            if (oid != SegmentStore.ROOTS_OID && next.objects.get(oid) == committed.objects.get(oid)) {
                return oid;
            }
        }
        return SegmentStore.NULL_OID;
    }

    /** Frees a large object, if there is one untouched, and creates another. */
    private void replaceLarge(Transaction transaction, StoredObjects next, List<Long> freed) {
        for (long oid : committed.objects.keySet()) {
            StoredObjects.Stored stored = next.objects.get(oid);
            if (stored != null && stored == committed.objects.get(oid) && stored.bytes().length >= LARGE) {
                transaction.free(oid);
                next.objects.remove(oid);
                freed.add(oid);
                break;
            }
        }
        byte[] bytes = new byte[LARGE + random.nextInt(3 * LARGE)];
        random.nextBytes(bytes);
        put(transaction, next, transaction.newObject(), random.nextInt(), bytes);
    }

    private void create(Transaction transaction, StoredObjects next) {
        put(transaction, next, transaction.newObject(), random.nextInt(100), randomBytes());
    }

    private byte[] randomBytes() {
        int draw = random.nextInt(40);
        byte[] bytes = new byte[draw == 0 ? 0 : draw < 4 ? 1000 + random.nextInt(4000) : random.nextInt(200)];
        random.nextBytes(bytes);
        return bytes;
    }

    private void putSeq(Transaction transaction, StoredObjects next, long seq) {
        byte[] bytes = new byte[16];
        LittleEndianBuffer.of(bytes).putLong(0, seq);
        put(transaction, next, SegmentStore.ROOTS_OID, 1, bytes);
    }

    private static void put(Transaction transaction, StoredObjects next, long oid, int classId, byte[] bytes) {
        transaction.put(oid, classId, LittleEndianBuffer.of(bytes), 0, bytes.length);
        next.objects.put(oid, new StoredObjects.Stored(classId, bytes));
    }
}
