package org.swizzle.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * Which instructions of a class's methods may run code other than their own ({@link Bytecode#mayRunOtherCode}),
 * less the calls and static field accesses proven not to: a residency check made before one still holds after it,
 * as OO1's {@code visit(p.x, p.y, p.type)} then {@code p.to} checks {@code p} once. Such a call can neither fault,
 * commit nor abort, nor wait while another thread does, and it is short, as straight-line code is: a thread in it
 * is still touching the objects its caller checked. Proven inert are:
 * <ul>
 * <li>the static methods of {@code Math}, {@code StrictMath} and the primitives' boxes whose parameters are all
 * primitive, and the few {@code String} methods of {@link #STRING_METHODS} (a final class: no application code);</li>
 * <li>a method of the class itself that the call binds statically (static, private, final, or of a final class),
 * neither synchronized nor native, whose code has no loop, accesses no stored field, only static fields the class
 * declares (its initialization has begun, since its code runs), makes no object and calls only inert methods;
 * recursion is not followed, so a method that calls itself is not inert.</li>
 * </ul>
 * Field accesses of other objects are no such point: a stored one is a possible fault, and so never inert.
 */
final class InertCalls {

    /** The classes whose static methods with primitive parameters are inert. */
    private static final Set<String> PRIMITIVE_HELPERS = Set.of("java/lang/Math", "java/lang/StrictMath",
        "java/lang/Integer", "java/lang/Long", "java/lang/Short", "java/lang/Byte", "java/lang/Character",
        "java/lang/Boolean", "java/lang/Float", "java/lang/Double");
    /** The inert instance methods of {@code String}, by name and descriptor. */
    private static final Set<String> STRING_METHODS = Set.of("length()I", "isEmpty()Z", "charAt(I)C",
        "codePointAt(I)I", "hashCode()I");
    private static final String STRING = "java/lang/String";

    private final String owner;
    private final Set<String> staticFields = new HashSet<>();
    /** The class's own methods proven inert, by name and descriptor. */
    private final Set<String> inert = new HashSet<>();

    private InertCalls(String owner) {
        this.owner = owner;
    }

    /** The inert calls of {@code type}, whose stored fields {@code stored} accepts. */
    static InertCalls of(ClassNode type, Predicate<FieldInsnNode> stored) {
        InertCalls calls = new InertCalls(type.name);
        for (FieldNode field : type.fields) {
            if ((field.access & Opcodes.ACC_STATIC) != 0) {
                calls.staticFields.add(field.name + ':' + field.desc);
            }
        }
        boolean finalClass = (type.access & Opcodes.ACC_FINAL) != 0;
        Map<String, MethodNode> candidates = new HashMap<>();
        for (MethodNode method : type.methods) {
            if (isBoundStatically(method, finalClass)) {
                candidates.put(method.name + method.desc, method);
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Map.Entry<String, MethodNode> candidate : candidates.entrySet()) {
                if (!calls.inert.contains(candidate.getKey()) && calls.runsOnlyItsOwnCode(candidate.getValue(), stored)) {
                    calls.inert.add(candidate.getKey());
                    grew = true;
                }
            }
        }
        return calls;
    }

    /** Whether {@code insn} may run code other than its own, which may re-hollow an object or let another thread. */
    boolean mayRunOtherCode(AbstractInsnNode insn) {
        int opcode = insn.getOpcode();
        if (!Bytecode.mayRunOtherCode(opcode)) {
            return false;
        }
        if (opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC) {
            FieldInsnNode field = (FieldInsnNode) insn;
            return !(owner.equals(field.owner) && staticFields.contains(field.name + ':' + field.desc));
        }
        return !(insn instanceof MethodInsnNode && isInert((MethodInsnNode) insn));
    }

    private boolean isInert(MethodInsnNode call) {
        if (call.getOpcode() == Opcodes.INVOKESTATIC && PRIMITIVE_HELPERS.contains(call.owner)) {
            for (Type parameter : Type.getArgumentTypes(call.desc)) {
                if (parameter.getSort() == Type.OBJECT || parameter.getSort() == Type.ARRAY) {
                    return false;
                }
            }
            return true;
        }
        if (call.getOpcode() == Opcodes.INVOKEVIRTUAL && STRING.equals(call.owner)) {
            return STRING_METHODS.contains(call.name + call.desc);
        }
        return owner.equals(call.owner) && call.getOpcode() != Opcodes.INVOKEINTERFACE && inert.contains(call.name + call.desc);
    }

    private boolean runsOnlyItsOwnCode(MethodNode method, Predicate<FieldInsnNode> stored) {
        InsnList code = method.instructions;
        for (AbstractInsnNode insn : code) {
            int opcode = insn.getOpcode();
            if (opcode == Opcodes.MONITORENTER || mayRunOtherCode(insn) || jumpsBack(code, insn)
                || (opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD) && stored.test((FieldInsnNode) insn)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code insn} may jump to itself or to an instruction before it: a loop, which may run for long. */
    private static boolean jumpsBack(InsnList code, AbstractInsnNode insn) {
        List<LabelNode> targets = new ArrayList<>();
        if (insn instanceof JumpInsnNode) {
            targets.add(((JumpInsnNode) insn).label);
        } else if (insn instanceof TableSwitchInsnNode) {
            targets.add(((TableSwitchInsnNode) insn).dflt);
            targets.addAll(((TableSwitchInsnNode) insn).labels);
        } else if (insn instanceof LookupSwitchInsnNode) {
            targets.add(((LookupSwitchInsnNode) insn).dflt);
            targets.addAll(((LookupSwitchInsnNode) insn).labels);
        }
        int at = code.indexOf(insn);
        for (LabelNode target : targets) {
            if (code.indexOf(target) <= at) {
                return true;
            }
        }
        return false;
    }

    private static boolean isBoundStatically(MethodNode method, boolean finalClass) {
        if ((method.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_SYNCHRONIZED)) != 0
            || method.name.startsWith("<")) {
            return false;
        }
        return finalClass || (method.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL)) != 0;
    }
}
