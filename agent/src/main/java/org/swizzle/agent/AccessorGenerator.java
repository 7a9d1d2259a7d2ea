package org.swizzle.agent;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import org.swizzle.internal.Barrier;
import org.swizzle.internal.FieldKind;
import org.swizzle.internal.RememberedSet;
import org.swizzle.internal.StateWord;
import org.swizzle.internal.Swizzling;

/**
 * Generates the static accessors that rewritten field accesses call, one pair per stored field
 * {@code f} of type {@code T} of class {@code C}:
 * <pre>
 * public static T $swz_get$f(C o) {
 *     if (o.$swz_state != 0) Faults.fault(o);   // residency check
 *     VarHandle.acquireFence();                 // part of the check
 *     if (o.$swz_flags == 0) Escapes.array(o);  // arrays only: their elements change without a barrier
 *     return o.f;
 * }
 * public static T $swz_read$f(C o) {           // arrays: for loads proven read-only, no escape
 *     if (o.$swz_state != 0) Faults.fault(o);
 *     return o.f;
 * }
 * public static T $swz_edit$f(C o) {           // arrays: for loads only indexed at once ({@code o.f[i] = v})
 *     if (o.$swz_state != 0) Faults.fault(o);
 *     CardTable.mark(o.$swz_address);           // the barrier covers the element store that follows
 *     return o.f;
 * }
 * public static void $swz_set$f(C o, T v) {
 *     if (o.$swz_state != 0) Faults.fault(o);
 *     CardTable.mark(o.$swz_address);           // write barrier
 *     if (o.$swz_flags == 0) Escapes.array(o);  // arrays only: the caller keeps the array it stores
 *     o.f = v;
 * }
 * public static T $swz_keep$f(C o) {           // primitive arrays: for loads whose array stays in the method
 *     if (o.$swz_state != 0) Faults.fault(o);
 *     if (o.$swz_flags == 0) Escapes.kept(o, o.f); // watches unless the array's element stores mark its pages
 *     return o.f;
 * }
 * public static void $swz_put$f(C o, T v)      // arrays: the setter without the escape, for fresh arrays
 * </pre>
 * Collections need nothing beyond the residency check and the barrier: the object manager gives persistent
 * objects tracked collections, which report their own changes.
 *
 * <p>The residency check has acquire semantics: a fault publishes the object's fields and card address with
 * a release fence before its state says resident, and the fence after the check keeps every later load of
 * the thread (the field, {@code $swz_address}, the card table) from being done before the state's. On x86
 * it emits no instruction, but C2 reuses and hoists no load across it (docs/DESIGN.md gives its measured
 * cost); on AArch64 it is a load barrier. The slow path is a {@code synchronized} method and acquires on its own. A setter's check
 * has no fence unless its barrier loads what the fault published (cards: {@code $swz_address}): a store is
 * never made before the check it depends on. Every check is made here, so it holds under every scheme: the accessors, {@code $swz_enter} of {@code checks=entry}
 * (whose unchecked accessors come after it), and {@code $swz_find$f}, which runs after its getter's check.
 * A swizzle in place publishes its target by compare-and-set, as a fault publishes a filled object with a release
 * fence, so that a thread loading the reference from the field sees the target's state as the swizzling thread did.
 *
 * The mark is the configured {@link Barrier}: {@code CardTable.mark(o.$swz_address)} for cards,
 * {@code if (o.$swz_dirty == 0) RememberedSet.remember(o)} for the remembered set (for a field that is not of
 * fixed size, an array edit included: {@code if (o.$swz_dirty != 2) RememberedSet.rememberAll(o)}),
 * {@code if (o.$swz_dirty == 0) WriteBarrier.dirty(o)} for dirty bits, nothing for {@code barrier=none}.
 * {@code $swz_state}, {@code $swz_dirty} and {@code $swz_flags} stand for their bits of {@code o.$swz_word}
 * ({@code StateWord}): each test is one load of the word and a mask.
 *
 * <p>Under {@code swizzle=edge} and {@code none}, a reference field {@code f} keeps the stored
 * reference {@code long $swz_ref$f} beside it while the Java field is {@code null}:
 * <pre>
 * public static T $swz_get$f(C o) {
 *     if (o.$swz_state != 0) Faults.fault(o);
 *     if (o.f != null) return o.f;
 *     return $swz_find$f(o);
 * }
 * public static T $swz_find$f(C o) {              // the slow path, out of line
 *     long r = o.$swz_ref$f;
 *     if (r == 0) return o.f;
 *     T t = (T) References.target(o, r);          // resident object or fault block, no I/O
 *     if (References.swizzlesInPlace(t)) {         // edge only: swizzle upon discovery
 *         if (!$swz_handle$f.compareAndSet(o, null, t)) return o.f;  // a store came first: it stands
 *         if (o.$swz_ref$f != r) {                 // a store of null cleared the stored reference meanwhile
 *             $swz_handle$f.compareAndSet(o, t, null);
 *             return o.f;
 *         }
 *     }
 *     return t;
 * }
 * </pre>
 * and the setter clears {@code $swz_ref$f}: a non-null Java field takes precedence over it. It stores a value before
 * clearing the stored reference, and a null after it (with a store-store fence between each), so that a thread that
 * sees the stored reference cleared never reads a null no one stored, and
 * that a swizzle in place racing with it on another thread never writes the old target over its store; the
 * compare-and-set publishes the target as a release store would. Every accessor has a
 * twin without the residency check ({@code $swz_uget$f}, {@code $swz_uset$f}, {@code $swz_uread$f}) for the
 * accesses whose check repeats one just made on the same object ({@link RepeatedChecks}) and, under
 * {@code checks=entry}, for accesses to {@code this} in the class's instance methods, which begin with
 * {@code $swz_enter(this)}, made before the method calls anything ({@link ReceiverAccesses}).
 */
