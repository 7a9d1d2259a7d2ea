package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Classes renamed, retyped or removed between runs: each version of the application is compiled
 * here and run in its own JVM, first on the class path, against the same store.
 */
class ClassChangeTest {

    /** {@code ev.Main <db> <write|read|touch> [class to drop]} on root "o" of type {@code ROOT}. */
    private static final String MAIN = String.join("\n",
        "package ev;",
        "import java.nio.file.Path;",
        "import java.util.Set;",
        "import org.swizzle.*;",
        "public class Main {",
        "  public static void main(String[] args) {",
        "    StoreOptions.Builder options = StoreOptions.builder();",
        "    if (args.length > 2) { options.dropMissingClasses(Set.of(args[2])); }",
        "    try (ObjectStore store = ObjectStore.open(Path.of(args[0]), options.build())) {",
        "      if (args[1].equals(\"write\")) { store.setRoot(\"o\", ROOT.sample()); store.commit(); }",
        "      ROOT o = store.root(\"o\", ROOT.class);",
        "      if (args[1].equals(\"touch\")) { o.touch(); System.out.println(\"COMMIT \" + store.commit()); }",
        "      System.out.println(\"STATE \" + o.describe());",
        "    } catch (StoreException e) {",
        "      System.out.println(e.getClass().getSimpleName() + \": \" + e.getMessage());",
        "    }",
        "  }",
        "}");

    @TempDir
    Path dir;

    @Test
    void shouldSayThatAFieldMadeTransientOrStaticIsNoLongerStored() throws IOException {
        String rec = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Rec {",
            "  long cached = 5; int shared = 6; int kept = 7;",
            "  static Rec sample() { return new Rec(); }",
            "  void touch() { }",
            "  String describe() { return \"kept=\" + kept + \" cached=\" + cached + \" shared=\" + shared; }",
            "}");
        Path v1 = compile("v1", "Rec", Map.of("ev/Rec.java", rec));
        Path v2 = compile("v2", "Rec", Map.of("ev/Rec.java", rec.replace("long cached = 5; int shared = 6;",
            "transient long cached; static int shared;")));
        String db = dir.resolve("db").toString();
        assertState(run(v1, db, "write"), "kept=7 cached=5 shared=6");
        String read = run(v2, db, "read");
        assertState(read, "kept=7 cached=0 shared=0");
        assertTrue(read.contains("Field ev.Rec.cached is stored but ev.Rec now declares it transient, and such fields are"
            + " not stored") && read.contains("Remove transient from it to keep them"), read);
        assertTrue(read.contains("Field ev.Rec.shared is stored but ev.Rec now declares it static")
            && read.contains("Remove static from it to keep them"), read);
        assertEquals(0, count(read, "@PreviousNames"), "neither field was renamed:\n" + read);
    }

    /**
     * A class whose objects a field refers to, made a plain class or a record, is refused naming the field and the class
     * with {@code IncompatibleSchemaException}, rather than with the agent's advice for a field of a type that cannot be
     * stored, to make the field transient, which would drop what it refers to; the first version still reads them.
     */
    @Test
    void shouldRefuseAFieldOfAClassThatIsNoLongerPersistent() throws IOException {
        String rec = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Rec extends Base {",
            "  java.util.List<Object> values = new java.util.ArrayList<>(java.util.List.of((Object) new Object[] {\"x\", 1}));",
            "  static Rec sample() { return new Rec(); }",
            "  void touch() { }",
            "  String describe() { return \"ref=\" + ref.v; }",
            "}");
        String base = "package ev; @org.swizzle.Persistent public class Base { Part ref = new Part(5); }";
        String part = "package ev; @org.swizzle.Persistent public class Part { int v; Part(int v) { this.v = v; } }";
        Path v1 = compile("v1", "Rec", Map.of("ev/Rec.java", rec, "ev/Base.java", base, "ev/Part.java", part));
        Path plain = compile("plain", "Rec", Map.of("ev/Rec.java", rec, "ev/Base.java", base,
            "ev/Part.java", part.replace("@org.swizzle.Persistent ", "")));
        Path record = compile("record", "Rec", Map.of("ev/Rec.java", rec.replace("ref.v", "ref.v()"), "ev/Base.java", base,
            "ev/Part.java", "package ev; public record Part(int v) { }"));
        Path unstorable = compile("unstorable", "Rec", Map.of("ev/Rec.java", rec.replace("java.util.List<Object> values", "Object payload; java.util.List<Object> values"),
            "ev/Base.java", base, "ev/Part.java", part));
        String db = dir.resolve("db").toString();
        assertState(run(v1, db, "write"), "ref=5");
        for (Path changed : List.of(plain, record)) {
            String refused = run(changed, db, "read");
            assertRefused(refused, "IncompatibleSchemaException: Field ev.Base.ref is of class ev.Part, which this store holds"
                + " objects of, but which is no longer persistent", "Make ev.Part a @org.swizzle.Persistent class again");
        }
        String object = run(unstorable, db, "read"); // the store holds an Object[], not objects of class Object
        assertTrue(object.contains("UnsupportedFieldTypeException") && object.contains("ev.Rec.payload")
            && !object.contains("IncompatibleSchemaException"), object);
        assertState(run(v1, db, "read"), "ref=5");
    }

