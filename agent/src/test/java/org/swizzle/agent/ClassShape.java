package org.swizzle.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import net.bytebuddy.utility.OpenedClassReader;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The structure of a class file as tests assert on it: flags and, per method, its instructions as text. */
final class ClassShape {

    final List<String> interfaces = new ArrayList<>();
    final Map<String, Integer> fieldAccess = new LinkedHashMap<>();
    final Map<String, Integer> methodAccess = new LinkedHashMap<>();
    final Map<String, List<String>> instructions = new LinkedHashMap<>();

    static ClassShape of(byte[] classFile) {
        ClassShape shape = new ClassShape();
        new ClassReader(classFile).accept(shape.new Recorder(), ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return shape;
    }

    /** The instructions of method {@code nameAndDescriptor} (e.g. {@code "$swz_write(ILorg/...;)V"}). */
    List<String> code(String nameAndDescriptor) {
        List<String> code = instructions.get(nameAndDescriptor);
        if (code == null) {
            throw new AssertionError("No method " + nameAndDescriptor + " in " + instructions.keySet());
        }
        return code;
    }

    private final class Recorder extends ClassVisitor {

        Recorder() {
            super(OpenedClassReader.ASM_API);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            ClassShape.this.interfaces.addAll(Arrays.asList(interfaces));
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            fieldAccess.put(name, access);
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            methodAccess.put(name + descriptor, access);
            List<String> code = new ArrayList<>();
            instructions.put(name + descriptor, code);
            return new MethodVisitor(OpenedClassReader.ASM_API) {
                @Override
                public void visitFieldInsn(int opcode, String owner, String field, String type) {
                    code.add(opcode(opcode) + " " + owner + "." + field + ":" + type);
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String method, String type, boolean isInterface) {
                    code.add(opcode(opcode) + " " + owner + "." + method + type);
                }

                @Override
                public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
                    code.add("TABLESWITCH " + min + ".." + max);
                }

                @Override
                public void visitTypeInsn(int opcode, String type) {
                    code.add(opcode(opcode) + " " + type);
                }
            };
        }
    }

    private static String opcode(int opcode) {
        switch (opcode) {
            case Opcodes.GETFIELD: return "GETFIELD";
            case Opcodes.PUTFIELD: return "PUTFIELD";
            case Opcodes.INVOKESTATIC: return "INVOKESTATIC";
            case Opcodes.INVOKEVIRTUAL: return "INVOKEVIRTUAL";
            case Opcodes.INVOKESPECIAL: return "INVOKESPECIAL";
            case Opcodes.CHECKCAST: return "CHECKCAST";
            case Opcodes.NEW: return "NEW";
            default: return "OP" + opcode;
        }
    }
}
