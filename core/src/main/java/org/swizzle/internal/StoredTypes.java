package org.swizzle.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
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

    /**
     * Collection types a field may be declared as besides the JDK classes {@link ValueKind} names; the sequenced ones
     * are Java 21's, named here so that Java 17 code can refuse nothing Java 21 code declares.
     */
    private static final Set<String> COLLECTION_INTERFACES = Set.of(
        "java/util/Collection", "java/util/List", "java/util/Set", "java/util/Map",
        "java/util/SortedSet", "java/util/NavigableSet", "java/util/SortedMap", "java/util/NavigableMap",
        "java/util/SequencedCollection", "java/util/SequencedSet", "java/util/SequencedMap");

    /** What can be stored, for messages. */
    private static final String STORED_TYPES = "primitives and their boxes, String, enums, java.time values, BigInteger,"
        + " BigDecimal, UUID, arrays of these, references to @Persistent classes or application interfaces, and"
        + " java.util List/Set/Map collections";

    /** The JDK classes and interfaces a stored value can be an instance of: the stored JDK types and their supertypes. */
    private static final Set<String> PLATFORM_HOLDERS = platformHolders();

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

    /** Whether {@code type} is a class of the JDK (see {@link #isPlatform(String)}), which cannot be made persistent. */
    public static boolean isPlatform(Class<?> type) {
        return isPlatform(type.getName().replace('.', '/'));
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

    /**
     * Whether a collection declared to hold {@code internalName}s (its elements, keys or values) can hold anything a
     * commit stores: a stored type, a JDK supertype of one ({@code Object}, {@code Number}, {@code Comparable}, ...), a
     * {@code @Persistent} class or an application interface. A JDK class that is none of these ({@code java.util.Date})
     * or an application class that is not {@code @Persistent} (no persistent class extends it) holds nothing storable.
     */
    public static boolean holdsStoredValues(String internalName, TypeFacts facts) {
        if (internalName.charAt(0) == '[') { // an array type's internal name is its descriptor
            return classify(internalName, facts) != null;
        }
        return PLATFORM_HOLDERS.contains(internalName) || !isPlatform(internalName) && classify('L' + internalName + ';', facts) != null;
    }

    private static Set<String> platformHolders() {
        List<String> stored = new ArrayList<>(JDK_ENUMS);
        stored.addAll(COLLECTION_INTERFACES);
        stored.add("java/lang/Enum"); // of the application's enums
        for (ValueKind kind : ValueKind.values()) {
            if (kind.type() != null) {
                stored.add(kind.type());
            }
        }
        Set<String> holders = new HashSet<>(Set.of("java/lang/Cloneable", "java/io/Serializable")); // an array's
        Deque<Class<?>> types = new ArrayDeque<>();
        for (String name : stored) {
            try {
                types.add(Class.forName(name.replace('/', '.'), false, null));
            } catch (ClassNotFoundException e) {
                if (!name.startsWith("java/util/Sequenced")) { // Java 21's, whose supertypes are the others'
                    throw new IllegalStateException("The JDK lacks stored type " + name, e);
                }
                holders.add(name);
            }
        }
        while (!types.isEmpty()) {
            Class<?> type = types.poll();
            if (holders.add(type.getName().replace('.', '/'))) {
                if (type.getSuperclass() != null) {
                    types.add(type.getSuperclass());
                }
                types.addAll(List.of(type.getInterfaces()));
            }
        }
        return holders;
    }

    /**
     * A field's type as messages name it: its class {@code erased}, or for a field declared with a type variable
     * ({@code variable}, such as {@code T} or {@code T[]}; null if none) the variable with the class it erases to, which
     * is the one refused.
     */
    public static String declaredTypeName(String variable, String erased) {
        return variable == null ? erased : variable + " (erased to " + erased + ")";
    }

    /**
     * The message for a refused field, naming the class, the field and its type {@code typeName}, which erases to
     * {@code erasedName}, a {@code record} class or not. For an application class, annotating it comes first: a class
     * that was persistent and whose objects a store holds has to be so again, where making the field transient would
     * drop what it refers to; a record, which cannot be persistent, has its components held by a class that is.
     */
    public static String refusal(String className, String fieldName, String typeName, String erasedName, boolean record) {
        String applicationClass = applicationClass(erasedName);
        String advice = applicationClass == null ? legacyTimeAdvice(erasedName)
            : record ? " " + applicationClass + " is a record, which cannot be @Persistent: hold its components in a"
                + " @Persistent class and refer to that."
            : " Annotate " + applicationClass + " with @org.swizzle.Persistent if it is your class (it must be, while a"
                + " store holds objects of it).";
        return "Cannot store field " + className + "." + fieldName + " of type " + typeName + ": not a supported stored type ("
            + STORED_TYPES + ")." + advice + " Make the field transient or static, or change its type.";
    }

    /** For the JDK's older date and time classes, the java.time class to store instead; else empty. */
    static String legacyTimeAdvice(String typeName) {
        String elementClass = typeName.replace("[]", "");
        switch (elementClass) {
            case "java.util.Date":
            case "java.sql.Timestamp":
                return " Store a java.time.Instant instead (Date.toInstant(), Date.from(instant)).";
            case "java.sql.Date":
                return " Store a java.time.LocalDate instead (toLocalDate(), java.sql.Date.valueOf(localDate)).";
            case "java.util.Calendar":
            case "java.util.GregorianCalendar":
                return " Store a java.time.ZonedDateTime instead (GregorianCalendar.toZonedDateTime(), GregorianCalendar.from(zoned)).";
            default:
                return "";
        }
    }

    /** The class of {@code typeName}, or of its arrays' elements, unless it is a JDK class; else null. */
    private static String applicationClass(String typeName) {
        String elementClass = typeName.replace("[]", "");
        return isPlatform(elementClass.replace('.', '/')) ? null : elementClass;
    }

    /**
     * The message for a collection field declared to hold {@code elementName}s, which {@link #holdsStoredValues} refuses,
     * of a {@code record} class or not.
     */
    public static String elementRefusal(String className, String fieldName, String typeName, String elementName,
        boolean record) {
        String applicationClass = applicationClass(elementName);
        String annotate = applicationClass == null ? ""
            : record ? " hold the components of record " + applicationClass + " (a record cannot be @Persistent) in a"
                + " @Persistent class and declare the collection with that,"
            : " annotate " + applicationClass + " with @org.swizzle.Persistent if it is your class,";
        return "Cannot store field " + className + "." + fieldName + " of type " + typeName + ": its " + elementName
            + " elements cannot be stored (" + STORED_TYPES + "). Declare the collection with a stored element type,"
            + annotate + " or make the field transient." + legacyTimeAdvice(elementName);
    }
}
