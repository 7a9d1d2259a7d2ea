package org.swizzle.agent;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import org.swizzle.internal.FieldKind;

/**
 * Generates the per-class serialization contract of {@code Persistable} over a class's own stored
 * fields, each numbered by its hierarchy-global index:
 * <pre>
 * public void $swz_write(int field, ObjectWriter out) {
 *     switch (field) {
 *         case 3: out.writeInt(this.x); return;         // writeBoolean..writeDouble, writeReference, writeValue
 *         ...
 *         default: super.$swz_write(field, out);       // in a root: throw new IllegalArgumentException(...)
 *     }
 * }
 * public void $swz_writeFixed(ObjectWriter out)      // super.$swz_writeFixed(out); then the own fixed-size fields
 * public void $swz_writeVariable(ObjectWriter out)   // super.$swz_writeVariable(out); then the others;
 *                                                     // before each non-primitive: out.field(3);
 * public void $swz_read(int field, ObjectReader in)   // case 3: this.x = in.readInt(); with a cast for objects
 * public void $swz_clear()                            // own fields to 0/false/null, then super.$swz_clear()
 * public static String[] $swz_fields()                // own field names in index order
 * </pre>
 */
final class SerializerGenerator {

    /** The locals of {@code $swz_resolveStored} after {@code this} and {@code forget}: a stored reference, its target. */
    private static final int STORED_LOCAL = 2;
    private static final int TARGET_LOCAL = 4;

    private final ClassVisitor target;
    private final ClassModel model;
    private final boolean frames;
    private final Predicate<StoredField> keepsStored;

    /**
     * @param frames      whether the class file version carries stack map frames
     * @param keepsStored the reference fields that keep a stored reference {@code $swz_ref$f} beside the
     *                    Java one ({@code swizzle=edge} and {@code none}): written from it while unswizzled,
     *                    and read into it, leaving the Java field {@code null} until the field is loaded
     */
    SerializerGenerator(ClassVisitor target, ClassModel model, boolean frames, Predicate<StoredField> keepsStored) {
        this.target = target;
        this.model = model;
        this.frames = frames;
        this.keepsStored = keepsStored;
    }

