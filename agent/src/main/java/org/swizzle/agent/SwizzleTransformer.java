package org.swizzle.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;
import java.util.function.Predicate;

import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.utility.OpenedClassReader;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.FieldInsnNode;

import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;

/**
 * The agent's class file transformer: enhances {@code @Persistent} classes and rewrites accesses to
 * their stored fields in every application class. A class that needs neither is returned unchanged
 * after a scan of its constant pool. Refusals and failures are reported on {@code System.err} with
 * the class name and recorded in {@link Enhancement}; a class is never left un-enhanced silently.
 */
public final class SwizzleTransformer implements ClassFileTransformer {

    private final AgentOptions options;
    private final Map<ClassLoader, PersistentTypes> typesByLoader = Collections.synchronizedMap(new WeakHashMap<>());

    public SwizzleTransformer(AgentOptions options) {
        this.options = options;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        return transform(loader, className, classfileBuffer);
    }

    /**
     * The transformation itself, without the JVM: the new class file of {@code className} (internal
     * name) defined by {@code loader}, or {@code null} when the class stays as it is.
     */
    public byte[] transform(ClassLoader loader, String className, byte[] classFile) {
        if (loader == null || className == null || IgnoredTypes.isIgnored(className)) {
            return null;
        }
        try {
            return rewrite(typesByLoader.computeIfAbsent(loader, PersistentTypes::of), className, classFile);
        } catch (Throwable failure) {
            String message = "The Swizzle agent failed to transform " + className.replace('/', '.') + ": " + failure
                + ". Its persistent field accesses are not checked; please report this with the stack trace.";
            Enhancement.refuse(className.replace('/', '.'), message);
            System.err.println("[swizzle] " + message);
            failure.printStackTrace();
            return null;
        }
    }

    private byte[] rewrite(PersistentTypes types, String className, byte[] classFile) {
        ClassFileScan scan = ClassFileScan.of(classFile);
        if (scan.mentionsPreviousNames()) {
            Enhancement.mayDeclarePreviousNames(className.replace('/', '.'));
        }
        // a class is persistent only through its own annotation or its superclass
        boolean candidate = scan.mentionsPersistent() || types.isPersistent(scan.superName());
        if (candidate && scan.mentionsOptions() && enhancedOptions(classFile) != null) {
            return null; // enhanced already (at build time): the object manager checks its options when it meets it
        }
        ClassModel model = candidate ? types.model(className) : ClassModel.plain(className);
        Map<ClassFileScan.FieldRef, StoredField> redirects = redirects(types, scan, model);
        if (model.isRefused()) {
            if (model.isRefusedForField()) {
                Enhancement.refuseField(model.binaryName(), model.refusal());
            } else {
                Enhancement.refuse(model.binaryName(), model.refusal());
            }
            System.err.println("[swizzle] " + model.refusal());
        }
        if (!model.isEnhanced() && redirects.isEmpty()) {
            return null;
        }
        if (scan.isNewerThanSupported()) {
            String message = "Cannot " + (model.isEnhanced() ? "enhance " : "rewrite persistent field accesses in ")
                + model.binaryName() + ": its class file version " + scan.majorVersion() + " is newer than this agent"
                + " supports (" + ClassFileVersion.latest() + "). Compile it for an older release or update Swizzle.";
            Enhancement.refuse(model.binaryName(), message);
            System.err.println("[swizzle] " + message);
            return null;
        }
        ClassReader reader = OpenedClassReader.of(classFile);
        // generated methods need their maximums computed; rewritten ones keep theirs, and frames are
        // never computed, which would load classes inside the transformer
        ClassWriter writer = new ClassWriter(reader, model.isEnhanced() ? ClassWriter.COMPUTE_MAXS : 0);
        ClassVisitor visitor = writer;
        if (model.isEnhanced()) {
            visitor = new PersistentClassEnhancer(visitor, model, options);
        }
        boolean checksOnEntry = options.checksOnEntry() && model.isEnhanced();
        // a persistent class is rewritten even with no stored field to redirect: its clone() calls and its new
        // collections are rewritten too
        if (!redirects.isEmpty() || model.isEnhanced()) {
            Predicate<FieldInsnNode> stored = insn -> redirects.containsKey(new ClassFileScan.FieldRef(insn.owner, insn.name, insn.desc));
            ReceiverAccesses receiver = checksOnEntry ? ReceiverAccesses.find(classFile, stored) : ReceiverAccesses.NONE;
            RepeatedChecks repeated = redirects.isEmpty() ? RepeatedChecks.NONE : RepeatedChecks.find(classFile, stored);
            visitor = new FieldAccessRewriter(visitor, redirects, arrayAccesses(classFile, redirects),
                checksOnEntry ? model.internalName() : null, receiver, repeated, model.isEnhanced());
        }
        reader.accept(visitor, 0);
        return writer.toByteArray();
    }