final class AccessorGenerator {

    private static final int ACCESS = Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
    /** The verbs of {@link #refuseNullObject}'s message, as a plain field access's {@code NullPointerException} says them. */
    private static final String READ = "read";
    private static final String ASSIGN = "assign";

    private final ClassVisitor target;
    private final String owner;
    private final Barrier barrier;
    private final Swizzling swizzling;
    private final boolean frames;

    /**
     * @param barrier       the configured update detection
     * @param swizzling     the configured swizzling scheme
     * @param frames        whether the class file version carries stack map frames
     */
    AccessorGenerator(ClassVisitor target, String owner, Barrier barrier, Swizzling swizzling, boolean frames) {
        this.target = target;
        this.owner = owner;
        this.barrier = barrier;
        this.swizzling = swizzling;
        this.frames = frames;
    }

    void addAccessors(StoredField field) {
        boolean keepsStored = keepsStoredReference(field);
        for (boolean checked : new boolean[] {true, false}) {
            addGetter(field, name(field.getterName(), checked), isArray(field), checked, keepsStored);
            if (field.hasReader()) {
                addGetter(field, name(field.readerName(), checked), false, checked, false);
            }
            if (field.isElidableArray()) {
                addEditor(field, name(field.editorName(), checked), checked);
                if (field.isPrimitiveArray()) {
                    addKeeper(field, name(field.keeperName(), checked), checked);
                }
                addSetter(field, name(field.freshSetterName(), checked), checked, false, false);
            }
            addSetter(field, name(field.setterName(), checked), checked, keepsStored, isArray(field));
        }
        if (keepsStored) {
            addFind(field);
        }
    }

    private static boolean isArray(StoredField field) {
        return field.descriptor().charAt(0) == '[';
    }

    /** Whether {@code field} keeps a stored reference beside the Java one under the configured scheme. */
    boolean keepsStoredReference(StoredField field) {
        return field.kind() == FieldKind.REFERENCE && swizzling.keepsStoredReferences();
    }

