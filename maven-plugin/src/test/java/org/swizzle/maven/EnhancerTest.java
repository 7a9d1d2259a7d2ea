package org.swizzle.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.IncompatibleEnhancementException;
import org.swizzle.NotEnhancedException;
import org.swizzle.ObjectStore;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;
import org.swizzle.internal.Persistable;

/**
 * The plugin's core on the compiled fixtures ({@code org.swizzle.maven.fixtures}), copied to a temporary
 * directory, enhanced there and loaded from there by a class loader of their own: no agent in this JVM.
 */
class EnhancerTest {

    private static final String FIXTURES = "org/swizzle/maven/fixtures";
    private static final String NOTE = "org.swizzle.maven.fixtures.Note";

    @TempDir
    Path temp;

    @Test
    void enhancesPersistentClassesAndRewritesAccessesElsewhere() throws IOException {
        Path classes = copyFixtures(temp.resolve("classes"));
        byte[] plain = Files.readAllBytes(classes.resolve(FIXTURES + "/Plain.class"));

        Enhancer.Result result = new Enhancer(AgentOptions.parse(""), classes, classpath()).run();

        assertFalse(result.failed(), () -> String.join("\n", result.problems()));
        assertEquals(List.of("org.swizzle.maven.fixtures.Memo", NOTE), result.enhanced());
        assertEquals(List.of("org.swizzle.maven.fixtures.NoteEditor"), result.rewritten());
        assertArrayEquals(plain, Files.readAllBytes(classes.resolve(FIXTURES + "/Plain.class")));
        assertEquals(AgentOptions.parse("").toString(), recordedOptions(classes));
    }

    @Test
    void rewritesTheAccessesOfAMultiReleaseVariantToo() throws IOException {
        Path classes = copyFixtures(temp.resolve("classes"));
        Path variant = classes.resolve("META-INF/versions/17/" + FIXTURES + "/NoteEditor.class");
        Files.createDirectories(variant.getParent());
        Files.copy(classes.resolve(FIXTURES + "/NoteEditor.class"), variant);
        byte[] unchanged = Files.readAllBytes(variant);

        Enhancer.Result result = new Enhancer(AgentOptions.parse(""), classes, classpath()).run();

        assertFalse(result.failed(), () -> String.join("\n", result.problems()));
        assertEquals(List.of("org.swizzle.maven.fixtures.NoteEditor", "org.swizzle.maven.fixtures.NoteEditor"),
            result.rewritten(), "the class and its Java 17 variant");
        assertArrayEquals(Files.readAllBytes(classes.resolve(FIXTURES + "/NoteEditor.class")), Files.readAllBytes(variant),
            "the variant's field accesses go through the accessors, as the class's do");
        assertFalse(java.util.Arrays.equals(unchanged, Files.readAllBytes(variant)));
    }

    @Test
    void enhancingTwiceChangesNothing() throws IOException {
        Path classes = copyFixtures(temp.resolve("classes"));
        new Enhancer(AgentOptions.parse(""), classes, classpath()).run();
        byte[] note = Files.readAllBytes(classes.resolve(FIXTURES + "/Note.class"));
        byte[] editor = Files.readAllBytes(classes.resolve(FIXTURES + "/NoteEditor.class"));

        Enhancer.Result again = new Enhancer(AgentOptions.parse(""), classes, classpath()).run();

        assertFalse(again.failed(), () -> String.join("\n", again.problems()));
        assertEquals(List.of(), again.enhanced());
        assertEquals(List.of(), again.rewritten());
        assertEquals(List.of("org.swizzle.maven.fixtures.Memo", NOTE), again.alreadyEnhanced());
        assertArrayEquals(note, Files.readAllBytes(classes.resolve(FIXTURES + "/Note.class")));
        assertArrayEquals(editor, Files.readAllBytes(classes.resolve(FIXTURES + "/NoteEditor.class")));
    }

