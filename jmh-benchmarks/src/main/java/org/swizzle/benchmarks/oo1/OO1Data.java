package org.swizzle.benchmarks.oo1;

import java.util.SplittableRandom;

/**
 * The OO1 database of Cattell &amp; Skeen as flat arrays, generated from a seed: the one source every
 * system under test builds its copy from, so that all of them hold the same parts, values and
 * connections. A batch covers the parts {@code firstId .. firstId + count - 1}; the whole database
 * is the batch starting at 1, and an OO1 insert is a batch of 100 after the last id.
 *
 * <p>Rules (as in {@code samples/.../oo1/OO1}): a part has a type (one of 10 strings of 10
 * characters), {@code x} and {@code y} in 0..99,999, a build date within 10 years before a fixed
 * instant, and exactly 3 outgoing connections (type, length 0..99,999, target); 90% of targets lie
 * among the closest 1% of ids, the rest anywhere. Dates are fixed, not taken from the clock, so
 * that a seed gives the same bytes on every run.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class OO1Data {

    public static final int CONNECTIONS = 3;
    public static final int DEPTH = 7;
    public static final int LOOKUPS = 1_000;
    public static final String[] TYPES = {"part-type0", "part-type1", "part-type2", "part-type3", "part-type4",
        "part-type5", "part-type6", "part-type7", "part-type8", "part-type9"};
    private static final long EPOCH_MS = 1_700_000_000_000L;
    private static final long TEN_YEARS_MS = 10L * 365 * 24 * 3600 * 1000;

    public final int firstId;
    public final int count;
    public final byte[] type;
    public final int[] x;
    public final int[] y;
    public final long[] build;
    /** Per connection {@code 3 * (id - firstId) + c}: the target id, the type and the length. */
    public final int[] to;
    public final byte[] connectionType;
    public final int[] length;

    private OO1Data(int firstId, int count) {
        this.firstId = firstId;
        this.count = count;
        type = new byte[count];
        x = new int[count];
        y = new int[count];
        build = new long[count];
        to = new int[count * CONNECTIONS];
        connectionType = new byte[count * CONNECTIONS];
        length = new int[count * CONNECTIONS];
    }

    /** The whole database of {@code parts} parts for {@code seed}. */
    public static OO1Data generate(int parts, long seed) {
        return generate(1, parts, new SplittableRandom(seed));
    }

    /**
     * The parts {@code firstId .. firstId + count - 1}, connected within the database of
     * {@code firstId + count - 1} parts they complete.
     */
    public static OO1Data generate(int firstId, int count, SplittableRandom random) {
        OO1Data data = new OO1Data(firstId, count);
        for (int i = 0; i < count; i++) {
            data.type[i] = (byte) random.nextInt(TYPES.length);
            data.x[i] = random.nextInt(100_000);
            data.y[i] = random.nextInt(100_000);
            data.build[i] = EPOCH_MS - random.nextLong(TEN_YEARS_MS);
        }
        int universe = firstId + count - 1;
        for (int i = 0; i < count; i++) {
            for (int c = 0; c < CONNECTIONS; c++) {
                int k = i * CONNECTIONS + c;
                data.to[k] = targetId(firstId + i, universe, random);
                data.connectionType[k] = (byte) random.nextInt(TYPES.length);
                data.length[k] = random.nextInt(100_000);
            }
        }
        return data;
    }

    /** 90% of connections go to one of the closest 1% of parts, the rest anywhere (OO1's locality rule). */
    private static int targetId(int id, int universe, SplittableRandom random) {
        if (random.nextInt(10) < 9) {
            int window = Math.max(1, universe / 100);
            int target = id - window / 2 + random.nextInt(window);
            return Math.max(1, Math.min(universe, target));
        }
        return 1 + random.nextInt(universe);
    }

    public int lastId() {
        return firstId + count - 1;
    }

    /** Index of part {@code id} in the per-part arrays. */
    public int index(int id) {
        return id - firstId;
    }

    public String type(int id) {
        return TYPES[type[index(id)]];
    }

    public String connectionType(int id, int c) {
        return TYPES[connectionType[index(id) * CONNECTIONS + c]];
    }

    public int to(int id, int c) {
        return to[index(id) * CONNECTIONS + c];
    }

    public int length(int id, int c) {
        return length[index(id) * CONNECTIONS + c];
    }
}
