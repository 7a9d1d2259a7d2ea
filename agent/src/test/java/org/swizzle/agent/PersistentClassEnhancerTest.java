package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Persistable;
import org.swizzle.internal.RememberedSet;
import org.swizzle.internal.StateWord;

class PersistentClassEnhancerTest {

    private static final String WRITE = "$swz_write(ILorg/swizzle/internal/ObjectWriter;)V";
    private static final String READ = "$swz_read(ILorg/swizzle/internal/ObjectReader;)V";

    private final EnhancingClassLoader loader = new EnhancingClassLoader();

    @Test
    void shouldImplementPersistableAndAddStateFieldsToRoot() throws Exception {
        Class<?> part = loader.fixture("Part");

        assertTrue(Persistable.class.isAssignableFrom(part));
        assertStateField(part, "$swz_word", long.class);
        assertThrows(NoSuchFieldException.class, () -> part.getDeclaredField("$swz_context"),
            "the word names the store: no reference to it in every object");
        assertThrows(NoSuchFieldException.class, () -> part.getDeclaredField("$swz_address"),
            "the default barrier (remset) needs no card address");
    }

    @Test
    void shouldGiveObjectsACardAddressOnlyUnderBarriersThatPlaceThem() throws Exception {
        for (String barrier : new String[] {"card", "object", "none"}) {
            EnhancingClassLoader placing = new EnhancingClassLoader(new SwizzleTransformer(AgentOptions.parse("barrier=" + barrier)));
            Class<?> part = placing.fixture("Part");
            assertStateField(part, "$swz_address", long.class);
            Persistable object = (Persistable) Fixtures.newInstance(part, 1);
            object.$swz_address(22);
            assertEquals(22, object.$swz_address(), barrier);
        }
    }

    @Test
    void shouldKeepStateInRootOnly() {
        Class<?> sub = loader.fixture("Sub");

        assertTrue(Persistable.class.isAssignableFrom(sub));
        assertTrue(ClassShape.of(loader.definedBytes("Sub")).interfaces.isEmpty(), "Sub inherits Persistable from Base");
        assertFalse(ClassShape.of(loader.definedBytes("Sub")).fieldAccess.containsKey("$swz_word"));
    }

    @Test
    void shouldExposeStateThroughPersistable() {
        Persistable part = (Persistable) Fixtures.newInstance(loader.fixture("Part"), 1);

        part.$swz_oid(StateWord.MAX_OID);
        part.$swz_address(22);
        part.$swz_state(Persistable.HOLLOW);
        part.$swz_dirty(RememberedSet.ANY_FIELDS);
        part.$swz_flags(Persistable.WATCHED);

        assertEquals(StateWord.MAX_OID, part.$swz_oid());
        assertEquals(0, part.$swz_address(), "no card address under the default barrier");
        assertEquals(Persistable.HOLLOW, part.$swz_state());
        assertEquals(RememberedSet.ANY_FIELDS, part.$swz_dirty());
        assertEquals(Persistable.WATCHED, part.$swz_flags());
        assertNull(part.$swz_context(), "transient");
        part.$swz_state(Persistable.RESIDENT);
        part.$swz_dirty((byte) 0);
        assertEquals(StateWord.MAX_OID, part.$swz_oid(), "each piece changes alone");
        assertEquals(Persistable.WATCHED, part.$swz_flags());
        assertThrows(IllegalArgumentException.class, () -> part.$swz_oid(StateWord.MAX_OID + 1));
    }

    /**
     * An instance made while its class is being initialized, before the class's initializer set the handle its state
     * changes go through (the initializer of an interface with a default method, which runs first, making one),
     * changes its state all the same.
     */
    @Test
    void shouldChangeTheStateOfAnObjectMadeBeforeItsClassWasInitialized() throws Exception {
        Class<?> dot = loader.fixture("CycleDot");
        Persistable made = (Persistable) Fixtures.newInstance(dot, 1); // initializes CycleBase, then CycleDot
        Persistable origin = (Persistable) loader.fixture("CycleBase").getField("ORIGIN").get(null);

        assertEquals(RememberedSet.FIXED_FIELDS, origin.$swz_dirty(), "the barrier of its constructor's store");
        assertEquals(RememberedSet.FIXED_FIELDS, made.$swz_dirty());
        origin.$swz_oid(5);
        assertEquals(5, origin.$swz_oid());
    }

