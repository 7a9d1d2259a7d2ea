package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Persistable;

class FieldAccessRewriterTest {

    private static final String PART = "org/swizzle/fixtures/Part";

    private final EnhancingClassLoader loader = new EnhancingClassLoader();

    @Test
    void shouldReplaceFieldInstructionsWithAccessorCalls() {
        ClassShape editor = ClassShape.of(loader.definedBytes("Editor"));

        assertEquals(List.of("INVOKESTATIC " + PART + ".$swz_get$x(L" + PART + ";)I"), editor.code("x(L" + PART + ";)I"));
        assertEquals(List.of("INVOKESTATIC " + PART + ".$swz_set$x(L" + PART + ";I)V"), editor.code("setX(L" + PART + ";I)V"));
        assertEquals(List.of("INVOKESTATIC " + PART + ".$swz_get$x(L" + PART + ";)I", "INVOKESTATIC " + PART + ".$swz_uset$x(L" + PART + ";I)V"),
            editor.code("increment(L" + PART + ";)V"), "p.x++: the store repeats the read's check");
    }

    @Test
    void shouldKeepAccessesToTransientFieldsDirect() {
        ClassShape editor = ClassShape.of(loader.definedBytes("Editor"));

        assertEquals(List.of("GETFIELD " + PART + ".cache:Ljava/lang/Object;"), editor.code("cache(L" + PART + ";)Ljava/lang/Object;"));
    }

    @Test
    void shouldCallAccessorOfInheritedFieldThroughTheClassTheCodeNames() throws Throwable {
        ClassShape editor = ClassShape.of(loader.definedBytes("Editor"));
        Object sub = Fixtures.newInstance(loader.fixture("Sub"));

        assertEquals(List.of("INVOKESTATIC org/swizzle/fixtures/Sub.$swz_get$a(Lorg/swizzle/fixtures/Base;)I"),
            editor.code("a(Lorg/swizzle/fixtures/Sub;)I"));
        assertEquals(1, Fixtures.call(loader.fixture("Editor"), "a", sub));
    }

    @Test
    void shouldRewriteAccessesInsidePersistentClassButNotInGeneratedCode() {
        ClassShape part = ClassShape.of(loader.definedBytes("Part"));

        assertTrue(part.code("<init>(I)V").contains("INVOKESTATIC " + PART + ".$swz_set$x(L" + PART + ";I)V"), part.code("<init>(I)V")::toString);
        assertTrue(part.code("$swz_get$x(L" + PART + ";)I").contains("GETFIELD " + PART + ".x:I"));
    }

    @Test
    void shouldReadAndWriteResidentObjectsThroughAccessors() throws Throwable {
        Class<?> editor = loader.fixture("Editor");
        Object part = Fixtures.newInstance(loader.fixture("Part"), 1);
        Object sub = Fixtures.newInstance(loader.fixture("Sub"));

        Fixtures.call(editor, "setX", part, 5);
        Fixtures.call(editor, "increment", part);
        Fixtures.call(editor, "setC", sub, 30L);

        assertEquals(6, Fixtures.call(editor, "x", part));
        assertEquals(30L, Fixtures.call(editor, "c", sub));
    }

    @Test
    void shouldFaultHollowObjectOnRead() {
        Persistable hollow = hollowPart();

        IllegalStateException thrown = assertThrows(IllegalStateException.class,
            () -> Fixtures.call(loader.fixture("Editor"), "x", hollow));

        assertTrue(thrown.getMessage().contains("has no store"), thrown.getMessage());
    }

    @Test
    void shouldFaultHollowObjectOnWrite() {
        Persistable hollow = hollowPart();

        assertThrows(IllegalStateException.class, () -> Fixtures.call(loader.fixture("Editor"), "setX", hollow, 1));
        assertEquals(0, Fixtures.get(hollow, "x"), "the write happened before the fault");
    }

    @Test
    void shouldLeaveClassesWithoutPersistentFieldAccessesUnchanged() {
        SwizzleTransformer transformer = new SwizzleTransformer(AgentOptions.parse(""));
        byte[] plain = EnhancingClassLoader.originalBytes("org.swizzle.fixtures.Plain");

        assertNull(transformer.transform(loader, "org/swizzle/fixtures/Plain", plain));
    }

    @Test
    void shouldKeepStoresBeforeSuperConstructorCall() {
        loader.fixture("Part");
        Class<?> early = loader.define(EnhancingClassLoader.FIXTURES + "EarlyStore", earlyStore());
        Object part = Fixtures.newInstance(loader.fixture("Part"), 1);

        Fixtures.newInstance(early, part);

        assertEquals(List.of("NEW java/lang/Object", "INVOKESPECIAL java/lang/Object.<init>()V", "PUTFIELD " + PART + ".x:I",
                "INVOKESTATIC " + PART + ".$swz_get$id(L" + PART + ";)I", "INVOKESPECIAL java/lang/Object.<init>()V",
                "INVOKESTATIC " + PART + ".$swz_set$x(L" + PART + ";I)V"),
            ClassShape.of(loader.definedBytes("EarlyStore")).code("<init>(L" + PART + ";)V"));
        assertEquals(2, Fixtures.get(part, "x"));
    }

    /**
     * {@code EarlyStore(Part p) { new Object(); p.x = 1; p.id; super(); p.x = 2; }}: a store before
     * {@code super()}, as Java 25 allows, with an unrelated constructor call before it.
     */
    private static byte[] earlyStore() {
        ClassWriter writer = new ClassWriter(0);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "org/swizzle/fixtures/EarlyStore", null, "java/lang/Object", null);
        MethodVisitor method = writer.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(L" + PART + ";)V", null, null);
        method.visitCode();
        method.visitTypeInsn(Opcodes.NEW, "java/lang/Object");
        method.visitInsn(Opcodes.DUP);
        method.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        method.visitInsn(Opcodes.POP);
        method.visitVarInsn(Opcodes.ALOAD, 1);
        method.visitInsn(Opcodes.ICONST_1);
        method.visitFieldInsn(Opcodes.PUTFIELD, PART, "x", "I");
        method.visitVarInsn(Opcodes.ALOAD, 1);
        method.visitFieldInsn(Opcodes.GETFIELD, PART, "id", "I");
        method.visitInsn(Opcodes.POP);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        method.visitVarInsn(Opcodes.ALOAD, 1);
        method.visitInsn(Opcodes.ICONST_2);
        method.visitFieldInsn(Opcodes.PUTFIELD, PART, "x", "I");
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(2, 2);
        method.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    private Persistable hollowPart() {
        Persistable hollow = ((Persistable) Fixtures.newInstance(loader.fixture("Part"), 1)).$swz_newHollow();
        hollow.$swz_state(Persistable.HOLLOW);
        return hollow;
    }
}
