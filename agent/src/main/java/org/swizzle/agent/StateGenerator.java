package org.swizzle.agent;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import org.swizzle.internal.Barrier;

/**
 * Generates what lets the object manager hold and create instances of a persistent class: the
 * object state with its {@code Persistable} accessors (in the root class of a hierarchy only), the
 * hollow constructor, and {@code $swz_newHollow()} (which abstract classes refuse).
 */
final class StateGenerator {

    private static final int STATE_FIELD = Opcodes.ACC_PUBLIC | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC;

    /** Field name and descriptor of each piece of state the root class carries. */
    private static final String[][] STATE = {
        {Contract.OID, "J"}, {Contract.ADDRESS, "J"}, {Contract.STATE, "B"}, {Contract.DIRTY, "B"},
        {Contract.FLAGS, "B"}, {Contract.CONTEXT, "Ljava/lang/Object;"}
    };

    private final ClassVisitor target;
    private final ClassModel model;
    private final boolean addressed;

    /** @param addressed whether the configured barrier needs a card address in every object ({@link Barrier#placesObjects()}) */
    StateGenerator(ClassVisitor target, ClassModel model, boolean addressed) {
        this.target = target;
        this.model = model;
        this.addressed = addressed;
    }

    /**
     * The state fields and their getter/setter pairs ({@code long $swz_oid()}, {@code void $swz_oid(long)}, ...).
     * Without {@code addressed}, {@code $swz_address} is no field: its getter returns 0 and its setter does nothing,
     * and each object is 8 bytes smaller.
     */
    void addState() {
        for (String[] field : STATE) {
            if (!addressed && field[0].equals(Contract.ADDRESS)) {
                addNoAddress();
                continue;
            }
            target.visitField(STATE_FIELD, field[0], field[1], null, null).visitEnd();
            addStateGetter(field[0], field[1]);
            addStateSetter(field[0], field[1]);
        }
    }

    /** {@code public long $swz_address() { return 0; }} and {@code public void $swz_address(long a) { }}. */
    private void addNoAddress() {
        MethodVisitor getter = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.ADDRESS, "()J", null, null);
        getter.visitCode();
        getter.visitInsn(Opcodes.LCONST_0);
        getter.visitInsn(Opcodes.LRETURN);
        getter.visitMaxs(0, 0);
        getter.visitEnd();
        MethodVisitor setter = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.ADDRESS, "(J)V", null, null);
        setter.visitCode();
        setter.visitInsn(Opcodes.RETURN);
        setter.visitMaxs(0, 0);
        setter.visitEnd();
    }

    /** {@code public C(Hollow h) { super(h); }}, or {@code super()} in a root: no initializer runs. */
    void addHollowConstructor() {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNTHETIC, Contract.CONSTRUCTOR,
            Contract.HOLLOW_CONSTRUCTOR_DESCRIPTOR, null, null);
        method.visitCode();
        method.visitVarInsn(Opcodes.ALOAD, 0);
        if (model.isRoot()) {
            method.visitMethodInsn(Opcodes.INVOKESPECIAL, Contract.OBJECT, Contract.CONSTRUCTOR, "()V", false);
        } else {
            method.visitVarInsn(Opcodes.ALOAD, 1);
            method.visitMethodInsn(Opcodes.INVOKESPECIAL, model.superName(), Contract.CONSTRUCTOR,
                Contract.HOLLOW_CONSTRUCTOR_DESCRIPTOR, false);
        }
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /** {@code public Persistable $swz_newHollow() { return new C((Hollow) null); }} */
    void addNewHollow() {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.NEW_HOLLOW, Contract.NEW_HOLLOW_DESCRIPTOR, null, null);
        method.visitCode();
        method.visitTypeInsn(Opcodes.NEW, model.internalName());
        method.visitInsn(Opcodes.DUP);
        method.visitInsn(Opcodes.ACONST_NULL);
        method.visitMethodInsn(Opcodes.INVOKESPECIAL, model.internalName(), Contract.CONSTRUCTOR,
            Contract.HOLLOW_CONSTRUCTOR_DESCRIPTOR, false);
        method.visitInsn(Opcodes.ARETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /**
     * {@code public Persistable $swz_newHollow() { throw Enhancement.notEnhanced(this); }}, in an abstract class: its
     * enhanced subclasses override it, and a class compiled against the enhanced class file (a subclass in the tests,
     * in another module, or recompiled alone by an incremental build) then compiles, as it would against the class
     * before enhancement, where an abstract method inherited from {@code Persistable} would make javac refuse it. Only a
     * subclass that was never enhanced runs it.
     */
    void addAbstractNewHollow() {
        // not synthetic: javac takes no synthetic method as the implementation of an interface's
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.NEW_HOLLOW, Contract.NEW_HOLLOW_DESCRIPTOR, null,
            null);
        method.visitCode();
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.ENHANCEMENT, Contract.NOT_ENHANCED, Contract.NOT_ENHANCED_DESCRIPTOR,
            false);
        method.visitInsn(Opcodes.ATHROW);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    private void addStateGetter(String name, String descriptor) {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, name, "()" + descriptor, null, null);
        method.visitCode();
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, model.internalName(), name, descriptor);
        method.visitInsn(Type.getType(descriptor).getOpcode(Opcodes.IRETURN));
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    private void addStateSetter(String name, String descriptor) {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, name, "(" + descriptor + ")V", null, null);
        method.visitCode();
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitVarInsn(Type.getType(descriptor).getOpcode(Opcodes.ILOAD), 1);
        method.visitFieldInsn(Opcodes.PUTFIELD, model.internalName(), name, descriptor);
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }
}