    void addWrite() {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.WRITE, Contract.WRITE_DESCRIPTOR, null, null);
        dispatch(method, Contract.WRITE, Contract.WRITE_DESCRIPTOR, Contract.OBJECT_WRITER, field -> writeField(method, 2, field));
    }

    /**
     * The straight-line writers a commit calls: {@code $swz_writeFixed} writes the fixed-size fields of the
     * hierarchy, root class first, and {@code $swz_writeVariable} the others; each field that is not a
     * primitive is named to the writer by its index first (for its error messages and collections);
     * together the storage order of {@code ClassLayout}.
     */
    void addWriteAll() {
        addWriteAll(Contract.WRITE_FIXED, true);
        addWriteAll(Contract.WRITE_VARIABLE, false);
    }

    private void addWriteAll(String name, boolean fixed) {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, name, Contract.WRITE_ALL_DESCRIPTOR, null, null);
        method.visitCode();
        if (!model.isRoot()) {
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitVarInsn(Opcodes.ALOAD, 1);
            method.visitMethodInsn(Opcodes.INVOKESPECIAL, model.superName(), name, Contract.WRITE_ALL_DESCRIPTOR, false);
        }
        List<StoredField> fields = model.fields();
        for (int i = 0; i < fields.size(); i++) {
            StoredField field = fields.get(i);
            if (field.kind().isFixedSize() != fixed) {
                continue;
            }
            if (!field.kind().isPrimitive()) {
                method.visitVarInsn(Opcodes.ALOAD, 1);
                Bytecode.pushInt(method, model.firstIndex() + i);
                method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Contract.OBJECT_WRITER, "field", "(I)V", false);
            }
            writeField(method, 1, field);
        }
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /** {@code out.writeX(this.f)}, with the writer in local {@code writer}. */
    private void writeField(MethodVisitor method, int writer, StoredField field) {
        method.visitVarInsn(Opcodes.ALOAD, writer);
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitFieldInsn(Opcodes.GETFIELD, model.internalName(), field.name(), field.descriptor());
        if (keepsStored.test(field)) {
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitFieldInsn(Opcodes.GETFIELD, model.internalName(), Contract.storedReference(field.name()), "J");
            method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Contract.OBJECT_WRITER, "writeReference",
                Contract.WRITE_STORED_REFERENCE_DESCRIPTOR, false);
            return;
        }
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Contract.OBJECT_WRITER, "write" + suffix(field.kind()),
            "(" + streamDescriptor(field.kind()) + ")V", false);
    }

    void addRead() {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.READ, Contract.READ_DESCRIPTOR, null, null);
        dispatch(method, Contract.READ, Contract.READ_DESCRIPTOR, Contract.OBJECT_READER, field -> {
            if (keepsStored.test(field)) {
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitVarInsn(Opcodes.ALOAD, 2);
                method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Contract.OBJECT_READER, Contract.READ_STORED_REFERENCE, "()J", false);
                method.visitFieldInsn(Opcodes.PUTFIELD, model.internalName(), Contract.storedReference(field.name()), "J");
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitInsn(Opcodes.ACONST_NULL);
                method.visitFieldInsn(Opcodes.PUTFIELD, model.internalName(), field.name(), field.descriptor());
                return;
            }
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitVarInsn(Opcodes.ALOAD, 2);
            method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Contract.OBJECT_READER, "read" + suffix(field.kind()),
                "()" + streamDescriptor(field.kind()), false);
            if (!field.kind().isPrimitive()) {
                Bytecode.castFromObject(method, field.descriptor());
            }
            method.visitFieldInsn(Opcodes.PUTFIELD, model.internalName(), field.name(), field.descriptor());
        });
    }

    void addClear() {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.CLEAR, "()V", null, null);
        method.visitCode();
        for (StoredField field : model.fields()) {
            method.visitVarInsn(Opcodes.ALOAD, 0);
            Bytecode.pushDefault(method, field.descriptor());
            method.visitFieldInsn(Opcodes.PUTFIELD, model.internalName(), field.name(), field.descriptor());
            if (keepsStored.test(field)) {
                method.visitVarInsn(Opcodes.ALOAD, 0);
                method.visitInsn(Opcodes.LCONST_0);
                method.visitFieldInsn(Opcodes.PUTFIELD, model.internalName(), Contract.storedReference(field.name()), "J");
            }
        }
        if (!model.isRoot()) {
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitMethodInsn(Opcodes.INVOKESPECIAL, model.superName(), Contract.CLEAR, "()V", false);
        }
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /**
     * {@code $swz_resolveStored(forget)}: for each field that keeps a stored reference, {@code long r = sref;
     * VarHandle.acquireFence(); if (r != 0) { if (f == null) install (T) References.target(this, r) in place; if (forget)
     * sref = 0; }}, then the superclass's. It installs the target as a swizzle in place does
     * ({@link AccessorGenerator#installInPlace}), so that serializing an object never undoes a store another thread
     * makes into it meanwhile.
     */
    void addResolveStored() {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC, Contract.RESOLVE_STORED, Contract.RESOLVE_STORED_DESCRIPTOR,
            null, null);
        method.visitCode();
        String owner = model.internalName();
        for (StoredField field : model.fields()) {
            if (!keepsStored.test(field)) {
                continue;
            }
            String stored = Contract.storedReference(field.name());
            Label done = new Label();
            Label resolved = new Label();
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitFieldInsn(Opcodes.GETFIELD, owner, stored, "J");
            method.visitVarInsn(Opcodes.LSTORE, STORED_LOCAL);
            // a cleared stored reference is read before the field, whose value the setter stored first
            method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.VAR_HANDLE, Contract.ACQUIRE_FENCE, "()V", false);
            method.visitVarInsn(Opcodes.LLOAD, STORED_LOCAL);
            method.visitInsn(Opcodes.LCONST_0);
            method.visitInsn(Opcodes.LCMP);
            method.visitJumpInsn(Opcodes.IFEQ, done);
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitFieldInsn(Opcodes.GETFIELD, owner, field.name(), field.descriptor());
            method.visitJumpInsn(Opcodes.IFNONNULL, resolved);
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitVarInsn(Opcodes.LLOAD, STORED_LOCAL);
            method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.REFERENCES, Contract.TARGET, Contract.TARGET_DESCRIPTOR, false);
            Bytecode.castFromObject(method, field.descriptor());
            method.visitVarInsn(Opcodes.ASTORE, TARGET_LOCAL);
            AccessorGenerator.installInPlace(method, owner, field, STORED_LOCAL, TARGET_LOCAL, resolved, resolved);
            Bytecode.target(method, resolved, frames, owner, Opcodes.INTEGER, Opcodes.LONG);
            method.visitVarInsn(Opcodes.ILOAD, 1);
            method.visitJumpInsn(Opcodes.IFEQ, done);
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitInsn(Opcodes.LCONST_0);
            method.visitFieldInsn(Opcodes.PUTFIELD, owner, stored, "J");
            Bytecode.target(method, done, frames, owner, Opcodes.INTEGER);
        }
        if (!model.isRoot()) {
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitVarInsn(Opcodes.ILOAD, 1);
            method.visitMethodInsn(Opcodes.INVOKESPECIAL, model.superName(), Contract.RESOLVE_STORED,
                Contract.RESOLVE_STORED_DESCRIPTOR, false);
        }
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    void addFieldNames() {
        MethodVisitor method = target.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
            Contract.FIELDS, Contract.FIELDS_DESCRIPTOR, null, null);
        method.visitCode();
        List<StoredField> fields = model.fields();
        Bytecode.pushInt(method, fields.size());
        method.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/String");
        for (int i = 0; i < fields.size(); i++) {
            method.visitInsn(Opcodes.DUP);
            Bytecode.pushInt(method, i);
            method.visitLdcInsn(fields.get(i).name());
            method.visitInsn(Opcodes.AASTORE);
        }
        method.visitInsn(Opcodes.ARETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /**
     * The body of {@code (int field, Stream stream)}: a {@code tableswitch} over the own indices with
     * {@code access} then {@code return} per case, and the hand-over to the superclass (or the error
     * of a root) as default.
     */
    private void dispatch(MethodVisitor method, String name, String descriptor, String stream, Consumer<StoredField> access) {
        method.visitCode();
        List<StoredField> fields = model.fields();
        Object[] locals = {model.internalName(), Opcodes.INTEGER, stream};
        if (!fields.isEmpty()) {
            Label otherField = new Label();
            Label[] cases = new Label[fields.size()];
            for (int i = 0; i < cases.length; i++) {
                cases[i] = new Label();
            }
            method.visitVarInsn(Opcodes.ILOAD, 1);
            method.visitTableSwitchInsn(model.firstIndex(), model.nextIndex() - 1, otherField, cases);
            for (int i = 0; i < cases.length; i++) {
                Bytecode.target(method, cases[i], frames, locals);
                access.accept(fields.get(i));
                method.visitInsn(Opcodes.RETURN);
            }
            Bytecode.target(method, otherField, frames, locals);
        }
        if (model.isRoot()) {
            throwNoStoredField(method);
        } else {
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitVarInsn(Opcodes.ILOAD, 1);
            method.visitVarInsn(Opcodes.ALOAD, 2);
            method.visitMethodInsn(Opcodes.INVOKESPECIAL, model.superName(), name, descriptor, false);
            method.visitInsn(Opcodes.RETURN);
        }
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /** {@code throw new IllegalArgumentException("no stored field " + field + " in C");} */
    private void throwNoStoredField(MethodVisitor method) {
        method.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalArgumentException");
        method.visitInsn(Opcodes.DUP);
        method.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuilder");
        method.visitInsn(Opcodes.DUP);
        method.visitLdcInsn("no stored field ");
        method.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuilder", Contract.CONSTRUCTOR, "(Ljava/lang/String;)V", false);
        method.visitVarInsn(Opcodes.ILOAD, 1);
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuilder", "append", "(I)Ljava/lang/StringBuilder;", false);
        method.visitLdcInsn(" in " + model.binaryName());
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuilder", "append",
            "(Ljava/lang/String;)Ljava/lang/StringBuilder;", false);
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuilder", "toString", "()Ljava/lang/String;", false);
        method.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IllegalArgumentException", Contract.CONSTRUCTOR,
            "(Ljava/lang/String;)V", false);
        method.visitInsn(Opcodes.ATHROW);
    }

    /** {@code Boolean} .. {@code Double}, {@code Reference} or {@code Value}: the stream method for a kind. */
    private static String suffix(FieldKind kind) {
        switch (kind) {
            case REFERENCE: return "Reference";
            case VALUE: case MUTABLE_VALUE: return "Value";
            default: return kind.name().charAt(0) + kind.name().substring(1).toLowerCase(Locale.ROOT);
        }
    }

    /** The stream's parameter or return type for a kind: the primitive itself or {@code Object}. */
    private static String streamDescriptor(FieldKind kind) {
        switch (kind) {
            case BOOLEAN: return "Z";
            case BYTE: return "B";
            case SHORT: return "S";
            case CHAR: return "C";
            case INT: return "I";
            case LONG: return "J";
            case FLOAT: return "F";
            case DOUBLE: return "D";
            default: return "Ljava/lang/Object;";
        }
    }
}
