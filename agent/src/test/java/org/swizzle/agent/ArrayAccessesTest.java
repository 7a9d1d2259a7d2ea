package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * Accesses to array fields call the accessor their data flow allows: read-only loads the reader, loads only
 * indexed at once the editor (barrier, no escape), stores of fresh arrays the fresh setter; the others escape.
 */
class ArrayAccessesTest {

    private static final String PART = "org/swizzle/fixtures/Part";
    private static final String ACCESSOR = "(L" + PART + ";)[L" + PART + ";";
    private static final String UNMARKED = "INVOKESTATIC " + PART + ".$swz_read$to" + ACCESSOR;
    private static final String ESCAPING = "INVOKESTATIC " + PART + ".$swz_get$to" + ACCESSOR;
    private static final String EDITING = "INVOKESTATIC " + PART + ".$swz_edit$to" + ACCESSOR;
    private static final String SETTER = "(L" + PART + ";[L" + PART + ";)V";

    private final ClassShape traversals = ClassShape.of(new EnhancingClassLoader().definedBytes("Traversals"));

    @Test
    void shouldLoadAnArrayThatIsOnlyIteratedWithoutAMark() {
        assertEquals(List.of(UNMARKED), accessors("countLinks(L" + PART + ";)I"));
    }

    @Test
    void shouldLoadAnArrayReadThroughALocalWithoutAMark() {
        assertEquals(List.of(UNMARKED), accessors("last(L" + PART + ";)L" + PART + ";"));
    }

    @Test
    void shouldLoadAnArrayPassedToJdkMethodsThatOnlyReadItWithoutAMark() {
        List<String> loads = accessors("describe(L" + PART + ";)Ljava/lang/String;");
        assertEquals(6, loads.size(), loads.toString());
        assertTrue(loads.stream().allMatch(load -> load.contains(".$swz_read$to") || load.contains(".$swz_uread$to")),
            "read (the second without a repeated check), none escaping: " + loads);
    }

    @Test
    void shouldEscapeWhenAJdkMethodWritesOrWrapsTheArray() {
        assertEquals(List.of(ESCAPING, ESCAPING, ESCAPING), accessors("sortAndWrap(L" + PART + ";[L" + PART + ";)Ljava/util/List;"));
    }

    @Test
    void shouldRunTheBarrierForAnElementStoredAtOnce() {
        assertEquals(List.of(EDITING), accessors("link(L" + PART + ";L" + PART + ";)V"));
    }

    @Test
    void shouldEscapeWhenTheArrayIsReturned() {
        assertEquals(List.of(ESCAPING), accessors("escape(L" + PART + ";)[L" + PART + ";"));
    }

    @Test
    void shouldEscapeWhenTheArrayIsWrittenThroughALocalAfterACall() {
        assertEquals(List.of(ESCAPING), accessors("linkLater(L" + PART + ";L" + PART + ";)V"));
    }

    @Test
    void shouldEscapeWhenTheCallerMayKeepTheArrayItStores() {
        assertEquals(List.of("INVOKESTATIC " + PART + ".$swz_set$to" + SETTER),
            accessors("replace(L" + PART + ";[L" + PART + ";)V"));
    }

    @Test
    void shouldNotEscapeWhenTheArrayStoredWasMadeThere() {
        assertEquals(List.of("INVOKESTATIC " + PART + ".$swz_put$to" + SETTER),
            accessors("reset(L" + PART + ";L" + PART + ";)V"));
    }

    @Test
    void shouldNotEscapeWhenTheArrayStoredWasMadeInTheMethodAndIsUsedNoMore() {
        String fresh = "INVOKESTATIC " + PART + ".$swz_put$to" + SETTER;
        assertEquals(List.of(fresh), accessors("fill(L" + PART + ";L" + PART + ";)V"), "filled through a local");
        assertEquals(List.of(fresh), accessors("fillEach([L" + PART + ";L" + PART + ";)V"), "made anew in each round");
        assertEquals(List.of(fresh, fresh, fresh), accessors("copy(L" + PART + ";L" + PART + ";)V"),
            "made by a helper of the class, by Arrays.copyOf and by clone()");
        assertEquals(List.of(fresh), accessors("fillByTheJdk(L" + PART + ";L" + PART + ";)V"),
            "filled by Arrays.fill and System.arraycopy");
    }

    @Test
    void shouldEscapeWhenTheArrayMadeInTheMethodMayBeUsedAfterItIsStored() {
        String setter = "INVOKESTATIC " + PART + ".$swz_set$to" + SETTER;
        assertEquals(List.of(setter), accessors("fillAfter(L" + PART + ";L" + PART + ";)V"), "written after the store");
        assertEquals(List.of(setter, setter), accessors("share(L" + PART + ";L" + PART + ";)V"), "stored twice");
        assertEquals(List.of(setter), accessors("replaceSometimes(L" + PART + ";[L" + PART + ";Z)V"),
            "made here or passed by the caller");
        assertEquals(List.of(setter), accessors("remember(L" + PART + ";L" + PART + ";)V"), "kept by the helper");
        assertEquals(List.of(setter), accessors("fillAnotherWithIt(L" + PART + ";)[Ljava/lang/Object;"),
            "put into another array by Arrays.fill");
    }

