package org.swizzle.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.objectweb.asm.Type;

import org.swizzle.internal.FieldKind;
import org.swizzle.internal.StoredTypes;

/**
 * The persistent classes one class loader sees, described from their class files through a
 * {@link TypePool} (never by loading them), with a {@link ClassModel} per class cached for the
 * lifetime of the loader. Thread-safe: a model computed twice concurrently is computed alike.
 */
final class PersistentTypes implements StoredTypes.TypeFacts {

    private final TypePool pool;
    private final ConcurrentMap<String, Boolean> persistence = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, ClassModel> models = new ConcurrentHashMap<>();

    PersistentTypes(ClassFileLocator classFiles) {
        // lazy resolution: names of supertypes, field types and annotations without reading their class files
        this.pool = new TypePool.Default.WithLazyResolution(
            new TypePool.CacheProvider.Simple(), classFiles, TypePool.Default.ReaderMode.FAST);
    }

    static PersistentTypes of(ClassLoader loader) {
        return new PersistentTypes(ClassFileLocator.ForClassLoader.WeaklyReferenced.of(loader));
    }

    /**
     * Whether {@code internalName} is {@code @Persistent}, directly or through a superclass
     * (enhanced or refused alike). Walks superclasses only, so it is safe to ask while a model is
     * being built, even for the class being modelled.
     */
    @Override
    public boolean isPersistent(String internalName) {
        if (internalName == null || StoredTypes.isPlatform(internalName)) {
            return false;
        }
        Boolean known = persistence.get(internalName);
        if (known == null) {
            known = computePersistent(internalName);
            persistence.putIfAbsent(internalName, known);
        }
        return known;
    }

    @Override
    public boolean isEnum(String internalName) {
        TypeDescription type = describe(internalName);
        return type != null && type.isEnum();
    }

    @Override
    public boolean isInterface(String internalName) {
        TypeDescription type = describe(internalName);
        return type != null && type.isInterface();
    }

    /** The model of {@code internalName}; {@link ClassModel.Status#PLAIN} for a class that is not persistent or not found. */
    ClassModel model(String internalName) {
        ClassModel model = models.get(internalName);
        if (model == null) {
            model = computeModel(internalName);
            ClassModel raced = models.putIfAbsent(internalName, model);
            if (raced != null) {
                model = raced;
            }
        }
        return model;
    }

    /**
     * The stored field a {@code GETFIELD}/{@code PUTFIELD} of {@code owner.name:descriptor} resolves
     * to, found as the JVM resolves fields (from {@code owner} up its superclasses), or {@code null}
     * when it resolves to a field that is not stored or is declared by a refused class.
     */
    StoredField resolve(String owner, String name, String descriptor) {
        String type = owner;
        // persistence is inherited, so the first class that is not persistent ends the walk
        while (isPersistent(type)) {
            ClassModel model = model(type);
            if (model.declares(name, descriptor)) {
                return model.storedField(name, descriptor);
            }
            type = model.superName();
        }
        return null;
    }

    private boolean computePersistent(String internalName) {
        TypeDescription type = describe(internalName);
        if (type == null) {
            return false;
        }
        return isAnnotatedPersistent(type) || isPersistent(superName(type));
    }

