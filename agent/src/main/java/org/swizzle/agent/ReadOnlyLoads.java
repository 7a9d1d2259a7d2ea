package org.swizzle.agent;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Proves, by data flow (ASM's {@link Analyzer} with a source interpreter), which loads of array
 * fields are only read in their method: the array flows only into {@code ARRAYLENGTH}, element loads,
 * null checks and reference comparisons, directly or through locals, casts and {@code DUP}. Such a
 * load cannot change the array, so it needs no write-barrier mark; the for-each loop over an array
 * field is the common case. Everything else (the array returned, passed on, stored, written) keeps
 * the mark. A load is named by its method and its ordinal among the method's {@code GETFIELD}s,
 * which the rewriter counts the same way.
 */
final class ReadOnlyLoads {

    /** No load proven read-only: every array load keeps its mark. */
    static final ReadOnlyLoads NONE = new ReadOnlyLoads(Set.of());

    private final Set<String> loads;

    private ReadOnlyLoads(Set<String> loads) {
        this.loads = loads;
    }

    /**
     * The read-only loads of {@code classFile} among the {@code GETFIELD}s that {@code elidable}
     * accepts (owner, name, descriptor of arrays whose elements are not themselves mutable).
     */
    static ReadOnlyLoads find(byte[] classFile, Predicate<FieldInsnNode> elidable) {
        ClassNode type = new ClassNode();
        new ClassReader(classFile).accept(type, ClassReader.SKIP_DEBUG);
        Set<String> found = new HashSet<>();
        for (MethodNode method : type.methods) {
            List<FieldInsnNode> candidates = new ArrayList<>();
            int ordinal = 0;
            for (AbstractInsnNode insn : method.instructions) {
                if (insn.getOpcode() == Opcodes.GETFIELD) {
                    if (elidable.test((FieldInsnNode) insn)) {
                        candidates.add((FieldInsnNode) insn);
                    }
                    ordinal++;
                }
            }
            if (!candidates.isEmpty()) {
                addReadOnly(type.name, method, candidates, found);
            }
        }
        return new ReadOnlyLoads(found);
    }

    /** Whether the {@code ordinal}-th {@code GETFIELD} of method {@code name + descriptor} is read-only. */
    boolean isReadOnly(String name, String descriptor, int ordinal) {
        return loads.contains(key(name, descriptor, ordinal));
    }

    private static void addReadOnly(String owner, MethodNode method, List<FieldInsnNode> candidates, Set<String> found) {
        Uses uses = new Uses();
        try {
            new Analyzer<>(uses).analyze(owner, method);
        } catch (AnalyzerException e) {
            return; // unanalyzable code keeps every mark
        }
        int ordinal = 0;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() == Opcodes.GETFIELD) {
                if (candidates.contains(insn) && uses.onlyRead(insn)) {
                    found.add(key(method.name, method.desc, ordinal));
                }
                ordinal++;
            }
        }
    }

    private static String key(String name, String descriptor, int ordinal) {
        return name + descriptor + '#' + ordinal;
    }

    /** A source interpreter that also records, for every value, the instructions that consume it. */
    private static final class Uses extends SourceInterpreter {
        private final List<AbstractInsnNode> consumers = new ArrayList<>();
        private final List<SourceValue> consumed = new ArrayList<>();
        private final List<Integer> operands = new ArrayList<>();

        Uses() {
            super(Opcodes.ASM9);
        }

        private void used(AbstractInsnNode insn, SourceValue value, int operand) {
            consumers.add(insn);
            consumed.add(value);
            operands.add(operand);
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            used(insn, value, 0);
            return super.copyOperation(insn, value);
        }

        @Override
        public SourceValue unaryOperation(AbstractInsnNode insn, SourceValue value) {
            used(insn, value, 0);
            return super.unaryOperation(insn, value);
        }

        @Override
        public SourceValue binaryOperation(AbstractInsnNode insn, SourceValue value1, SourceValue value2) {
            used(insn, value1, 0);
            used(insn, value2, 1);
            return super.binaryOperation(insn, value1, value2);
        }

        @Override
        public SourceValue ternaryOperation(AbstractInsnNode insn, SourceValue value1, SourceValue value2, SourceValue value3) {
            used(insn, value1, 0);
            used(insn, value2, 1);
            used(insn, value3, 2);
            return super.ternaryOperation(insn, value1, value2, value3);
        }

        @Override
        public SourceValue naryOperation(AbstractInsnNode insn, List<? extends SourceValue> values) {
            for (int i = 0; i < values.size(); i++) {
                used(insn, values.get(i), i);
            }
            return super.naryOperation(insn, values);
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, SourceValue value, SourceValue expected) {
            used(insn, value, 0);
            super.returnOperation(insn, value, expected);
        }

        /**
         * Whether the value {@code load} produces only meets read-only uses. Values flow on through
         * the instructions that copy them (stores and loads of locals, casts, DUP), which are followed
         * in turn; a value popped unused is harmless.
         */
        boolean onlyRead(AbstractInsnNode load) {
            Set<AbstractInsnNode> carriers = new HashSet<>();
            carriers.add(load);
            boolean grew = true;
            while (grew) {
                grew = false;
                for (int i = 0; i < consumers.size(); i++) {
                    if (!carries(consumed.get(i), carriers)) {
                        continue;
                    }
                    AbstractInsnNode use = consumers.get(i);
                    switch (use.getOpcode()) {
                        case Opcodes.ARRAYLENGTH:
                        case Opcodes.IFNULL:
                        case Opcodes.IFNONNULL:
                        case Opcodes.IF_ACMPEQ:
                        case Opcodes.IF_ACMPNE:
                            break;
                        case Opcodes.IALOAD: case Opcodes.LALOAD: case Opcodes.FALOAD: case Opcodes.DALOAD:
                        case Opcodes.AALOAD: case Opcodes.BALOAD: case Opcodes.CALOAD: case Opcodes.SALOAD:
                            if (operands.get(i) != 0) {
                                return false;
                            }
                            break;
                        case Opcodes.ALOAD:
                        case Opcodes.ASTORE:
                        case Opcodes.CHECKCAST:
                        case Opcodes.DUP:
                            grew |= carriers.add(use);
                            break;
                        default:
                            return false;
                    }
                }
            }
            return true;
        }

        private static boolean carries(SourceValue value, Set<AbstractInsnNode> carriers) {
            for (AbstractInsnNode source : value.insns) {
                if (carriers.contains(source)) {
                    return true;
                }
            }
            return false;
        }
    }
}