    @Test
    void shouldMarkThePageOfAnElementStoredAtOnceIntoAPrimitiveArray() {
        String signal = "org/swizzle/fixtures/Signal";
        assertEquals(List.of("INVOKESTATIC " + signal + ".$swz_edit$samples(L" + signal + ";)[J",
            "INVOKESTATIC org/swizzle/internal/ArrayEdits.store([JIJ)V"), edits("bump(L" + signal + ";I)V"));
        assertEquals(List.of("INVOKESTATIC " + signal + ".$swz_edit$flags(L" + signal + ";)[Z",
            "INVOKESTATIC org/swizzle/internal/ArrayEdits.store([ZIZ)V"), edits("flag(L" + signal + ";I)V"));
        assertEquals(List.of("INVOKESTATIC " + signal + ".$swz_keep$samples(L" + signal + ";)[J",
            "INVOKESTATIC org/swizzle/internal/ArrayEdits.store([JIJ)V"), edits("fillThroughALocal(L" + signal + ";I)V"),
            "an array kept in a local across a call: its stores mark pages");
        assertEquals(List.of("INVOKESTATIC " + signal + ".$swz_get$samples(L" + signal + ";)[J"),
            edits("fillByACall(L" + signal + ";)V"), "an array passed to a call escapes, and its stores are left alone");
        assertEquals(List.of(EDITING), edits("link(L" + PART + ";L" + PART + ";)V"), "an array of references has no pages");
    }

    @Test
    void shouldLoadAnArrayOfPrimitiveRowsOnlyReadWithoutAWatch() throws Throwable {
        String signal = "org/swizzle/fixtures/Signal";
        String rows = "(L" + signal + ";)[[I";
        String read = "INVOKESTATIC " + signal + ".$swz_read$rows" + rows;
        String unchecked = "INVOKESTATIC " + signal + ".$swz_uread$rows" + rows;
        String escaping = "INVOKESTATIC " + signal + ".$swz_get$rows" + rows;
        String uncheckedEscaping = "INVOKESTATIC " + signal + ".$swz_uget$rows" + rows;
        List<String> loads = accessors("sumRows(L" + signal + ";)J");
        assertEquals(5, loads.size(), loads.toString());
        assertTrue(loads.stream().allMatch(load -> load.equals(read) || load.equals(unchecked)),
            "rows, their elements, a row in a local and the length read: " + loads);
        List<String> writes = accessors("writeRows(L" + signal + ";I)Ljava/lang/String;");
        assertEquals(4, writes.size(), writes.toString());
        assertTrue(writes.stream().allMatch(load -> load.equals(escaping) || load.equals(uncheckedEscaping)),
            "a row's element stored, at once or through a local, or the rows handed to JDK methods: " + writes);
        assertEquals(List.of(escaping), accessors("firstRow(L" + signal + ";)[I"), "a row returned");
        EnhancingClassLoader loader = new EnhancingClassLoader();
        Class<?> code = loader.fixture("Traversals"); // verified as it runs
        Object instance = Fixtures.newInstance(loader.fixture("Signal"));
        assertEquals(2L + 6 + 2 + 0, Fixtures.call(code, "sumRows", instance));
        assertEquals("[1, 7][[1, 7]]", Fixtures.call(code, "writeRows", instance, 5));
    }

    @Test
    void shouldRewriteEachStoreAsTheArrayItsOpcodeStoresIntoWhenALocalHoldsTwoArrays() throws Throwable {
        String signal = "org/swizzle/fixtures/Signal";
        assertEquals(List.of("INVOKESTATIC " + signal + ".$swz_keep$samples(L" + signal + ";)[J",
            "INVOKESTATIC " + signal + ".$swz_keep$flags(L" + signal + ";)[Z",
            "INVOKESTATIC org/swizzle/internal/ArrayEdits.store([JIJ)V",
            "INVOKESTATIC org/swizzle/internal/ArrayEdits.store([ZIZ)V"), edits("mixed(L" + signal + ";II)J"));
        assertEquals(List.of("INVOKESTATIC " + signal + ".$swz_get$bytes(L" + signal + ";)[B",
            "INVOKESTATIC " + signal + ".$swz_get$flags(L" + signal + ";)[Z"), edits("ambiguous(L" + signal + ";II)I"),
            "a BASTORE into a byte or a boolean array: both loads escape, and the store is left alone");
        EnhancingClassLoader loader = new EnhancingClassLoader();
        Class<?> code = loader.fixture("Traversals"); // verified as it runs
        Object instance = Fixtures.newInstance(loader.fixture("Signal"));
        assertEquals(1L, Fixtures.call(code, "mixed", instance, 0, 1));
        assertEquals(1L, Fixtures.call(code, "mixed", instance, 1, 2));
        assertEquals(7, Fixtures.call(code, "ambiguous", instance, 0, 3));
        assertEquals(1, Fixtures.call(code, "ambiguous", instance, 1, 3));
    }

    /** The accessor calls and element store calls of a method of {@code Traversals}. */
    private List<String> edits(String method) {
        return traversals.code(method).stream().filter(insn -> insn.contains("$swz_") || insn.contains("ArrayEdits"))
            .collect(Collectors.toList());
    }

    /** The accessor calls of a method of {@code Traversals}. */
    private List<String> accessors(String method) {
        return traversals.code(method).stream().filter(insn -> insn.contains("$swz_")).collect(Collectors.toList());
    }
}
