package org.swizzle.internal;

import java.util.Set;

/**
 * The one rule for which field types can be stored, shared by the agent (which sees class files
 * through a type pool) and the object manager (which sees loaded classes). Type names are JVM
 * internal names ({@code java/lang/String}); descriptors are field descriptors.
 */
public final class StoredTypes {

    /** What the classifier needs to know about application types it cannot decide by name. */
    public interface TypeFacts {
        boolean isPersistent(String internalName);

        boolean isEnum(String internalName);

        boolean isInterface(String internalName);
    }

    /** The JDK's enums, stored as {@link ValueKind#ENUM} constants like the application's. */
    private static final Set<String> JDK_ENUMS = Set.of("java/time/DayOfWeek", "java/time/Month");

    /** Collection types a field may be declared as besides the JDK classes {@link ValueKind} names. */
    private static final Set<String> COLLECTION_INTERFACES = Set.of(
        "java/util/Collection", "java/util/List", "java/util/Set", "java/util/Map",
        "java/util/SortedSet", "java/util/NavigableSet", "java/util/SortedMap", "java/util/NavigableMap");

    private StoredTypes() {
    }

    /**
     * The kind of a field of type {@code descriptor}, or {@code null} if that type cannot be stored.
     */
    public static FieldKind classify(String descriptor, TypeFacts facts) {
        switch (descriptor.charAt(0)) {
            case 'Z': return FieldKind.BOOLEAN;
            case 'B': return FieldKind.BYTE;
            case 'S': return FieldKind.SHORT;
            case 'C': return FieldKind.CHAR;
            case 'I': return FieldKind.INT;
            case 'J': return FieldKind.LONG;
            case 'F': return FieldKind.FLOAT;
            case 'D': return FieldKind.DOUBLE;
            case '[': return classify(descriptor.substring(1), facts) == null ? null : FieldKind.MUTABLE_VALUE;
            case 'L': return classifyObject(descriptor.substring(1, descriptor.length() - 1), facts);
            default: return null;
        }
    }

    private static FieldKind classifyObject(String name, TypeFacts facts) {
        ValueKind kind = ValueKind.ofType(name);
        if (kind != null) {
            return kind.isMutable() ? FieldKind.MUTABLE_VALUE : FieldKind.VALUE;
        }
        if (JDK_ENUMS.contains(name)) {
            return FieldKind.VALUE;
        }
        if (COLLECTION_INTERFACES.contains(name)) {
            return FieldKind.MUTABLE_VALUE;
        }
        if (isPlatform(name)) {
            return null;
        }
        if (facts.isEnum(name)) {
            return FieldKind.VALUE;
        }
        if (facts.isPersistent(name) || facts.isInterface(name)) {
            return FieldKind.REFERENCE;
        }
        return null;
    }

    /** Whether {@code internalName} is one of the stored java.util collection types. */
    public static boolean isCollection(String internalName) {
        ValueKind kind = ValueKind.ofType(internalName);
        return COLLECTION_INTERFACES.contains(internalName) || kind != null && kind.codec() == ValueKind.Codec.CONTAINER;
    }

    /** Types of the JDK, which the classifier decides by name alone and never asks {@link TypeFacts} about. */
    public static boolean isPlatform(String internalName) {
        return internalName.startsWith("java/") || internalName.startsWith("javax/")
            || internalName.startsWith("jdk/") || internalName.startsWith("sun/") || internalName.startsWith("com/sun/");
    }

    /**
     * The message for a field whose type, or its arrays' element type, {@code missing}, is a class the enhancer cannot
     * find, so that it cannot tell whether it is {@code @Persistent}.
     */
    public static String missingTypeRefusal(String className, String fieldName, String typeName, String missing) {
        return "Cannot store field " + className + "." + fieldName + " of type " + typeName + ": class " + missing
            + " is not on the class path, so Swizzle cannot tell whether it is @Persistent or an application interface."
            + " Put " + missing + " on the class path, or make the field transient or static.";
    }

    /** The message for a refused field, naming the class, the field and its type. */
    public static String refusal(String className, String fieldName, String typeName) {
        return "Cannot store field " + className + "." + fieldName + " of type " + typeName
            + ": not a supported stored type (primitives and their boxes, String, enums, java.time values, BigInteger,"
            + " BigDecimal, UUID, arrays of these, references to @Persistent classes or application interfaces, and"
            + " java.util List/Set/Map collections). Make the field transient or static, or change its type.";
    }
}
