package org.swizzle.agent;

import java.util.ArrayDeque;
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
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Finds, for {@code checks=entry}, the field accesses of a persistent class's instance methods whose
 * object is the receiver: by data flow (ASM's {@link Analyzer} with a source interpreter), the object
 * operand of the {@code GETFIELD} or {@code PUTFIELD} can only come from {@code ALOAD 0}, and the
 * method never stores into local 0. The method's entry check has made {@code this} resident, so
 * these accesses call accessors without a residency check (Hosking &amp; Moss fold the checks on the
 * receiver into method invocation). An access is named by its method and its ordinal among the
 * method's field instructions, which the rewriter counts the same way.
 *
 * <p>Only accesses that no path from the entry reaches through a call ({@code INVOKE*}), a
 * {@code MONITORENTER} or a class's possible initialization ({@code GETSTATIC}, {@code PUTSTATIC}, {@code NEW})
 * are unchecked ({@link InertCalls#mayRunOtherCode}, which leaves out the calls proven inert): a call may commit or abort, which may re-hollow {@code this}, and
 * while the thread waits for a call or a monitor another thread may commit. The accesses after one keep
 * their check. Field accesses to other objects are no such point: their faults never re-hollow under
 * {@code checks=entry}.
 */
final class ReceiverAccesses {

    /** No access proven to be on the receiver: every access keeps its check. */
    static final ReceiverAccesses NONE = new ReceiverAccesses(Set.of());

    private final Set<String> accesses;

    private ReceiverAccesses(Set<String> accesses) {
        this.accesses = accesses;
    }

    /** The receiver accesses in the instance methods (constructors excluded) of {@code classFile}. */
    static ReceiverAccesses find(byte[] classFile, Predicate<FieldInsnNode> stored) {
        ClassNode type = new ClassNode();
        new ClassReader(classFile).accept(type, ClassReader.SKIP_DEBUG);
        InertCalls calls = InertCalls.of(type, stored);
        Set<String> found = new HashSet<>();
        for (MethodNode method : type.methods) {
            if (checksOnEntry(method.access, method.name) && method.instructions.size() > 0 && !storesIntoThis(method)) {
                addReceiverAccesses(type.name, method, calls, found);
            }
        }
        return new ReceiverAccesses(found);
    }

    /** Whether a method gets the entry check: an instance method with code, not a constructor. */
    static boolean checksOnEntry(int access, String name) {
        return (access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0
            && !Contract.CONSTRUCTOR.equals(name);
    }

    /** Whether the {@code ordinal}-th field instruction of method {@code name + descriptor} accesses the receiver. */
    boolean isOnReceiver(String name, String descriptor, int ordinal) {
        return accesses.contains(key(name, descriptor, ordinal));
    }

    private static boolean storesIntoThis(MethodNode method) {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof VarInsnNode && ((VarInsnNode) insn).var == 0 && insn.getOpcode() >= Opcodes.ISTORE
                && insn.getOpcode() <= Opcodes.ASTORE) {
                return true;
            }
        }
        return false;
    }

    private static void addReceiverAccesses(String owner, MethodNode method, InertCalls calls, Set<String> found) {
        Frame<SourceValue>[] frames;
        EntryRegion region = new EntryRegion(method, calls);
        try {
            frames = region.analyze(owner, method);
        } catch (AnalyzerException e) {
            return; // unanalyzable code keeps every check
        }
        boolean[] afterCall = region.afterCall();
        int ordinal = 0;
        for (int i = 0; i < method.instructions.size(); i++) {
            AbstractInsnNode insn = method.instructions.get(i);
            int opcode = insn.getOpcode();
            if (opcode != Opcodes.GETFIELD && opcode != Opcodes.PUTFIELD) {
                continue;
            }
            Frame<SourceValue> frame = frames[i];
            if (frame != null && !afterCall[i]) {
                int depth = opcode == Opcodes.GETFIELD ? 1 : 2; // a long or double value is one stack entry here
                SourceValue object = frame.getStack(frame.getStackSize() - depth);
                if (isThis(object)) {
                    found.add(key(method.name, method.desc, ordinal));
                }
            }
            ordinal++;
        }
    }

    /**
     * The source analysis, which also records the control flow, and from it the instructions that some path
     * from the entry reaches through a call or a monitor entry.
     */
    private static final class EntryRegion extends Analyzer<SourceValue> {
        private final MethodNode method;
        private final InertCalls calls;
        private final List<List<Integer>> successors = new ArrayList<>();

        EntryRegion(MethodNode method, InertCalls calls) {
            super(new SourceInterpreter());
            this.method = method;
            this.calls = calls;
            for (int i = 0; i < method.instructions.size(); i++) {
                successors.add(new ArrayList<>(2));
            }
        }

        @Override
        protected void newControlFlowEdge(int insn, int successor) {
            successors.get(insn).add(successor);
        }

        @Override
        protected boolean newControlFlowExceptionEdge(int insn, int successor) {
            successors.get(insn).add(successor);
            return true;
        }

        /** For each instruction, whether a path from the entry reaches it through a call or a monitor entry. */
        boolean[] afterCall() {
            int size = method.instructions.size();
            boolean[] after = new boolean[size];
            ArrayDeque<Integer> work = new ArrayDeque<>();
            for (int i = 0; i < size; i++) {
                if (calls.mayRunOtherCode(method.instructions.get(i))) {
                    work.add(i);
                }
            }
            while (!work.isEmpty()) {
                for (int successor : successors.get(work.poll())) {
                    if (!after[successor]) {
                        after[successor] = true;
                        work.add(successor);
                    }
                }
            }
            return after;
        }
    }

    private static boolean isThis(SourceValue value) {
        if (value.insns.isEmpty()) {
            return false;
        }
        for (AbstractInsnNode source : value.insns) {
            if (source.getOpcode() != Opcodes.ALOAD || ((VarInsnNode) source).var != 0) {
                return false;
            }
        }
        return true;
    }

    private static String key(String name, String descriptor, int ordinal) {
        return name + descriptor + '#' + ordinal;
    }
}
