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
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Proves, by data flow (ASM's {@link org.objectweb.asm.tree.analysis.Analyzer} with a source interpreter), what
 * the accesses to array fields of a method do with the array, so that only an array the caller can still hold later
 * watches its owner (compared at every commit until reloaded):
 * <ul>
 * <li>a <em>read-only</em> load: the array flows only into {@code ARRAYLENGTH}, element loads, null checks,
 * reference comparisons and JDK methods that only read it ({@link JdkArrayCalls}: {@code Arrays.toString},
 * {@code new String(chars)}, the source of {@code System.arraycopy}, ...), directly or through locals, casts and
 * {@code DUP}: it cannot change the array, so it needs nothing (the for-each loop over an array field is the
 * common case); an array of primitive rows ({@code int[][]}) is read-only where it and each row loaded from it meet
 * only such uses, without a call ({@link Uses#onlyReadRows});</li>
 * <li>an <em>edit</em>: the array stays on the operand stack (copied by {@code DUP}s only) and is only
 * indexed, element stores included, with no call or monitor in between, as in {@code p.to[i] = c}: the
 * change happens before anything else can run, so the owner's write barrier, run at the load, covers it;</li>
 * <li>a <em>fresh</em> store: the value stored is an array made in the method ({@code new int[n]},
 * {@code new int[] {1, 2}}, or a call that returns a new array: {@link NewArrayCalls}), which before the store is
 * only written into, read or copied, through locals too, and after it is not used at all ({@link LaterLoads}): the
 * field holds the only reference, so no barrier-free change can follow. A field initializer, {@code int[] a = new
 * int[n]; ... a[i] = v; ... o.f = a;} and {@code o.f = Arrays.copyOf(o.f, n)} are the common cases.</li>
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
        NewArrayCalls calls = newArrayCalls(type);
        for (MethodNode method : type.methods) {
            boolean candidates = false;
            for (AbstractInsnNode insn : method.instructions) {
                int opcode = insn.getOpcode();
                candidates |= (opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD) && elidable.test((FieldInsnNode) insn);
            }
            if (candidates) {
                classify(type.name, method, elidable, calls, new Accesses(readOnly, edits, kept, fresh, editStores));
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

    /**
     * The calls that return a new array, with the static and private methods of {@code type} that return one made in
     * them (or by such a call) that nothing else holds, found again until no more are.
     */
    private static NewArrayCalls newArrayCalls(ClassNode type) {
        Set<String> own = new HashSet<>();
        NewArrayCalls calls = new NewArrayCalls(type.name, own);
        Map<MethodNode, Uses> analyzed = new HashMap<>();
        for (MethodNode method : type.methods) {
            boolean direct = (method.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) != 0;
            if (direct && method.desc.charAt(method.desc.indexOf(')') + 1) == '[' && method.instructions.size() > 0) {
                Uses uses = new Uses(method);
                try {
                    LaterLoads.analyze(type.name, method, uses);
                    analyzed.put(method, uses);
                } catch (AnalyzerException e) {
                    // unanalyzable code: its result is not new
                }
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Map.Entry<MethodNode, Uses> entry : analyzed.entrySet()) {
                MethodNode method = entry.getKey();
                if (!own.contains(method.name + method.desc) && entry.getValue().returnsNewArray(calls)) {
                    grew |= own.add(method.name + method.desc);
                }
            }
        }
        return calls;
    }

    private static void classify(String owner, MethodNode method, Predicate<FieldInsnNode> elidable, NewArrayCalls calls,
                                 Accesses found) {
        Uses uses = new Uses(method);
        LaterLoads flow;
        try {
            flow = LaterLoads.analyze(owner, method, uses);
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
                    if (array.startsWith("[[")) { // rows of a primitive type: read-only, or escaping
                        if (uses.onlyReadRows(insn)) {
                            found.readOnly().add(load);
                        }
                    } else if (uses.onlyRead(insn)) {
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
                if (elidable.test((FieldInsnNode) insn) && uses.storesFreshArray(insn, calls, flow)) {
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
        /** The locals that hold the method's receiver and parameters on entry. */
        private final int parameterSlots;

        Uses(MethodNode method) {
            super(Opcodes.ASM9);
            this.parameterSlots = (Type.getArgumentsAndReturnSizes(method.desc) >> 2)
                - ((method.access & Opcodes.ACC_STATIC) != 0 ? 1 : 0);
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
                return inspects(use, operand) || JdkArrayCalls.reads(use, operand) ? Use.HARMLESS : Use.ESCAPES;
            });
        }

        /**
         * Whether the array of arrays {@code load} produces, and each row loaded from it, only meets read-only uses: a
         * row is judged as the array is (a row of rows too), and its primitive elements may be loaded, not stored; no
         * call takes either, as a JDK method that reads an array of arrays may hand its rows on ({@code Arrays.copyOf}).
         */
        boolean onlyReadRows(AbstractInsnNode load) {
            return flowsOnlyInto(load, (use, operand) -> {
                int opcode = use.getOpcode();
                if (isCopy(opcode) || opcode == Opcodes.AALOAD && operand == 0) {
                    return Use.CARRIES;
                }
                return inspects(use, operand) ? Use.HARMLESS : Use.ESCAPES;
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
                boolean stays = inspects(use, operand) || isElementStore(opcode) && operand == 0;
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
         * Whether the value {@code store} (a {@code PUTFIELD}) stores is an array made in the method (by
         * {@code new}, or a call that returns a new one) that nothing else holds: before the store it is only
         * written into, read or copied (through locals, casts and {@code DUP}s), and nothing uses it after the store
         * ({@link LaterLoads}), so the field holds the only reference to it.
         */
        boolean storesFreshArray(AbstractInsnNode store, NewArrayCalls calls, LaterLoads flow) {
            Set<AbstractInsnNode> carriers = stored(store, 1, calls);
            return carriers != null && flowsOnlyInto(carriers, madeFor(use -> use == store))
                && flow.noneAfter(store, carriers);
        }

        /**
         * Whether every array the method returns is made in it (by {@code new}, or a call that returns a new one)
         * and, before it is returned, only written into, read or copied: the caller gets the only reference to it.
         */
        boolean returnsNewArray(NewArrayCalls calls) {
            Set<AbstractInsnNode> carriers = new HashSet<>();
            for (int i = 0; i < consumers.size(); i++) {
                if (consumers.get(i).getOpcode() == Opcodes.ARETURN && !creations(consumed.get(i), carriers, calls)) {
                    return false;
                }
            }
            return hasCreation(carriers) && flowsOnlyInto(carriers, madeFor(use -> use.getOpcode() == Opcodes.ARETURN));
        }

        /**
         * The creations the value operand {@code operand} of {@code use} comes from, with the copies between; null if
         * it may come from anything else.
         */
        private Set<AbstractInsnNode> stored(AbstractInsnNode use, int operand, NewArrayCalls calls) {
            Set<AbstractInsnNode> found = new HashSet<>();
            for (int i = 0; i < consumers.size(); i++) {
                if (consumers.get(i) == use && operands.get(i) == operand && !creations(consumed.get(i), found, calls)) {
                    return null;
                }
            }
            return hasCreation(found) ? found : null;
        }

        private static boolean hasCreation(Set<AbstractInsnNode> found) {
            for (AbstractInsnNode insn : found) {
                if (!isCopy(insn.getOpcode())) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The rule for an array made in the method until {@code end} hands it on: copies carry it; element stores into
         * it, JDK calls that only write or read it, other reads of it and {@code end} are harmless; anything else lets it
         * escape.
         */
        private static Rule madeFor(Predicate<AbstractInsnNode> end) {
            return (use, operand) -> {
                int opcode = use.getOpcode();
                if (isCopy(opcode)) {
                    return Use.CARRIES;
                }
                boolean harmless = end.test(use) || inspects(use, operand) || isElementStore(opcode) && operand == 0
                    || JdkArrayCalls.reads(use, operand) || JdkArrayCalls.writes(use, operand);
                return harmless ? Use.HARMLESS : Use.ESCAPES;
            };
        }

        /**
         * Whether {@code use} only looks at the array it takes as operand {@code operand}: measures it, loads an element,
         * checks it for null or compares it, or takes it as an index or element value ({@link #isIndexOrElement}).
         */
        private static boolean inspects(AbstractInsnNode use, int operand) {
            int opcode = use.getOpcode();
            return opcode == Opcodes.ARRAYLENGTH || opcode == Opcodes.IFNULL || opcode == Opcodes.IFNONNULL
                || opcode == Opcodes.IF_ACMPEQ || opcode == Opcodes.IF_ACMPNE || isElementLoad(opcode) && operand == 0
                || isIndexOrElement(use, operand);
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
                    if (!LaterLoads.holds(consumed.get(i), carriers)) {
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
         * Adds to {@code found} the array creations {@code value} comes from, through copies (locals, casts and
         * {@code DUP}s), and those copies; whether it comes from nothing else but {@code null}. A local that may hold
         * a parameter is not followed: its value may come from the caller.
         */
        private boolean creations(SourceValue value, Set<AbstractInsnNode> found, NewArrayCalls calls) {
            for (AbstractInsnNode source : value.insns) {
                int opcode = source.getOpcode();
                if (isCopy(opcode)) {
                    if (opcode == Opcodes.ALOAD && ((VarInsnNode) source).var < parameterSlots) {
                        return false;
                    }
                    if (found.add(source)) {
                        for (int i = 0; i < consumers.size(); i++) {
                            if (consumers.get(i) == source && !creations(consumed.get(i), found, calls)) {
                                return false;
                            }
                        }
                    }
                } else if (opcode == Opcodes.NEWARRAY || opcode == Opcodes.ANEWARRAY || opcode == Opcodes.MULTIANEWARRAY
                    || calls.returnsNewArray(source)) {
                    found.add(source);
                } else if (opcode != Opcodes.ACONST_NULL) {
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
    }
}