    @Test
    void shouldMakeHollowInstancesWithoutRunningConstructorsOrInitializers() {
        Class<?> partType = loader.fixture("Part");
        Persistable part = (Persistable) Fixtures.newInstance(partType, 1);
        Object createdBefore = Fixtures.get(part, "created");

        Persistable hollow = part.$swz_newHollow();

        assertSame(partType, hollow.getClass());
        assertEquals(createdBefore, Fixtures.get(part, "created"), "the constructor ran");
        assertEquals(0, Fixtures.get(hollow, "x"));
        assertNull(Fixtures.get(hollow, "type"));
        assertNull(Fixtures.get(hollow, "to"));
        assertNull(Fixtures.get(hollow, "cache"));
        assertEquals(Persistable.RESIDENT, hollow.$swz_state(), "the object manager, not the constructor, marks it hollow");
    }

    @Test
    void shouldMakeHollowInstancesOfSubclassThroughSuperclassHollowConstructor() {
        Persistable sub = (Persistable) Fixtures.newInstance(loader.fixture("Sub"));

        Persistable hollow = sub.$swz_newHollow();

        assertSame(sub.getClass(), hollow.getClass());
        assertEquals(0, Fixtures.get(hollow, "a"));
        assertEquals(0L, Fixtures.get(hollow, "c"));
        // an abstract class has no instances to make: its $swz_newHollow() is there for javac (PersistentClassEnhancer)
        assertEquals(Opcodes.ACC_PUBLIC,
            ClassShape.of(loader.definedBytes("Base")).methodAccess.get("$swz_newHollow()Lorg/swizzle/internal/Persistable;"),
            "an abstract class's $swz_newHollow() is concrete and not synthetic, so that javac compiles its subclasses");
    }

    @Test
    void shouldRemoveFinalFromStoredFieldsOnly() {
        Class<?> part = loader.fixture("Part");

        assertFalse(Modifier.isFinal(Fixtures.field(part, "buildDate").getModifiers()));
        assertFalse(Modifier.isFinal(Fixtures.field(loader.fixture("Sub"), "d").getModifiers()));
        assertTrue(Modifier.isStatic(Fixtures.field(part, "created").getModifiers()));
    }

    @Test
    void shouldListOwnStoredFieldNamesInIndexOrder() throws Throwable {
        assertArrayEquals(new String[] {"id", "type", "x", "buildDate", "to"}, fieldNames("Part"));
        assertArrayEquals(new String[] {"a", "b"}, fieldNames("Base"));
        assertArrayEquals(new String[] {"c", "d"}, fieldNames("Sub"));
    }

    @Test
    void shouldWriteEachKindThroughItsObjectWriterMethod() {
        ClassShape shape = ClassShape.of(loader.definedBytes("AllKinds"));

        List<String> write = shape.code(WRITE);

        assertTrue(write.contains("TABLESWITCH 0..11"), write::toString);
        assertEquals(List.of("writeBoolean(Z)V", "writeByte(B)V", "writeShort(S)V", "writeChar(C)V", "writeInt(I)V",
                "writeLong(J)V", "writeFloat(F)V", "writeDouble(D)V", "writeReference(Ljava/lang/Object;)V",
                "writeValue(Ljava/lang/Object;)V", "writeValue(Ljava/lang/Object;)V", "writeValue(Ljava/lang/Object;)V"),
            calls(write, "INVOKEVIRTUAL org/swizzle/internal/ObjectWriter."));
        assertTrue(write.contains("GETFIELD org/swizzle/fixtures/AllKinds.reference:Lorg/swizzle/fixtures/Part;"), write::toString);
    }

    @Test
    void shouldReadEachKindThroughItsObjectReaderMethodWithCasts() {
        ClassShape shape = ClassShape.of(loader.definedBytes("AllKinds"));

        List<String> read = shape.code(READ);

        assertEquals(List.of("readBoolean()Z", "readByte()B", "readShort()S", "readChar()C", "readInt()I", "readLong()J",
                "readFloat()F", "readDouble()D", "readReference()Ljava/lang/Object;", "readValue()Ljava/lang/Object;",
                "readValue()Ljava/lang/Object;", "readValue()Ljava/lang/Object;"),
            calls(read, "INVOKEVIRTUAL org/swizzle/internal/ObjectReader."));
        assertEquals(List.of("CHECKCAST org/swizzle/fixtures/Part", "CHECKCAST java/lang/String", "CHECKCAST [I",
            "CHECKCAST java/util/List"), read.stream().filter(line -> line.startsWith("CHECKCAST")).collect(Collectors.toList()));
        assertTrue(read.contains("PUTFIELD org/swizzle/fixtures/AllKinds.list:Ljava/util/List;"), read::toString);
    }

