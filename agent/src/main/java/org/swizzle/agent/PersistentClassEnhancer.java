package org.swizzle.agent;

import java.util.Arrays;

import net.bytebuddy.utility.OpenedClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;

/**
 * Enhances one persistent class as its {@link ClassModel} says: the root of a hierarchy implements
 * {@code Persistable} and gets the object state; every persistent class gets its hollow
 * constructor, serializer, field accessors and a {@code writeObject} for Java serialization; stored fields lose {@code final}, since hollow
 * objects are filled outside constructors. Members are added at the end of the class, after the
 * {@link FieldAccessRewriter} upstream has seen the original methods, so generated code keeps its
 * direct field accesses.
 */
final class PersistentClassEnhancer extends ClassVisitor {

    private final ClassModel model;
    private final AgentOptions options;
    private boolean frames;
    private boolean declaresWriteObject;
    private boolean declaresClassInit;
    /** Made in {@link #visit}, once the class file version is known, so that a static initializer can use it. */
    private AccessorGenerator accessors;

    /** @param options the configured schemes: barrier, swizzling, checks */
    PersistentClassEnhancer(ClassVisitor next, ClassModel model, AgentOptions options) {
        super(OpenedClassReader.ASM_API, next);
        this.model = model;
        this.options = options;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        frames = (version & 0xFFFF) >= Opcodes.V1_6;
        String[] implemented = interfaces == null ? new String[0] : interfaces;
        if (model.isRoot() && !Arrays.asList(implemented).contains(Contract.PERSISTABLE)) {
            implemented = Arrays.copyOf(implemented, implemented.length + 1);
            implemented[implemented.length - 1] = Contract.PERSISTABLE;
        }
        super.visit(version, access, name, signature, superName, implemented);
        accessors = new AccessorGenerator(getDelegate(), model.internalName(), options.barrier(), options.swizzle(), frames);
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        if (model.storedField(name, descriptor) != null) {
            access &= ~Opcodes.ACC_FINAL;
        }
        return super.visitField(access, name, descriptor, signature, value);
    }

    /** A {@code writeObject(ObjectOutputStream)} the class declares starts with {@code Copies.beforeSerialization(this)}. */
    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (Contract.CLASS_INIT.equals(name) && method != null) {
            declaresClassInit = true;
            return new MethodVisitor(OpenedClassReader.ASM_API, method) {
                @Override
                public void visitCode() {
                    super.visitCode();
                    if (model.isRoot()) {
                        StateGenerator.initializeWordHandle(this, model.internalName());
                    }
                    accessors.initializeHandles(this, model.fields());
                }
            };
        }
        if (!Contract.WRITE_OBJECT.equals(name) || !Contract.WRITE_OBJECT_DESCRIPTOR.equals(descriptor)) {
            return method;
        }
        declaresWriteObject = true;
        if (method == null || (access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return method;
        }
        return new MethodVisitor(OpenedClassReader.ASM_API, method) {
            @Override
            public void visitCode() {
                super.visitCode();
                beforeSerialization(this);
            }
        };
    }

    /**
     * Java serialization reads and writes fields by reflection, past the residency check: each persistent class
     * gets {@code private void writeObject(ObjectOutputStream out) { Copies.beforeSerialization(this);
     * out.defaultWriteObject(); }} unless it declares its own. Dead code in a class that is not serializable.
     */
    private void addWriteObject(ClassVisitor next) {
        MethodVisitor method = next.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, Contract.WRITE_OBJECT,
            Contract.WRITE_OBJECT_DESCRIPTOR, null, new String[] {"java/io/IOException"});
        method.visitCode();
        beforeSerialization(method);
        method.visitVarInsn(Opcodes.ALOAD, 1);
        method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/ObjectOutputStream", "defaultWriteObject", "()V", false);
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    /**
     * {@code static { }} with the handle of the state word (in the root class of a hierarchy) and of the fields that keep
     * a stored reference, for a class that has no static initializer.
     */
    private void addClassInit(ClassVisitor next) {
        MethodVisitor method = next.visitMethod(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, Contract.CLASS_INIT, "()V", null, null);
        method.visitCode();
        if (model.isRoot()) {
            StateGenerator.initializeWordHandle(method, model.internalName());
        }
        accessors.initializeHandles(method, model.fields());
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
    }

    private static void beforeSerialization(MethodVisitor method) {
        method.visitVarInsn(Opcodes.ALOAD, 0);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, Contract.COPIES, Contract.BEFORE_SERIALIZATION,
            Contract.BEFORE_SERIALIZATION_DESCRIPTOR, false);
    }

    @Override
    public void visitEnd() {
        ClassVisitor next = getDelegate();
        if (!declaresWriteObject) {
            addWriteObject(next);
        }
        next.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
            Contract.OPTIONS, Contract.OPTIONS_DESCRIPTOR, null, Enhancement.record(options.toString())).visitEnd();
        StateGenerator state = new StateGenerator(next, model, options.barrier().placesObjects(), frames);
        if (model.isRoot()) {
            state.addState();
        }
        state.addHollowConstructor();
        if (model.isAbstract()) {
            state.addAbstractNewHollow();
        } else {
            state.addNewHollow();
        }
        boolean handles = false;
        for (StoredField field : model.fields()) {
            if (accessors.keepsStoredReference(field)) {
                next.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC,
                    Contract.storedReference(field.name()), "J", null, null).visitEnd();
                next.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                    Contract.handle(field.name()), Contract.VAR_HANDLE_DESCRIPTOR, null, null).visitEnd();
                handles = true;
            }
        }
        if ((handles || model.isRoot()) && !declaresClassInit) {
            addClassInit(next);
        }
        SerializerGenerator serializer = new SerializerGenerator(next, model, frames, accessors::keepsStoredReference);
        serializer.addWrite();
        serializer.addWriteAll();
        serializer.addRead();
        serializer.addClear();
        serializer.addResolveStored();
        serializer.addFieldNames();
        for (StoredField field : model.fields()) {
            accessors.addAccessors(field);
        }
        if (options.checksOnEntry()) {
            accessors.addEnter();
        }
        super.visitEnd();
    }
}