    private ClassModel computeModel(String internalName) {
        if (!isPersistent(internalName)) {
            return ClassModel.plain(internalName);
        }
        TypeDescription type = describe(internalName);
        String superName = superName(type);
        Set<String> declared = new HashSet<>();
        for (FieldDescription.InDefinedShape field : type.getDeclaredFields()) {
            declared.add(ClassModel.key(field.getName(), field.getDescriptor()));
        }
        String notAClass = notAClass(type);
        if (notAClass != null) {
            return ClassModel.refused(internalName, superName, declared, "Cannot enhance " + type.getName()
                + ": @Persistent applies to classes, but " + type.getName() + " is " + notAClass
                + ". Remove @Persistent from it or make it a class.");
        }
        int firstIndex = 0;
        ClassModel superModel = null;
        if (!Contract.OBJECT.equals(superName)) {
            if (!isPersistent(superName)) {
                String superType = superName.replace('/', '.');
                return ClassModel.refused(internalName, superName, declared, "Cannot enhance @Persistent class "
                    + type.getName() + ": its superclass " + superType + " is neither java.lang.Object nor @Persistent."
                    + " Annotate " + superType + " with @Persistent or extend Object.");
            }
            superModel = model(superName);
            if (superModel.isRefused()) {
                return ClassModel.refused(internalName, superName, declared, "Cannot enhance @Persistent class "
                    + type.getName() + " because its superclass was refused: " + superModel.refusal());
            }
            firstIndex = superModel.nextIndex();
        }
        List<StoredField> fields = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        for (FieldDescription.InDefinedShape field : type.getDeclaredFields()) {
            if (isEnclosingInstance(field)) {
                String outer = field.getType().asErasure().getInternalName();
                if (!isPersistent(outer)) {
                    String outerName = outer.replace('/', '.');
                    return ClassModel.refused(internalName, superName, declared, "Cannot enhance @Persistent class "
                        + type.getName() + ": it is an inner class of " + outerName + ", which is not @Persistent, so its"
                        + " enclosing instance (" + outerName + ".this) cannot be stored. Declare " + type.getName()
                        + " static, or annotate " + outerName + " with @Persistent.");
                }
            } else if (field.isStatic() || field.isTransient() || field.isSynthetic() && !isCapturedVariable(field)) {
                continue;
            }
            String descriptor = field.getDescriptor();
            FieldKind kind = StoredTypes.classify(descriptor, this);
            if (kind == null) {
                String erased = Type.getType(descriptor).getClassName();
                String typeName = declaredTypeName(field, erased);
                String missing = missingClass(descriptor);
                refusals.add(missing != null
                    ? StoredTypes.missingTypeRefusal(type.getName(), field.getName(), typeName, missing)
                    : StoredTypes.refusal(type.getName(), field.getName(), typeName, erased, isRecord(erased)));
                continue;
            }
            String element = kind == FieldKind.MUTABLE_VALUE ? unstorableElement(field.getType()) : null;
            if (element != null) {
                refusals.add(StoredTypes.elementRefusal(type.getName(), field.getName(), field.getType().getTypeName(), element,
                    isRecord(element)));
                continue;
            }
            fields.add(new StoredField(internalName, field.getName(), descriptor, kind, firstIndex + fields.size(),
                previousNames(field)));
        }
        if (!refusals.isEmpty()) { // every refused field named at once, so that one build shows them all
            return ClassModel.refusedForField(internalName, superName, declared, String.join(" ", refusals));
        }
        String clash = storedNameClash(type.getName(), superModel, fields);
        if (clash != null) {
            return ClassModel.refused(internalName, superName, declared, clash);
        }
        return ClassModel.enhanced(internalName, superName, type.isAbstract(), firstIndex, fields, declared);
    }

    /**
     * Why {@code fields}, the own stored fields of {@code className}, cannot be stored beside those of its
     * persistent superclasses ({@code superModel} and up; {@code null} for a root), or {@code null} if they
     * can. Stored values are matched to fields by name alone across a hierarchy, so no two of its stored
     * fields may claim one name, as their own (a field hiding a superclass's) or in their {@code @PreviousNames}.
     */
    private String storedNameClash(String className, ClassModel superModel, List<StoredField> fields) {
        List<StoredField> hierarchy = new ArrayList<>();
        for (ClassModel level = superModel; level != null && level.isEnhanced(); level = model(level.superName())) {
            hierarchy.addAll(0, level.fields());
        }
        hierarchy.addAll(fields);
        Map<String, StoredField> claims = new HashMap<>();
        for (StoredField field : hierarchy) {
            List<String> names = new ArrayList<>(List.of(field.name()));
            names.addAll(field.previousNames());
            for (String name : names) {
                StoredField earlier = claims.putIfAbsent(name, field);
                if (earlier != null && earlier != field) {
                    return clashMessage(className, earlier, field, name);
                }
            }
        }
        return null;
    }

    private static String clashMessage(String className, StoredField earlier, StoredField field, String name) {
        String refusal = "Cannot enhance @Persistent class " + className + ": ";
        if (earlier.name().equals(name) && field.name().equals(name) && !earlier.owner().equals(field.owner())) {
            return refusal + "its field " + name + " hides the stored field " + name + " of its superclass "
                + earlier.owner().replace('/', '.')
                + ", and stored fields are told apart by name alone, so their values would be mixed up. "
                + (isJavacField(name)
                    ? "Declare both classes static or top-level: javac gives each inner or local class its own " + name + "."
                    : "Rename " + className + "." + name + ", or make one of the two fields transient or static.");
        }
        return refusal + "the stored fields " + claimant(earlier, name) + " and " + claimant(field, name)
            + " both claim the stored name " + name + ", and stored fields are told apart by name alone, so stored"
            + " values would load into the wrong one. Keep " + name + " on one of them only: rename the field or"
            + " take it out of @PreviousNames.";
    }

    private static String claimant(StoredField field, String name) {
        return field.owner().replace('/', '.') + "." + field.name() + (field.name().equals(name) ? "" : " (@PreviousNames)");
    }

    /** A field javac generates: {@code this$0} (the enclosing instance) or {@code val$x} (a captured variable). */
    private static boolean isJavacField(String name) {
        return name.startsWith("this$") || name.startsWith("val$");
    }

