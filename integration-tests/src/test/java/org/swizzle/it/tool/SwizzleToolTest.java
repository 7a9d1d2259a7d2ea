package org.swizzle.it.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.swizzle.it.StoreSurgery.entryOf;
import static org.swizzle.it.StoreSurgery.free;
import static org.swizzle.it.StoreSurgery.referenceIn;
import static org.swizzle.it.StoreSurgery.rootOid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreOptions;
import org.swizzle.it.Jvm;
import org.swizzle.it.model.Color;

/**
 * The one jar's tool on a closed store, in a JVM without the application's classes (nor the agent): roots, objects
 * and show decode from the class catalog and write nothing; collect frees what no root reaches.
 */
class SwizzleToolTest {

    private static final String TOOL = "org.swizzle.internal.tool.SwizzleTool";
    private static final String PART = ToolPart.class.getName();
    private static final int PAGED_COUNTS = 600;
    private static final int CHUNKED_TAGS = 1_500;

    @TempDir
    Path dir;

    /** A store with root "first" (a part referring to a second) and a third part no root reaches any more. */
    private Path store() {
        Path db = dir.resolve("db");
        try (ObjectStore store = ObjectStore.open(db)) {
            ToolPart first = store.root("first", ToolPart.class, () -> new ToolPart(1, "gear"));
            ToolPart second = new ToolPart(2, "cog \"B\"");
            first.to[0] = second;
            first.next = second;
            first.color = Color.GREEN;
            first.numbers = new long[] {1, 2, 3};
            first.tags.add("a");
            first.tags.add("b");
            first.counts.put("k", 3);
            for (int i = 0; i < PAGED_COUNTS; i++) {
                first.counts.put("k" + i, i); // a map this large is stored in pages
            }
            for (int i = 0; i < CHUNKED_TAGS; i++) {
                second.tags.add("t" + i); // a list this large is stored in chunks
            }
            store.setRoot("dropped", new ToolPart(3, "old"));
            store.commit();
            store.setRoot("dropped", null);
            store.commit();
        }
        return db;
    }

    /**
     * A stored reference that names no stored object (what a collector that freed a reachable object leaves) is a
     * problem {@code verify} reports, naming the object that holds it; the store tool alone, which reads no object,
     * cannot see it.
     */
    @Test
    void shouldReportAReferenceToAnObjectThatIsNotInTheStore() {
        Path db = store();
        long second = referenceIn(db, rootOid(db, "first"), "next");
        assertEquals(0, tool("verify", db.toString()).exitCode, "intact before");
        free(db, second);
        Jvm.Result verified = tool("verify", db.toString());
        assertEquals(1, verified.exitCode, verified.toString());
        assertTrue(verified.output.contains("PROBLEM references: object ") && verified.output.contains(") refers to OID " + second
            + ", which is not in the store"), verified.output);
    }

    /**
     * A reference that names no stored object, held by an object no root reaches, is what a collection cycle cut short
     * leaves (it frees in steps, in OID order, so a crash can leave garbage whose referents are freed): {@code verify}
     * warns of it and calls the store OK (the test above: held by an object a root reaches, it is a problem).
     */
    @Test
    void shouldWarnOfAReferenceToAFreedObjectHeldByGarbage() {
        Path db = store();
        try (ObjectStore store = ObjectStore.open(db)) {
            ToolPart garbage = new ToolPart(5, "gone");
            garbage.next = new ToolPart(6, "gone too");
            store.setRoot("dropping", garbage);
            store.commit();
        }
        long holder = rootOid(db, "dropping");
        long freed = referenceIn(db, holder, "next");
        try (ObjectStore store = ObjectStore.open(db)) {
            store.setRoot("dropping", null);
            store.commit();
        }
        free(db, freed);
        Jvm.Result verified = tool("verify", db.toString());
        assertEquals(0, verified.exitCode, verified.toString());
        assertTrue(verified.output.contains("WARNING references: object " + holder + " (" + PART + ") refers to OID " + freed
            + ", which is not in the store: garbage a collection cycle cut short left"), verified.output);
        assertTrue(verified.output.contains("result         OK: no problems, 1 warning"), verified.output);
    }

