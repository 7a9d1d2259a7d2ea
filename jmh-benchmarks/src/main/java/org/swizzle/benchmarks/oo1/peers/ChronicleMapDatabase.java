package org.swizzle.benchmarks.oo1.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import net.openhft.chronicle.hash.impl.VanillaChronicleHash;
import net.openhft.chronicle.map.ChronicleMap;
import org.swizzle.benchmarks.oo1.OO1Data;

/**
 * Chronicle Map with parts as values: a {@code ChronicleMap<Integer, byte[]>} of
 * {@link PartCodec} bytes persisted to one memory-mapped file. It has no transactions; each OO1
 * commit is an {@code msync} of the mapping, which is what makes its writes survive the machine
 * (without it they survive only the process). Its JVM needs the JDK packages opened
 * ({@code jmh-benchmarks/chronicle-map.jvmargs}).
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class ChronicleMapDatabase extends KeyValueDatabase {

    static final String FILE = "oo1.cm";
    private static final int AVERAGE_VALUE_BYTES = 100;

    private final ChronicleMap<Integer, byte[]> parts;

    private ChronicleMapDatabase(ChronicleMap<Integer, byte[]> parts) {
        super(parts.size());
        this.parts = parts;
    }

    /** Opens (or creates) the map in {@code dir}, sized for {@code parts} parts and inserts after them. */
    public static ChronicleMapDatabase open(Path dir, int parts) {
        try {
            ChronicleMap<Integer, byte[]> map = ChronicleMap.of(Integer.class, byte[].class)
                .name("oo1-parts")
                .entries(parts + Math.max(20_000, parts / 2))
                .averageValueSize(AVERAGE_VALUE_BYTES)
                .createPersistedTo(dir.resolve(FILE).toFile());
            return new ChronicleMapDatabase(map);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the Chronicle Map in " + dir, e);
        }
    }

    /** Writes {@code data} into a new map in {@code dir}. */
    public static void create(Path dir, OO1Data data) {
        try (ChronicleMapDatabase db = open(dir, data.count)) {
            db.load(data);
            db.commit();
        }
    }

    @Override
    byte[] get(int id) {
        return parts.get(id);
    }

    @Override
    void put(int id, byte[] part) {
        parts.put(id, part);
    }

    @Override
    public void commit() {
        ((VanillaChronicleHash<?, ?, ?, ?>) parts).msync();
    }

    @Override
    public void close() {
        parts.close();
    }
}