    /** {@code public static void $swz_enter(C o) { if (o.$swz_state != 0) Faults.fault(o); }}, for {@code checks=entry}. */
    void addEnter() {
        MethodVisitor method = target.visitMethod(ACCESS, Contract.ENTER, "(L" + owner + ";)V", null, null);
        method.visitCode();
        residencyCheck(method, true, null, false, new Object[] {owner});
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    private static String name(String accessor, boolean checked) {
        return checked ? accessor : Contract.unchecked(accessor);
    }

    private void addGetter(StoredField field, String name, boolean escapes, boolean checked, boolean keepsStored) {
        MethodVisitor method = target.visitMethod(ACCESS, name, field.getterDescriptor(), null, null);
        method.visitCode();
        Label nullObject = null;
        if (checked) {
            nullObject = residencyCheck(method, true, field.isCollection() ? field : null, true, new Object[] {owner});
        } else if (field.isCollection()) {
            Label loaded = new Label();
            readIfLeftForLater(method, field, loaded);
            Bytecode.target(method, loaded, frames, owner);
        }
        if (escapes) {
            escape(method, owner);
        }
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
        if (keepsStored) {
            Label stored = new Label();
            method.visitJumpInsn(Opcodes.IFNULL, stored);
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
            method.visitInsn(Opcodes.ARETURN);
            Bytecode.target(method, stored, frames, owner);
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitMethodInsn(Opcodes.INVOKESTATIC, owner, Contract.find(field.name()), field.getterDescriptor(), false);
        }
        method.visitInsn(Type.getType(field.descriptor()).getOpcode(Opcodes.IRETURN));
        refuseNullObject(method, nullObject, READ, field, owner);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /**
     * {@code if (o.f == null && o.$swz_state != 0) Faults.readCollection(o, index);}, going to {@code loaded} where the
     * call is not made: a collection field a read left for later, its object filled otherwise ({@code
     * Persistable.PENDING}), is read when the read's own code (a key's hash) loads it. A checked getter makes the test
     * in its slow path only, since a pending object is not resident; the unchecked twin, which a check just made on a
     * pending object lets through, makes it on every load.
     */
    private void readIfLeftForLater(MethodVisitor method, StoredField field, Label loaded) {
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
        method.visitJumpInsn(Opcodes.IFNONNULL, loaded);
        loadWordBits(method, StateWord.STATE_MASK);
        method.visitJumpInsn(Opcodes.IFEQ, loaded);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        Bytecode.pushInt(method, field.index());
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.FAULTS, Contract.READ_COLLECTION, Contract.READ_COLLECTION_DESCRIPTOR,
            false);
    }

    /**
     * The out-of-line slow path of a load of a reference field holding a stored reference. The stored
     * reference is read once and kept after a swizzle in place (the Java field takes precedence), so a
     * thread racing another's swizzle finds the same target.
     */
    private void addFind(StoredField field) {
        String stored = Contract.storedReference(field.name());
        String type = Type.getType(field.descriptor()).getInternalName();
        MethodVisitor method = target.visitMethod(ACCESS, Contract.find(field.name()), field.getterDescriptor(), null, null);
        method.visitCode();
        Label present = new Label();
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, stored, "J");
        method.visitVarInsn(Opcodes.LSTORE, 1);
        // a cleared stored reference is read before the field, whose value the setter stored first
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.VAR_HANDLE, Contract.ACQUIRE_FENCE, "()V", false);
        method.visitVarInsn(Opcodes.LLOAD, 1);
        method.visitInsn(Opcodes.LCONST_0);
        method.visitInsn(Opcodes.LCMP);
        method.visitJumpInsn(Opcodes.IFNE, present);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
        method.visitInsn(Opcodes.ARETURN);
        Bytecode.target(method, present, frames, owner, Opcodes.LONG);
        Label cast = new Label();
        Label castDone = new Label();
        // a field of type Object has no cast to fail
        Label notAdmitted = type.equals(Contract.OBJECT) ? null : new Label();
        if (notAdmitted != null) {
            method.visitTryCatchBlock(cast, castDone, notAdmitted, Contract.CLASS_CAST_EXCEPTION);
        }
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitVarInsn(Opcodes.LLOAD, 1);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.REFERENCES, Contract.TARGET, Contract.TARGET_DESCRIPTOR, false);
        method.visitLabel(cast);
        Bytecode.castFromObject(method, field.descriptor());
        method.visitLabel(castDone);
        method.visitVarInsn(Opcodes.ASTORE, 3);
        if (swizzling == Swizzling.EDGE) {
            Label done = new Label();
            Label current = new Label();
            method.visitVarInsn(Opcodes.ALOAD, 3);
            method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.REFERENCES, Contract.SWIZZLES_IN_PLACE,
                Contract.SWIZZLES_IN_PLACE_DESCRIPTOR, false);
            method.visitJumpInsn(Opcodes.IFEQ, done);
            installInPlace(method, owner, field, 1, 3, done, current);
            Bytecode.target(method, current, frames, owner, Opcodes.LONG, type);
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
            method.visitInsn(Opcodes.ARETURN);
            Bytecode.target(method, done, frames, owner, Opcodes.LONG, type);
        }
        method.visitVarInsn(Opcodes.ALOAD, 3);
        method.visitInsn(Opcodes.ARETURN);
        if (notAdmitted != null) { // the target's class, or the field's type, changed since it was stored
            method.visitLabel(notAdmitted);
            if (frames) {
                method.visitFrame(Opcodes.F_NEW, 2, new Object[] {owner, Opcodes.LONG}, 1,
                    new Object[] {Contract.CLASS_CAST_EXCEPTION});
            }
            method.visitVarInsn(Opcodes.ASTORE, 3);
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitLdcInsn(owner.replace('/', '.') + "." + field.name());
            method.visitVarInsn(Opcodes.ALOAD, 3);
            method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.REFERENCES, Contract.NOT_ADMITTED,
                Contract.NOT_ADMITTED_DESCRIPTOR, false);
            method.visitInsn(Opcodes.ATHROW);
        }
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /**
     * Sets reference field {@code field} of the object in local 0 to the target in local {@code target}, looked up
     * from the stored reference in local {@code stored}, only where no other thread's store came first: {@code if
     * ($swz_handle$f.compareAndSet(o, null, t)) { if (o.$swz_ref$f == r) goto installed; $swz_handle$f.compareAndSet(o,
     * t, null); } goto notInstalled;}. A store of a value makes the first compare-and-set fail, and a store of
     * {@code null}, which it cannot see, clears the stored reference first, so the target it set is taken back.
     */
    static void installInPlace(MethodVisitor method, String owner, StoredField field, int stored, int target, Label installed,
        Label notInstalled) {
        compareAndSet(method, owner, field, target, false);
        method.visitJumpInsn(Opcodes.IFEQ, notInstalled);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.storedReference(field.name()), "J");
        method.visitVarInsn(Opcodes.LLOAD, stored);
        method.visitInsn(Opcodes.LCMP);
        method.visitJumpInsn(Opcodes.IFEQ, installed);
        compareAndSet(method, owner, field, target, true);
        method.visitInsn(Opcodes.POP);
        method.visitJumpInsn(Opcodes.GOTO, notInstalled);
    }

    /**
     * {@code $swz_handle$f.compareAndSet(o, null, t)} with {@code o} in local 0 and {@code t} in local {@code target},
     * or, to {@code undo} it, {@code compareAndSet(o, t, null)}; leaves whether it set the field.
     */
    private static void compareAndSet(MethodVisitor method, String owner, StoredField field, int target, boolean undo) {
        method.visitFieldInsn(Opcodes.GETSTATIC, owner, Contract.handle(field.name()), Contract.VAR_HANDLE_DESCRIPTOR);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        if (undo) {
            method.visitVarInsn(Opcodes.ALOAD, target);
            method.visitInsn(Opcodes.ACONST_NULL);
        } else {
            method.visitInsn(Opcodes.ACONST_NULL);
            method.visitVarInsn(Opcodes.ALOAD, target);
        }
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Contract.VAR_HANDLE, Contract.COMPARE_AND_SET,
            "(L" + owner + ";" + field.descriptor() + field.descriptor() + ")Z", false);
    }

    /**
     * The static initializer's part for the fields that keep a stored reference: {@code $swz_handle$f =
     * MethodHandles.lookup().findVarHandle(C.class, "f", T.class)} for each, so that a swizzle in place
     * ({@link #installInPlace}) sets the field only while it still holds {@code null}, and a store another thread made
     * first is never undone.
     */
    void initializeHandles(MethodVisitor method, Iterable<StoredField> fields) {
        for (StoredField field : fields) {
            if (!keepsStoredReference(field)) {
                continue;
            }
            method.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
                "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
            method.visitLdcInsn(Type.getObjectType(owner));
            method.visitLdcInsn(field.name());
            method.visitLdcInsn(Type.getType(field.descriptor()));
            method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandles$Lookup", "findVarHandle",
                "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;", false);
            method.visitFieldInsn(Opcodes.PUTSTATIC, owner, Contract.handle(field.name()), Contract.VAR_HANDLE_DESCRIPTOR);
        }
    }

    /** {@code $swz_edit$f}: the residency check and the write barrier, for a load that only indexes the array at once. */
    private void addEditor(StoredField field, String name, boolean checked) {
        MethodVisitor method = target.visitMethod(ACCESS, name, field.getterDescriptor(), null, null);
        method.visitCode();
        Label nullObject = checked ? residencyCheck(method, owner) : null;
        mark(method, false, owner);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
        method.visitInsn(Opcodes.ARETURN);
        refuseNullObject(method, nullObject, READ, field, owner);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /**
     * {@code $swz_keep$f}: the residency check, then {@code if (o.$swz_flags == 0) Escapes.kept(o, o.f)}, for a load
     * whose array stays in the method: the element stores there mark pages, so only an array without marks watches.
     */
    private void addKeeper(StoredField field, String name, boolean checked) {
        MethodVisitor method = target.visitMethod(ACCESS, name, field.getterDescriptor(), null, null);
        method.visitCode();
        Label nullObject = checked ? residencyCheck(method, owner) : null;
        Label watched = new Label();
        loadWordBits(method, StateWord.WATCHED_BIT);
        method.visitJumpInsn(Opcodes.IFNE, watched);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.ESCAPES, Contract.ESCAPE_KEPT, Contract.ESCAPE_KEPT_DESCRIPTOR, false);
        Bytecode.target(method, watched, frames, owner);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
        method.visitInsn(Opcodes.ARETURN);
        refuseNullObject(method, nullObject, READ, field, owner);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    private void addSetter(StoredField field, String name, boolean checked, boolean keepsStored, boolean escapes) {
        MethodVisitor method = target.visitMethod(ACCESS, name, field.setterDescriptor(), null, null);
        method.visitCode();
        Object[] locals = {owner, Bytecode.frameType(field.descriptor())};
        Label nullObject = checked ? setterResidencyCheck(method, locals) : null;
        // the barrier comes first: the store it refuses (a closed store's, or another thread's of a confined store) is never made
        mark(method, field.kind().isFixedSize(), owner, Bytecode.frameType(field.descriptor()));
        if (escapes) {
            // before the store: the watch takes the arrays the object holds as committed, which abort() gives back to it
            escape(method, owner, Bytecode.frameType(field.descriptor()));
        }
        if (keepsStored) {
            storeClearingStored(method, field);
        } else {
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitVarInsn(Type.getType(field.descriptor()).getOpcode(Opcodes.ILOAD), 1);
            method.visitFieldInsn(Opcodes.PUTFIELD, owner, field.name(), field.descriptor());
        }
        method.visitInsn(Opcodes.RETURN);
        refuseNullObject(method, nullObject, ASSIGN, field, locals);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    private void clearStored(MethodVisitor method, StoredField field) {
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitInsn(Opcodes.LCONST_0);
        method.visitFieldInsn(Opcodes.PUTFIELD, owner, Contract.storedReference(field.name()), "J");
    }

    /**
     * A setter's stores into a field that keeps a stored reference ({@code swizzle=edge} and {@code none}), ordered so
     * that a thread that sees the stored reference cleared sees the value too (it never reads a null no one stored), and
     * that a swizzle in place on another thread ({@code $swz_find$f}, under {@code edge}) never undoes them: {@code if (v != null) { o.f = v; VarHandle.storeStoreFence(); o.$swz_ref$f = 0; }
     * else { o.$swz_ref$f = 0; VarHandle.storeStoreFence(); o.f = null; }}. A value is stored first, so that the
     * swizzle's compare-and-set fails on it (and a swizzle that sees the stored reference cleared sees the value too);
     * a null is stored last, after the stored reference is cleared, which the swizzle checks after it set the field,
     * and then undoes.
     */
    private void storeClearingStored(MethodVisitor method, StoredField field) {
        Label isNull = new Label();
        Label stored = new Label();
        Object type = Bytecode.frameType(field.descriptor());
        method.visitVarInsn(Opcodes.ALOAD, 1);
        method.visitJumpInsn(Opcodes.IFNULL, isNull);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitVarInsn(Opcodes.ALOAD, 1);
        method.visitFieldInsn(Opcodes.PUTFIELD, owner, field.name(), field.descriptor());
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.VAR_HANDLE, Contract.STORE_STORE_FENCE, "()V", false);
        clearStored(method, field);
        method.visitJumpInsn(Opcodes.GOTO, stored);
        Bytecode.target(method, isNull, frames, owner, type);
        clearStored(method, field);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.VAR_HANDLE, Contract.STORE_STORE_FENCE, "()V", false);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitInsn(Opcodes.ACONST_NULL);
        method.visitFieldInsn(Opcodes.PUTFIELD, owner, field.name(), field.descriptor());
        Bytecode.target(method, stored, frames, owner, type);
    }

    /**
     * {@code if (o.$swz_state != 0) Faults.fault(o); VarHandle.acquireFence();} with {@code o} in local 0 and
     * {@code locals} the method's locals; returns where a null {@code o} goes ({@link #refuseNullObject}).
     */
    private Label residencyCheck(MethodVisitor method, Object... locals) {
        return residencyCheck(method, true, null, true, locals);
    }

    /**
     * The residency check of a setter: without the fence unless its barrier loads what the fault published
     * ({@code $swz_address} for cards). Its store cannot be made before the check it depends on, by the JIT or by
     * x86 or AArch64 hardware, and the fence would cost C2 every load it could have reused across the check.
     */
    private Label setterResidencyCheck(MethodVisitor method, Object... locals) {
        return residencyCheck(method, barrier == Barrier.CARD, null, true, locals);
    }

    /**
     * The residency check, with the fence where {@code fence}; in the getter of {@code collection} (else null), the
     * slow path then reads the field if the fault left it for later ({@link #readIfLeftForLater}). Where {@code
     * guarded}, returns the handler of the {@code NullPointerException} its load of the state raises when {@code o} is
     * null, which the accessor places after its code ({@link #refuseNullObject}); else null.
     */
    private Label residencyCheck(MethodVisitor method, boolean fence, StoredField collection, boolean guarded,
        Object[] locals) {
        Label resident = new Label();
        Label stateLoad = new Label();
        Label stateLoaded = new Label();
        Label nullObject = guarded ? new Label() : null;
        if (guarded) {
            method.visitTryCatchBlock(stateLoad, stateLoaded, nullObject, Contract.NULL_POINTER_EXCEPTION);
        }
        method.visitLabel(stateLoad);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.WORD, "J");
        method.visitLabel(stateLoaded);
        maskWord(method, StateWord.STATE_MASK);
        method.visitJumpInsn(Opcodes.IFEQ, resident);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.FAULTS, Contract.FAULT, Contract.FAULT_DESCRIPTOR, false);
        if (collection != null) {
            readIfLeftForLater(method, collection, resident);
        }
        Bytecode.target(method, resident, frames, locals);
        if (fence) {
            method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.VAR_HANDLE, Contract.ACQUIRE_FENCE, "()V", false);
        }
        return nullObject;
    }

    /**
     * The handler a checked accessor's residency check goes to when its object is null, after the accessor's code
     * ({@code nullObject} is null for an unchecked accessor, whose object a check already proved not null):
     * {@code throw Faults.nullObject(e, "read field \"f\" of C")}, with {@code locals} the method's parameters. The
     * exception then names the field the application's code uses, not the state the check loads, and starts at the
     * application's frame, as a plain field access's would (without the accessor, it cannot name the expression).
     */
    private void refuseNullObject(MethodVisitor method, Label nullObject, String access, StoredField field, Object... locals) {
        if (nullObject == null) {
            return;
        }
        method.visitLabel(nullObject);
        if (frames) {
            method.visitFrame(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {Contract.NULL_POINTER_EXCEPTION});
        }
        method.visitLdcInsn(access + " field \"" + field.name() + "\" of " + owner.replace('/', '.'));
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.FAULTS, Contract.NULL_OBJECT, Contract.NULL_OBJECT_DESCRIPTOR, false);
        method.visitInsn(Opcodes.ATHROW);
    }

    /** {@code if (o.$swz_flags == 0) Escapes.array(o);} with {@code o} in local 0 and {@code locals} the method's locals. */
    private void escape(MethodVisitor method, Object... locals) {
        Label watched = new Label();
        loadWordBits(method, StateWord.WATCHED_BIT);
        method.visitJumpInsn(Opcodes.IFNE, watched);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.ESCAPES, Contract.ESCAPE_ARRAY, Contract.ESCAPE_ARRAY_DESCRIPTOR, false);
        Bytecode.target(method, watched, frames, locals);
    }

    /** Leaves {@code (int) (o.$swz_word & mask)} with {@code o} in local 0; {@code mask} is within the word's low 32 bits. */
    private void loadWordBits(MethodVisitor method, long mask) {
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.WORD, "J");
        maskWord(method, mask);
    }

    /** {@code (int) (word & mask)} of the word on the stack. */
    private static void maskWord(MethodVisitor method, long mask) {
        method.visitLdcInsn(mask);
        method.visitInsn(Opcodes.LAND);
        method.visitInsn(Opcodes.L2I);
    }

    /**
     * The write barrier on {@code o} in local 0, with {@code locals} the method's locals; {@code fixedSize}
     * when it guards a store into a fixed-size field, which the remembered set tells from other changes.
     */
    private void mark(MethodVisitor method, boolean fixedSize, Object... locals) {
        switch (barrier) {
            case CARD:
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitFieldInsn(Opcodes.GETFIELD, owner, Contract.ADDRESS, "J");
                method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.CARD_TABLE, Contract.MARK, Contract.MARK_DESCRIPTOR, false);
                break;
            case REMSET: {
                Label remembered = new Label();
                loadWordBits(method, StateWord.DIRTY_MASK);
                if (fixedSize) {
                    method.visitJumpInsn(Opcodes.IFNE, remembered);
                } else {
                    Bytecode.pushInt(method, RememberedSet.ANY_FIELDS << StateWord.DIRTY_SHIFT);
                    method.visitJumpInsn(Opcodes.IF_ICMPEQ, remembered);
                }
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.REMEMBERED_SET,
                    fixedSize ? Contract.REMEMBER : Contract.REMEMBER_ALL, Contract.REMEMBER_DESCRIPTOR, false);
                Bytecode.target(method, remembered, frames, locals);
                break;
            }
            case OBJECT: {
                Label dirty = new Label();
                loadWordBits(method, StateWord.DIRTY_MASK);
                method.visitJumpInsn(Opcodes.IFNE, dirty);
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.WRITE_BARRIER, Contract.DIRTY, Contract.REMEMBER_DESCRIPTOR,
                    false);
                Bytecode.target(method, dirty, frames, locals);
                break;
            }
            default:
                break;
        }
    }
}
