package org.swizzle.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.swizzle.IncompatibleSchemaException;

/**
 * How to read an object stored under one shape into the running version of its class: for each
 * stored field, the running class's field index to read it into (the field of the same name, or the
 * one naming it in its {@link org.swizzle.PreviousNames}), with a {@link Widening} if its type
 * widened or the class of the array to make if it is an array of references retyped, or -1 to skip it. Made once per (class, shape) and cached by the {@link Catalog}: the one
 * place that decides which stored fields load, convert, are dropped or are refused.
 */
final class ReadPlan {

    private final int[] targets;
    private final FieldKind[] storedKinds;
    private final Widening[] widenings;
    /** The declared class of each field stored as an array of references of another class; else null. */
    private final Class<?>[] arrayTypes;
    /** The name of each array or collection field read, whose collections get attached to the object; else null. */
    private final String[] mutableNames;
    /** Whether each stored field is read into a collection field (declared as a collection or map, not an array). */
    private final boolean[] collectionFields;
    /** Each stored field as a message names it: {@code Class.field}, and its name now if it was renamed. */
    private final String[] qualifiedNames;
    private final List<String> dropped;

    private ReadPlan(int[] targets, FieldKind[] storedKinds, Widening[] widenings, Class<?>[] arrayTypes,
                     String[] mutableNames, boolean[] collectionFields, String[] qualifiedNames, List<String> dropped) {
        this.targets = targets;
        this.collectionFields = collectionFields;
        this.storedKinds = storedKinds;
        this.widenings = widenings;
        this.arrayTypes = arrayTypes;
        this.mutableNames = mutableNames;
        this.qualifiedNames = qualifiedNames;
        this.dropped = dropped;
    }

    static ReadPlan of(String className, Shape stored, ClassLayout layout) {
        Shape current = layout.shape();
        int[] targets = new int[stored.size()];
        FieldKind[] kinds = new FieldKind[stored.size()];
        Widening[] widenings = new Widening[stored.size()];
        Class<?>[] arrayTypes = new Class<?>[stored.size()];
        String[] mutableNames = new String[stored.size()];
        boolean[] collectionFields = new boolean[stored.size()];
        String[] qualifiedNames = new String[stored.size()];
        List<String> dropped = new ArrayList<>();
        int[] positions = positionsRead(className, stored, layout);
        for (int i = 0; i < stored.size(); i++) {
            Shape.Field field = stored.field(i);
            kinds[i] = field.kind();
            int position = positions[i];
            if (position < 0) {
                targets[i] = -1;
                dropped.add(field.name());
                continue;
            }
            Shape.Field now = current.field(position);
            String qualified = className + "." + field.name()
                + (now.name().equals(field.name()) ? "" : " (now " + now.name() + ")");
            qualifiedNames[i] = qualified;
            if (now.kind() != field.kind() && now.descriptor().equals(field.descriptor())) {
                throw new IncompatibleSchemaException("Field " + qualified + " was stored as " + kindOf(field)
                    + " but is now " + kindOf(now) + ": the class " + typeName(now.descriptor()) + " changed between a"
                    + " persistent class and an enum or value type. Change it back, or give the field a new name (the old"
                    + " values are then dropped).");
            }
            boolean retyped = !now.descriptor().equals(field.descriptor()) && isRetypedArray(field.descriptor(), now.descriptor());
            arrayTypes[i] = retyped ? layout.fieldType(position) : null;
            boolean same = now.descriptor().equals(field.descriptor()) || retyped
                || now.kind() == FieldKind.REFERENCE && field.kind() == FieldKind.REFERENCE
                || isRetypedCollection(field.descriptor(), now.descriptor())
                || isRenamedEnum(field, now, layout.fieldType(position));
            widenings[i] = same ? null : Widening.of(qualified, field.descriptor(), now.descriptor());
            if (!same && widenings[i] == null) {
                throw new IncompatibleSchemaException("Field " + qualified + " was stored as "
                    + typeName(field.descriptor()) + " but is now " + typeName(now.descriptor())
                    + "; Swizzle converts stored values only between a primitive and its box, to wider primitives, and"
                    + " between arrays of references (whose elements the new type must admit), and reads a collection"
                    + " into a field of another java.util collection or map type that admits its class."
                    + " Change its type back, or give the field a new name (the old values are then dropped).");
            }
            targets[i] = layout.fieldIndex(position);
            if (now.kind() == FieldKind.MUTABLE_VALUE) {
                mutableNames[i] = now.name();
                collectionFields[i] = widenings[i] == null && now.descriptor().charAt(0) == 'L';
            }
        }
        return new ReadPlan(targets, kinds, widenings, arrayTypes, mutableNames, collectionFields, qualifiedNames,
            List.copyOf(dropped));
    }

