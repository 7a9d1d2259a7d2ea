package org.swizzle.agent;

import java.util.Map;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Rewrites {@code GETFIELD}/{@code PUTFIELD} of stored fields into calls of their static accessors
 * ({@code $swz_get$f(o)}, {@code $swz_set$f(o, v)}), which carry the residency check and the write
 * barrier. The call has the stack effect of the field instruction it replaces, so the method's
 * frames and maximums stay valid. The accessor is invoked on the class the code names (its static
 * methods are inherited like the field), which the caller can always access.
 *
 * <p>Under {@code checks=entry}, the instance methods of a persistent class begin with
 * {@code $swz_enter(this)}, and their accesses to {@code this} call the accessors without a residency
 * check ({@code $swz_uget$f}, ...).
 *
 * <p>In a constructor, a {@code PUTFIELD} before the {@code super(...)}/{@code this(...)} call is
 * kept: it may store into the still uninitialized {@code this}, which no method may receive, and a
 * new object needs neither check nor barrier.
 */
final class FieldAccessRewriter extends ClassVisitor {

    private final Map<ClassFileScan.FieldRef, StoredField> redirects;
    private final ReadOnlyLoads readOnly;
    private final String checkedOnEntry;
    private final ReceiverAccesses receiver;

    /**
     * @param redirects      the stored field each rewritten field reference resolves to
     * @param readOnly       the loads of array fields proven read-only, which call the unmarked reader
     * @param checkedOnEntry under {@code checks=entry}, the internal name of the persistent class being
     *                       rewritten, whose instance methods begin with {@code $swz_enter(this)}; else null
     * @param receiver       the accesses to {@code this} in those methods, which call unchecked accessors
     */
    FieldAccessRewriter(ClassVisitor next, Map<ClassFileScan.FieldRef, StoredField> redirects, ReadOnlyLoads readOnly,
                        String checkedOnEntry, ReceiverAccesses receiver) {
        super(OpenedClassReader.ASM_API, next);
        this.redirects = redirects;
        this.readOnly = readOnly;
        this.checkedOnEntry = checkedOnEntry;
        this.receiver = receiver;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
        boolean entryCheck = checkedOnEntry != null && ReceiverAccesses.checksOnEntry(access, name);
        return method == null ? null : new Rewriting(method, name, descriptor, entryCheck);
    }

    private final class Rewriting extends MethodVisitor {

        private final String name;
        private final String descriptor;
        private final boolean entryCheck;
        private boolean initialized;
        private int pendingNews;
        /** GETFIELDs seen so far, the ordinal {@link ReadOnlyLoads} names loads by. */
        private int loads;
        /** GETFIELDs and PUTFIELDs seen so far, the ordinal {@link ReceiverAccesses} names accesses by. */
        private int accesses;

        Rewriting(MethodVisitor next, String name, String descriptor, boolean entryCheck) {
            super(OpenedClassReader.ASM_API, next);
            this.name = name;
            this.descriptor = descriptor;
            this.entryCheck = entryCheck;
            this.initialized = !Contract.CONSTRUCTOR.equals(name);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (entryCheck) {
                // a call, not a branch: the method's own first frame may lie at offset 0
                super.visitVarInsn(Opcodes.ALOAD, 0);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, checkedOnEntry, Contract.ENTER, "(L" + checkedOnEntry + ";)V", false);
            }
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (opcode == Opcodes.NEW) {
                pendingNews++;
            }
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (!initialized && opcode == Opcodes.INVOKESPECIAL && Contract.CONSTRUCTOR.equals(name)) {
                // an <init> either completes a NEW of the constructor's code or is the super/this call
                if (pendingNews > 0) {
                    pendingNews--;
                } else {
                    initialized = true;
                }
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String fieldName, String fieldDescriptor) {
            int load = opcode == Opcodes.GETFIELD ? loads++ : -1;
            int access = opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD ? accesses++ : -1;
            StoredField field = opcode == Opcodes.GETFIELD || (opcode == Opcodes.PUTFIELD && initialized)
                ? redirects.get(new ClassFileScan.FieldRef(owner, fieldName, fieldDescriptor))
                : null;
            if (field == null) {
                super.visitFieldInsn(opcode, owner, fieldName, fieldDescriptor);
                return;
            }
            boolean resident = entryCheck && receiver.isOnReceiver(name, descriptor, access);
            String accessor;
            if (opcode == Opcodes.GETFIELD) {
                boolean unmarked = field.isElidableArray() && readOnly.isReadOnly(name, descriptor, load);
                accessor = unmarked ? field.readerName() : field.getterName();
            } else {
                accessor = field.setterName();
            }
            super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, resident ? Contract.unchecked(accessor) : accessor,
                opcode == Opcodes.GETFIELD ? field.getterDescriptor() : field.setterDescriptor(), false);
        }
    }
}