    /**
     * The persistent classes (internal names) that declare the stored fields whose accesses in {@code classFile}
     * {@link #transform} would rewrite into calls of their accessors, the classes described through {@code loader}:
     * each must be enhanced wherever it is loaded from, or those calls find no method.
     */
    public Set<String> accessedPersistentClasses(ClassLoader loader, String className, byte[] classFile) {
        if (loader == null || className == null || IgnoredTypes.isIgnored(className)) {
            return Set.of();
        }
        PersistentTypes types = typesByLoader.computeIfAbsent(loader, PersistentTypes::of);
        ClassFileScan scan = ClassFileScan.of(classFile);
        boolean candidate = scan.mentionsPersistent() || types.isPersistent(scan.superName());
        ClassModel model = candidate ? types.model(className) : ClassModel.plain(className);
        Set<String> owners = new TreeSet<>();
        for (StoredField field : redirects(types, scan, model).values()) {
            owners.add(field.owner());
        }
        return owners;
    }

    /**
     * What {@code classFile} records of its enhancement (its options in {@code AgentOptions.toString()} form and the
     * enhancement version, as {@code Enhancement.record} writes them), or {@code null} when it is not an enhanced
     * persistent class.
     */
    public static String enhancedOptions(byte[] classFile) {
        String[] options = new String[1];
        OpenedClassReader.of(classFile).accept(new ClassVisitor(OpenedClassReader.ASM_API) {
            @Override
            public org.objectweb.asm.FieldVisitor visitField(int access, String name, String descriptor,
                                                                  String signature, Object value) {
                if (Contract.OPTIONS.equals(name) && Contract.OPTIONS_DESCRIPTOR.equals(descriptor) && value instanceof String) {
                    options[0] = (String) value;
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return options[0];
    }

    /** What the class's accesses to array fields do with the arrays; analysed only where there are such fields. */
    private static ArrayAccesses arrayAccesses(byte[] classFile, Map<ClassFileScan.FieldRef, StoredField> redirects) {
        if (redirects.values().stream().noneMatch(StoredField::hasReader)) {
            return ArrayAccesses.NONE;
        }
        return ArrayAccesses.find(classFile, insn -> {
            StoredField field = redirects.get(new ClassFileScan.FieldRef(insn.owner, insn.name, insn.desc));
            return field != null && field.hasReader();
        });
    }

    /** The field references of the class that resolve to stored fields, with the field each resolves to. */
    private static Map<ClassFileScan.FieldRef, StoredField> redirects(PersistentTypes types, ClassFileScan scan, ClassModel model) {
        Map<ClassFileScan.FieldRef, StoredField> redirects = new LinkedHashMap<>();
        for (ClassFileScan.FieldRef ref : scan.fieldRefs()) {
            if (ref.owner().equals(model.internalName()) && !model.isPersistent()) {
                continue; // this.f of a class that is not persistent: no need to describe the class itself
            }
            StoredField field = types.resolve(ref.owner(), ref.name(), ref.descriptor());
            if (field != null) {
                redirects.put(ref, field);
            }
        }
        return redirects;
    }
}