    @Test
    void classesEnhancedWithOtherOptionsFailTheRun() throws IOException {
        Path classes = copyFixtures(temp.resolve("classes"));
        new Enhancer(AgentOptions.parse(""), classes, classpath()).run();
        byte[] note = Files.readAllBytes(classes.resolve(FIXTURES + "/Note.class"));

        Enhancer.Result other = new Enhancer(AgentOptions.parse("barrier=card"), classes, classpath()).run();

        assertTrue(other.failed());
        String problem = String.join("\n", other.problems());
        assertTrue(problem.contains(NOTE) && problem.contains("barrier=remset") && problem.contains("barrier=card"), problem);
        assertArrayEquals(note, Files.readAllBytes(classes.resolve(FIXTURES + "/Note.class")));
        assertEquals(AgentOptions.parse("").toString(), recordedOptions(classes));
    }

    @Test
    void classesEnhancedByAnotherVersionFailTheRunAndAreRefusedByName() throws Exception {
        Path classes = copyFixtures(temp.resolve("classes"));
        assertFalse(new Enhancer(AgentOptions.parse(""), classes, classpath()).run().failed());
        Path note = classes.resolve(FIXTURES + "/Note.class");
        Files.write(note, recordedVersion(Files.readAllBytes(note), Enhancement.VERSION, Enhancement.VERSION - 1));

        Enhancer.Result again = new Enhancer(AgentOptions.parse(""), classes, classpath()).run();

        assertTrue(again.failed());
        String problem = String.join("\n", again.problems());
        assertTrue(problem.contains(NOTE) && problem.contains("another version") && problem.contains("mvn clean"), problem);
        try (URLClassLoader loader = fixtureLoader(classes); ObjectStore objects = ObjectStore.open(temp.resolve("store"))) {
            Object old = loader.loadClass(NOTE).getConstructor(String.class).newInstance("n");
            IncompatibleEnhancementException refused = assertThrows(IncompatibleEnhancementException.class, () -> {
                objects.setRoot("note", old);
                objects.commit();
            });
            String message = refused.getMessage();
            assertTrue(message.contains(NOTE) && message.contains("another version") && message.contains("mvn clean"), message);
        }
    }

    @Test
    void accessesToAPersistentClassOfAnUnenhancedDependencyFailTheRun() throws IOException {
        Path dependency = copy(temp.resolve("dependency"), FIXTURES, name -> name.startsWith("Note.") || name.startsWith("Memo."));
        Path classes = copy(temp.resolve("classes"), FIXTURES, name -> name.startsWith("NoteEditor."));
        byte[] editor = Files.readAllBytes(classes.resolve(FIXTURES + "/NoteEditor.class"));
        List<Path> classpath = new ArrayList<>(classpath());
        classpath.add(dependency);

        Enhancer.Result unenhanced = new Enhancer(AgentOptions.parse(""), classes, classpath).run();

        assertTrue(unenhanced.failed());
        String problem = String.join("\n", unenhanced.problems());
        assertTrue(problem.contains("org.swizzle.maven.fixtures.NoteEditor reads or writes stored fields of persistent class "
            + NOTE) && problem.contains("not enhanced") && problem.contains("-javaagent"), problem);
        assertArrayEquals(editor, Files.readAllBytes(classes.resolve(FIXTURES + "/NoteEditor.class")), "nothing written");

        assertFalse(new Enhancer(AgentOptions.parse("barrier=card"), dependency, classpath()).run().failed());
        Enhancer.Result otherOptions = new Enhancer(AgentOptions.parse(""), classes, classpath).run();
        String mismatch = String.join("\n", otherOptions.problems());
        assertTrue(otherOptions.failed() && mismatch.contains("barrier=card") && mismatch.contains("barrier=remset"), mismatch);

        Path enhancedAlike = copy(temp.resolve("dependency-enhanced"), FIXTURES, name -> name.startsWith("Note.") || name.startsWith("Memo."));
        assertFalse(new Enhancer(AgentOptions.parse(""), enhancedAlike, classpath()).run().failed());
        classpath.set(classpath.size() - 1, enhancedAlike);
        Enhancer.Result enhanced = new Enhancer(AgentOptions.parse(""), classes, classpath).run();
        assertFalse(enhanced.failed(), () -> String.join("\n", enhanced.problems()));
        assertEquals(List.of("org.swizzle.maven.fixtures.NoteEditor"), enhanced.rewritten());
    }