    private static Jvm.Result tool(String... args) {
        return Jvm.withoutAgent().withoutClassPath("test-classes").run(TOOL, args);
    }

    @Test
    void shouldListTheRootsAndShowAnObjectsFieldsWithoutTheApplicationsClasses() throws IOException {
        Path db = store();
        Map<String, String> before = files(db);

        String roots = tool("roots", db.toString()).ok().output;
        Matcher first = Pattern.compile("first\\s+(\\d+)\\s+" + Pattern.quote(PART)).matcher(roots);
        assertTrue(first.find(), roots);
        assertTrue(!roots.contains("dropped"), roots);

        String shown = tool("show", db.toString(), first.group(1)).ok().output;
        // contains, not startsWith: a JVM warning printed first would not fail the check
        assertTrue(shown.contains("object " + first.group(1) + ": " + PART + ", shape 0, "), shown);
        assertTrue(shown.matches("(?s).*id\\s+int\\s+= 1\\n.*"), shown);
        assertTrue(shown.matches("(?s).*code\\s+char\\s+= 'x'\\n.*"), shown);
        assertTrue(shown.matches("(?s).*weight\\s+double\\s+= 1.5\\n.*"), shown);
        assertTrue(shown.matches("(?s).*type\\s+java.lang.String\\s+= \"gear\"\\n.*"), shown);
        assertTrue(shown.matches("(?s).*color\\s+org.swizzle.it.model.Color\\s+= org.swizzle.it.model.Color.GREEN\\n.*"), shown);
        assertTrue(shown.matches("(?s).*numbers\\s+long\\[\\]\\s+= long\\[3\\] \\{1, 2, 3\\}\\n.*"), shown);
        Matcher next = Pattern.compile("next\\s+" + Pattern.quote(PART) + "\\s+= #(\\d+) " + Pattern.quote(PART)).matcher(shown);
        assertTrue(next.find(), shown);
        assertTrue(shown.contains("= [3] {#" + next.group(1) + " " + PART + ", null, null}"), shown);
        Matcher tags = Pattern.compile("tags\\s+java.util.List\\s+= #(\\d+) (\\S+)").matcher(shown);
        assertTrue(tags.find(), shown);

        String second = tool("show", db.toString(), next.group(1)).ok().output;
        assertTrue(second.contains("\"cog \\\"B\\\"\""), second);
        Matcher chunkedTags = Pattern.compile("tags\\s+java.util.List\\s+= #(\\d+) ").matcher(second);
        assertTrue(chunkedTags.find(), second);
        String chunked = tool("show", db.toString(), chunkedTags.group(1)).ok().output;
        assertTrue(chunked.matches("(?s).*ArrayList\\(" + CHUNKED_TAGS + "\\) in 3 pages \\[#\\d+ java.util.ArrayList, .*"), chunked);
        String list = tool("show", db.toString(), tags.group(1)).ok().output;
        assertTrue(list.contains("a stored collection") && list.contains("ArrayList(2) [\"a\", \"b\"]"), list);

        Matcher counts = Pattern.compile("counts\\s+java.util.Map\\s+= #(\\d+) ").matcher(shown);
        assertTrue(counts.find(), shown);
        String paged = tool("show", db.toString(), counts.group(1)).ok().output;
        assertTrue(paged.matches("(?s).*HashMap\\(" + (PAGED_COUNTS + 1) + "\\) in \\d+ pages \\[#\\d+ java.util.HashMap, .*"
            + "\\], directory sections \\[#\\d+ java.util.HashMap\\].*"), paged);

        String objects = tool("objects", db.toString(), "ToolPart").ok().output;
        assertEquals(3, lines(objects, Pattern.quote(PART)), objects);
        assertTrue(objects.matches("(?s).*\\n\\s+3\\s+\\d+\\s+" + Pattern.quote(PART) + "\\n.*"), objects);
        String all = tool("objects", db.toString()).ok().output;
        assertTrue(all.contains(" " + tags.group(2) + "\n"), all);
        Matcher inAll = Pattern.compile("(\\d+)\\s+\\d+\\s+in all \\(stats counts two more").matcher(all);
        assertTrue(inAll.find(), all);
        String stats = tool("stats", db.toString()).ok().output;
        Matcher counted = Pattern.compile("objects\\s+(\\d+) objects,").matcher(stats);
        assertTrue(counted.find(), stats);
        assertEquals(Long.parseLong(inAll.group(1)) + 2, Long.parseLong(counted.group(1)), all + stats);
        assertFalse(objects.contains("stats counts"), "one class's count is not the store's: " + objects);

        assertEquals(before, files(db), "roots, objects and show write nothing");
    }