    /**
     * The position in the class of the field each stored field is read into, or -1 for one that is dropped. A stored
     * field is found by its name, then by the {@code @PreviousNames} of the class's fields; where a field takes one
     * stored field by its name and another by its previous names (an old {@code b} removed, then {@code a} renamed
     * {@code b}), it is the renamed one, and the other is dropped, with the warning of any removed field. A field
     * that takes two stored fields by its previous names is refused: neither can be chosen.
     */
    private static int[] positionsRead(String className, Shape stored, ClassLayout layout) {
        Shape current = layout.shape();
        int[] positions = new int[stored.size()];
        int[] readFrom = new int[current.size()];
        Arrays.fill(readFrom, -1);
        for (int i = 0; i < stored.size(); i++) {
            int position = layout.positionOf(stored.field(i).name());
            positions[i] = position;
            if (position < 0) {
                continue;
            }
            String now = current.field(position).name();
            int other = readFrom[position];
            if (other < 0) {
                readFrom[position] = i;
            } else if (stored.field(other).name().equals(now)) {
                positions[other] = -1;
                readFrom[position] = i;
            } else if (stored.field(i).name().equals(now)) {
                positions[i] = -1;
            } else {
                throw new IncompatibleSchemaException("Field " + className + "." + now + " names in its @PreviousNames"
                    + " two fields stored in the same objects, " + stored.field(other).name() + " and "
                    + stored.field(i).name() + ", and would drop one's values without a word: keep in its"
                    + " @PreviousNames only the one it is.");
            }
        }
        return positions;
    }

    /**
     * Reads into {@code object} the collection fields {@link #read} left for later, skipping every other stored value:
     * the one with hierarchy-global index {@code field}, or all of them where {@code field} is -1.
     */
    void readCollections(Persistable object, ObjectReader in, int field) {
        for (int i = 0; i < targets.length; i++) {
            if (collectionFields[i] && (field < 0 || targets[i] == field)) {
                in.beginField(object, mutableNames[i]);
                try {
                    object.$swz_read(targets[i], in);
                } catch (ClassCastException e) {
                    throw notAdmitted(i, in, e);
                }
            } else {
                in.skip(storedKinds[i]);
            }
        }
    }

    /**
     * The position, among the stored fields, of the one whose value a read leaves in field {@code fieldIndex}
     * (hierarchy-global) as it was stored: the last read into it; -1 if none is, or that one is converted.
     */
    int storedPositionOf(int fieldIndex) {
        int found = -1;
        for (int i = 0; i < targets.length; i++) {
            if (targets[i] == fieldIndex) {
                found = widenings[i] == null && arrayTypes[i] == null ? i : -1;
            }
        }
        return found;
    }

    /** The stored fields the running class no longer has, by any name: their values are skipped. */
    List<String> dropped() {
        return dropped;
    }

    void read(Persistable object, ObjectReader in) {
        for (int i = 0; i < targets.length; i++) {
            int target = targets[i];
            if (target < 0) {
                in.skip(storedKinds[i]);
            } else if (widenings[i] != null) {
                widenings[i].read(object, target, in);
            } else {
                if (mutableNames[i] != null) {
                    in.beginField(object, mutableNames[i]);
                }
                if (arrayTypes[i] != null) {
                    in.readNextArrayAs(arrayTypes[i]);
                }
                try {
                    object.$swz_read(target, in);
                } catch (ArrayStoreException e) {
                    if (arrayTypes[i] == null) { // an element's class no longer is what the array's element type admits
                        throw notAdmitted(qualifiedNames[i], in.describe(), "an element of class " + storedElementName(e)
                            + " in the array");
                    }
                    throw new IncompatibleSchemaException("Field " + qualifiedNames[i] + " of " + in.describe() + " was stored"
                        + " as an array that holds a " + storedElementName(e) + ", which its declared type "
                        + arrayTypes[i].getTypeName() + " does not admit. Change the field's type back to one its stored"
                        + " elements are, or give the field a new name (the old values are then dropped).");
                } catch (MissingEnumConstantException e) {
                    throw e.metBy(in) ? e.inField(qualifiedNames[i]) : e;
                } catch (ClassCastException e) {
                    throw notAdmitted(i, in, e);
                } finally {
                    in.takeNextArrayType(); // a null stored value reads no array
                }
            }
        }
    }

    /**
     * Whether a field stored as a value of an application class is now of enum {@code type}: the stored constants name
     * their enum, which may be {@code type} under an old name ({@link org.swizzle.PreviousNames}); one of another
     * class fails the field's cast, and is refused then.
     */
    private static boolean isRenamedEnum(Shape.Field stored, Shape.Field now, Class<?> type) {
        String descriptor = stored.descriptor();
        return type.isEnum() && stored.kind() == FieldKind.VALUE && now.kind() == FieldKind.VALUE
            && descriptor.startsWith("L") && !StoredTypes.isPlatform(descriptor.substring(1, descriptor.length() - 1));
    }

