package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.swizzle.internal.StoreBrowser;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;
import org.swizzle.store.Tool;
import org.swizzle.store.Transaction;

/**
 * What tests of damage and of the tool do to a closed store: find a stored object by root and field, and where its
 * table entry and bytes lie in the cluster file (as the store tool's {@code dump} says), or free it behind the back of
 * what refers to it.
 */
public final class StoreSurgery {

    private StoreSurgery() {
    }

    /** The OID root {@code name} of the store in {@code db} is bound to. */
    public static long rootOid(Path db, String name) {
        try (StoreBrowser browser = StoreBrowser.open(db)) {
            return browser.roots().stream().filter(root -> root.name().equals(name)).findFirst().orElseThrow().oid();
        }
    }

    /** The OID that reference field {@code name} of stored object {@code holder} refers to. */
    public static long referenceIn(Path db, long holder, String name) {
        try (StoreBrowser browser = StoreBrowser.open(db)) {
            return browser.decode(holder).fields().stream().filter(field -> field.name().equals(name)).findFirst()
                .map(field -> ((StoreBrowser.Reference) field.value()).oid()).orElseThrow();
        }
    }

    /** Frees stored object {@code oid}, references to it left as they are, as a commit of the segment store. */
    public static void free(Path db, long oid) {
        try (SegmentStore store = SegmentStore.open(db, StoreConfig.defaults().withCreateIfMissing(false))) {
            Transaction transaction = store.begin();
            transaction.free(oid);
            transaction.commit(store.lastCommit() + 1);
        }
    }

    /** The offset of the table entry of {@code oid} in the cluster file. */
    public static long entryOf(Path db, long oid) {
        Matcher table = dumped(db, oid, "slot (\\d+), table at offset (\\d+)");
        return Long.parseLong(table.group(2)) + 32L * Integer.parseInt(table.group(1)); // 32 bytes per entry
    }

    /** The offset of the last byte of {@code oid}'s image in the cluster file. */
    public static long lastByteOf(Path db, long oid) {
        Matcher entry = dumped(db, oid, "entry\\s+offset (\\d+), length (\\d+)");
        return Long.parseLong(entry.group(1)) + Long.parseLong(entry.group(2)) - 1;
    }

    /** The store tool's dump of {@code oid}, matched against {@code pattern} (found). */
    private static Matcher dumped(Path db, long oid, String pattern) {
        ByteArrayOutputStream dump = new ByteArrayOutputStream();
        assertEquals(0, Tool.run(new String[] {"dump", db.toString(), Long.toString(oid)},
            new PrintStream(dump, true, StandardCharsets.UTF_8), System.err));
        String output = dump.toString(StandardCharsets.UTF_8);
        Matcher matcher = Pattern.compile(pattern).matcher(output);
        assertTrue(matcher.find(), output);
        return matcher;
    }
}