    @Test
    void shouldCollectWhatNoRootReaches() {
        Path db = store();
        String collected = tool("collect", db.toString()).ok().output;
        Matcher freed = Pattern.compile("collected\\s+(\\d+) objects and collections, (\\d+) bytes").matcher(collected);
        assertTrue(freed.find(), collected);
        assertTrue(Long.parseLong(freed.group(1)) >= 1, collected);
        String objects = tool("objects", db.toString(), PART).ok().output;
        assertEquals(2, lines(objects, Pattern.quote(PART)), objects);
    }

    /**
     * After a crash the log holds a commit that only a writable open replays: roots refuses the store, saying so and what
     * to run, verify checks it without its references and warns so, and recover replays the commit, after which roots
     * sees it.
     */
    @Test
    void shouldRecoverAStoreACrashLeftBeforeReadingItsObjects() {
        Path db = store();
        String committed = Jvm.withAgent().run(CrashingWriter.class, db.toString()).ok().output;
        assertTrue(committed.contains("COMMITTED 3"), committed);
        Jvm.Result refused = tool("roots", db.toString());
        assertEquals(2, refused.exitCode, refused.toString());
        assertTrue(refused.output.contains("holds commits not applied yet") && refused.output.contains("run `recover " + db),
            refused.toString());
        assertFalse(refused.output.contains("opened read-only"), refused.toString());
        Jvm.Result verified = tool("verify", db.toString());
        assertEquals(0, verified.exitCode, verified.toString());
        assertTrue(verified.output.contains("WARNING references: not checked") && verified.output.contains("`recover"),
            verified.toString());
        String recovered = tool("recover", db.toString()).ok().output;
        assertTrue(recovered.contains("replayed       1 commit from the log") && recovered.contains("last commit    3"), recovered);
        assertTrue(tool("roots", db.toString()).ok().output.contains("crashed"), "roots sees the commit the crash left");
        String again = tool("recover", db.toString()).ok().output;
        assertTrue(again.contains("replayed       0 commits from the log (none waited)"), again);
        assertFalse(tool("verify", db.toString()).ok().output.contains("WARNING references"), "verify checks the references now");
    }

