package org.swizzle.agent;

import java.util.Map;

import net.bytebuddy.utility.OpenedClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites {@code GETFIELD}/{@code PUTFIELD} of stored fields into calls of their static accessors
 * ({@code $swz_get$f(o)}, {@code $swz_set$f(o, v)}), which carry the residency check and the write
 * barrier. The call has the stack effect of the field instruction it replaces, so the method's
 * frames and maximums stay valid. The accessor is invoked on the class the code names (its static
 * methods are inherited like the field), which the caller can always access.
 *
 * <p>An access whose check repeats one just made on the same object ({@link RepeatedChecks}) calls the accessor's
 * twin without the residency check ({@code $swz_uget$f}, ...). Under {@code checks=entry}, the instance methods of
 * a persistent class begin with {@code $swz_enter(this)}, and their accesses to {@code this} call the twins too.
 *
 * <p>In a persistent class, {@code new ArrayList<>(...)} and the other stored {@code java.util} collection
 * types make their tracked subclass instead, which behaves alike while it belongs to no object: stored in
 * a field, it is attached by the commit that stores the object and reports its changes from then on, so
 * the object need not be compared at every commit (as it must be for a collection made elsewhere).
 *
 * <p>In a persistent class, a call that may reach {@code Object.clone()} is wrapped by {@link
 * org.swizzle.internal.Copies}: the original is faulted in before it is copied, and a copy of a stored object is
 * made a new, transient one.
 *
 * <p>An element store into a primitive array field just loaded for it ({@code o.samples[i] = v}) becomes a call of
 * {@link org.swizzle.internal.ArrayEdits}, with the same stack effect, which marks the page of a large array.
 *
 * <p>In a constructor, a {@code PUTFIELD} before the {@code super(...)}/{@code this(...)} call is
 * kept: it may store into the still uninitialized {@code this}, which no method may receive, and a
 * new object needs neither check nor barrier. But an array stored there (a variable a local or anonymous class
 * captures, which javac stores before {@code super()}; a Java 25 statement before it) is one the caller keeps, as
 * the setter an initialized object's store calls would have seen: the object is watched once {@code this} is
 * initialized ({@link org.swizzle.internal.Escapes#array}).
 */
final class FieldAccessRewriter extends ClassVisitor {

    private final Map<ClassFileScan.FieldRef, StoredField> redirects;
    private final ArrayAccesses arrays;
    private final String checkedOnEntry;
    private final ReceiverAccesses receiver;
    private final RepeatedChecks repeated;
    private final boolean tracksNewCollections;

    /**
     * @param redirects      the stored field each rewritten field reference resolves to
     * @param arrays         what the accesses to array fields do with the array, which picks their accessor
     * @param checkedOnEntry under {@code checks=entry}, the internal name of the persistent class being
     *                       rewritten, whose instance methods begin with {@code $swz_enter(this)}; else null
     * @param receiver       the accesses to {@code this} in those methods, which call unchecked accessors
     * @param repeated       the accesses whose check repeats one just made on the same object, which call unchecked
     *                       accessors too
     * @param tracksNewCollections whether the class is persistent, so that its {@code new} collections are tracked
     */
    FieldAccessRewriter(ClassVisitor next, Map<ClassFileScan.FieldRef, StoredField> redirects, ArrayAccesses arrays,
                        String checkedOnEntry, ReceiverAccesses receiver, RepeatedChecks repeated,
                        boolean tracksNewCollections) {
        super(OpenedClassReader.ASM_API, next);
        this.redirects = redirects;
        this.arrays = arrays;
        this.checkedOnEntry = checkedOnEntry;
        this.receiver = receiver;
        this.repeated = repeated;
        this.tracksNewCollections = tracksNewCollections;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
        boolean entryCheck = checkedOnEntry != null && ReceiverAccesses.checksOnEntry(access, name);
        return method == null ? null : new Rewriting(method, name, descriptor, entryCheck);
    }

    /** The java.util type a {@code NEW} named before it was rewritten to {@code type}. */
    private static String untracked(String type) {
        for (Map.Entry<String, String> tracked : Contract.TRACKED_TYPES.entrySet()) {
            if (tracked.getValue().equals(type)) {
                return tracked.getKey();
            }
        }
        return type;
    }

    private final class Rewriting extends MethodVisitor {

        private final String name;
        private final String descriptor;
        private final boolean entryCheck;
        private boolean initialized;
        /** Whether a PUTFIELD before {@code super(...)} stored an array into a stored field of a persistent class. */
        private boolean arrayStoredUninitialized;
        private int pendingNews;
        /** The type of each {@code NEW} whose constructor call is still to come, as rewritten. */
        private final java.util.ArrayDeque<String> newTypes = new java.util.ArrayDeque<>();
        /** GETFIELDs and PUTFIELDs seen so far, the ordinals {@link ArrayAccesses} names them by. */
        private int loads;
        private int stores;
        /** GETFIELDs and PUTFIELDs seen so far, the ordinal {@link ReceiverAccesses} names accesses by. */
        private int accesses;
        /** Element stores seen so far, the ordinal {@link ArrayAccesses} names those of edits by. */
        private int elementStores;

        Rewriting(MethodVisitor next, String name, String descriptor, boolean entryCheck) {
            super(OpenedClassReader.ASM_API, next);
            this.name = name;
            this.descriptor = descriptor;
            this.entryCheck = entryCheck;
            this.initialized = !Contract.CONSTRUCTOR.equals(name);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (entryCheck) {
                // a call, not a branch: the method's own first frame may lie at offset 0
                super.visitVarInsn(Opcodes.ALOAD, 0);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, checkedOnEntry, Contract.ENTER, "(L" + checkedOnEntry + ";)V", false);
            }
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (opcode == Opcodes.NEW) {
                pendingNews++;
                String made = tracksNewCollections ? Contract.TRACKED_TYPES.getOrDefault(type, type) : type;
                newTypes.push(made);
                super.visitTypeInsn(opcode, made);
                return;
            }
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            String target = owner;
            if (opcode == Opcodes.INVOKESPECIAL && Contract.CONSTRUCTOR.equals(name)) {
                // an <init> either completes a NEW of the method's code or is the super/this call of a constructor
                if (pendingNews > 0 && owner.equals(untracked(newTypes.peek()))) {
                    pendingNews--;
                    target = newTypes.pop();
                } else if (!initialized) {
                    initialized = true;
                    if (arrayStoredUninitialized) {
                        super.visitMethodInsn(opcode, target, name, descriptor, isInterface);
                        super.visitVarInsn(Opcodes.ALOAD, 0);
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.ESCAPES, Contract.ESCAPE_ARRAY,
                            Contract.ESCAPE_ARRAY_DESCRIPTOR, false);
                        return;
                    }
                }
            }
            if (tracksNewCollections && isClone(opcode, owner, name, descriptor)) {
                // original, original, original -> beforeClone(original); clone; cloned(original, copy)
                super.visitInsn(Opcodes.DUP);
                super.visitInsn(Opcodes.DUP);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.COPIES, Contract.BEFORE_CLONE, Contract.BEFORE_CLONE_DESCRIPTOR, false);
                super.visitMethodInsn(opcode, target, name, descriptor, isInterface);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.COPIES, Contract.CLONED, Contract.CLONED_DESCRIPTOR, false);
                return;
            }
            super.visitMethodInsn(opcode, target, name, descriptor, isInterface);
        }

        /** A call that may reach {@code Object.clone()}: {@code super.clone()}, or {@code clone()} on an object, not an array. */
        private boolean isClone(int opcode, String owner, String name, String descriptor) {
            return (opcode == Opcodes.INVOKESPECIAL || opcode == Opcodes.INVOKEVIRTUAL) && Contract.CLONE.equals(name)
                && Contract.CLONE_DESCRIPTOR.equals(descriptor) && owner.charAt(0) != '[';
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE) {
                String array = arrays.editedArray(name, descriptor, elementStores++);
                if (array != null) {
                    // array, index, value -> ArrayEdits.store(array, index, value): the same stack effect
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.ARRAY_EDITS, Contract.ARRAY_EDIT_STORE,
                        "(" + array + "I" + array.substring(1) + ")V", false);
                    return;
                }
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String fieldName, String fieldDescriptor) {
            int load = opcode == Opcodes.GETFIELD ? loads++ : -1;
            int store = opcode == Opcodes.PUTFIELD ? stores++ : -1;
            int access = opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD ? accesses++ : -1;
            if (opcode == Opcodes.PUTFIELD && !initialized && tracksNewCollections && fieldDescriptor.charAt(0) == '['
                && redirects.containsKey(new ClassFileScan.FieldRef(owner, fieldName, fieldDescriptor))) {
                arrayStoredUninitialized = true;
            }
            StoredField field = opcode == Opcodes.GETFIELD || (opcode == Opcodes.PUTFIELD && initialized)
                ? redirects.get(new ClassFileScan.FieldRef(owner, fieldName, fieldDescriptor))
                : null;
            if (field == null) {
                super.visitFieldInsn(opcode, owner, fieldName, fieldDescriptor);
                return;
            }
            boolean resident = entryCheck && receiver.isOnReceiver(name, descriptor, access)
                || repeated.isRepeated(name, descriptor, access);
            String accessor;
            boolean elidable = field.isElidableArray();
            if (opcode == Opcodes.GETFIELD) {
                accessor = field.hasReader() && arrays.isReadOnly(name, descriptor, load) ? field.readerName()
                    : elidable && arrays.isEdit(name, descriptor, load) ? field.editorName()
                    : elidable && arrays.isKept(name, descriptor, load) ? field.keeperName()
                    : field.getterName();
            } else {
                accessor = elidable && arrays.isFreshStore(name, descriptor, store) ? field.freshSetterName() : field.setterName();
            }
            super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, resident ? Contract.unchecked(accessor) : accessor,
                opcode == Opcodes.GETFIELD ? field.getterDescriptor() : field.setterDescriptor(), false);
        }
    }
}
