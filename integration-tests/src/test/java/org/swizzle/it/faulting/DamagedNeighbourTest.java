package org.swizzle.it.faulting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.swizzle.internal.StoreBrowser;
import org.swizzle.it.Jvm;
import org.swizzle.it.Phases;
import org.swizzle.store.Tool;

/**
 * One damaged object does not make the intact objects beside it unreadable: not those its fault unit reads with it
 * ({@code fault=segment}, {@code cluster}), nor one that refers to it, whose fault reads its targets too under
 * {@code swizzle=eager}. The damaged one is refused where the application reaches it. Each phase in a JVM of its own.
 */
class DamagedNeighbourTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"", "swizzle=eager", "fault=segment", "fault=cluster", "swizzle=eager,fault=segment",
        "swizzle=edge", "swizzle=none"})
    void shouldReadTheObjectsBesideADamagedOne(String options) throws IOException {
        assertEquals("", Phases.failures(DamagedNeighbourWorkload.class, options, dir, "build"));
        long damaged = oidOf(dir, "first", "next");
        damageImageOf(dir, damaged);
        String read = Jvm.withAgent(options).run(DamagedNeighbourWorkload.class, "read", dir.toString()).ok().output;
        assertTrue(read.contains("DONE read") && !read.contains("FAIL "), "[" + options + "] " + read);
        boolean readWithOthers = options.contains("eager") || options.contains("fault=");
        assertEquals(readWithOthers ? 1 : 0, read.split("Object " + damaged + " \\(", -1).length - 1,
            "[" + options + "] the damaged object is logged once where a fault reads it with another: " + read);
    }

    /** The OID of the object field {@code field} of root {@code root} refers to. */
    private static long oidOf(Path db, String root, String field) {
        try (StoreBrowser browser = StoreBrowser.open(db)) {
            long rootOid = browser.roots().stream().filter(r -> r.name().equals(root)).findFirst().orElseThrow().oid();
            return browser.decode(rootOid).fields().stream().filter(f -> f.name().equals(field)).findFirst()
                .map(f -> ((StoreBrowser.Reference) f.value()).oid()).orElseThrow();
        }
    }

    /** Flips a byte of the last of {@code oid}'s bytes in the cluster file, where the store tool's dump puts them. */
    private static void damageImageOf(Path db, long oid) throws IOException {
        ByteArrayOutputStream dump = new ByteArrayOutputStream();
        assertEquals(0, Tool.run(new String[] {"dump", db.toString(), Long.toString(oid)},
            new PrintStream(dump, true, StandardCharsets.UTF_8), System.err));
        Matcher entry = Pattern.compile("entry\\s+offset (\\d+), length (\\d+)").matcher(dump.toString(StandardCharsets.UTF_8));
        assertTrue(entry.find(), dump.toString(StandardCharsets.UTF_8));
        Path clusters = db.resolve("swizzle.clusters");
        byte[] bytes = Files.readAllBytes(clusters);
        bytes[(int) (Long.parseLong(entry.group(1)) + Long.parseLong(entry.group(2)) - 1)] ^= 0x5A;
        Files.write(clusters, bytes);
    }
}