    private static List<String> previousNames(FieldDescription field) {
        for (AnnotationDescription annotation : field.getDeclaredAnnotations()) {
            if (annotation.getAnnotationType().getName().equals(Contract.PREVIOUS_NAMES)) {
                return List.of(annotation.getValue("value").resolve(String[].class));
            }
        }
        return List.of();
    }

    /** The synthetic {@code this$0} field by which javac gives an inner class its enclosing instance. */
    private static boolean isEnclosingInstance(FieldDescription.InDefinedShape field) {
        return field.isSynthetic() && !field.isStatic() && field.getName().startsWith("this$")
            && !field.getType().isPrimitive() && !field.getType().isArray();
    }

    /**
     * The type a refused field is named by: its class, or the type variable it is declared with, read from its
     * signature rather than resolved, which would need every class its type names.
     */
    private static String declaredTypeName(FieldDescription field, String erased) {
        String signature = field.getGenericSignature();
        int dimensions = 0;
        while (signature != null && signature.charAt(dimensions) == '[') {
            dimensions++;
        }
        boolean variable = signature != null && signature.charAt(dimensions) == 'T';
        return StoredTypes.declaredTypeName(variable
            ? signature.substring(dimensions + 1, signature.length() - 1) + "[]".repeat(dimensions) : null, erased);
    }

    /** The synthetic {@code val$x} field by which javac gives a local or anonymous class a captured variable. */
    private static boolean isCapturedVariable(FieldDescription.InDefinedShape field) {
        return !field.isStatic() && field.getName().startsWith("val$");
    }

    private static String notAClass(TypeDescription type) {
        if (type.isAnnotation()) {
            return "an annotation type";
        }
        if (type.isInterface()) {
            return "an interface";
        }
        if (type.isEnum()) {
            return "an enum";
        }
        if (type.isRecord()) {
            return "a record";
        }
        return null;
    }

    private static boolean isAnnotatedPersistent(TypeDescription type) {
        for (AnnotationDescription annotation : type.getDeclaredAnnotations()) {
            if (annotation.getAnnotationType().getName().equals(Contract.PERSISTENT)) {
                return true;
            }
        }
        return false;
    }

    private static String superName(TypeDescription type) {
        TypeDescription.Generic superClass = type.getSuperClass();
        return superClass == null ? null : superClass.asErasure().getInternalName();
    }

    /**
     * The first type that {@code type}, a collection type, is declared to hold (through nested collections and wildcard
     * bounds) that holds nothing storable ({@link StoredTypes#holdsStoredValues}), or {@code null}; a type variable, an
     * unbounded wildcard or a class not on the class path is taken as able to hold stored values.
     */
    private String unstorableElement(TypeDescription.Generic type) {
        if (type.getSort() != TypeDefinition.Sort.PARAMETERIZED) {
            return null;
        }
        for (TypeDescription.Generic argument : type.getTypeArguments()) {
            TypeDescription.Generic held = argument.getSort() == TypeDefinition.Sort.WILDCARD
                ? argument.getUpperBounds().getOnly() : argument;
            if (held.getSort() != TypeDefinition.Sort.NON_GENERIC && held.getSort() != TypeDefinition.Sort.PARAMETERIZED) {
                continue;
            }
            TypeDescription erasure;
            try {
                erasure = held.asErasure();
            } catch (IllegalStateException notOnTheClassPath) {
                continue;
            }
            String name = erasure.getInternalName();
            if (!erasure.isArray() && !StoredTypes.isPlatform(name) && describe(name) == null) {
                continue;
            }
            if (!StoredTypes.holdsStoredValues(name, this)) {
                return erasure.getActualName();
            }
            String nested = StoredTypes.isCollection(name) ? unstorableElement(held) : null;
            if (nested != null) {
                return nested;
            }
        }
        return null;
    }

    /** The class a field of type {@code descriptor} (or of arrays of it) names, if its class file cannot be found; else null. */
    private String missingClass(String descriptor) {
        Type element = Type.getType(descriptor);
        if (element.getSort() == Type.ARRAY) {
            element = element.getElementType();
        }
        if (element.getSort() != Type.OBJECT || StoredTypes.isPlatform(element.getInternalName())) {
            return null;
        }
        return describe(element.getInternalName()) == null ? element.getClassName() : null;
    }

    /** Whether {@code className}, or the element class of that array type, is a record. */
    private boolean isRecord(String className) {
        TypeDescription type = describe(className.replace("[]", "").replace('.', '/'));
        return type != null && type.isRecord();
    }

    /** The description of {@code internalName}, or {@code null} if its class file cannot be found or read. */
    private TypeDescription describe(String internalName) {
        try {
            TypePool.Resolution resolution = pool.describe(internalName.replace('/', '.'));
            return resolution.isResolved() ? resolution.resolve() : null;
        } catch (RuntimeException unreadable) {
            // e.g. a class file newer than ASM reads: treated like a class we cannot see
            return null;
        }
    }
}