    @Test
    void shouldNameWhatIsWrongWithTheArguments() throws IOException {
        Path db = store();
        Jvm.Result missing = tool("show", db.toString(), "99999");
        assertEquals(2, missing.exitCode, missing.toString());
        assertTrue(missing.output.contains("holds no object 99999"), missing.toString());
        Jvm.Result notAnOid = tool("show", db.toString(), "seven");
        assertEquals(2, notAnOid.exitCode, notAnOid.toString());
        assertTrue(notAnOid.output.contains("OID must be a number, found \"seven\""), notAnOid.toString());
        Jvm.Result unknown = tool("objects", db.toString(), "NoSuchPart");
        assertEquals(2, unknown.exitCode, unknown.toString());
        assertTrue(unknown.output.contains("names no class NoSuchPart") && unknown.output.contains(PART), unknown.toString());
        Jvm.Result notAStore = tool("roots", dir.resolve("nothing").toString());
        assertEquals(2, notAStore.exitCode, notAStore.toString());
        assertTrue(notAStore.output.contains("There is no Swizzle store in") && notAStore.output.contains("the directory does not exist")
            && !notAStore.output.contains("creat"),
            notAStore.toString());
        assertFalse(Files.exists(dir.resolve("nothing")), "the tool creates no store");
        Jvm.Result unknownCommand = tool("list", db.toString());
        assertEquals(2, unknownCommand.exitCode, unknownCommand.toString());
        assertTrue(unknownCommand.output.contains("Unknown command \"list\"") && unknownCommand.output.contains("roots DIR"),
            unknownCommand.toString());
        Jvm.Result noCommand = tool();
        assertEquals(2, noCommand.exitCode, noCommand.toString());
        assertTrue(noCommand.output.contains("No command given.") && noCommand.output.contains("roots DIR"), noCommand.toString());
        Jvm.Result usage = tool("show", db.toString());
        assertEquals(2, usage.exitCode, usage.toString());
        assertTrue(usage.output.contains("show takes DIR OID, found 1 argument.") && usage.output.contains("objects DIR [CLASS]")
            && usage.output.contains("verify DIR"), usage.toString());
        Jvm.Result dumpUsage = tool("dump", db.toString());
        assertEquals(2, dumpUsage.exitCode, dumpUsage.toString());
        assertTrue(dumpUsage.output.contains("dump takes DIR OID, found 1 argument.")
            && dumpUsage.output.contains("java -jar swizzle-<version>.jar") && !dumpUsage.output.contains("swizzle-store.jar"),
            "the one jar's usage, not the store tool's: " + dumpUsage);
        Jvm.Result directory = tool("show", db.toString(), "1");
        assertEquals(2, directory.exitCode, directory.toString());
        assertTrue(directory.output.contains("Object 1 of the store in " + db + " is its root directory")
            && !directory.output.contains("holds no object"), directory.toString());
        Path file = Files.writeString(dir.resolve("a-file"), "not a store");
        Jvm.Result notADirectory = tool("roots", file.toString());
        assertEquals(2, notADirectory.exitCode, notADirectory.toString());
        assertTrue(notADirectory.output.contains(file + " is a file, not the directory of a Swizzle store."),
            notADirectory.toString());
        assertEquals(0, tool("verify", db.toString()).exitCode, "the store tool's commands run as before");
    }