    @Test
    void shouldReadRenamedAndWidenedFieldsAndWarnOfADroppedOne() throws IOException {
        Path v1 = compile("v1", "Rec", Map.of("ev/Rec.java", String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Rec {",
            "  int count = 3; String title = \"t\"; long removed = 99;",
            "  int i = 100000; float f = 1.5f; byte b = -3; short s = 300; char c = 'A'; long l = 1L << 40;",
            "  Integer boxed = 42; int prim = 7; Integer none; short wideBox = 5; int big = 16_777_217;",
            "  static Rec sample() { return new Rec(); }",
            "  void touch() { }",
            "  String describe() { return \"count=\" + count + \" i=\" + i; }",
            "}")));
        Map<String, String> renamed = Map.of("ev/Rec.java", String.join("\n",
            "package ev;",
            "import org.swizzle.PreviousNames;",
            "@org.swizzle.Persistent public class Rec {",
            "  @PreviousNames(\"count\") int total; @PreviousNames({\"heading\", \"title\"}) String name;",
            "  long i; double f; double b; int s; long c; double l;",
            "  int boxed; Integer prim; Integer none; Long wideBox; int big;",
            "  static Rec sample() { return new Rec(); }",
            "  void touch() { total++; i = 1L << 33; }",
            "  String describe() { return \"total=\" + total + \" name=\" + name + \" i=\" + i + \" f=\" + f + \" b=\" + b",
            "    + \" s=\" + s + \" c=\" + c + \" l=\" + l + \" boxed=\" + boxed + \" prim=\" + prim + \" none=\" + none",
            "    + \" wideBox=\" + wideBox; }",
            "}"));
        Path v2 = compile("v2", "Rec", renamed);
        Path v3 = compile("v3", "Rec", Map.of("ev/Rec.java", renamed.get("ev/Rec.java").replace("Integer none;", "int none;")));
        Path v4 = compile("v4", "Rec", Map.of("ev/Rec.java", renamed.get("ev/Rec.java").replace("long i;", "String i;")
            .replace("i = 1L << 33;", "")));
        Path v5 = compile("v5", "Rec", Map.of("ev/Rec.java", renamed.get("ev/Rec.java").replace("int big;", "float big;")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "count=3 i=100000");
        String widened = run(v2, db, "read");
        assertState(widened, "total=3 name=t i=100000 f=1.5 b=-3.0 s=300 c=65 l=1.099511627776E12 boxed=42 prim=7"
            + " none=null wideBox=5");
        assertTrue(widened.contains("WARNING") && widened.contains("Field ev.Rec.removed is stored but"), widened);
        assertEquals(1, count(widened, "Field ev.Rec."), "one warning, for the removed field only:\n" + widened);

        assertState(run(v2, db, "touch"), "total=4 name=t i=8589934592 f=1.5 b=-3.0");
        String rewritten = run(v2, db, "read");
        assertState(rewritten, "total=4 name=t i=8589934592 f=1.5 b=-3.0 s=300 c=65 l=1.099511627776E12 boxed=42"
            + " prim=7 none=null wideBox=5");
        assertFalse(rewritten.contains("ev.Rec.removed"), "the object no longer holds the removed field:\n" + rewritten);

        String nullIntoPrimitive = run(v3, db, "read");
        assertTrue(nullIntoPrimitive.contains("IncompatibleSchemaException: Field ev.Rec.none was stored as"
            + " java.lang.Integer and is now int, but object") && nullIntoPrimitive.contains("holds null"), nullIntoPrimitive);
        String narrowed = run(v4, db, "read");
        assertTrue(narrowed.contains("IncompatibleSchemaException: Field ev.Rec.i was stored as long but is now"
            + " java.lang.String") && narrowed.contains("(met reading object ") && narrowed.contains("(ev.Rec) of " + db),
            narrowed);
        String rounded = run(v5, db, "read"); // a float would read 16777216, and the next commit store that
        assertTrue(rounded.contains("IncompatibleSchemaException: Field ev.Rec.big was stored as int and is now float, but")
            && rounded.contains(db) && rounded.contains("holds 16777217 in it, which a float cannot hold exactly")
            && rounded.contains("Make the field double"), rounded);
        assertState(run(v2, db, "read"), "total=4 name=t i=8589934592");
    }

    /**
     * An old field {@code b} removed, then {@code a} renamed {@code b} with {@code @PreviousNames("a")}: the field reads
     * the stored {@code a}, and the stored {@code b} is dropped with a warning, whichever of the two is stored first
     * (the last one read won, and the other was dropped without a word). A field naming two stored fields in its
     * {@code @PreviousNames} is refused.
     */
    @Test
    void shouldReadTheRenamedFieldWhereTheSameObjectsStoreOneOfItsNewNameAndWarnOfThatOne() throws IOException {
        Path v1 = compile("v1", "Pair", Map.of("ev/Pair.java", pair("int a = 1; int b = 2; int c = 3;", "",
            "\"a=\" + a + \" b=\" + b + \" c=\" + c")));
        Path renamedAToB = compile("v2", "Pair", Map.of("ev/Pair.java", pair("@org.swizzle.PreviousNames(\"a\") int b;", "b++;",
            "\"b=\" + b")));
        Path renamedBToA = compile("v3", "Pair", Map.of("ev/Pair.java", pair("@org.swizzle.PreviousNames(\"b\") int a;", "",
            "\"a=\" + a")));
        Path both = compile("v4", "Pair", Map.of("ev/Pair.java", pair("@org.swizzle.PreviousNames({\"a\", \"c\"}) int d;", "",
            "\"d=\" + d")));
        String db = dir.resolve("db").toString();
        String other = dir.resolve("other").toString();

        assertState(run(v1, db, "write"), "a=1 b=2 c=3");
        assertState(run(v1, other, "write"), "a=1 b=2 c=3");
        String read = run(renamedAToB, db, "read");
        assertState(read, "b=1");
        assertTrue(read.contains("Field ev.Pair.b is stored but field ev.Pair.b now reads the stored field its"
            + " @PreviousNames names"), read);
        assertState(run(renamedAToB, db, "touch"), "b=2");
        assertState(run(renamedAToB, db, "read"), "b=2");
        assertState(run(renamedBToA, other, "read"), "a=2");
        String refused = run(both, other, "read");
        assertTrue(refused.contains("IncompatibleSchemaException: Field ev.Pair.d names in its @PreviousNames two"
            + " fields stored in the same objects, a and c"), refused);
    }

    private static String pair(String fields, String touch, String describe) {
        return String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Pair {",
            "  " + fields,
            "  static Pair sample() { return new Pair(); }",
            "  void touch() { " + touch + " }",
            "  String describe() { return " + describe + "; }",
            "}");
    }

    /**
     * Objects of classes moved to another package load, and so do references to them. Once a commit wrote the root's
     * object under its class's new name, the root directory names it so too, and the class's {@code @PreviousNames}
     * can go: nothing stored names the old name any more.
     */
    @Test
    void shouldLoadObjectsOfAClassMovedToAnotherPackageAndReferencesToThem() throws IOException {
        Path v1 = compile("v1", "Owner", Map.of(
            "ev/Owner.java", String.join("\n",
                "package ev;",
                "@org.swizzle.Persistent public class Owner {",
                "  String name = \"o\"; Item item; java.util.List<Item> items = new java.util.ArrayList<>();",
                "  static Owner sample() { Owner o = new Owner(); o.item = new Item(1); o.item.next = new Item(2);",
                "    o.items.add(new Item(3)); return o; }",
                "  void touch() { }",
                "  String describe() { return name + \" \" + item.n + \" \" + item.next.n + \" \" + items.get(0).n; }",
                "}"),
            "ev/Item.java", String.join("\n",
                "package ev;",
                "@org.swizzle.Persistent public class Item {",
                "  int n; Item next;",
                "  Item(int n) { this.n = n; }",
                "}")));
        String holder = String.join("\n",
            "package moved;",
            "import org.swizzle.PreviousNames;",
            "@org.swizzle.Persistent @PreviousNames(\"ev.Owner\") public class Holder {",
            "  String name; Piece item; java.util.List<Piece> items;",
            "  public static Holder sample() { return new Holder(); }",
            "  public void touch() { item.number += 10; name = \"h\"; }",
            "  public String describe() { return name + \" \" + item.number + \" \" + item.next.number + \" \"",
            "    + items.get(0).number + \" \" + item.getClass().getName(); }",
            "}");
        String piece = String.join("\n",
            "package moved;",
            "import org.swizzle.PreviousNames;",
            "@org.swizzle.Persistent @PreviousNames(\"ev.Item\") public class Piece {",
            "  @PreviousNames(\"n\") int number; Piece next;",
            "}");
        Path v2 = compile("v2", "moved.Holder", Map.of("moved/Holder.java", holder, "moved/Piece.java", piece));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "o 1 2 3");
        assertState(run(v2, db, "read"), "o 1 2 3 moved.Piece");
        Path withoutOldName = compile("v3", "moved.Holder", Map.of(
            "moved/Holder.java", holder.replace("@PreviousNames(\"ev.Owner\") ", ""), "moved/Piece.java", piece));
        assertTrue(run(withoutOldName, db, "read").contains("IncompatibleSchemaException: Class ev.Owner"),
            "the root still names ev.Owner: nothing rewrote it");

        assertState(run(v2, db, "touch"), "h 11 2 3 moved.Piece");
        assertState(run(v2, db, "read"), "h 11 2 3 moved.Piece");
        assertState(run(withoutOldName, db, "read"), "h 11 2 3 moved.Piece");
    }

    /** With the extended tests (about 7 s: seven JVMs). */
    @Tag("extended")
    @Test
    void shouldDropObjectsOfAMissingClassOnlyWhenAskedAndLoadThemIntoADeclaredReplacement() throws IOException {
        String thing = "package ev; public interface Thing { String show(); }";
        String box = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Box {",
            "  String name = \"box\"; Thing first; Thing second; java.util.List<Thing> things = new java.util.ArrayList<>();",
            "  static Box sample() { SAMPLE }",
            "  void touch() { name = \"touched\"; }",
            "  static String show(Thing t) { return t == null ? \"null\" : t.show(); }",
            "  String describe() { return name + \" \" + show(first) + \" \" + show(second) + \" \" + show(things.get(0))",
            "    + \" \" + show(things.get(1)); }",
            "}");
        String other = "package ev; @org.swizzle.Persistent public class Other implements Thing {"
            + " int n = 2; public String show() { return \"other\" + n; } }";
        Path v1 = compile("v1", "Box", Map.of("ev/Thing.java", thing, "ev/Other.java", other, "ev/Box.java",
            box.replace("SAMPLE", "Box b = new Box(); b.first = new Item(); b.second = new Other(); b.things.add(b.first);"
                + " b.things.add(b.second); return b;"),
            "ev/Item.java", "package ev; @org.swizzle.Persistent public class Item implements Thing {"
                + " int n = 1; public String show() { return \"item\" + n; } }"));
        box = box.replace("SAMPLE", "return null;");
        Path withoutItem = compile("v2", "Box", Map.of("ev/Thing.java", thing, "ev/Box.java", box, "ev/Other.java", other));
        Path replaced = compile("v3", "Box", Map.of("ev/Thing.java", thing, "ev/Other.java", other,
            "ev/Box.java", box.replace("Thing first;", "Replacement first;"),
            "ev/Replacement.java", "package ev; @org.swizzle.Persistent @org.swizzle.PreviousNames(\"ev.Item\")"
                + " public class Replacement implements Thing { int n; public String show() { return \"replacement\" + n; } }"));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "box item1 other2 item1 other2");
        String refused = run(withoutItem, db, "read");
        assertTrue(refused.contains("IncompatibleSchemaException: Class ev.Item has stored objects, or references stored"
            + " as to objects of it (by a version of the application that renamed a class to it), but is not on the class path") && refused.contains("dropMissingClasses"), refused);
        assertState(run(replaced, db, "read"), "box replacement1 other2 replacement1 other2");

