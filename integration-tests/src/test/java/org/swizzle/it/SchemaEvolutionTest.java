package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A class changes between runs: each version of {@code evolve.Record} is compiled here, and each
 * JVM runs with one version first on its class path, against the same store.
 */
class SchemaEvolutionTest {

    private static final String MAIN = String.join("\n",
        "package evolve;",
        "import java.nio.file.Path;",
        "import org.swizzle.ObjectStore;",
        "public class Main {",
        "  public static void main(String[] args) {",
        "    try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {",
        "      if (args[1].equals(\"write\")) { store.setRoot(\"r\", Record.sample()); store.commit(); }",
        "      Record r = store.root(\"r\", Record.class);",
        "      if (args[1].equals(\"touch\")) { r.touch(); store.commit(); }",
        "      System.out.println(\"STATE \" + r.describe());",
        "    } catch (org.swizzle.StoreException e) {",
        "      System.out.println(e.getClass().getSimpleName() + \": \" + e.getMessage());",
        "    }",
        "  }",
        "}");

    private static final String V1 = String.join("\n",
        "package evolve;",
        "@org.swizzle.Persistent public class Record {",
        "  int a; String b; long removed; java.util.List<String> gone; Record next;",
        "  static Record sample() { Record r = new Record(); r.a = 7; r.b = \"bee\"; r.removed = 99; r.gone = java.util.List.of(\"g\");",
        "    r.next = new Record(); r.next.a = 8; return r; }",
        "  void touch() { a++; }",
        "  String describe() { return \"a=\" + a + \" b=\" + b + \" removed=\" + removed + \" next.a=\" + next.a; }",
        "}");

    private static final String V2 = String.join("\n",
        "package evolve;",
        "@org.swizzle.Persistent public class Record {",
        "  String b; double added = 5.0; int a; Record next;",
        "  static Record sample() { return new Record(); }",
        "  void touch() { a += 100; added = 1.5; }",
        "  String describe() { return \"a=\" + a + \" b=\" + b + \" added=\" + added + \" next.a=\" + next.a; }",
        "}");

    private static final String V3 = String.join("\n",
        "package evolve;",
        "@org.swizzle.Persistent public class Record {",
        "  String a; String b; Record next;",
        "  static Record sample() { return new Record(); }",
        "  void touch() { }",
        "  String describe() { return \"a=\" + a; }",
        "}");

    @TempDir
    Path dir;

    @Test
    void shouldLoadOldObjectsIntoANewShapeAndRefuseAnIncompatibleType() throws IOException {
        Path v1 = compile("v1", V1);
        Path v2 = compile("v2", V2);
        Path v3 = compile("v3", V3);
        String db = dir.resolve("db").toString();

        assertState(run(v1, db, "write"), "a=7 b=bee removed=99 next.a=8");
        assertState(run(v2, db, "read"), "a=7 b=bee added=0.0 next.a=8");
        assertState(run(v2, db, "touch"), "a=107 b=bee added=1.5 next.a=8");
        assertState(run(v2, db, "read"), "a=107 b=bee added=1.5 next.a=8");

        String refused = run(v3, db, "read");
        assertTrue(refused.contains("IncompatibleSchemaException") && refused.contains("evolve.Record.a")
            && refused.contains("int") && refused.contains("java.lang.String"), refused);
        assertState(run(v2, db, "read"), "a=107 b=bee added=1.5 next.a=8");
    }

    private String run(Path version, String db, String action) {
        return Jvm.withAgent().prependClassPath(version).run("evolve.Main", db, action).ok().output;
    }

    private static void assertState(String output, String expected) {
        assertTrue(output.contains("STATE " + expected), "expected STATE " + expected + " in:\n" + output);
    }

    private Path compile(String name, String record) throws IOException {
        Path src = dir.resolve(name + "-src/evolve");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Record.java"), record);
        Files.writeString(src.resolve("Main.java"), MAIN);
        Path out = dir.resolve(name);
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "-d", out.toString(), "-cp", System.getProperty("java.class.path"),
            src.resolve("Record.java").toString(), src.resolve("Main.java").toString());
        assertEquals(0, status, "compiling " + name);
        return out;
    }
}
