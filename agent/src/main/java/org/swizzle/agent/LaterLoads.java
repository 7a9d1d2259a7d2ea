package org.swizzle.agent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * A method's frames and control flow, to prove that an array it stores in a field is not used after the store: no
 * copy of it is left on the stack, and no path from the store loads a local that may still hold it before that local
 * is written again. A store that passes this, of an array made in the method ({@link ArrayAccesses}), leaves the
 * owner's field the only reference to the array, so no element store can bypass the owner's write barrier.
 */
final class LaterLoads {

    private final MethodNode method;
    private final Frame<SourceValue>[] frames;
    private final List<List<Integer>> successors;
    private final List<List<Integer>> handlers;

    private LaterLoads(MethodNode method, Frame<SourceValue>[] frames, List<List<Integer>> successors,
                       List<List<Integer>> handlers) {
        this.method = method;
        this.frames = frames;
        this.successors = successors;
        this.handlers = handlers;
    }

    /** Runs {@code interpreter} over {@code method} of class {@code owner}, recording its frames and edges. */
    static LaterLoads analyze(String owner, MethodNode method, Interpreter<SourceValue> interpreter)
        throws AnalyzerException {
        int size = method.instructions.size();
        List<List<Integer>> successors = new ArrayList<>(size);
        List<List<Integer>> handlers = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            successors.add(new ArrayList<>(2));
            handlers.add(new ArrayList<>(0));
        }
        Analyzer<SourceValue> analyzer = new Analyzer<>(interpreter) {
            @Override
            protected void newControlFlowEdge(int insn, int successor) {
                addOnce(successors.get(insn), successor);
            }

            @Override
            protected boolean newControlFlowExceptionEdge(int insn, int successor) {
                addOnce(handlers.get(insn), successor);
                return true;
            }
        };
        return new LaterLoads(method, analyzer.analyze(owner, method), successors, handlers);
    }

    /**
     * Whether the value {@code store} stores (its last operand), whose copies are the instructions {@code carriers},
     * is never used after the store: no other stack slot holds a copy there, and no path from it loads a local that
     * may hold one before writing that local.
     */
    boolean noneAfter(AbstractInsnNode store, Set<AbstractInsnNode> carriers) {
        int at = method.instructions.indexOf(store);
        Frame<SourceValue> frame = frames[at];
        if (frame == null) {
            return false;
        }
        for (int i = 0; i < frame.getStackSize() - 2; i++) { // the top two are the store's own operands
            if (holds(frame.getStack(i), carriers)) {
                return false;
            }
        }
        BitSet holders = new BitSet();
        for (int i = 0; i < frame.getLocals(); i++) {
            if (holds(frame.getLocal(i), carriers)) {
                holders.set(i);
            }
        }
        BitSet[] reached = new BitSet[frames.length];
        ArrayDeque<Integer> pending = new ArrayDeque<>();
        reach(successors.get(at), holders, reached, pending);
        reach(handlers.get(at), holders, reached, pending);
        while (!pending.isEmpty()) {
            int index = pending.poll();
            BitSet before = reached[index];
            AbstractInsnNode insn = method.instructions.get(index);
            int opcode = insn.getOpcode();
            if (opcode == Opcodes.JSR || opcode == Opcodes.RET) {
                return false; // subroutines (class files before Java 6) are not followed
            }
            BitSet after = before;
            if (insn instanceof VarInsnNode) {
                int local = ((VarInsnNode) insn).var;
                if (opcode == Opcodes.ALOAD && before.get(local)) {
                    return false;
                }
                if (opcode >= Opcodes.ISTORE && opcode <= Opcodes.ASTORE && before.get(local)) {
                    after = (BitSet) before.clone();
                    after.clear(local);
                }
            }
            reach(successors.get(index), after, reached, pending);
            reach(handlers.get(index), before, reached, pending);
        }
        return true;
    }

    /** Adds {@code edge} unless known: the analyzer follows an instruction's edges again each time its frame grows. */
    private static void addOnce(List<Integer> edges, int edge) {
        if (!edges.contains(edge)) {
            edges.add(edge);
        }
    }

    private static void reach(List<Integer> targets, BitSet holders, BitSet[] reached, ArrayDeque<Integer> pending) {
        if (holders.isEmpty()) {
            return;
        }
        for (int target : targets) {
            BitSet known = reached[target];
            if (known == null) {
                reached[target] = (BitSet) holders.clone();
                pending.add(target);
            } else {
                BitSet grown = (BitSet) holders.clone();
                grown.andNot(known);
                if (!grown.isEmpty()) {
                    known.or(grown);
                    pending.add(target);
                }
            }
        }
    }

    /** Whether {@code value} may come from one of the instructions {@code carriers}. */
    static boolean holds(SourceValue value, Set<AbstractInsnNode> carriers) {
        for (AbstractInsnNode source : value.insns) {
            if (carriers.contains(source)) {
                return true;
            }
        }
        return false;
    }
}