        String dropped = run(withoutItem, db, "read", "ev.Item");
        assertState(dropped, "box null other2 null other2");
        for (String scheme : List.of("swizzle=edge", "swizzle=none", "swizzle=eager", "fault=segment")) {
            String output = Jvm.withAgent(scheme).prependClassPath(withoutItem).run("ev.Main", db, "read", "ev.Item").ok().output;
            assertTrue(output.contains("STATE box null other2 null other2"), scheme + ":\n" + output);
        }
        assertTrue(dropped.contains("WARNING") && dropped.contains("Class ev.Item is not on the class path"), dropped);
        String committed = run(withoutItem, db, "touch", "ev.Item");
        assertTrue(committed.contains("COMMIT "), committed);
        assertState(committed, "touched null other2 null other2");
        assertState(run(withoutItem, db, "read", "ev.Item"), "touched null other2 null other2");
        String misspelled = run(v1, db, "read", "ev.Itme");
        assertTrue(misspelled.contains("WARNING") && misspelled.contains("StoreOptions.dropMissingClasses names ev.Itme, but"
            + " this store never held objects of a class of that name"), misspelled);
    }

    @Test
    void shouldNameTheMissingClassOfAFieldWhoseTypeIsNotOnTheClassPath() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Holder {",
            "  String name = \"holder\"; Gadget gadget;",
            "  static Holder sample() { Holder h = new Holder(); h.gadget = new Gadget(); return h; }",
            "  void touch() { name = \"touched\"; }",
            "  String describe() { return name; }",
            "}");
        String gadget = "package ev; @org.swizzle.Persistent public class Gadget { int n = 1; }";
        Path v1 = compile("v1", "Holder", Map.of("ev/Holder.java", holder, "ev/Gadget.java", gadget));
        Path withoutGadget = dir.resolve("v2");
        Files.createDirectories(withoutGadget.resolve("ev"));
        for (String name : List.of("Holder.class", "Main.class")) {
            Files.copy(v1.resolve("ev").resolve(name), withoutGadget.resolve("ev").resolve(name));
        }
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "holder");
        String refused = run(withoutGadget, db, "read");
        assertTrue(refused.contains("UnsupportedFieldTypeException: Cannot store field ev.Holder.gadget of type ev.Gadget:"
            + " class ev.Gadget is not on the class path") && !refused.contains("NoClassDefFoundError"), refused);
        assertState(run(v1, db, "read"), "holder");
    }

    @Test
    void shouldKeepTheElementsOfALargeArrayReadFromARenamedField() throws IOException {
        String fill = "static long[] filled(long v) { long[] a = new long[20_000]; java.util.Arrays.fill(a, v); return a; }";
        Path v1 = compile("v1", "Rn", Map.of("ev/Rn.java", String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Rn {",
            "  long[] data = filled(1); long[] samples = filled(2);",
            "  " + fill,
            "  static Rn sample() { return new Rn(); }",
            "  void touch() { }",
            "  String describe() { return data[0] + \" \" + samples[0]; }",
            "}")));
        Path v2 = compile("v2", "Rn", Map.of("ev/Rn.java", String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Rn {",
            "  @org.swizzle.PreviousNames(\"samples\") long[] data;",
            "  static Rn sample() { return new Rn(); }",
            "  void touch() { data[0] = 9; }",
            "  String describe() { return data[0] + \" \" + data[1] + \" \" + data[19_999]; }",
            "}")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "1 2");
        assertState(run(v2, db, "read"), "2 2 2");
        assertState(run(v2, db, "touch"), "9 2 2");
        assertState(run(v2, db, "read"), "9 2 2");
    }

    /**
     * A field whose stored objects its new type no longer admits, a class made abstract, a class made an enum and an enum
     * made a class: each read is refused with {@code IncompatibleSchemaException} naming the class or field, never a
     * {@code ClassCastException} or a report of damage, and the store reads as before with the classes it was written with.
     */
    @Test
    void shouldRefuseStoredObjectsTheirNewTypesNoLongerAdmit() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Holder {",
            "  PART p; Color c; int k = 7;",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { }",
            "  String describe() { return p + \" \" + c + \" \" + k; }",
            "}");
        String part = "package ev; @org.swizzle.Persistent public class Part { int v = 42; public String toString() { return \"part\" + v; } }";
        String color = "package ev; public enum Color { RED, GREEN }";
        Path v1 = compile("v1", "Holder", Map.of("ev/Color.java", color, "ev/Part.java", part, "ev/Holder.java", holder
            .replace("PART", "Part").replace("SAMPLE", "Holder h = new Holder(); h.p = new Part(); h.c = Color.GREEN; return h;")));
        String read = holder.replace("SAMPLE", "return null;");
        Path subclass = compile("sub", "Holder", Map.of("ev/Color.java", color, "ev/Part.java", part,
            "ev/SubPart.java", "package ev; @org.swizzle.Persistent public class SubPart extends Part { int w; }",
            "ev/Holder.java", read.replace("PART", "SubPart")));
        Path madeAbstract = compile("abstract", "Holder", Map.of("ev/Color.java", color,
            "ev/Part.java", part.replace("public class Part", "public abstract class Part"), "ev/Holder.java", read.replace("PART", "Part")));
        Path classToEnum = compile("enum", "Holder", Map.of("ev/Color.java", color, "ev/Part.java", "package ev; public enum Part { X }",
            "ev/Holder.java", read.replace("PART", "Part")));
        Path enumToClass = compile("class", "Holder", Map.of("ev/Color.java", "package ev; @org.swizzle.Persistent public class Color { int z; }",
            "ev/Part.java", part, "ev/Holder.java", read.replace("PART", "Part")));
        Path constantRemoved = compile("constant", "Holder", Map.of("ev/Color.java", "package ev; public enum Color { RED, BLUE }",
            "ev/Part.java", part, "ev/Holder.java", read.replace("PART", "Part")));
        Path constantRenamed = compile("renamed", "Holder", Map.of("ev/Color.java",
            "package ev; public enum Color { RED, BLUE, @org.swizzle.PreviousNames(\"GREEN\") LIME }",
            "ev/Part.java", part, "ev/Holder.java", read.replace("PART", "Part")));
        Path nameClaimedTwice = compile("claimed", "Holder", Map.of("ev/Color.java", "package ev; public enum Color { RED, BLUE,"
                + " @org.swizzle.PreviousNames(\"GREEN\") LIME, @org.swizzle.PreviousNames(\"GREEN\") OLIVE }",
            "ev/Part.java", part, "ev/Holder.java", read.replace("PART", "Part")));
        Path nameOfAnother = compile("another", "Holder", Map.of("ev/Color.java", "package ev; public enum Color { RED, GREEN,"
                + " BLUE, @org.swizzle.PreviousNames(\"GREEN\") LIME }",
            "ev/Part.java", part, "ev/Holder.java", read.replace("PART", "Part")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "part42 GREEN 7");
        assertRefused(run(subclass, db, "read"), "IncompatibleSchemaException: Field ev.Holder.p of object", "ev.SubPart");
        assertRefused(run(madeAbstract, db, "read"), "IncompatibleSchemaException: Class ev.Part is abstract, but the store holds object");
        assertRefused(run(classToEnum, db, "read"), "IncompatibleSchemaException: Field ev.Holder.p was stored as a reference to a"
            + " persistent ev.Part but is now a value of ev.Part");
        assertRefused(run(enumToClass, db, "read"), "IncompatibleSchemaException: Field ev.Holder.c was stored as a value of ev.Color",
            "but is now a reference to a persistent ev.Color");
        assertRefused(run(constantRemoved, db, "read"), "IncompatibleSchemaException: Enum ev.Color has no constant GREEN,"
            + " which field ev.Holder.c of object", "(ev.Holder)", "Put the constant back", "@PreviousNames");
        assertRefused(run(nameClaimedTwice, db, "read"), "UnsupportedClassException: Enum ev.Color: its constants LIME and OLIVE"
            + " both name GREEN in @PreviousNames");
        assertRefused(run(nameOfAnother, db, "read"), "UnsupportedClassException: Enum ev.Color: its constant LIME names GREEN"
            + " in @PreviousNames, which is the name of another of its constants");
        assertState(run(constantRenamed, db, "read"), "part42 LIME 7");
        assertState(run(v1, db, "read"), "part42 GREEN 7");
    }

    /**
     * A removed enum constant held in a collection is refused with the public {@code IncompatibleSchemaException}
     * naming the collection and the field it was reached through first, as one held in a field is; it was refused with an
     * exception class of Swizzle's internals (trial 31b).
     */
    @Test
    void shouldRefuseARemovedConstantInACollectionWithThePublicException() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Holder {",
            "  java.util.List<Color> colors = new java.util.ArrayList<>();",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { }",
            "  String describe() { return colors.toString(); }",
            "}");
        Path v1 = compile("v1", "Holder", Map.of("ev/Color.java", "package ev; public enum Color { RED, GREEN }",
            "ev/Holder.java", holder.replace("SAMPLE", "Holder h = new Holder(); h.colors.add(Color.RED); h.colors.add(Color.GREEN);"
                + " return h;")));
        Path removed = compile("removed", "Holder", Map.of("ev/Color.java", "package ev; public enum Color { RED, BLUE }",
            "ev/Holder.java", holder.replace("SAMPLE", "return null;")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "[RED, GREEN]");
        assertRefused(run(removed, db, "read"), "IncompatibleSchemaException: Enum ev.Color has no constant GREEN, which"
            + " collection", "reached first through field ev.Holder.colors", "Put the constant back");
        assertState(run(v1, db, "read"), "[RED, GREEN]");
    }

    /**
     * A persistent class that no longer extends the class, or implements the interface, of the fields that hold its
     * objects: the read is refused with {@code IncompatibleSchemaException} naming the field under every swizzling
     * scheme. Under {@code swizzle=edge} and {@code none}, whose reads keep stored references in such fields, following
     * the field threw a {@code ClassCastException}; and under every scheme an array field holding such an object threw
     * an {@code ArrayStoreException} (trial 31b).
     */
    @ParameterizedTest(name = "agent options [{0}]")
    @ValueSource(strings = {"swizzle=node", "swizzle=edge", "swizzle=none"})
    void shouldRefuseObjectsOfAClassThatLeftTheTypeOfTheFieldsHoldingThem(String options) throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Holder {",
            "  FIELDS",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { }",
            "  String describe() { return DESCRIBE; }",
            "}");
        String shape = "package ev; public interface Shape { }";
        String base = "package ev; @org.swizzle.Persistent public class Base { int b = 1; }";
        String circle = "package ev; @org.swizzle.Persistent public class Circle extends Base implements Shape { int r = 5; }";
        String leftBase = "package ev; @org.swizzle.Persistent public class Circle { int b = 1; int r = 5; }";
        Path v1 = compile("v1", "Holder", Map.of("ev/Shape.java", shape, "ev/Base.java", base, "ev/Circle.java", circle,
            "ev/Holder.java", holder.replace("FIELDS", "Base viaSuper; Shape viaIface; Base[] all;")
                .replace("SAMPLE", "Holder h = new Holder(); Circle c = new Circle(); h.viaSuper = c; h.viaIface = c;"
                    + " h.all = new Base[] {c}; return h;")
                .replace("DESCRIBE", "viaSuper.b + \" \" + (viaIface == viaSuper) + \" \" + all.length")));
        Path references = compile("references", "Holder", Map.of("ev/Shape.java", shape, "ev/Base.java", base,
            "ev/Circle.java", leftBase, "ev/Holder.java", holder.replace("FIELDS", "Base viaSuper; Shape viaIface;")
                .replace("SAMPLE", "return null;").replace("DESCRIBE", "viaSuper + \" \" + viaIface")));
        Path array = compile("array", "Holder", Map.of("ev/Shape.java", shape, "ev/Base.java", base,
            "ev/Circle.java", leftBase, "ev/Holder.java", holder.replace("FIELDS", "Base[] all;")
                .replace("SAMPLE", "return null;").replace("DESCRIBE", "\"\" + all.length")));
        String db = dir.resolve("db").toString();

        assertState(run(options, v1, db, "write"), "1 true 1");
        assertRefused(run(options, references, db, "read"), "IncompatibleSchemaException: Field ev.Holder.viaSuper of object",
            "(ev.Holder)", "no longer admits (class ev.Circle cannot be cast to class ev.Base)");
        assertRefused(run(options, array, db, "read"), "IncompatibleSchemaException: Field ev.Holder.all of object", "(ev.Holder)",
            "no longer admits (an element of class ev.Circle in the array)");
        assertState(run(options, v1, db, "touch"), "1 true 1");
    }

    /**
     * A collection field whose declared element (or key, value) type no longer admits the persistent objects stored in
     * it is refused with {@code IncompatibleSchemaException} naming the field and both classes, where its objects were
     * handed out and failed with a {@code ClassCastException} where the application used them; a type they still are
     * (an interface they implement) reads them.
     */
    @Test
    void shouldRefuseCollectionsWhoseElementsTheirNewElementTypesNoLongerAdmit() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Holder {",
            "  java.util.List<ELEMENT> parts = new java.util.ArrayList<>();",
            "  java.util.Map<String, ELEMENT> byName = new java.util.HashMap<>();",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { }",
            "  String describe() { return parts + \" \" + byName; }",
            "}");
        String named = "package ev; public interface Named { }";
        String part = "package ev; @org.swizzle.Persistent public class Part implements Named { int v = 42; public String toString() { return \"part\" + v; } }";
        String other = "package ev; @org.swizzle.Persistent public class Other { int w; }";
        Path v1 = compile("v1", "Holder", Map.of("ev/Named.java", named, "ev/Part.java", part, "ev/Other.java", other,
            "ev/Holder.java", holder.replace("ELEMENT", "Part").replace("SAMPLE",
                "Holder h = new Holder(); h.parts.add(new Part()); h.byName.put(\"p\", new Part()); return h;")));
        String read = holder.replace("SAMPLE", "return null;");
        Path unrelated = compile("unrelated", "Holder", Map.of("ev/Named.java", named, "ev/Part.java", part,
            "ev/Other.java", other, "ev/Holder.java", read.replace("ELEMENT", "Other")));
        Path byInterface = compile("interface", "Holder", Map.of("ev/Named.java", named, "ev/Part.java", part,
            "ev/Other.java", other, "ev/Holder.java", read.replace("ELEMENT", "Named")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "[part42] {p=part42}");
        assertRefused(run(unrelated, db, "read"), "IncompatibleSchemaException: Field ev.Holder.", " ev.Part, which its"
            + " declared", "type ev.Other does not admit");
        assertState(run(byInterface, db, "read"), "[part42] {p=part42}");
        assertState(run(v1, db, "read"), "[part42] {p=part42}");
    }

    /**
     * A large {@code TreeMap} or {@code TreeSet}, which keeps its keys and values in turn in a list of chunks, is read as
     * its field declares it too: values of a class the new value type does not admit, and keys that would be widened
     * with rounding, are refused with {@code IncompatibleSchemaException} when the chunk that holds them is read, keys
     * widened exactly are read widened, and an interface the values implement reads them. The entries are put in no
     * order, so that chunks split in their middles.
     */
    @Test
    void shouldReadALargeTreeMapAndTreeSetAsTheirFieldsNowDeclareThem() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  TreeMap<Integer, ELEMENT> sorted = new TreeMap<>();",
            "  TreeSet<KEY> keys = new TreeSet<>();",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { }",
            "  String describe() { DESCRIBE }",
            "}");
        String named = "package ev; public interface Named { }";
        String part = "package ev; @org.swizzle.Persistent public class Part implements Named { int v; public String toString() { return \"part\" + v; } }";
        String other = "package ev; @org.swizzle.Persistent public class Other { int w; }";
        String sample = "Holder h = new Holder(); List<Integer> order = new ArrayList<>();"
            + " for (int i = 0; i < 3_000; i++) { order.add(i); } Collections.shuffle(order, new Random(5));"
            + " for (int i : order) { Part p = new Part(); p.v = i; h.sorted.put(i, p); h.keys.add(i == 7 ? 16_777_217 : i); }"
            + " return h;";
        String describe = "return sorted.get(2_345) + \" \" + sorted.lastEntry() + \" \" + keys.contains(2_999) + \" \""
            + " + keys.last().getClass().getSimpleName();";
        Map<String, String> classes = Map.of("ev/Named.java", named, "ev/Part.java", part, "ev/Other.java", other);
        Path v1 = compile("v1", "Holder", with(classes, "ev/Holder.java", holder.replace("ELEMENT", "Part")
            .replace("KEY", "Integer").replace("SAMPLE", sample).replace("DESCRIBE", describe)));
        String read = holder.replace("SAMPLE", "return null;");
        Path unrelated = compile("unrelated", "Holder", with(classes, "ev/Holder.java", read.replace("ELEMENT", "Other")
            .replace("KEY", "Integer").replace("DESCRIBE", "return \"\" + sorted.get(2_345);")));
        Path byInterface = compile("interface", "Holder", with(classes, "ev/Holder.java", read.replace("ELEMENT", "Named")
            .replace("KEY", "Long").replace("DESCRIBE", describe.replace("contains(2_999)", "contains(2_999L)"))));
        Path rounded = compile("rounded", "Holder", with(classes, "ev/Holder.java", read.replace("ELEMENT", "Part")
            .replace("KEY", "Float").replace("DESCRIBE", "return \"\" + keys.last();")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "part2345 2999=part2999 true Integer");
        assertRefused(run(unrelated, db, "read"), "IncompatibleSchemaException: Field ev.Holder.sorted", "value ev.Part,"
            + " which its declared value type ev.Other does not admit");
        assertState(run(byInterface, db, "read"), "part2345 2999=part2999 true Long");
        assertRefused(run(rounded, db, "read"), "IncompatibleSchemaException: Field ev.Holder.keys", "key java.lang.Integer,"
            + " which its declared key type java.lang.Float does not admit here: 16777217 is not exactly a Float");
        assertState(run(v1, db, "read"), "part2345 2999=part2999 true Integer");
    }

    /**
     * Arrays of primitives and of boxes held in a collection are checked against the field's declaration as arrays of
     * persistent objects are: {@code List<int[]>} made {@code List<long[]>} and {@code Map<String, Integer[]>} made
     * {@code Map<String, Long[]>} are refused naming the field, where the application met a {@code ClassCastException}
     * (trial 33), and the former declarations read everything again.
     */
    @Test
    void shouldRefuseArraysOfPrimitivesAndBoxesInACollectionThatItsFieldNoLongerAdmits() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  List<INTS> ints = new ArrayList<>();",
            "  Map<String, BOXES> boxes = new HashMap<>();",
            "  static Holder sample() { Holder h = new Holder(); h.ints.add(new int[] {1, 2}); h.boxes.put(\"k\", new Integer[] {3, 4});"
                + " return h; }",
            "  void touch() { }",
            "  String describe() { return ints.get(0)[1] + \" \" + boxes.get(\"k\")[1]; }",
            "}");
        Path v1 = compile("v1", "Holder", Map.of("ev/Holder.java", holder.replace("INTS", "int[]").replace("BOXES", "Integer[]")));
        Path longs = compile("longs", "Holder", Map.of("ev/Holder.java", holder.replace("INTS", "long[]")
            .replace("BOXES", "Integer[]").replace("new int[]", "new long[]")));
        Path boxes = compile("boxes", "Holder", Map.of("ev/Holder.java", holder.replace("INTS", "int[]")
            .replace("BOXES", "Long[]").replace("new Integer[] {3, 4}", "new Long[] {3L, 4L}")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "2 4");
        assertRefused(run(longs, db, "read"), "IncompatibleSchemaException: Field ev.Holder.ints holds a collection stored"
            + " with element int[], which its declared element type long[] does not admit");
        assertRefused(run(boxes, db, "read"), "IncompatibleSchemaException: Field ev.Holder.boxes", "an array holding a"
            + " java.lang.Integer, which its declared value type java.lang.Long[] does not admit", "(Met reading collection ",
            " of " + db + ".)");
        assertState(run(v1, db, "read"), "2 4");
    }

    /**
     * A collection two fields hold, whose declarations part ways in a later version ({@code List<Integer>} in both made
     * {@code List<Long>} in one), is refused through the field that no longer admits its elements, whichever of the two
     * is read first: it was read as the first field declared it, and the second field's code met a
     * {@code ClassCastException}, or its lookups missed (trial 33).
     */
    @Test
    void shouldRefuseACollectionSharedByTwoFieldsWhoseDeclarationsPartedWays() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  HA a = new HA(); HB b = new HB();",
            "  static Holder sample() { Holder h = new Holder(); List<Integer> shared = new ArrayList<>(List.of(7));"
                + " h.a.i = shared; h.b.i = shared; return h; }",
            "  void touch() { }",
            "  String describe() { return DESCRIBE; }",
            "}");
        String ha = "package ev; import java.util.*; @org.swizzle.Persistent public class HA { List<Integer> i; }";
        String hb = "package ev; import java.util.*; @org.swizzle.Persistent public class HB { List<ELEMENT> i; }";
        String both = "b.i.get(0) + \" \" + a.i.get(0) + \" \" + (a.i == b.i)";
        Path v1 = compile("v1", "Holder", Map.of("ev/Holder.java", holder.replace("DESCRIBE", both), "ev/HA.java", ha,
            "ev/HB.java", hb.replace("ELEMENT", "Integer")));
        Path bFirst = compile("bFirst", "Holder", Map.of("ev/Holder.java", holder.replace("DESCRIBE", "b.i.size() + \" \" + a.i.get(0)")
            .replace("h.b.i = shared;", ""), "ev/HA.java", ha, "ev/HB.java", hb.replace("ELEMENT", "Long")));
        Path aFirst = compile("aFirst", "Holder", Map.of("ev/Holder.java", holder.replace("DESCRIBE", "a.i.get(0) + \" \" + b.i.size()")
            .replace("h.b.i = shared;", ""), "ev/HA.java", ha, "ev/HB.java", hb.replace("ELEMENT", "Long")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "7 7 true");
        assertRefused(run(bFirst, db, "read"), "IncompatibleSchemaException: Field ev.HA.i holds the collection that field"
            + " ev.HB.i holds too, and declares its elements as java.lang.Integer, which its java.lang.Long is not");
        assertRefused(run(aFirst, db, "read"), "IncompatibleSchemaException: Field ev.HB.i holds the collection that field"
            + " ev.HA.i holds too, and declares its elements as java.lang.Long, which its java.lang.Integer is not");
        assertState(run(v1, db, "read"), "7 7 true");
    }

    private static Map<String, String> with(Map<String, String> classes, String path, String source) {
        Map<String, String> all = new java.util.HashMap<>(classes);
        all.put(path, source);
        return all;
    }

    /**
     * A collection field whose declared boxes were widened ({@code List<Integer>} to {@code List<Long>}, keys and values
     * of maps, sorted keys, set elements, the values and list elements of collections stored in pages) reads them
     * converted, as a widened field does, and commits what it changes with the new class; values of a class the new
     * declaration does not admit ({@code List<Long>} made {@code List<String>}), a large map or set whose keys were
     * widened (its pages are placed by the stored keys' hashes), and keys widened with rounding (int to float) are
     * refused with {@code IncompatibleSchemaException} naming the field and both classes, not left to a
     * {@code ClassCastException} or merged.
     */
    @Test
    void shouldWidenTheBoxesOfCollectionsAndRefuseValuesThatCannotBe() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  List<COUNT> counts = new ArrayList<>();",
            "  Map<String, COUNT> byName = new HashMap<>();",
            "  TreeMap<SHORT, String> sorted = new TreeMap<>();",
            "  Set<COUNT> ids = new HashSet<>();",
            "  List<COUNT> many = new ArrayList<>();",
            "  Map<KEY, COUNT> big = new HashMap<>();",
            "  Set<Integer> bigIds = new HashSet<>();",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { TOUCH }",
            "  String describe() { DESCRIBE }",
            "}");
        String sample = "Holder h = new Holder(); h.counts.addAll(List.of(1, -2)); h.byName.put(\"a\", 1); h.byName.put(\"b\", -5);"
            + " h.byName.put(\"c\", 16_777_217);"
            + " h.sorted.put((short) 3, \"x\"); h.sorted.put((short) -4, \"y\"); h.ids.addAll(List.of(7, -9, 16_777_217));"
            + " for (int i = -1000; i < 1000; i++) { h.many.add(i); h.big.put(i, 2 * i); h.bigIds.add(i); } return h;";
        String widened = "long c = 0; for (Long v : counts) c += v; long m = 0; for (Long v : many) m += v;"
            + " long b = 0; for (Long v : big.values()) b += v;"
            + " return c + \" \" + (byName.get(\"a\") + byName.get(\"b\")) + \" \" + sorted.firstKey().getClass().getSimpleName()"
            + " + sorted.get(-4) + \" \" + ids.contains(-9L) + \" \" + m + \" \" + b + \" \" + big.get(-7);";
        Path v1 = compile("v1", "Holder", Map.of("ev/Holder.java", holder.replace("COUNT", "Integer").replace("SHORT", "Short")
            .replace("KEY", "Integer").replace("SAMPLE", sample).replace("TOUCH", "")
            .replace("DESCRIBE", "return counts + \" \" + big.get(-7);")));
        String read = holder.replace("SAMPLE", "return null;");
        Path v2 = compile("v2", "Holder", Map.of("ev/Holder.java", read.replace("COUNT", "Long").replace("SHORT", "Integer")
            .replace("KEY", "Integer").replace("TOUCH", "counts.add(3L); big.put(-7, 70L);").replace("DESCRIBE", widened)));
        Path unrelated = compile("unrelated", "Holder", Map.of("ev/Holder.java", read.replace("List<COUNT> counts", "List<String> counts")
            .replace("COUNT", "Long").replace("SHORT", "Short").replace("KEY", "Integer").replace("TOUCH", "")
            .replace("DESCRIBE", "Object first = counts.get(0); return first.getClass().getSimpleName();")));
        Path roundedKeys = compile("rounded", "Holder", Map.of("ev/Holder.java", read.replace("Set<COUNT> ids", "Set<Float> ids")
            .replace("COUNT", "Long").replace("SHORT", "Short").replace("KEY", "Integer").replace("TOUCH", "")
            .replace("DESCRIBE", "return \"\" + ids;")));
        Path roundedValues = compile("roundedValues", "Holder", Map.of("ev/Holder.java", read.replace("Map<String, COUNT> byName",
            "Map<String, Float> byName").replace("COUNT", "Long").replace("SHORT", "Short").replace("KEY", "Integer")
            .replace("TOUCH", "").replace("DESCRIBE", "return \"\" + byName;")));
        Path keysWidened = compile("keys", "Holder", Map.of("ev/Holder.java", read.replace("COUNT", "Long")
            .replace("SHORT", "Short").replace("KEY", "Long").replace("TOUCH", "").replace("DESCRIBE", "return \"\" + big.get(-7L);")));
        Path setKeysWidened = compile("setKeys", "Holder", Map.of("ev/Holder.java", read.replace("Set<Integer> bigIds",
            "Set<Long> bigIds").replace("COUNT", "Long").replace("SHORT", "Short").replace("KEY", "Integer").replace("TOUCH", "")
            .replace("DESCRIBE", "return \"\" + bigIds.contains(-9L);")));
        Path keysChanged = compile("keysChanged", "Holder", Map.of("ev/Holder.java", read.replace("Map<String, COUNT> byName",
            "Map<Integer, COUNT> byName").replace("COUNT", "Long").replace("SHORT", "Short").replace("KEY", "Integer")
            .replace("TOUCH", "").replace("DESCRIBE", "return \"\" + byName.get(5);")));
        Path bigKeysChanged = compile("bigKeysChanged", "Holder", Map.of("ev/Holder.java", read.replace("COUNT", "Long")
            .replace("SHORT", "Short").replace("KEY", "String").replace("TOUCH", "").replace("DESCRIBE", "return \"\" + big.get(\"5\");")));
        Path manyStrings = compile("manyStrings", "Holder", Map.of("ev/Holder.java", read.replace("List<COUNT> many",
            "List<String> many").replace("COUNT", "Long").replace("SHORT", "Short").replace("KEY", "Integer").replace("TOUCH", "")
            .replace("DESCRIBE", "return many.get(1_500);")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "[1, -2] -14");
        assertState(run(v2, db, "read"), "-1 -4 Integery true -1000 -2000 -14");
        assertState(run(v2, db, "touch"), "2 -4 Integery true -1000 -1916 70");
        assertState(run(v2, db, "read"), "2 -4 Integery true -1000 -1916 70");
        assertRefused(run(unrelated, db, "read"), "IncompatibleSchemaException: Field ev.Holder.counts", "element"
            + " java.lang.Long, which its declared element type java.lang.String does not admit");
        assertRefused(run(roundedKeys, db, "read"), "IncompatibleSchemaException: Field ev.Holder.ids", "element java.lang.Integer,"
            + " which its declared element type java.lang.Float does not admit here: 16777217 is not exactly a Float");
        assertRefused(run(roundedValues, db, "read"), "IncompatibleSchemaException: Field ev.Holder.byName", "value"
            + " java.lang.Integer, which its declared value type java.lang.Float does not admit here: 16777217 is not exactly a"
            + " Float (it would read 1.6777216E7, and a commit would store that)", "(Met reading collection ", " of " + db + ".)");
        assertRefused(run(keysWidened, db, "read"), "IncompatibleSchemaException: Field ev.Holder.big", "key java.lang.Integer,"
            + " which its declared key type java.lang.Long does not admit here", "keep the class they were stored with");
        assertRefused(run(setKeysWidened, db, "read"), "IncompatibleSchemaException: Field ev.Holder.bigIds", "key java.lang.Integer,"
            + " which its declared key type java.lang.Long does not admit here");
        assertRefused(run(keysChanged, db, "read"), "IncompatibleSchemaException: Field ev.Holder.byName", "key java.lang.String,"
            + " which its declared key type java.lang.Integer does not admit");
        assertRefused(run(bigKeysChanged, db, "read"), "IncompatibleSchemaException: Field ev.Holder.big", "key java.lang.Integer,"
            + " which its declared key type java.lang.String does not admit");
        assertRefused(run(manyStrings, db, "read"), "IncompatibleSchemaException: Field ev.Holder.many", "element"
            + " java.lang.Integer, which its declared element type java.lang.String does not admit");
        assertRefused(run(v1, db, "read"), "IncompatibleSchemaException: Field ev.Holder.counts", "element java.lang.Long, which"
            + " its declared element type java.lang.Integer does not admit"); // back to v1 after v2 committed wider values
        assertState(run(v2, db, "read"), "2 -4 Integery true -1000 -1916 70"); // nothing refused was written
    }

    /**
     * A collection field declared as another {@code java.util} type its stored collection is ({@code List} made
     * {@code ArrayList}, {@code ArrayList} made {@code List}, {@code Map} made {@code HashMap}) reads it, and commits
     * changes through it; one the stored collection is not ({@code LinkedList} made {@code ArrayList}, {@code List}
     * made {@code Set}) is refused with {@code IncompatibleSchemaException} naming the field.
     */
    @Test
    void shouldReadACollectionIntoAFieldOfAnotherCollectionTypeThatAdmitsIt() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  NAMES names = new ArrayList<>(List.of(\"a\"));",
            "  MORE more = new ArrayList<>(List.of(\"b\"));",
            "  BYNAME byName = new HashMap<>(Map.of(\"c\", 1));",
            "  LINKED linked = new LinkedList<>(List.of(\"d\"));",
            "  static Holder sample() { return new Holder(); }",
            "  void touch() { names.add(\"a2\"); more.add(\"b2\"); byName.put(\"c2\", 2); }",
            "  String describe() { return names + \" \" + more + \" \" + new TreeMap<>(byName) + \" \" + linked; }",
            "}");
        String v1Source = holder.replace("NAMES", "List<String>").replace("MORE", "ArrayList<String>")
            .replace("BYNAME", "Map<String, Integer>").replace("LINKED", "LinkedList<String>");
        Path v1 = compile("v1", "Holder", Map.of("ev/Holder.java", v1Source));
        Path v2 = compile("v2", "Holder", Map.of("ev/Holder.java", holder.replace("NAMES", "ArrayList<String>")
            .replace("MORE", "List<String>").replace("BYNAME", "HashMap<String, Integer>").replace("LINKED", "List<String>")));
        Path notAdmitted = compile("linked", "Holder", Map.of("ev/Holder.java", v1Source.replace("LinkedList<String> linked",
            "ArrayList<String> linked").replace("new LinkedList<>(List.of(\"d\"))", "new ArrayList<>()")));
        Path listToSet = compile("set", "Holder", Map.of("ev/Holder.java", v1Source.replace("List<String> names =",
            "Set<String> names =").replace("new ArrayList<>(List.of(\"a\"))", "new HashSet<>()")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "[a] [b] {c=1} [d]");
        assertState(run(v2, db, "read"), "[a] [b] {c=1} [d]");
        assertState(run(v2, db, "touch"), "[a, a2] [b, b2] {c=1, c2=2} [d]");
        assertState(run(v1, db, "read"), "[a, a2] [b, b2] {c=1, c2=2} [d]");
        assertRefused(run(notAdmitted, db, "read"), "IncompatibleSchemaException: Field ev.Holder.linked of",
            "its declared type no longer admits");
        String refused = run(listToSet, db, "read");
        assertRefused(refused, "IncompatibleSchemaException: Field ev.Holder.names of", "its declared type no longer admits"
            + " (class java.util.ArrayList cannot be cast to class java.util.Set)");
        assertFalse(refused.contains("org.swizzle.internal"), "the application's terms, not Swizzle's classes:\n" + refused);
    }

    /**
     * An enum renamed, with the old name in its {@code @PreviousNames}, reads the constants stored in a field (now of the
     * new type) and in a collection, and stores them under the new name; an enum that does not name the old one leaves
     * the stored constants refused, naming the missing class.
     */
    @Test
    void shouldReadAnEnumRenamedWithPreviousNames() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Holder {",
            "  ENUM c; java.util.List<ENUM> cs = new java.util.ArrayList<>(); java.util.List<Object> objects = new java.util.ArrayList<>();",
            "  USES",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { TOUCH }",
            "  String describe() { return c.getClass().getSimpleName() + \" \" + c + \" \" + cs + \" \" + objects; }",
            "}");
        Path v1 = compile("v1", "Holder", Map.of("ev/Color.java", "package ev; public enum Color { RED, GREEN }",
            "ev/Holder.java", holder.replace("ENUM", "Color").replace("TOUCH", "").replace("USES", "").replace("SAMPLE",
                "Holder h = new Holder(); h.c = Color.GREEN; h.cs.add(Color.RED); h.objects.add(Color.RED); return h;")));
        // the list of objects names no type the store meets: the enum is found among the classes the agent saw loaded
        Path renamed = compile("renamed", "Holder", Map.of("ev/Hue.java",
            "package ev; @org.swizzle.PreviousNames(\"ev.Color\") public enum Hue { RED, GREEN, BLUE }",
            "ev/Holder.java", holder.replace("ENUM", "Hue").replace("SAMPLE", "return null;")
                .replace("TOUCH", "cs.add(c); c = Hue.BLUE;").replace("USES", "static final Object USED = Hue.GREEN;")));
        Path onlyObjects = compile("objects", "Holder", Map.of("ev/Hue.java",
            "package ev; @org.swizzle.PreviousNames(\"ev.Color\") public enum Hue { RED, GREEN, BLUE }",
            "ev/Holder.java", holder.replace("ENUM c; java.util.List<ENUM> cs = new java.util.ArrayList<>();", "")
                .replace("c.getClass().getSimpleName() + \" \" + c + \" \" + cs + \" \" + ", "\"\" + ")
                .replace("SAMPLE", "return null;").replace("TOUCH", "").replace("USES", "static final Object USED = Hue.GREEN;")));
        Path unnamed = compile("unnamed", "Holder", Map.of("ev/Shade.java", "package ev; public enum Shade { RED, GREEN }",
            "ev/Holder.java", holder.replace("ENUM", "Shade").replace("SAMPLE", "return null;").replace("TOUCH", "")
                .replace("USES", "")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "Color GREEN [RED] [RED]");
        assertRefused(run(unnamed, db, "read"), "IncompatibleSchemaException: Class ev.Color has stored objects, or references"
            + " stored as to objects of it (by a version of the application that renamed a class to it), but is not on the class path", "@org.swizzle.PreviousNames(\"ev.Color\")");
        assertState(run(onlyObjects, db, "read"), "[RED]");
        assertState(run(renamed, db, "read"), "Hue GREEN [RED] [RED]");
        assertState(run(renamed, db, "touch"), "Hue BLUE [RED, GREEN] [RED]");
        assertState(run(renamed, db, "read"), "Hue BLUE [RED, GREEN] [RED]");
    }

    /**
     * A constant renamed with {@code @PreviousNames}, a key of a map and an element of a set large enough to be stored in
     * pages, which are placed by their keys' names: the entry stays in the page of the name it was put under, where a
     * lookup, a put and a removal find it, and a split of that page keeps it there. It was refused as a damaged store
     * ("outside its range of hashes"), and a put of the renamed constant added it a second time.
     */
    @Test
    void shouldFindAConstantRenamedSinceItWasPutIntoAPagedMapOrSet() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  HashMap<Object, String> map = new HashMap<>(); HashSet<Object> set = new HashSet<>();",
            "  static Holder sample() {",
            "    Holder h = new Holder();",
            "    for (int i = 0; i < 1_000; i++) { h.map.put(i, \"n\" + i); h.set.add(i); }",
            "    for (Kind k : Kind.values()) { h.map.put(k, \"kind \" + k); h.set.add(k); }",
            "    return h;",
            "  }",
            "  void touch() {",
            "    String old = map.put(Kind.NAME, \"renamed\"); boolean added = set.add(Kind.NAME);",
            "    for (int i = 1_000; i < 5_000; i++) { map.put(i, \"n\" + i); set.add(i); }",
            "    System.out.println(\"PUT \" + old + \" \" + added + \" \" + map.remove(Kind.A) + \" \" + set.remove(Kind.A));",
            "  }",
            "  String describe() {",
            "    long seen = map.keySet().stream().filter(k -> k == Kind.NAME).count() + set.stream().filter(k -> k == Kind.NAME).count();",
            "    return map.size() + \" \" + set.size() + \" \" + map.get(Kind.NAME) + \" \" + set.contains(Kind.NAME) + \" \"",
            "      + map.containsKey(Kind.A) + \" \" + map.get(4_999) + \" seen \" + seen;",
            "  }",
            "}");
        Path v1 = compile("v1", "Holder", Map.of("ev/Kind.java", "package ev; public enum Kind { A, B, C }",
            "ev/Holder.java", holder.replace("NAME", "B")));
        Path renamed = compile("renamed", "Holder", Map.of("ev/Kind.java",
            "package ev; public enum Kind { A, @org.swizzle.PreviousNames(\"B\") BEE, C }",
            "ev/Holder.java", holder.replace("NAME", "BEE")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "1003 1003 kind B true true null seen 2");
        assertState(run(renamed, db, "read"), "1003 1003 kind B true true null seen 2");
        String touched = run(renamed, db, "touch");
        assertTrue(touched.contains("PUT kind B false kind A true"), touched);
        assertState(touched, "5002 5002 renamed true false n4999 seen 2");
        assertState(run(renamed, db, "read"), "5002 5002 renamed true false n4999 seen 2");
    }

    /**
     * A {@code TreeMap} and a {@code TreeSet} of persistent keys large enough to be stored in chunks, read after the keys'
     * {@code compareTo} changed: not sorted again when read, as a small one is, they are refused when a chunk read shows
     * keys out of order, naming the field and the class. Lookups missed most keys without a word, and a put added a key
     * the map held. The former class still reads them.
     */
    @Test
    void shouldRefuseALargeSortedMapWhoseKeysCompareOtherwiseNow() throws IOException {
        String key = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Key implements Comparable<Key> {",
            "  String name; int number;",
            "  Key(int number) { this.number = number; this.name = \"k\" + (number * 7_919 % 2_000); }",
            "  public int compareTo(Key other) { ORDER }",
            "  public boolean equals(Object o) { return o instanceof Key && ((Key) o).number == number; }",
            "  public int hashCode() { return number; }",
            "}");
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  TreeMap<Key, Integer> map = new TreeMap<>(); TreeSet<Key> set = new TreeSet<>(); List<Key> keys = new ArrayList<>();",
            "  static Holder sample() {",
            "    Holder h = new Holder();",
            "    for (int i = 0; i < 2_000; i++) { Key k = new Key(i); h.keys.add(k); h.map.put(k, i); h.set.add(k); }",
            "    return h;",
            "  }",
            "  void touch() { }",
            "  String describe() {",
            "    int found = 0;",
            "    for (Key k : keys) { if (map.get(k) != null) { found++; } if (set.contains(k)) { found++; } }",
            "    return \"found \" + found;",
            "  }",
            "}");
        Map<String, String> classes = Map.of("ev/Holder.java", holder);
        Path byName = compile("name", "Holder", with(classes, "ev/Key.java",
            key.replace("ORDER", "return name.compareTo(other.name);")));
        Path byNumber = compile("number", "Holder", with(classes, "ev/Key.java",
            key.replace("ORDER", "return Integer.compare(number, other.number);")));
        String db = dir.resolve("db").toString();

        assertState(run(byName, db, "write"), "found 4000");
        assertRefused(run(byNumber, db, "read"), "IncompatibleSchemaException: Field ev.Holder.",
            "holds a sorted map or set of 2000 entries, stored in chunks, whose keys are not in the order their compareTo"
            + " gives now", "The order of ev.Key changed since they were stored", "Put the former compareTo back");
        assertState(run(byName, db, "read"), "found 4000");
    }

    /**
     * The same with enum keys whose constants are declared in another order: an enum's {@code compareTo} is final, so
     * the refusal says to declare them in their former order, not to change {@code compareTo}; declared so again, the
     * map and set read whole.
     */
    @Test
    void shouldRefuseALargeSortedMapOfEnumKeysWhoseConstantsAreReordered() throws IOException {
        StringBuilder constants = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            constants.append(i == 0 ? "" : ", ").append('C').append(i);
        }
        String declared = constants.toString();
        String reordered = declared.replace("C100, C101,", "C101, C100,");
        String holder = String.join("\n",
            "package ev;",
            "import java.util.*;",
            "@org.swizzle.Persistent public class Holder {",
            "  TreeMap<Big, Integer> map = new TreeMap<>(); TreeSet<Big> set = new TreeSet<>();",
            "  static Holder sample() {",
            "    Holder h = new Holder();",
            "    for (Big b : Big.values()) { h.map.put(b, b.ordinal()); h.set.add(b); }",
            "    return h;",
            "  }",
            "  void touch() { }",
            "  String describe() {",
            "    int found = 0;",
            "    for (Big b : Big.values()) { if (map.get(b) != null) { found++; } if (set.contains(b)) { found++; } }",
            "    return \"found \" + found;",
            "  }",
            "}");
        Path former = compile("former", "Holder", Map.of("ev/Holder.java", holder,
            "ev/Big.java", "package ev; public enum Big { " + declared + " }"));
        Path swapped = compile("swapped", "Holder", Map.of("ev/Holder.java", holder,
            "ev/Big.java", "package ev; public enum Big { " + reordered + " }"));
        String db = dir.resolve("db").toString();

        assertState(run(former, db, "write"), "found 1200");
        assertRefused(run(swapped, db, "read"), "IncompatibleSchemaException: Field ev.Holder.",
            "holds a sorted map or set of 600 entries, stored in chunks, whose keys are not in the order of the constants"
            + " of enum ev.Big now: the key of entry 100 (C100) sorts at or after that of entry 101 (C101)",
            "Declare them in their former order again");
        assertState(run(former, db, "read"), "found 1200");
    }

    /**
     * An array field retyped from {@code Part[]} to {@code Named[]}, an interface {@code Part} implements, reads its
     * parts into a {@code Named[]}, which then takes another {@code Named} (a {@code Part[]} would throw
     * {@code ArrayStoreException}), and so does an array of such arrays; a {@code List<Named[]>} (from
     * {@code List<Part[]>}) keeps its {@code Part[]}, which its new declaration admits, as a collection cannot tell a
     * changed declaration from a {@code Part[]} put into a {@code List<Named[]>}; retyped to a class its elements are
     * not, it is refused with {@code IncompatibleSchemaException} naming the field and the element's class.
     */
    @Test
    void shouldReadAnArrayFieldRetypedToATypeItsElementsAre() throws IOException {
        String holder = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Holder {",
            "  ELEMENT[] parts; ELEMENT[][] rows; java.util.List<ELEMENT[]> list = new java.util.ArrayList<>();",
            "  static Holder sample() { SAMPLE }",
            "  void touch() { TOUCH }",
            "  String describe() { return parts.getClass().getSimpleName() + java.util.Arrays.toString(parts) + \" \"",
            "    + rows.getClass().getSimpleName() + java.util.Arrays.deepToString(rows) + \" \"",
            "    + list.get(0).getClass().getSimpleName() + java.util.Arrays.toString(list.get(0)); }",
            "}");
        String named = "package ev; public interface Named { }";
        String part = "package ev; @org.swizzle.Persistent public class Part implements Named { int v = 42; public String toString() { return \"part\" + v; } }";
        String other = "package ev; @org.swizzle.Persistent public class Other implements Named { public String toString() { return \"other\"; } }";
        Path v1 = compile("v1", "Holder", Map.of("ev/Named.java", named, "ev/Part.java", part, "ev/Other.java", other,
            "ev/Holder.java", holder.replace("ELEMENT", "Part").replace("TOUCH", "").replace("SAMPLE",
                "Holder h = new Holder(); h.parts = new Part[] {new Part(), null}; h.rows = new Part[][] {{h.parts[0]}, null};"
                    + " h.list.add(new Part[] {h.parts[0], null}); return h;")));
        Path byInterface = compile("interface", "Holder", Map.of("ev/Named.java", named, "ev/Part.java", part,
            "ev/Other.java", other, "ev/Holder.java", holder.replace("ELEMENT", "Named").replace("SAMPLE", "return null;")
                .replace("TOUCH", "parts[1] = new Other(); rows[0] = new Named[] {rows[0][0], new Other()};"
                    + " list.set(0, new Named[] {list.get(0)[0], new Other()});")));
        Path unrelated = compile("unrelated", "Holder", Map.of("ev/Named.java", named, "ev/Part.java", part,
            "ev/Other.java", other, "ev/Holder.java", holder.replace("ELEMENT", "Other").replace("SAMPLE", "return null;")
                .replace("TOUCH", "")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "Part[][part42, null] Part[][][[part42], null] Part[][part42, null]");
        assertState(run(byInterface, db, "read"), "Named[][part42, null] Named[][][[part42], null] Part[][part42, null]");
        assertState(run(byInterface, db, "touch"), "Named[][part42, other] Named[][][[part42, other], null] Named[][part42, other]");
        assertState(run(byInterface, db, "read"), "Named[][part42, other] Named[][][[part42, other], null] Named[][part42, other]");
        assertRefused(run(unrelated, db, "read"), "IncompatibleSchemaException: Field ev.Holder.", " an array that holds a ev.Part,"
            + " which its declared type ev.Other[]", "does not admit");
    }

    private static void assertRefused(String output, String... parts) {
        for (String part : parts) {
            assertTrue(output.contains(part), "expected " + part + " in:\n" + output);
        }
        assertFalse(output.contains("STATE") || output.contains("ClassCastException") || output.contains("Corrupted"), output);
    }

    /** A persistent class made an interface is refused saying so, not with advice to annotate it, which it cannot take. */
    @Test
    void shouldRefuseObjectsOfAClassThatIsNowAnInterfaceSayingSo() throws IOException {
        String rec = String.join("\n",
            "package ev;",
            "@org.swizzle.Persistent public class Rec {",
            "  Shape shape = new Shape();",
            "  static Rec sample() { return new Rec(); }",
            "  void touch() { }",
            "  String describe() { return \"shape=\" + shape; }",
            "}");
        Path v1 = compile("v1", "Rec", Map.of("ev/Rec.java", rec, "ev/Shape.java",
            "package ev; @org.swizzle.Persistent public class Shape { int r = 6; public String toString() { return \"r\" + r; } }"));
        Path v2 = compile("v2", "Rec", Map.of("ev/Rec.java", rec.replace("new Shape()", "new Circle()"), "ev/Circle.java",
            "package ev; @org.swizzle.Persistent public class Circle implements Shape { }", "ev/Shape.java",
            "package ev; public interface Shape { }"));
        String db = dir.resolve("db").toString();
        assertState(run(v1, db, "write"), "shape=r6");
        String refused = run(v2, db, "read");
        assertRefused(refused, "IncompatibleSchemaException: Class ev.Shape has stored objects but is now an interface",
            "Make it a @Persistent class again, or move @PreviousNames(\"ev.Shape\")");
        assertFalse(refused.contains("Annotate it"), refused);
        assertState(run(v1, db, "read"), "shape=r6");
    }

    @Test
    void shouldRefuseToReadObjectsOfAClassThatNowHidesAStoredFieldOfItsSuperclass() throws IOException {
        String animal = "package ev; @org.swizzle.Persistent public class Animal { int legs = 4; }";
        String dog = String.join("\n",
            "package ev;",
            "public class Dog extends Animal {",
            "  String name = \"rex\";",
            "  static Dog sample() { return new Dog(); }",
            "  void touch() { }",
            "  String describe() { return name + \" \" + legs; }",
            "}");
        Path v1 = compile("v1", "Dog", Map.of("ev/Animal.java", animal, "ev/Dog.java", dog));
        Path v2 = compile("v2", "Dog", Map.of("ev/Animal.java", animal, "ev/Dog.java",
            dog.replace("String name", "int legs = 3; String name")));
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "rex 4");
        String refused = run(v2, db, "read");
        assertTrue(refused.contains("UnsupportedClassException: Cannot enhance @Persistent class ev.Dog: its field legs"
            + " hides the stored field legs of its superclass ev.Animal"), refused);
        assertFalse(refused.contains("STATE"), refused);
    }

    private String run(Path version, String db, String... args) {
        return run("", version, db, args);
    }

    /** Runs {@code ev.Main} of {@code version} on {@code db} with the agent started with {@code options}. */
    private String run(String options, Path version, String db, String... args) {
        List<String> all = new ArrayList<>(List.of(db));
        all.addAll(List.of(args));
        return Jvm.withAgent(options).prependClassPath(version).run("ev.Main", all.toArray(new String[0])).ok().output;
    }

    private static void assertState(String output, String expected) {
        assertTrue(output.contains("STATE " + expected), "expected STATE " + expected + " in:\n" + output);
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    /** Compiles {@code sources} (path to text) with an {@code ev.Main} on root type {@code root}. */
    private Path compile(String name, String root, Map<String, String> sources) throws IOException {
        Path src = dir.resolve(name + "-src");
        List<String> arguments = new ArrayList<>(List.of("-d", dir.resolve(name).toString(), "-cp",
            System.getProperty("java.class.path")));
        Map<String, String> all = new java.util.HashMap<>(sources);
        all.put("ev/Main.java", MAIN.replace("ROOT", root));
        for (Map.Entry<String, String> source : all.entrySet()) {
            Path file = src.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        Files.createDirectories(dir.resolve(name));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, arguments.toArray(new String[0])), "compiling " + name);
        return dir.resolve(name);
    }
}
