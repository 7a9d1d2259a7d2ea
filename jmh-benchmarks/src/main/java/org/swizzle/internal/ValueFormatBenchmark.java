package org.swizzle.internal;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.swizzle.store.LittleEndianBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Writing, reading and skipping one embedded value of the stored format (primitive arrays of 1,024
 * elements, strings of 31 and 2,000 chars), without a store: what commit pays per value in unswizzle and
 * fault pays in fill. Reads come from an off-heap buffer, as faults read the mapped store. In the core's
 * internal package because the object writer and reader are not public.
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar 'internal.ValueFormatBenchmark'     (from the repository root)
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ValueFormatBenchmark {

    @Param({"ints", "longs", "doubles", "chars", "booleans", "bytes", "latin1", "latin1Long", "utf16"})
    public String kind;

    private Object value;
    private final ObjectWriter writer = new ObjectWriter(null);
    private final ObjectReader reader = new ObjectReader(ObjectReader.ReferenceSwizzler.none("a benchmark value"));
    private LittleEndianBuffer stored;
    private int length;

    @Setup
    public void setUp() {
        value = value(kind, new SplittableRandom(1));
        writer.reset();
        writer.writeValue(value);
        length = writer.length();
        stored = LittleEndianBuffer.of(ByteBuffer.allocateDirect(length));
        stored.putBytes(0, writer.buffer(), 0, length);
    }

    private static Object value(String kind, SplittableRandom random) {
        switch (kind) {
            case "ints": return random.ints(1024).toArray();
            case "longs": return random.longs(1024).toArray();
            case "doubles": return random.doubles(1024).toArray();
            case "chars": {
                char[] chars = new char[1024];
                for (int i = 0; i < chars.length; i++) {
                    chars[i] = (char) random.nextInt(0x10000);
                }
                return chars;
            }
            case "booleans": {
                boolean[] booleans = new boolean[1024];
                for (int i = 0; i < booleans.length; i++) {
                    booleans[i] = random.nextBoolean();
                }
                return booleans;
            }
            case "bytes": {
                byte[] bytes = new byte[1024];
                random.nextBytes(bytes);
                return bytes;
            }
            case "latin1": return "part-type-0042 \u00e9t\u00e9 abcdefghij";
            case "latin1Long": return "The quick brown fox jumps over the lazy dog. ".repeat(45).substring(0, 2000);
            case "utf16": return "\u4e2d\u6587 text with some \u03b1\u03b2\u03b3 symbols";
            default: throw new IllegalArgumentException(kind);
        }
    }

    @Benchmark
    public int write() {
        writer.reset();
        writer.writeValue(value);
        return writer.length();
    }

    @Benchmark
    public Object read() {
        reader.reset(stored, length);
        return reader.readValue();
    }

    @Benchmark
    public int skip() {
        reader.reset(stored, length);
        reader.skip(FieldKind.VALUE);
        return reader.position();
    }
}