    @Test
    void shouldContinueSuperclassIndicesInSubclass() {
        List<String> baseWrite = ClassShape.of(loader.definedBytes("Base")).code(WRITE);
        List<String> subWrite = ClassShape.of(loader.definedBytes("Sub")).code(WRITE);
        List<String> subRead = ClassShape.of(loader.definedBytes("Sub")).code(READ);

        assertTrue(baseWrite.contains("TABLESWITCH 0..1"), baseWrite::toString);
        assertTrue(subWrite.contains("TABLESWITCH 2..3"), subWrite::toString);
        assertTrue(subWrite.contains("INVOKESPECIAL org/swizzle/fixtures/Base." + WRITE), subWrite::toString);
        assertTrue(subRead.contains("INVOKESPECIAL org/swizzle/fixtures/Base." + READ), subRead::toString);
    }

    @Test
    void shouldRejectIndexOutsideHierarchy() {
        Persistable sub = (Persistable) Fixtures.newInstance(loader.fixture("Sub"));

        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> sub.$swz_write(4, null));

        assertEquals("no stored field 4 in org.swizzle.fixtures.Base", thrown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sub.$swz_read(-1, null));
    }

    @Test
    void shouldClearStoredFieldsOfWholeHierarchy() {
        Persistable sub = (Persistable) Fixtures.newInstance(loader.fixture("Sub"));
        Persistable part = (Persistable) Fixtures.newInstance(loader.fixture("Part"), 9);

        sub.$swz_clear();
        part.$swz_clear();

        assertEquals(0, Fixtures.get(sub, "a"));
        assertNull(Fixtures.get(sub, "b"));
        assertEquals(0L, Fixtures.get(sub, "c"));
        assertNull(Fixtures.get(sub, "d"));
        assertEquals(0L, Fixtures.get(part, "buildDate"));
        assertTrue(Fixtures.get(part, "cache") != null, "transient fields are not stored, so not cleared");
    }

    private String[] fieldNames(String fixture) throws Throwable {
        return (String[]) Fixtures.call(loader.fixture(fixture), "$swz_fields");
    }

    private static List<String> calls(List<String> code, String prefix) {
        return code.stream().filter(line -> line.startsWith(prefix)).map(line -> line.substring(prefix.length()))
            .collect(Collectors.toList());
    }

    private static void assertStateField(Class<?> type, String name, Class<?> fieldType) throws NoSuchFieldException {
        Field field = type.getDeclaredField(name);
        int modifiers = field.getModifiers();
        assertEquals(fieldType, field.getType(), name);
        assertTrue(Modifier.isPublic(modifiers) && Modifier.isTransient(modifiers) && field.isSynthetic(), name + " flags");
        assertFalse(Modifier.isStatic(modifiers), name);
    }

    @Test
    void shouldMakeTheCollectionsAPersistentClassCreatesTracked() throws Throwable {
        Class<?> catalogue = loader.fixture("Catalogue");
        Object made = Fixtures.newInstance(catalogue);
        Fixtures.call(catalogue, "sort", made);


        assertEquals("TrackedArrayList", Fixtures.get(made, "titles").getClass().getSimpleName(), "a field initializer");
        assertEquals("TrackedHashMap", Fixtures.get(made, "counts").getClass().getSimpleName(), "a constructor, with an argument");
        assertEquals("TrackedTreeSet", Fixtures.get(made, "sorted").getClass().getSimpleName(), "a method, nested in another new");
        assertTrue(Fixtures.get(made, "titles") instanceof java.util.ArrayList);
    }

    @Test
    void shouldLeaveTheCollectionsOtherClassesMakeAlone() throws Throwable {
        Object made = Fixtures.newInstance(loader.fixture("Catalogue"));
        Fixtures.call(loader.fixture("Librarian"), "restock", made);

        assertEquals(java.util.ArrayList.class, Fixtures.get(made, "titles").getClass(),
            "a class that is not persistent keeps plain collections: the commit compares them instead");
    }
}
