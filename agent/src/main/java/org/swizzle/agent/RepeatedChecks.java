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
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Finds the accesses to stored fields whose residency check repeats one just made on the same object: by data
 * flow (ASM's {@link Analyzer} with a source interpreter), the object operand comes from a load of the local the
 * last checked access's came from (directly or through {@code DUP}s, as in {@code p.x++}), the local is not written
 * between the earlier of the two loads and the access, and the check and the access are in one region without joins: each
 * instruction on the way is reached from one instruction only, an earlier one (the target of a branch taken from
 * nowhere else continues the branch's region; a join, a loop head or a handler starts a new one), and none is a
 * call ({@code INVOKE*}) other than one proven {@linkplain InertCalls inert}, a monitor instruction, an instruction
 * that may initialize a class and so run its static initializer ({@code GETSTATIC}, {@code PUTSTATIC} of another
 * class's field, {@code NEW}) or another checked access. Only those could re-hollow the object:
 * a commit or an abort is a call, another thread commits only while this one waits in a call or for a monitor,
 * and a fault of another object may re-hollow it for the budget. These accesses call the accessors without the
 * check (Hosking &amp; Moss: one residency check per object per region), as {@code p.x + p.y} then checks once.
 * An access is named by its method and its ordinal among the method's field instructions, which the rewriter
 * counts the same way.
 */
final class RepeatedChecks {

    /** Nothing proven: every access keeps its check. */
    static final RepeatedChecks NONE = new RepeatedChecks(Set.of());

    private static final int NO_LOAD = -1;

    private final Set<String> repeated;

    private RepeatedChecks(Set<String> repeated) {
        this.repeated = repeated;
    }

    /** The repeated checks among the accesses of {@code classFile} that {@code stored} accepts (stored fields). */
    static RepeatedChecks find(byte[] classFile, Predicate<FieldInsnNode> stored) {
        ClassNode type = new ClassNode();
        new ClassReader(classFile).accept(type, ClassReader.SKIP_DEBUG);
        InertCalls calls = InertCalls.of(type, stored);
        Set<String> found = new HashSet<>();
        for (MethodNode method : type.methods) {
            if (method.instructions.size() > 0) {
                addRepeated(type.name, method, stored, calls, found);
            }
        }
        return found.isEmpty() ? NONE : new RepeatedChecks(found);
    }

    /** Whether the {@code ordinal}-th field instruction of method {@code name + descriptor} repeats a check. */
    boolean isRepeated(String name, String descriptor, int ordinal) {
        return repeated.contains(key(name, descriptor, ordinal));
    }

    private static void addRepeated(String owner, MethodNode method, Predicate<FieldInsnNode> stored, InertCalls calls,
                                    Set<String> found) {
        Regions regions = new Regions(method.instructions);
        Frame<SourceValue>[] frames;
        try {
            frames = regions.analyze(owner, method);
        } catch (AnalyzerException e) {
            return; // unanalyzable code keeps every check
        }
        boolean constructor = Contract.CONSTRUCTOR.equals(method.name);
        int size = method.instructions.size();
        // for each instruction, the ALOAD whose object the region has checked when it has run, or NO_LOAD
        int[] checkedAfter = new int[size];
        int ordinal = 0;
        for (int i = 0; i < size; i++) {
            AbstractInsnNode insn = method.instructions.get(i);
            int from = regions.onlyPredecessor(i);
            int checked = from >= 0 && from < i && frames[i] != null ? checkedAfter[from] : NO_LOAD;
            if (calls.mayRunOtherCode(insn) || insn.getOpcode() == Opcodes.MONITOREXIT) {
                checked = NO_LOAD;
            }
            int opcode = insn.getOpcode();
            if (opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD) {
                if (stored.test((FieldInsnNode) insn)) {
                    int load = frames[i] == null ? NO_LOAD : regions.objectLoad(frames, i);
                    if (load != NO_LOAD && checked != NO_LOAD && regions.sameObject(load, checked, i)) {
                        found.add(key(method.name, method.desc, ordinal));
                    } else {
                        // a constructor's store may go into the uninitialized this, which the rewriter leaves unchecked
                        checked = constructor && opcode == Opcodes.PUTFIELD ? NO_LOAD : load;
                    }
                }
                ordinal++;
            }
            checkedAfter[i] = checked;
        }
    }

    /** Whether {@code insn} stores into local {@code local} (a long or double store covers two). */
    private static boolean writes(AbstractInsnNode insn, int local) {
        int opcode = insn.getOpcode();
        if (opcode < Opcodes.ISTORE || opcode > Opcodes.ASTORE) {
            return false;
        }
        int var = ((VarInsnNode) insn).var;
        boolean wide = opcode == Opcodes.LSTORE || opcode == Opcodes.DSTORE;
        return var == local || wide && var + 1 == local;
    }

    /** The source analysis, recording for each instruction the one instruction control reaches it from, if only one. */
    private static final class Regions extends Analyzer<SourceValue> {
        private static final int NONE_YET = -2;
        private static final int SEVERAL = -1;

        private final InsnList code;
        /** The one instruction control reaches each instruction from, {@link #NONE_YET} or {@link #SEVERAL}. */
        private final int[] predecessor;

        Regions(InsnList code) {
            super(new SourceInterpreter());
            this.code = code;
            this.predecessor = new int[code.size()];
            Arrays.fill(predecessor, NONE_YET);
        }

        /**
         * The {@code ALOAD} that the object operand of field instruction {@code i} comes from, through {@code DUP}s
         * ({@code p.x++} duplicates {@code p}), or {@link #NO_LOAD}.
         */
        int objectLoad(Frame<SourceValue>[] frames, int i) {
            int depth = code.get(i).getOpcode() == Opcodes.GETFIELD ? 1 : 2; // a long or double value is one stack entry here
            SourceValue value = frames[i].getStack(frames[i].getStackSize() - depth);
            while (value.insns.size() == 1) {
                AbstractInsnNode source = value.insns.iterator().next();
                int at = code.indexOf(source);
                if (source.getOpcode() == Opcodes.ALOAD) {
                    return at;
                }
                if (source.getOpcode() != Opcodes.DUP || frames[at] == null) {
                    break;
                }
                value = frames[at].getStack(frames[at].getStackSize() - 1);
            }
            return NO_LOAD;
        }

        /**
         * Whether the {@code ALOAD}s {@code load} and {@code checked} pushed the same object for instruction {@code i}:
         * both read one local, and control reaches {@code i} from the earlier of them through instructions each reached
         * from the one before it alone, none of which stores into that local.
         */
        boolean sameObject(int load, int checked, int i) {
            int local = ((VarInsnNode) code.get(load)).var;
            if (((VarInsnNode) code.get(checked)).var != local) {
                return false;
            }
            int earliest = Math.min(load, checked);
            for (int at = i; at != earliest; ) {
                int from = predecessor[at];
                if (from < earliest || from >= at || writes(code.get(from), local)) {
                    return false;
                }
                at = from;
            }
            return true;
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

        /** The one instruction that control reaches instruction {@code i} from, or a negative number if none or several. */
        int onlyPredecessor(int i) {
            return predecessor[i];
        }
    }

    private static String key(String name, String descriptor, int ordinal) {
        return name + descriptor + '#' + ordinal;
    }
}
