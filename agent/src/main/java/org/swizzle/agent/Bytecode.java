package org.swizzle.agent;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** Small instruction and frame helpers shared by the generators. */
final class Bytecode {

    private Bytecode() {
    }

    /** The verifier type of a value of {@code descriptor} in a stack map frame. */
    static Object frameType(String descriptor) {
        switch (descriptor.charAt(0)) {
            case 'Z': case 'B': case 'S': case 'C': case 'I': return Opcodes.INTEGER;
            case 'J': return Opcodes.LONG;
            case 'F': return Opcodes.FLOAT;
            case 'D': return Opcodes.DOUBLE;
            default: return Type.getType(descriptor).getInternalName();
        }
    }

    /** Pushes the Java default value ({@code 0}, {@code false}, {@code null}) of {@code descriptor}. */
    static void pushDefault(MethodVisitor method, String descriptor) {
        switch (descriptor.charAt(0)) {
            case 'Z': case 'B': case 'S': case 'C': case 'I': method.visitInsn(Opcodes.ICONST_0); break;
            case 'J': method.visitInsn(Opcodes.LCONST_0); break;
            case 'F': method.visitInsn(Opcodes.FCONST_0); break;
            case 'D': method.visitInsn(Opcodes.DCONST_0); break;
            default: method.visitInsn(Opcodes.ACONST_NULL);
        }
    }

    static void pushInt(MethodVisitor method, int value) {
        if (value >= -1 && value <= 5) {
            method.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            method.visitIntInsn(Opcodes.BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            method.visitIntInsn(Opcodes.SIPUSH, value);
        } else {
            method.visitLdcInsn(value);
        }
    }

    /** Casts the {@code Object} on the stack to the type of {@code descriptor}, unless it is {@code Object}. */
    static void castFromObject(MethodVisitor method, String descriptor) {
        String type = Type.getType(descriptor).getInternalName();
        if (!Contract.OBJECT.equals(type)) {
            method.visitTypeInsn(Opcodes.CHECKCAST, type);
        }
    }

    /**
     * Marks a branch target with an expanded frame of {@code locals} and an empty stack, when the
     * class file version has stack map frames at all.
     */
    static void target(MethodVisitor method, Label label, boolean frames, Object... locals) {
        method.visitLabel(label);
        if (frames) {
            method.visitFrame(Opcodes.F_NEW, locals.length, locals, 0, new Object[0]);
        }
    }

    /**
     * Whether the instruction {@code opcode} may run code other than its own, which may commit or abort and so
     * re-hollow an object, or wait while another thread does: a call, a monitor entry, or what may initialize a
     * class ({@code GETSTATIC}, {@code PUTSTATIC}, {@code NEW}: its static initializer may call anything).
     */
    static boolean mayRunOtherCode(int opcode) {
        return opcode >= Opcodes.INVOKEVIRTUAL && opcode <= Opcodes.INVOKEDYNAMIC || opcode == Opcodes.MONITORENTER
            || opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC || opcode == Opcodes.NEW;
    }
}
