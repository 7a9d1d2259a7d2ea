package org.swizzle.agent;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Finds the accesses to stored fields whose residency check repeats one just made on the same object: by data
 * flow (ASM's {@link Analyzer} with a source interpreter), the object operand comes from the same local as the
 * last checked access's, the local was not written since, and the two are in one straight-line region: no
 * instruction between them is reached from elsewhere (a branch target, a loop head, a handler), and none is a
 * call ({@code INVOKE*}), a monitor instruction, an instruction that may initialize a class and so run its
 * static initializer ({@code GETSTATIC}, {@code PUTSTATIC}, {@code NEW}) or another checked access. Only those could re-hollow the object:
 * a commit or an abort is a call, another thread commits only while this one waits in a call or for a monitor,
 * and a fault of another object may re-hollow it for the budget. These accesses call the accessors without the
 * check (Hosking &amp; Moss: one residency check per object per region), as {@code p.x + p.y} then checks once.
 * An access is named by its method and its ordinal among the method's field instructions, which the rewriter
 * counts the same way.
 */
final class RepeatedChecks {

    /** Nothing proven: every access keeps its check. */
    static final RepeatedChecks NONE = new RepeatedChecks(Set.of());

    private static final int NO_LOCAL = -1;

    private final Set<String> repeated;

    private RepeatedChecks(Set<String> repeated) {
        this.repeated = repeated;
    }

    /** The repeated checks among the accesses of {@code classFile} that {@code stored} accepts (stored fields). */
    static RepeatedChecks find(byte[] classFile, Predicate<FieldInsnNode> stored) {
        ClassNode type = new ClassNode();
        new ClassReader(classFile).accept(type, ClassReader.SKIP_DEBUG);
        Set<String> found = new HashSet<>();
        for (MethodNode method : type.methods) {
            if (method.instructions.size() > 0) {
                addRepeated(type.name, method, stored, found);
            }
        }
        return found.isEmpty() ? NONE : new RepeatedChecks(found);
    }

    /** Whether the {@code ordinal}-th field instruction of method {@code name + descriptor} repeats a check. */
    boolean isRepeated(String name, String descriptor, int ordinal) {
        return repeated.contains(key(name, descriptor, ordinal));
    }

    private static void addRepeated(String owner, MethodNode method, Predicate<FieldInsnNode> stored, Set<String> found) {
        Regions regions = new Regions(method.instructions.size());
        Frame<SourceValue>[] frames;
        try {
            frames = regions.analyze(owner, method);
        } catch (AnalyzerException e) {
            return; // unanalyzable code keeps every check
        }
        boolean constructor = Contract.CONSTRUCTOR.equals(method.name);
        int checked = NO_LOCAL;
        int ordinal = 0;
        for (int i = 0; i < method.instructions.size(); i++) {
            AbstractInsnNode insn = method.instructions.get(i);
            if (!regions.continuesFromPrevious(i) || frames[i] == null || endsRegion(insn)) {
                checked = NO_LOCAL;
            } else if (writes(insn, checked)) {
                checked = NO_LOCAL;
            }
            int opcode = insn.getOpcode();
            if (opcode != Opcodes.GETFIELD && opcode != Opcodes.PUTFIELD) {
                continue;
            }
            if (stored.test((FieldInsnNode) insn)) {
                int local = frames[i] == null ? NO_LOCAL : objectLocal(frames[i], opcode);
                if (local != NO_LOCAL && local == checked) {
                    found.add(key(method.name, method.desc, ordinal));
                } else {
                    // a constructor's store may go into the uninitialized this, which the rewriter leaves unchecked
                    checked = constructor && opcode == Opcodes.PUTFIELD ? NO_LOCAL : local;
                }
            }
            ordinal++;
        }
    }

    private static boolean endsRegion(AbstractInsnNode insn) {
        return Bytecode.mayRunOtherCode(insn.getOpcode()) || insn.getOpcode() == Opcodes.MONITOREXIT;
    }

    /** Whether {@code insn} stores into local {@code local} (a long or double store covers two). */
    private static boolean writes(AbstractInsnNode insn, int local) {
        int opcode = insn.getOpcode();
        if (local == NO_LOCAL || opcode < Opcodes.ISTORE || opcode > Opcodes.ASTORE) {
            return false;
        }
        int var = ((VarInsnNode) insn).var;
        boolean wide = opcode == Opcodes.LSTORE || opcode == Opcodes.DSTORE;
        return var == local || wide && var + 1 == local;
    }

    /** The local the object operand of a field instruction was loaded from, or {@link #NO_LOCAL}. */
    private static int objectLocal(Frame<SourceValue> frame, int opcode) {
        int depth = opcode == Opcodes.GETFIELD ? 1 : 2; // a long or double value is one stack entry here
        SourceValue object = frame.getStack(frame.getStackSize() - depth);
        if (object.insns.size() != 1) {
            return NO_LOCAL;
        }
        AbstractInsnNode source = object.insns.iterator().next();
        return source.getOpcode() == Opcodes.ALOAD ? ((VarInsnNode) source).var : NO_LOCAL;
    }

    /** The source analysis, recording for each instruction whether control reaches it only from the one before. */
    private static final class Regions extends Analyzer<SourceValue> {
        private static final int NONE_YET = -2;
        private static final int SEVERAL = -1;

        /** The one instruction control reaches each instruction from, {@link #NONE_YET} or {@link #SEVERAL}. */
        private final int[] predecessor;

        Regions(int size) {
            super(new SourceInterpreter());
            this.predecessor = new int[size];
            Arrays.fill(predecessor, NONE_YET);
        }

        @Override
        protected void newControlFlowEdge(int insn, int successor) {
            // the analyzer reports an edge again each time it revisits an instruction in a loop
            if (predecessor[successor] == NONE_YET) {
                predecessor[successor] = insn;
            } else if (predecessor[successor] != insn) {
                predecessor[successor] = SEVERAL;
            }
        }

        @Override
        protected boolean newControlFlowExceptionEdge(int insn, int successor) {
            predecessor[successor] = SEVERAL;
            return true;
        }

        /** Whether instruction {@code i} is reached from instruction {@code i - 1} and from nowhere else. */
        boolean continuesFromPrevious(int i) {
            return predecessor[i] == i - 1;
        }
    }

    private static String key(String name, String descriptor, int ordinal) {
        return name + descriptor + '#' + ordinal;
    }
}