    /** {@code classFile} with the enhancement version it records changed from {@code from} to {@code to} (one digit each). */
    private static byte[] recordedVersion(byte[] classFile, int from, int to) {
        byte[] recorded = Enhancement.record("").getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + recorded.length <= classFile.length; i++) {
            if (java.util.Arrays.equals(classFile, i, i + recorded.length, recorded, 0, recorded.length)) {
                classFile[i + recorded.length - 1] = (byte) ('0' + to);
                assertEquals('0' + from, recorded[recorded.length - 1]);
                return classFile;
            }
        }
        throw new AssertionError("no recorded enhancement version in the class file");
    }

    @Test
    void enhancedClassesStoreAndReadBackWithoutAgent() throws Exception {
        Path classes = copyFixtures(temp.resolve("classes"));
        assertFalse(new Enhancer(AgentOptions.parse(""), classes, classpath()).run().failed());
        Path store = temp.resolve("store");
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        try (URLClassLoader loader = fixtureLoader(classes)) {
            thread.setContextClassLoader(loader); // the loader a store resolves stored class names with
            Class<?> noteType = loader.loadClass(NOTE);
            assertTrue(Persistable.class.isAssignableFrom(noteType));
            Class<?> editor = loader.loadClass("org.swizzle.maven.fixtures.NoteEditor");
            try (ObjectStore objects = ObjectStore.open(store)) {
                Object first = noteType.getConstructor(String.class).newInstance("first");
                Object second = noteType.getConstructor(String.class).newInstance("second");
                editor.getMethod("link", noteType, noteType).invoke(null, first, second);
                objects.setRoot("notes", first);
                objects.commit();
                editor.getMethod("edit", noteType, String.class).invoke(null, first, "first, edited");
                @SuppressWarnings("unchecked")
                List<String> tags = (List<String>) noteType.getMethod("tags").invoke(first);
                tags.add("kept");
                objects.commit();
            }
            try (ObjectStore objects = ObjectStore.open(store)) {
                Object first = objects.root("notes", noteType);
                assertEquals("first, edited", noteType.getMethod("text").invoke(first));
                assertEquals(1, noteType.getMethod("edits").invoke(first));
                assertEquals(List.of("kept"), noteType.getMethod("tags").invoke(first));
                Object second = noteType.getMethod("next").invoke(first);
                assertEquals("second", noteType.getMethod("text").invoke(second));
            }
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    @Test
    void aClassEnhancedWithOtherOptionsThanTheRuntimeIsRefusedByName() throws Exception {
        Path classes = copyFixtures(temp.resolve("classes"));
        // this JVM runs with the defaults: no agent, and no enhanced-options resource but a fixture's, which agrees
        assertFalse(new Enhancer(AgentOptions.parse("barrier=card,card=256"), classes, classpath()).run().failed());
        try (URLClassLoader loader = fixtureLoader(classes); ObjectStore objects = ObjectStore.open(temp.resolve("store"))) {
            Object note = loader.loadClass(NOTE).getConstructor(String.class).newInstance("n");
            IncompatibleEnhancementException refused = assertThrows(IncompatibleEnhancementException.class, () -> {
                objects.setRoot("note", note);
                objects.commit();
            });
            String message = refused.getMessage();
            assertTrue(message.contains(NOTE) && message.contains("barrier=card") && message.contains("card=256")
                && message.contains(AgentOptions.current().toString()), message);
            // whichever test made this JVM read its options first: the message says where they came from
            String record = AgentOptions.currentRecord();
            assertTrue(message.contains(record == null
                ? "(the defaults: no " + AgentOptions.ENHANCED_RESOURCE + " was found on the class path"
                : "(the options recorded by the build-time enhancement in " + record + ")"), message);
        }
    }

    @Test
    void classesOfTestsAreEnhancedAgainstMainClassesEnhancedBefore() throws Exception {
        // as enhance, then enhance-test: Note in "classes"; its subclass Memo and NoteEditor, which writes
        // Note's fields, in "test-classes", with the enhanced "classes" on the class path
        Path main = copy(temp.resolve("classes"), FIXTURES, name -> name.startsWith("Note.") || name.startsWith("Plain."));
        Path tests = copy(temp.resolve("test-classes"), FIXTURES, name -> name.startsWith("Memo.") || name.startsWith("NoteEditor."));
        assertEquals(List.of(NOTE), new Enhancer(AgentOptions.parse(""), main, classpath()).run().enhanced());
        List<Path> testClasspath = new ArrayList<>(classpath());
        testClasspath.add(0, main);

        Enhancer.Result result = new Enhancer(AgentOptions.parse(""), tests, testClasspath).run();

        assertFalse(result.failed(), () -> String.join("\n", result.problems()));
        assertEquals(List.of("org.swizzle.maven.fixtures.Memo"), result.enhanced());
        assertEquals(List.of("org.swizzle.maven.fixtures.NoteEditor"), result.rewritten());
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        try (URLClassLoader loader = fixtureLoader(main, tests)) {
            thread.setContextClassLoader(loader);
            Class<?> noteType = loader.loadClass(NOTE);
            Class<?> memoType = loader.loadClass("org.swizzle.maven.fixtures.Memo");
            Class<?> editor = loader.loadClass("org.swizzle.maven.fixtures.NoteEditor");
            Path store = temp.resolve("store");
            try (ObjectStore objects = ObjectStore.open(store)) {
                Object memo = memoType.getConstructor(String.class, long.class).newInstance("call", 42L);
                objects.setRoot("memo", memo);
                objects.commit();
                editor.getMethod("edit", noteType, String.class).invoke(null, memo, "call back");
                objects.commit();
            }
            try (ObjectStore objects = ObjectStore.open(store)) {
                Object memo = objects.root("memo", memoType);
                assertEquals("call back", noteType.getMethod("text").invoke(memo));
                assertEquals(42L, memoType.getMethod("due").invoke(memo));
            }
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    @Test
    void aClassTheAgentRefusesFailsTheRunWithTheAgentsReason() throws IOException {
        Path classes = copy(temp.resolve("classes"), "org/swizzle/maven/refused", name -> true);

        Enhancer.Result result = new Enhancer(AgentOptions.parse(""), classes, classpath()).run();

        assertTrue(result.failed());
        String problem = result.problems().get(0);
        assertTrue(problem.contains("org.swizzle.maven.refused.WithThread") && problem.contains("worker"), problem);
        assertFalse(Files.exists(classes.resolve(AgentOptions.ENHANCED_RESOURCE)));
    }

    @Test
    void aSubclassFieldHidingAStoredFieldFailsTheRun() throws IOException {
        Path classes = copy(temp.resolve("classes"), "org/swizzle/maven/hiding", name -> true);

        Enhancer.Result result = new Enhancer(AgentOptions.parse(""), classes, classpath()).run();

        assertEquals(List.of("Cannot enhance @Persistent class org.swizzle.maven.hiding.Hiding$Sub: its field x hides the"
            + " stored field x of its superclass org.swizzle.maven.hiding.Hiding$Base, and stored fields are told apart by"
            + " name alone, so their values would be mixed up. Rename org.swizzle.maven.hiding.Hiding$Sub.x, or make one"
            + " of the two fields transient or static."), result.problems());
        assertFalse(Files.exists(classes.resolve(AgentOptions.ENHANCED_RESOURCE)));
    }

    /**
     * A class compiled against an enhanced abstract class (a test's subclass, another module's, one an incremental
     * build recompiles alone) compiles, as it would against the class before enhancement: javac found an abstract
     * {@code $swz_newHollow()} inherited from {@code Persistable} and refused it. Enhanced too, it stores and reads
     * back; left unenhanced, it is refused by name.
     */
    @Test
    void aSubclassCompiledAgainstAnEnhancedAbstractClassCompilesAndIsEnhancedOrRefused() throws Exception {
        Path main = copy(temp.resolve("classes"), "org/swizzle/maven/shapes", name -> true);
        assertEquals(List.of("org.swizzle.maven.shapes.Shape"), new Enhancer(AgentOptions.parse(""), main, classpath()).run().enhanced());
        Path source = temp.resolve("src/org/swizzle/maven/squares/Square.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, String.join("\n",
            "package org.swizzle.maven.squares;",
            "@org.swizzle.Persistent",
            "public class Square extends org.swizzle.maven.shapes.Shape {",
            "    public double side;",
            "    public double area() { return side * side; }",
            "}"));
        Path tests = temp.resolve("test-classes");
        List<Path> compileClasspath = new ArrayList<>(classpath());
        compileClasspath.add(0, main);
        StringWriter javacOutput = new StringWriter();
        boolean compiled = ToolProvider.getSystemJavaCompiler().getTask(javacOutput, null, null,
            List.of("--release", "17", "-d", tests.toString(), "-classpath", join(compileClasspath)), null,
            ToolProvider.getSystemJavaCompiler().getStandardFileManager(null, null, StandardCharsets.UTF_8)
                .getJavaFileObjects(source.toFile())).call();
        assertTrue(compiled, javacOutput::toString);
        String square = "org.swizzle.maven.squares.Square";

        try (URLClassLoader loader = fixtureLoader(main, tests); ObjectStore objects = ObjectStore.open(temp.resolve("unenhanced"))) {
            Object unenhanced = loader.loadClass(square).getConstructor().newInstance();
            NotEnhancedException refused = assertThrows(NotEnhancedException.class, () -> {
                objects.setRoot("square", unenhanced);
                objects.commit();
            });
            assertTrue(refused.getMessage().startsWith("Class " + square + " is @Persistent but was not enhanced."),
                refused.getMessage());
            InvocationTargetException inherited = assertThrows(InvocationTargetException.class,
                () -> unenhanced.getClass().getMethod("$swz_newHollow").invoke(unenhanced));
            assertTrue(inherited.getCause() instanceof NotEnhancedException, inherited::toString);
        }

        assertEquals(List.of(square), new Enhancer(AgentOptions.parse(""), tests, compileClasspath).run().enhanced());
        Path store = temp.resolve("store");
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        try (URLClassLoader loader = fixtureLoader(main, tests)) {
            thread.setContextClassLoader(loader);
            Class<?> type = loader.loadClass(square);
            try (ObjectStore objects = ObjectStore.open(store)) {
                Object made = type.getConstructor().newInstance();
                type.getField("side").setDouble(made, 3);
                objects.setRoot("square", made);
                objects.commit();
            }
            try (ObjectStore objects = ObjectStore.open(store)) {
                assertEquals(9.0, type.getMethod("area").invoke(objects.root("square", type)));
            }
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    private static String join(List<Path> classpath) {
        List<String> elements = new ArrayList<>();
        classpath.forEach(element -> elements.add(element.toString()));
        return String.join(File.pathSeparator, elements);
    }

    /** Copies the compiled fixtures, as javac left them in target/test-classes, under {@code target}. */
    private static Path copyFixtures(Path target) throws IOException {
        return copy(target, FIXTURES, name -> true);
    }

    private static Path copy(Path target, String packagePath, java.util.function.Predicate<String> fileNames) throws IOException {
        Path compiled = Path.of(EnhancerTest.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path source = compiled.resolve(packagePath);
        Path destination = target.resolve(packagePath);
        Files.createDirectories(destination);
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (fileNames.test(file.getFileName().toString())) {
                    Files.copy(file, destination.resolve(file.getFileName()));
                }
            }
        }
        return target;
    }

    /** The test's own class path, less the directory that holds the unenhanced fixtures. */
    private static List<Path> classpath() {
        List<Path> classpath = new ArrayList<>();
        for (String element : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!element.isEmpty() && !element.endsWith("test-classes")) {
                classpath.add(Path.of(element));
            }
        }
        return classpath;
    }

    private static String recordedOptions(Path classes) throws IOException {
        return Files.readString(classes.resolve(AgentOptions.ENHANCED_RESOURCE), StandardCharsets.UTF_8).trim();
    }

    /** Loads the classes in {@code directories} from there, everything else from the test's class loader. */
    private static URLClassLoader fixtureLoader(Path... directories) throws IOException {
        URL[] urls = new URL[directories.length];
        for (int i = 0; i < directories.length; i++) {
            urls[i] = directories[i].toUri().toURL();
        }
        return new URLClassLoader(urls, EnhancerTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (findResource(name.replace('.', '/') + ".class") == null) {
                    return super.loadClass(name, resolve);
                }
                synchronized (getClassLoadingLock(name)) {
                    Class<?> loaded = findLoadedClass(name);
                    return loaded != null ? loaded : findClass(name);
                }
            }
        };
    }
}