    /**
     * Whether an array field stored as {@code stored} is read as one of {@code now}: as many dimensions, of classes
     * that are both application classes or interfaces ({@code Part[]} to {@code Named[]}), or to {@code Object}. Its
     * elements are checked as they are read.
     */
    private static boolean isRetypedArray(String stored, String now) {
        int dimensions = stored.lastIndexOf('[') + 1;
        if (dimensions == 0 || now.lastIndexOf('[') + 1 != dimensions) {
            return false;
        }
        String storedElement = stored.substring(dimensions);
        String nowElement = now.substring(dimensions);
        if (!storedElement.startsWith("L") || !nowElement.startsWith("L")) {
            return false;
        }
        return nowElement.equals("Ljava/lang/Object;") || !StoredTypes.isPlatform(storedElement.substring(1))
            && !StoredTypes.isPlatform(nowElement.substring(1));
    }

    /**
     * {@code e} as the refusal of stored field {@code i}'s value, when the field's store into the running class threw it:
     * the field's type, or the class of the value, changed since it was stored; else {@code e} itself.
     */
    private RuntimeException notAdmitted(int i, ObjectReader in, ClassCastException e) {
        if (!thrownByFieldStore(e)) {
            return e;
        }
        return notAdmitted(qualifiedNames[i], in.describe(), castProblem(e));
    }

    /**
     * The refusal of field {@code field} (qualified name) of {@code object} (as {@link ObjectReader#describe()} says
     * it), whose stored value its declared type no longer admits, as {@code problem} says.
     */
    static IncompatibleSchemaException notAdmitted(String field, String object, String problem) {
        return new IncompatibleSchemaException("Field " + field + " of " + object + " holds a value its declared type no"
            + " longer admits (" + problem + "): the field's type, or the class of what it holds, changed since it was"
            + " stored. Change the field's type back to one its stored values are, or give the field a new name (the old"
            + " values are then dropped).");
    }

    /**
     * What {@code e} says, in the application's terms: without the modules and loaders, and a tracked collection named
     * as the {@code java.util} class it extends.
     */
    static String castProblem(ClassCastException e) {
        String message = String.valueOf(e.getMessage());
        int loaders = message.indexOf(" (");
        return (loaders > 0 ? message.substring(0, loaders) : message)
            .replaceAll("org\\.swizzle\\.internal\\.tracked\\.Tracked(\\w+)", "java.util.$1");
    }

    /**
     * Whether a field stored as one {@code java.util} collection or map type is now declared as another ({@code List}
     * made {@code ArrayList}, {@code HashMap} made {@code Map}): the stored collection is read as it is, and one of a
     * class the new type does not admit (a {@code LinkedList} in an {@code ArrayList} field) fails the field's store,
     * which {@link #read} refuses as incompatible.
     */
    private static boolean isRetypedCollection(String stored, String now) {
        return isCollectionType(stored) && isCollectionType(now);
    }

    private static boolean isCollectionType(String descriptor) {
        return descriptor.startsWith("L") && StoredTypes.isCollection(descriptor.substring(1, descriptor.length() - 1));
    }

    /**
     * Whether {@code e} is the cast of a value into a field in {@code $swz_read} rather than one in code a read calls (a
     * key's {@code hashCode}); an exception the JIT threw without a stack trace counts as the field's.
     */
    private static boolean thrownByFieldStore(ClassCastException e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length == 0 || trace[0].getMethodName().equals("$swz_read");
    }

    /** What a field of {@code field}'s kind holds, for messages. */
    private static String kindOf(Shape.Field field) {
        String type = typeName(field.descriptor());
        switch (field.kind()) {
            case REFERENCE: return "a reference to a persistent " + type;
            case VALUE: return "a value of " + type + " (an enum or value type)";
            default: return type;
        }
    }

    /**
     * The class an {@link ArrayStoreException} names, as Java writes it in source: {@code ev.Part[]} where the
     * exception says {@code [Lev.Part;}.
     */
    static String storedElementName(ArrayStoreException e) {
        String name = String.valueOf(e.getMessage());
        return name.startsWith("[") ? typeName(name.replace('.', '/')) : name;
    }

    /** {@code Ljava/lang/String;} as {@code java.lang.String}, {@code [I} as {@code int[]}. */
    static String typeName(String descriptor) {
        switch (descriptor.charAt(0)) {
            case 'Z': return "boolean";
            case 'B': return "byte";
            case 'S': return "short";
            case 'C': return "char";
            case 'I': return "int";
            case 'J': return "long";
            case 'F': return "float";
            case 'D': return "double";
            case '[': return typeName(descriptor.substring(1)) + "[]";
            default: return descriptor.substring(1, descriptor.length() - 1).replace('/', '.');
        }
    }

    /** A stored reference names a class id the catalog does not have. */
    static final class BadClassIdException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        BadClassIdException(int classId) {
            super("unknown class id " + classId);
        }
    }
}
