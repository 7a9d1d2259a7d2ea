package org.swizzle.it.jit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

/**
 * The JIT's view of a hot traversal whose objects faulted while its profile was gathered: C2 inlines every
 * accessor into it and none of the fault path (or the stored-reference lookup under {@code edge} and
 * {@code none}), which would spend the inlining budget the hot code needs; and of loops over paged collections,
 * into which it inlines the step and not what runs once a chunk or page. Read from {@code -XX:+PrintInlining}.
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
        List<String> tree = inliningTree(output, HOT);
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

    /**
     * The loops of paged collections: a step of a list's iterator or a map's walk is inlined into the loop, and what
     * runs once a chunk or page (the search of the list's directory, the iteration of a page's own map) is not,
     * however hot, so that the application's loop has no loop inside it. Whether C2 inlines the step at all depends
     * on the order in which the child's compiles happen (a step compiled on its own first, while chunk moves were
     * hot, may be too big to inline); a compile without the step says nothing of what runs once a page, so it is
     * tried again in a fresh JVM, a few times, before the test fails with C2's reason. The child turns tiered
     * compilation off for a compile order it can read, which also lowers the size of compiled code C2 still inlines
     * ({@code InlineSmallCode}) from 2,500 bytes to 1,000; it sets the limit back to what a tiered application runs
     * with, since a step compiled on its own is about 1,000 to 1,250 bytes, by the profile it was compiled with.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sumList", "sumListByIndex", "sumMap"})
    void shouldInlineTheStepOfAPagedCollectionsLoopAndNotWhatRunsOnceAPage(String loop) {
        // an indexed loop calls get, which C2 inlines into the loop or compiles on its own: the chunk search is reached
        // from one of those compiles
        List<String> hots = new ArrayList<>(List.of("org.swizzle.it.jit.PagedLoops::" + loop));
        if (loop.equals("sumListByIndex")) {
            hots.add("org.swizzle.internal.tracked.TrackedArrayList::get");
        }
        // the step is inlined into the loop; what runs once a chunk is reached through a small wrapper, which C2 inlines
        // where it compiles its caller, and the method behind the handle is not inlined there. A map's page copy runs
        // only where the page's keys changed since the last pass (in these read-only passes, the first one alone), so
        // it need not become hot: of the map, the test holds only that the copy is not in the loop
        String step = loop.equals("sumMap") ? "HashPages$EntryWalk::nextEntry ("
            : loop.equals("sumList") ? "TrackedArrayListIterator::next (" : "ListPages::search (";
        String wrapper = loop.equals("sumMap") ? null : "ListPages::search (";
        // the methods behind the handles: a list's chunk search and the move to a chunk, a map's page copy
        String perPage = loop.equals("sumMap") ? "HashPages::" : "ListPages::";
        List<String> shownRuns = new ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            String output = Jvm.withAgent().withC2().jvmOption("-XX:-TieredCompilation").jvmOption("-XX:CICompilerCount=1")
                .jvmOption("-XX:InlineSmallCode=2500").jvmOption("-XX:+UnlockDiagnosticVMOptions").jvmOption("-XX:+PrintCompilation").jvmOption("-XX:+PrintInlining")
                .run(PagedLoops.class, dir.resolve("db" + run).toString()).ok().output;
            for (String hot : hots) {
                List<String> tree = inliningTree(output, hot);
                String shown = "run " + run + ", inlining tree of " + hot + ":\n" + String.join("\n", tree);
                System.out.println(shown);
                String stepLine = tree.stream().filter(line -> line.contains(step)).findFirst().orElse("(not in the tree)");
                if (!stepLine.contains("inline (hot)")) {
                    String compiles = output.lines().filter(line -> line.contains(hot + " ") && !line.contains("@"))
                        .map(String::trim).collect(Collectors.joining(" | "));
                    shownRuns.add("run " + run + ", " + hot + ": " + stepLine.trim() + " (its compiles: " + compiles + ")");
                    continue;
                }
                List<String> all = output.lines().filter(line -> line.contains("@")).collect(Collectors.toList());
                if (wrapper != null) {
                    assertTrue(all.stream().anyMatch(line -> line.contains(wrapper) && line.contains("inline (hot)")),
                        wrapper + " is inlined where its caller is compiled");
                }
                assertTrue(tree.stream().noneMatch(line -> line.contains(perPage) && line.contains("OutOfLine")
                        || line.contains("HashMap$HashIterator")),
                    perPage + "*OutOfLine is not inlined: " + shown);
                return;
            }
        }
        fail(step + " was not inlined into " + hots + " in any of 3 JVMs; C2 said: " + String.join("; ", shownRuns));
    }

    /**
     * The inlining lines printed after the last C2 compile of {@code hot}. A compile's tree is printed when it ends,
     * and another thread may print that some method was "made not entrant" between its start and its tree: such a
     * line neither starts nor ends a tree.
     */
    private static List<String> inliningTree(String output, String hot) {
        List<String> tree = new ArrayList<>();
        boolean inHot = false;
        for (String line : output.split("\n")) {
            if (!line.matches("\\s*\\d+\\s+\\d+\\s.*")) {
                if (inHot && line.contains("@")) {
                    tree.add(line);
                }
            } else if (!line.contains(" made ")) {
                inHot = line.contains(hot + " ");
                if (inHot) {
                    tree.clear();
                }
            }
        }
        return tree;
    }
}
