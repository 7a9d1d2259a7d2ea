package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;


/**
 * A store whose objects came and went, for compaction: objects of many sizes (some larger than a cluster) over
 * many segments, most of them freed again at random, so that live objects and tables are spread to the end of
 * the file. Which objects live, and their bytes, follow from the seed: the bytes of an object are
 * {@link TestBytes#bytes} of its seed, its class id the seed modulo 100 ({@link TestBytes#putNew}).
 */
final class ChurnedStore {
    /** Small clusters, regions of one cluster (so the file's length follows its allocated end), no fsync. */
    static final StoreConfig CONFIG = new StoreConfig(StoreConfig.MIN_CLUSTER_SIZE, false, 1 << 20,
        StoreConfig.MIN_CLUSTER_SIZE);

    /** The live objects: OID to the seed of their bytes. */
    final Map<Long, Long> live = new TreeMap<>();
    /** The lengths of the live objects. */
    final Map<Long, Integer> lengths = new TreeMap<>();

    private ChurnedStore() {
    }

    /** Writes {@code objects} objects to a new store in {@code dir}, frees about {@code freedPercent} of them, and closes it. */
    static ChurnedStore create(Path dir, long seed, int objects, int freedPercent) {
        ChurnedStore churned = new ChurnedStore();
        Random random = new Random(seed);
        try (SegmentStore store = SegmentStore.open(dir, CONFIG)) {
            long commit = store.lastCommit();
            for (int made = 0; made < objects; ) {
                Transaction transaction = store.begin();
                for (int i = 0; i < 100 && made < objects; i++, made++) {
                    long objectSeed = seed * 1_000_003L + made;
                    int length = made % 97 == 0 ? 40_000 + random.nextInt(20_000) : random.nextInt(40) == 0 ? 0
                        : 16 + random.nextInt(1500);
                    churned.add(TestBytes.putNew(transaction, objectSeed, length), objectSeed, length);
                }
                transaction.commit(++commit);
            }
            Long[] oids = churned.live.keySet().toArray(new Long[0]);
            for (int from = 0; from < oids.length; from += 200) {
                Transaction transaction = store.begin();
                for (int i = from; i < Math.min(oids.length, from + 200); i++) {
                    if (random.nextInt(100) < freedPercent) {
                        transaction.free(oids[i]);
                        churned.live.remove(oids[i]);
                        churned.lengths.remove(oids[i]);
                    }
                }
                transaction.commit(++commit);
            }
        }
        return churned;
    }

    /** Adds an object put with {@link TestBytes#putNew} from {@code seed}. */
    void add(long oid, long seed, int length) {
        live.put(oid, seed);
        lengths.put(oid, length);
    }

    /** Checks that {@code store} holds exactly the live objects, byte for byte, with their class ids. */
    void check(SegmentStore store, String when) {
        LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
        for (Map.Entry<Long, Long> object : live.entrySet()) {
            long oid = object.getKey();
            long seed = object.getValue();
            String what = when + ": object " + oid;
            assertBytes(bytes(seed, lengths.get(oid)), store.read(oid, view), what);
            assertEquals((int) (seed % 100), store.classId(oid), what + ": class id");
        }
        long counted = 0;
        for (long oid = Oids.FIRST_NEW_OID; oid < store.oidLimit(); oid++) {
            counted += store.contains(oid) ? 1 : 0;
        }
        assertEquals(live.size(), counted, when + ": the objects the store holds");
    }
}
