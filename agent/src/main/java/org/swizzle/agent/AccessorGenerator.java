package org.swizzle.agent;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

import org.swizzle.internal.Barrier;
import org.swizzle.internal.FieldKind;

/**
 * Generates the static accessors that rewritten field accesses call, one pair per stored field
 * {@code f} of type {@code T} of class {@code C}:
 * <pre>
 * public static T $swz_get$f(C o) {
 *     if (o.$swz_state != 0) Faults.fault(o);   // residency check
 *     CardTable.mark(o.$swz_address);           // arrays and collections only: they change without a PUTFIELD
 *     return o.f;
 * }
 * public static T $swz_read$f(C o) {           // arrays: for loads proven read-only, no mark
 *     if (o.$swz_state != 0) Faults.fault(o);
 *     return o.f;
 * }
 * public static void $swz_set$f(C o, T v) {
 *     if (o.$swz_state != 0) Faults.fault(o);
 *     o.f = v;
 *     CardTable.mark(o.$swz_address);           // write barrier
 * }
 * </pre>
 * The mark is the configured {@link Barrier}: {@code CardTable.mark(o.$swz_address)} for cards,
 * {@code if (o.$swz_dirty == 0) RememberedSet.remember(o)} for the remembered set,
 * {@code o.$swz_dirty = 1} for dirty bits, nothing for {@code barrier=none}.
 */
final class AccessorGenerator {

    private static final int ACCESS = Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;

    private final ClassVisitor target;
    private final String owner;
    private final Barrier barrier;
    private final boolean frames;

    /**
     * @param barrier the configured update detection
     * @param frames  whether the class file version carries stack map frames
     */
    AccessorGenerator(ClassVisitor target, String owner, Barrier barrier, boolean frames) {
        this.target = target;
        this.owner = owner;
        this.barrier = barrier;
        this.frames = frames;
    }

    void addAccessors(StoredField field) {
        addGetter(field, field.getterName(), field.kind() == FieldKind.MUTABLE_VALUE);
        if (field.isElidableArray()) {
            addGetter(field, field.readerName(), false);
        }
        addSetter(field);
    }

    private void addGetter(StoredField field, String name, boolean marks) {
        MethodVisitor method = target.visitMethod(ACCESS, name, field.getterDescriptor(), null, null);
        method.visitCode();
        residencyCheck(method, owner);
        if (marks) {
            mark(method, owner);
        }
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
        method.visitInsn(Type.getType(field.descriptor()).getOpcode(Opcodes.IRETURN));
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    private void addSetter(StoredField field) {
        MethodVisitor method = target.visitMethod(ACCESS, field.setterName(), field.setterDescriptor(), null, null);
        method.visitCode();
        residencyCheck(method, owner, Bytecode.frameType(field.descriptor()));
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitVarInsn(Type.getType(field.descriptor()).getOpcode(Opcodes.ILOAD), 1);
        method.visitFieldInsn(Opcodes.PUTFIELD, owner, field.name(), field.descriptor());
        mark(method, owner, Bytecode.frameType(field.descriptor()));
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /** {@code if (o.$swz_state != 0) Faults.fault(o);} with {@code o} in local 0 and {@code locals} the method's locals. */
    private void residencyCheck(MethodVisitor method, Object... locals) {
        Label resident = new Label();
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.STATE, "B");
        method.visitJumpInsn(Opcodes.IFEQ, resident);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.FAULTS, Contract.FAULT, Contract.FAULT_DESCRIPTOR, false);
        Bytecode.target(method, resident, frames, locals);
    }

    /** The write barrier on {@code o} in local 0, with {@code locals} the method's locals. */
    private void mark(MethodVisitor method, Object... locals) {
        switch (barrier) {
            case CARD:
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.ADDRESS, "J");
                method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.CARD_TABLE, Contract.MARK, Contract.MARK_DESCRIPTOR, false);
                break;
            case REMSET: {
                Label remembered = new Label();
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.DIRTY, "B");
                method.visitJumpInsn(Opcodes.IFNE, remembered);
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.REMEMBERED_SET, Contract.REMEMBER, Contract.REMEMBER_DESCRIPTOR, false);
                Bytecode.target(method, remembered, frames, locals);
                break;
            }
            case OBJECT:
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitInsn(Opcodes.ICONST_1);
                method.visitFieldInsn(Opcodes.PUTFIELD, owner, Contract.DIRTY, "B");
                break;
            default:
                break;
        }
    }
}
