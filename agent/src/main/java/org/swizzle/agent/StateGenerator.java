package org.swizzle.agent;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
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

    private final ClassVisitor target;
    private final ClassModel model;
    private final boolean addressed;
    private final boolean frames;

    /**
     * @param addressed whether the configured barrier needs a card address in every object ({@link Barrier#placesObjects()})
     * @param frames whether the class file's version needs stack map frames at branch targets
     */
    StateGenerator(ClassVisitor target, ClassModel model, boolean addressed, boolean frames) {
        this.target = target;
        this.model = model;
        this.addressed = addressed;
        this.frames = frames;
    }

    /**
     * The state fields: {@code long $swz_word} with its getter and {@code $swz_swapWord}, a compare-and-set through the
     * handle {@link #initializeWordHandle} makes (the other pieces of state are {@code Persistable}'s default methods
     * over the word), and {@code $swz_address} with its getter and setter. Without {@code addressed},
     * {@code $swz_address} is no field: its getter returns 0 and its setter does nothing, and each object is 8 bytes
     * smaller.
     */
    void addState() {
        target.visitField(STATE_FIELD, Contract.WORD, "J", null, null).visitEnd();
        target.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
            Contract.WORD_HANDLE, Contract.VAR_HANDLE_DESCRIPTOR, null, null).visitEnd();
        addStateGetter(Contract.WORD, "J");
        addSwapWord();
        if (addressed) {
            target.visitField(STATE_FIELD, Contract.ADDRESS, "J", null, null).visitEnd();
            addStateGetter(Contract.ADDRESS, "J");
            addStateSetter(Contract.ADDRESS, "J");
        } else {
            addNoAddress();
        }
    }

    /** {@code $swz_wordHandle = MethodHandles.lookup().findVarHandle(C.class, "$swz_word", long.class)}, in the static initializer. */
    static void initializeWordHandle(MethodVisitor method, String owner) {
        method.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
            "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
        method.visitLdcInsn(Type.getObjectType(owner));
        method.visitLdcInsn(Contract.WORD);
        method.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/Long", "TYPE", "Ljava/lang/Class;");
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandles$Lookup", "findVarHandle",
            "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;", false);
        method.visitFieldInsn(Opcodes.PUTSTATIC, owner, Contract.WORD_HANDLE, Contract.VAR_HANDLE_DESCRIPTOR);
    }

    /**
     * {@code public boolean $swz_swapWord(long expected, long word)}: {@code $swz_wordHandle.compareAndSet(this, expected,
     * word)}, or, while the handle is still null, a plain compare and store. The handle is null only while the class is
     * being initialized, on the initializing thread, in a cycle: the static initializer of an interface with a default
     * method, which runs before the class's own, making an instance of the class. No other thread can use an instance
     * then, since it would wait for the initialization to end.
     */
    private void addSwapWord() {
        String owner = model.internalName();
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.SWAP_WORD, Contract.SWAP_WORD_DESCRIPTOR, null, null);
        method.visitCode();
        Label initializing = new Label();
        Label differs = new Label();
        method.visitFieldInsn(Opcodes.GETSTATIC, owner, Contract.WORD_HANDLE, Contract.VAR_HANDLE_DESCRIPTOR);
        method.visitJumpInsn(Opcodes.IFNULL, initializing);
        method.visitFieldInsn(Opcodes.GETSTATIC, owner, Contract.WORD_HANDLE, Contract.VAR_HANDLE_DESCRIPTOR);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitVarInsn(Opcodes.LLOAD, 1);
        method.visitVarInsn(Opcodes.LLOAD, 3);
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Contract.VAR_HANDLE, Contract.COMPARE_AND_SET, "(L" + owner + ";JJ)Z", false);
        method.visitInsn(Opcodes.IRETURN);
        Object[] locals = {owner, Opcodes.LONG, Opcodes.LONG};
        Bytecode.target(method, initializing, frames, locals);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.WORD, "J");
        method.visitVarInsn(Opcodes.LLOAD, 1);
        method.visitInsn(Opcodes.LCMP);
        method.visitJumpInsn(Opcodes.IFNE, differs);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitVarInsn(Opcodes.LLOAD, 3);
        method.visitFieldInsn(Opcodes.PUTFIELD, owner, Contract.WORD, "J");
        method.visitInsn(Opcodes.ICONST_1);
        method.visitInsn(Opcodes.IRETURN);
        Bytecode.target(method, differs, frames, locals);
        method.visitInsn(Opcodes.ICONST_0);
        method.visitInsn(Opcodes.IRETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
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