    /** A cluster file that is no Swizzle file at all is damage to roots and objects, as it is to verify. */
    @Test
    void shouldCallAStoreWhoseClusterFileIsNoSwizzleFileDamaged() throws IOException {
        Path db = store();
        Path clusters = db.resolve("swizzle.clusters");
        byte[] bytes = Files.readAllBytes(clusters);
        byte[] text = "this is a text file, not a store".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, bytes, 0, text.length);
        Files.write(clusters, bytes);
        for (String command : new String[] {"roots", "objects", "verify"}) {
            Jvm.Result refused = tool(command, db.toString());
            assertEquals(1, refused.exitCode, refused.toString());
            assertTrue(refused.output.contains("result         DAMAGED") && refused.output.contains(clusters.toString()),
                refused.toString());
        }
    }

    /**
     * One damaged object table entry: a writable open refuses the store; a read-only one, and the tool's roots, objects
     * and show, read the rest, name the damage and exit 1; reading the damaged object fails.
     */
    @Test
    void shouldReadTheRestOfAStoreWithADamagedTableEntryReadOnlyAndSayItIsDamaged() throws IOException {
        Path db = store();
        long first = rootOid(db, "first");
        long second = referenceIn(db, first, "next");
        long entry = entryOf(db, second);
        Path clusters = db.resolve("swizzle.clusters");
        byte[] bytes = Files.readAllBytes(clusters);
        bytes[(int) entry + 1] ^= 0x5A;
        Files.write(clusters, bytes);

        StoreCorruptedException refused = assertThrows(StoreCorruptedException.class, () -> ObjectStore.open(db));
        assertEquals(entry, refused.offset(), refused.getMessage());
        Map<String, String> before = files(db); // after the writable open, which writes its process id in the lock file
        try (ObjectStore store = ObjectStore.open(db, StoreOptions.builder().readOnly(true).build())) {
            ToolPart part = store.root("first", ToolPart.class);
            assertEquals(1, part.id);
            assertEquals("gear", part.type);
            assertEquals(List.of("a", "b"), part.tags);
            StoreCorruptedException damaged = assertThrows(StoreCorruptedException.class, () -> assertEquals(2, part.next.id));
            assertEquals(entry, damaged.offset(), damaged.getMessage());
        }

        Jvm.Result objects = tool("objects", db.toString());
        assertEquals(1, objects.exitCode, objects.toString());
        assertTrue(objects.output.matches("(?s).*\\n\\s+" + second + "\\s+DAMAGED\\s+fails its checks at offset " + entry
            + " of swizzle.clusters\\n.*"), objects.output);
        assertTrue(objects.output.matches("(?s).*\\n\\s+" + first + "\\s+\\d+\\s+" + Pattern.quote(PART) + "\\n.*"),
            objects.output);
        assertTrue(objects.output.contains("is damaged: 1 place in the object tables") && objects.output.contains(
            "result         DAMAGED"), objects.output);
        assertEquals(1, objects.output.split("is damaged: 1 place in the object tables", -1).length - 1,
            "the tool's report of the damage, without the store's WARNING of it: " + objects.output);
        Jvm.Result roots = tool("roots", db.toString());
        assertEquals(1, roots.exitCode, roots.toString());
        assertTrue(roots.output.contains("first") && roots.output.contains("at offset " + entry), roots.output);
        Jvm.Result shown = tool("show", db.toString(), Long.toString(first));
        assertEquals(1, shown.exitCode, shown.toString());
        assertTrue(shown.output.contains("object " + first + ": " + PART), shown.output);
        assertTrue(shown.output.contains("#" + second + " [damaged: its table entry fails its checks at offset " + entry
            + " of swizzle.clusters]"), "a reference to the damaged object shows as damaged (trial 43b): " + shown.output);
        Jvm.Result unreadable = tool("show", db.toString(), Long.toString(second));
        assertEquals(1, unreadable.exitCode, unreadable.toString());
        assertTrue(unreadable.output.contains("cannot be read") && unreadable.output.contains("at offset " + entry),
            unreadable.output);
        Jvm.Result verified = tool("verify", db.toString());
        assertEquals(1, verified.exitCode, verified.toString());
        assertTrue(verified.output.contains("(" + PART + ") refers to OID " + second + ", whose table entry fails its checks at"
            + " offset " + entry + " of swizzle.clusters") && verified.output.contains("object " + second + ": it cannot be"
            + " read: damage at offset " + entry), verified.output);
        assertEquals(before, files(db), "nothing was written over the damage");

        long tags = referenceIn(db, first, "tags");
        long tagsEntry = entryOf(db, tags);
        bytes = Files.readAllBytes(clusters);
        bytes[(int) tagsEntry + 1] ^= 0x5A;
        Files.write(clusters, bytes);
        Jvm.Result holder = tool("show", db.toString(), Long.toString(first));
        assertEquals(1, holder.exitCode, holder.toString());
        assertTrue(holder.output.matches("(?s).*tags\\s+java.util.List\\s+= #" + tags + " \\[damaged: its table entry fails"
            + " its checks at offset " + tagsEntry + " of swizzle.clusters\\].*"), holder.output);
    }

    /** The lines of the object listing (before the totals) that end with {@code endingWith}. */
    private static long lines(String output, String endingWith) {
        String listing = output.substring(0, output.indexOf(System.lineSeparator() + System.lineSeparator()));
        return listing.lines().filter(line -> line.matches(".*\\s\\d+\\s+\\d+\\s+" + endingWith)).count();
    }

    /** Each file of {@code db} with its size and modification time. */
    private static Map<String, String> files(Path db) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(db)) {
            for (Path file : (Iterable<Path>) all::iterator) {
                files.put(db.relativize(file).toString(), Files.size(file) + " " + Files.getLastModifiedTime(file));
            }
        }
        return files;
    }
}
