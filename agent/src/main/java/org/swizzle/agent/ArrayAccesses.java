package org.swizzle.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
 * Proves, by data flow (ASM's {@link Analyzer} with a source interpreter), what the accesses to array
 * fields of a method do with the array, so that only an array the caller can still hold later watches
 * its owner (compared at every commit until reloaded):
 * <ul>
 * <li>a <em>read-only</em> load: the array flows only into {@code ARRAYLENGTH}, element loads, null checks,
 * reference comparisons and JDK methods that only read it ({@link ReadingCalls}: {@code Arrays.toString},
 * {@code new String(chars)}, the source of {@code System.arraycopy}, ...), directly or through locals, casts and
 * {@code DUP}: it cannot change the array, so it needs nothing (the for-each loop over an array field is the
 * common case);</li>
 * <li>an <em>edit</em>: the array stays on the operand stack (copied by {@code DUP}s only) and is only
 * indexed, element stores included, with no call or monitor in between, as in {@code p.to[i] = c}: the
 * change happens before anything else can run, so the owner's write barrier, run at the load, covers it;</li>
 * <li>a <em>fresh</em> store: the value stored is an array made right there ({@code new int[n]},
 * {@code new int[] {1, 2}}) that nothing else holds, as in a field initializer: no barrier-free change
 * can follow.</li>
 * </ul>
 * Everything else (the array returned, passed on, kept in a local that is written through) escapes. A
 * load is named by its method and its ordinal among the method's {@code GETFIELD}s, a store by its
 * ordinal among the {@code PUTFIELD}s, which the rewriter counts the same way.
 *
 * <li>a <em>kept</em> load, of a primitive array only: the array stays in the method, through locals and across
 * calls, and is only indexed, measured, null-checked or compared ({@code long[] s = p.samples; ... s[i] = v;}).
 * Its element stores are rewritten (below), so a large array needs no watch: its stores mark its pages.</li>
 *
 * <p>The element stores of an edit or a kept load of a primitive array are named too, by their ordinal among the
 * method's element stores ({@code IASTORE} to {@code SASTORE}), with the array's descriptor: the rewriter makes each
 * a call of {@link org.swizzle.internal.ArrayEdits}, which marks the page of a large array the element is on.
 */
final class ArrayAccesses {

    /** Nothing proven: every array access escapes. */
    static final ArrayAccesses NONE = new ArrayAccesses(Set.of(), Set.of(), Set.of(), Set.of(), Map.of());

    private final Set<String> readOnly;
    private final Set<String> edits;
    private final Set<String> kept;
    private final Set<String> freshStores;
    /** The element stores of edits and kept loads of primitive arrays, each with the array's descriptor. */
    private final Map<String, String> editStores;

    private ArrayAccesses(Set<String> readOnly, Set<String> edits, Set<String> kept, Set<String> freshStores,
                          Map<String, String> editStores) {
        this.readOnly = readOnly;
        this.edits = edits;
        this.kept = kept;
        this.freshStores = freshStores;
        this.editStores = editStores;
    }

    /**
     * The accesses of {@code classFile} among the {@code GETFIELD}s and {@code PUTFIELD}s that {@code elidable}
     * accepts (owner, name, descriptor of arrays whose elements are not themselves mutable).
     */
    static ArrayAccesses find(byte[] classFile, Predicate<FieldInsnNode> elidable) {
        ClassNode type = new ClassNode();
        new ClassReader(classFile).accept(type, ClassReader.SKIP_DEBUG);
        Set<String> readOnly = new HashSet<>();
        Set<String> edits = new HashSet<>();
        Set<String> kept = new HashSet<>();
        Set<String> fresh = new HashSet<>();
        Map<String, String> editStores = new HashMap<>();
        for (MethodNode method : type.methods) {
            boolean candidates = false;
            for (AbstractInsnNode insn : method.instructions) {
                int opcode = insn.getOpcode();
                candidates |= (opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD) && elidable.test((FieldInsnNode) insn);
            }
            if (candidates) {
                classify(type.name, method, elidable, new Accesses(readOnly, edits, kept, fresh, editStores));
            }
        }
        return new ArrayAccesses(readOnly, edits, kept, fresh, editStores);
    }

    /** Whether the {@code ordinal}-th {@code GETFIELD} of method {@code name + descriptor} is read-only. */
    boolean isReadOnly(String name, String descriptor, int ordinal) {
        return readOnly.contains(key(name, descriptor, ordinal));
    }

    /** Whether the {@code ordinal}-th {@code GETFIELD} of the method only indexes the array, with nothing run between. */
    boolean isEdit(String name, String descriptor, int ordinal) {
        return edits.contains(key(name, descriptor, ordinal));
    }

    /** Whether the {@code ordinal}-th {@code GETFIELD} of the method loads a primitive array that stays in the method. */
    boolean isKept(String name, String descriptor, int ordinal) {
        return kept.contains(key(name, descriptor, ordinal));
    }

    /**
     * The descriptor of the primitive array the {@code ordinal}-th element store of the method stores into, if it
     * is the store of an edit ({@link #isEdit}); else null.
     */
    String editedArray(String name, String descriptor, int ordinal) {
        return editStores.get(key(name, descriptor, ordinal));
    }

    /** Whether the {@code ordinal}-th {@code PUTFIELD} of the method stores an array made there that nothing else holds. */
    boolean isFreshStore(String name, String descriptor, int ordinal) {
        return freshStores.contains(key(name, descriptor, ordinal));
    }

    /** The sets {@link #classify} adds a method's accesses to. */
    private record Accesses(Set<String> readOnly, Set<String> edits, Set<String> kept, Set<String> fresh,
                            Map<String, String> editStores) {
    }

    private static void classify(String owner, MethodNode method, Predicate<FieldInsnNode> elidable, Accesses found) {
        Uses uses = new Uses();
        try {
            new Analyzer<>(uses).analyze(owner, method);
        } catch (AnalyzerException e) {
            return; // unanalyzable code: every access escapes
        }
        int loads = 0;
        int stores = 0;
        Map<AbstractInsnNode, Set<String>> reaching = new HashMap<>(); // element store -> arrays of the loads marking it
        Map<String, Set<AbstractInsnNode>> marking = new HashMap<>(); // key of a load that marks -> its element stores
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() == Opcodes.GETFIELD) {
                if (elidable.test((FieldInsnNode) insn)) {
                    String load = key(method.name, method.desc, loads);
                    String array = ((FieldInsnNode) insn).desc;
                    boolean primitive = array.length() == 2; // [I, [J, ...
                    boolean marks = false;
                    if (uses.onlyRead(insn)) {
                        found.readOnly().add(load);
                    } else if (uses.onlyIndexedAtOnce(insn, method)) {
                        found.edits().add(load);
                        marks = primitive;
                    } else if (primitive && uses.staysInMethod(insn)) {
                        found.kept().add(load);
                        marks = true;
                    }
                    if (marks) {
                        Set<AbstractInsnNode> elementStores = uses.elementStores(insn);
                        marking.put(load, elementStores);
                        elementStores.forEach(store -> reaching.computeIfAbsent(store, any -> new HashSet<>()).add(array));
                    }
                }
                loads++;
            } else if (insn.getOpcode() == Opcodes.PUTFIELD) {
                if (elidable.test((FieldInsnNode) insn) && uses.storesFreshArray(insn)) {
                    found.fresh().add(key(method.name, method.desc, stores));
                }
                stores++;
            }
        }
        Map<AbstractInsnNode, String> storedArrays = new HashMap<>();
        reaching.forEach((store, arrays) -> {
            String array = storedArray(store.getOpcode(), arrays);
            if (array != null) {
                storedArrays.put(store, array);
            }
        });
        marking.forEach((load, elementStores) -> {
            if (!storedArrays.keySet().containsAll(elementStores)) { // a store it reaches cannot mark: the array escapes
                found.edits().remove(load);
                found.kept().remove(load);
            }
        });
        int elementStores = 0;
        for (AbstractInsnNode insn : method.instructions) {
            if (Uses.isElementStore(insn.getOpcode())) {
                String array = storedArrays.get(insn);
                if (array != null) {
                    found.editStores().put(key(method.name, method.desc, elementStores), array);
                }
                elementStores++;
            }
        }
    }

    /**
     * The descriptor of the array an element store of {@code opcode} stores into, among the {@code arrays} of the loads
     * that reach it (a local may merge loads of several fields): the one its opcode can store into, as the verifier
     * sees it; null if none or both of {@code byte[]} and {@code boolean[]} ({@code BASTORE} stores into either).
     */
    private static String storedArray(int opcode, Set<String> arrays) {
        String found = null;
        for (String array : arrays) {
            if (storesInto(opcode, array.charAt(1))) {
                if (found != null) {
                    return null;
                }
                found = array;
            }
        }
        return found;
    }

    private static boolean storesInto(int opcode, char element) {
        switch (opcode) {
            case Opcodes.IASTORE: return element == 'I';
            case Opcodes.LASTORE: return element == 'J';
            case Opcodes.FASTORE: return element == 'F';
            case Opcodes.DASTORE: return element == 'D';
            case Opcodes.BASTORE: return element == 'B' || element == 'Z';
            case Opcodes.CASTORE: return element == 'C';
            case Opcodes.SASTORE: return element == 'S';
            default: return false;
        }
    }

    private static String key(String name, String descriptor, int ordinal) {
        return name + descriptor + '#' + ordinal;
    }

    /** What one use does with a value that flows from the access being judged. */
    private enum Use { CARRIES, HARMLESS, ESCAPES }

    /** Judges one use of the value: {@code operand} is its position among the instruction's operands. */
    private interface Rule {
        Use judge(AbstractInsnNode use, int operand);
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
            return flowsOnlyInto(load, (use, operand) -> {
                int opcode = use.getOpcode();
                if (isCopy(opcode)) {
                    return Use.CARRIES;
                }
                boolean reads = opcode == Opcodes.ARRAYLENGTH || opcode == Opcodes.IFNULL || opcode == Opcodes.IFNONNULL
                    || opcode == Opcodes.IF_ACMPEQ || opcode == Opcodes.IF_ACMPNE || isElementLoad(opcode) && operand == 0
                    || isIndexOrElement(use, operand) || ReadingCalls.reads(use, operand);
                return reads ? Use.HARMLESS : Use.ESCAPES;
            });
        }

        /**
         * Whether the value {@code load} produces stays on the stack (copied by {@code DUP}s only) and is only
         * indexed or measured, each use following the load with no call or monitor in between.
         */
        boolean onlyIndexedAtOnce(AbstractInsnNode load, MethodNode method) {
            return flowsOnlyInto(load, (use, operand) -> {
                int opcode = use.getOpcode();
                if (isDup(opcode)) {
                    return Use.CARRIES;
                }
                if (isIndexOrElement(use, operand)) {
                    return Use.HARMLESS;
                }
                boolean indexed = opcode == Opcodes.ARRAYLENGTH || isElementLoad(opcode) || isElementStore(opcode);
                return indexed && operand == 0 && nothingRunsBetween(method, load, use) ? Use.HARMLESS : Use.ESCAPES;
            });
        }

        /**
         * Whether the value {@code load} produces stays in the method, through locals, casts and {@code DUP}s, and is
         * only indexed, measured, null-checked or compared: no call, return, field or array store, monitor or throw
         * receives it, so every change to the array is one of the method's element stores.
         */
        boolean staysInMethod(AbstractInsnNode load) {
            return flowsOnlyInto(load, (use, operand) -> {
                int opcode = use.getOpcode();
                if (isCopy(opcode)) {
                    return Use.CARRIES;
                }
                boolean stays = opcode == Opcodes.ARRAYLENGTH || opcode == Opcodes.IFNULL || opcode == Opcodes.IFNONNULL
                    || opcode == Opcodes.IF_ACMPEQ || opcode == Opcodes.IF_ACMPNE
                    || (isElementLoad(opcode) || isElementStore(opcode)) && operand == 0 || isIndexOrElement(use, operand);
                return stays ? Use.HARMLESS : Use.ESCAPES;
            });
        }

        /** The element stores the value {@code load} produces flows into as their array, through copies of it. */
        Set<AbstractInsnNode> elementStores(AbstractInsnNode load) {
            Set<AbstractInsnNode> found = new HashSet<>();
            flowsOnlyInto(load, (use, operand) -> {
                if (isCopy(use.getOpcode())) {
                    return Use.CARRIES;
                }
                if (isElementStore(use.getOpcode()) && operand == 0) {
                    found.add(use);
                }
                return Use.HARMLESS;
            });
            return found;
        }

        /**
         * Whether the value {@code store} (a {@code PUTFIELD}) stores comes only from array creations whose
         * other copies ({@code DUP}s of an array initializer) are only written into.
         */
        boolean storesFreshArray(AbstractInsnNode store) {
            Set<AbstractInsnNode> creations = new HashSet<>();
            for (int i = 0; i < consumers.size(); i++) {
                if (consumers.get(i) == store && operands.get(i) == 1 && !creations(consumed.get(i), creations)) {
                    return false;
                }
            }
            return !creations.isEmpty() && flowsOnlyInto(creations, (use, operand) -> {
                int opcode = use.getOpcode();
                if (isDup(opcode)) {
                    return Use.CARRIES;
                }
                return use == store || isElementStore(opcode) && operand == 0 ? Use.HARMLESS : Use.ESCAPES;
            });
        }

        private boolean flowsOnlyInto(AbstractInsnNode source, Rule rule) {
            Set<AbstractInsnNode> carriers = new HashSet<>();
            carriers.add(source);
            return flowsOnlyInto(carriers, rule);
        }

        /**
         * Whether every use of the values {@code carriers} produce is harmless by {@code rule}; a use that
         * carries the value on (a copy) joins the carriers, whose uses are judged in turn.
         */
        private boolean flowsOnlyInto(Set<AbstractInsnNode> carriers, Rule rule) {
            boolean grew = true;
            while (grew) {
                grew = false;
                for (int i = 0; i < consumers.size(); i++) {
                    if (!carries(consumed.get(i), carriers)) {
                        continue;
                    }
                    AbstractInsnNode use = consumers.get(i);
                    switch (rule.judge(use, operands.get(i))) {
                        case CARRIES: grew |= carriers.add(use); break;
                        case ESCAPES: return false;
                        default: break;
                    }
                }
            }
            return true;
        }

        /**
         * Adds to {@code found} the array creations {@code value} comes from, through {@code DUP}s (which copy
         * it), and those {@code DUP}s; whether it comes from nothing else.
         */
        private boolean creations(SourceValue value, Set<AbstractInsnNode> found) {
            for (AbstractInsnNode source : value.insns) {
                int opcode = source.getOpcode();
                if (isDup(opcode)) {
                    if (found.add(source)) {
                        for (int i = 0; i < consumers.size(); i++) {
                            if (consumers.get(i) == source && !creations(consumed.get(i), found)) {
                                return false;
                            }
                        }
                    }
                } else if (opcode == Opcodes.NEWARRAY || opcode == Opcodes.ANEWARRAY || opcode == Opcodes.MULTIANEWARRAY) {
                    found.add(source);
                } else {
                    return false;
                }
            }
            return true;
        }

        /**
         * Whether operand {@code operand} of {@code use} is an index, or the primitive value of an element store: a value
         * that cannot be an array, so that one judged there is the copy of an index a {@code DUP2} made beside the
         * array's ({@code a[i] += v}), which the source interpreter cannot tell from the array's copy.
         */
        private static boolean isIndexOrElement(AbstractInsnNode use, int operand) {
            int opcode = use.getOpcode();
            return (isElementLoad(opcode) || isElementStore(opcode)) && operand == 1
                || isElementStore(opcode) && opcode != Opcodes.AASTORE && operand == 2;
        }

        /** Whether {@code opcode} hands the value it takes on unchanged: a local's store or load, a cast, a {@code DUP}. */
        private static boolean isCopy(int opcode) {
            return opcode == Opcodes.ALOAD || opcode == Opcodes.ASTORE || opcode == Opcodes.CHECKCAST || isDup(opcode);
        }

        private static boolean isDup(int opcode) {
            return opcode >= Opcodes.DUP && opcode <= Opcodes.DUP2_X2;
        }

        private static boolean isElementLoad(int opcode) {
            return opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD;
        }

        static boolean isElementStore(int opcode) {
            return opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE;
        }

        /** Whether {@code use} follows {@code load} in straight-line code with no call, monitor or jump target between. */
        private static boolean nothingRunsBetween(MethodNode method, AbstractInsnNode load, AbstractInsnNode use) {
            if (method.instructions.indexOf(use) <= method.instructions.indexOf(load)) {
                return false;
            }
            for (AbstractInsnNode insn = load.getNext(); insn != use; insn = insn.getNext()) {
                int type = insn.getType();
                int opcode = insn.getOpcode();
                if (type == AbstractInsnNode.METHOD_INSN || type == AbstractInsnNode.INVOKE_DYNAMIC_INSN
                    || type == AbstractInsnNode.LABEL || type == AbstractInsnNode.JUMP_INSN
                    || opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT || opcode == Opcodes.ATHROW) {
                    return false;
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
