package org.swizzle.it.jit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

/**
 * The JIT's view of a hot traversal whose objects faulted while its profile was gathered: C2 inlines every
 * accessor into it and none of the fault path (or the stored-reference lookup under {@code edge} and
 * {@code none}), which would spend the inlining budget the hot code needs. Read from {@code -XX:+PrintInlining}.
 */
class InliningTest {

    private static final String HOT = "org.swizzle.it.jit.HotTraversal::traverse";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "swizzle=edge", "swizzle=none"})
    void shouldInlineEveryAccessorAndNoSlowPath(String scheme) {
        String output = Jvm.withAgent(scheme).withC2().jvmOption("-XX:-TieredCompilation").jvmOption("-XX:CICompilerCount=1")
            .jvmOption("-XX:+UnlockDiagnosticVMOptions").jvmOption("-XX:+PrintCompilation").jvmOption("-XX:+PrintInlining")
            .run(HotTraversal.class, dir.resolve("db").toString()).ok().output;
        List<String> tree = inliningTree(output);
        String shown = "[" + scheme + "] inlining tree of " + HOT + ":\n" + String.join("\n", tree);
        System.out.println(shown);
        assertFalse(tree.isEmpty(), "C2 compiled " + HOT + "\n" + output);
        // link.x checks link; link.id and link.left repeat that check (unchecked twins), link.right follows a call
        for (String accessor : new String[] {"$swz_get$right", "$swz_uget$left", "$swz_get$x", "$swz_uget$id"}) {
            // a twin that only loads the field is inlined as a trivial accessor, the others as hot methods
            assertTrue(tree.stream().anyMatch(line -> line.contains(accessor)
                    && (line.contains("inline (hot)") || line.trim().endsWith("accessor"))),
                accessor + " is inlined: " + shown);
        }
        for (String slow : new String[] {"ObjectManager::fault", "ObjectManager::target", "ObjectManager::fill"}) {
            assertTrue(tree.stream().noneMatch(line -> line.contains(slow) && line.contains("inline (hot)")),
                slow + " is not inlined: " + shown);
        }
    }

    /** The inlining lines printed after the last C2 compile of {@link #HOT} (not its "made not entrant" or "made zombie" lines). */
    private static List<String> inliningTree(String output) {
        List<String> tree = new ArrayList<>();
        boolean inHot = false;
        for (String line : output.split("\n")) {
            boolean compile = line.matches("\\s*\\d+\\s+\\d+\\s.*");
            if (compile) {
                if (line.contains(HOT) && !line.contains(" made ")) {
                    tree.clear();
                    inHot = true;
                } else {
                    inHot = false;
                }
            } else if (inHot && line.contains("@")) {
                tree.add(line);
            }
        }
        return tree;
    }
}
