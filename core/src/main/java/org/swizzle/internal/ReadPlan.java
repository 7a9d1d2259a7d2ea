package org.swizzle.internal;

import org.swizzle.IncompatibleSchemaException;

/**
 * How to read an object stored under one shape into the running version of its class: for each
 * stored field, the running class's field index to read it into, or -1 to skip it. Made once per
 * (class, shape) and cached by the {@link Catalog}.
 */
final class ReadPlan {

    private final int[] targets;
    private final FieldKind[] storedKinds;
    /** The name of each array or collection field read, whose collections get attached to the object; else null. */
    private final String[] mutableNames;

    private ReadPlan(int[] targets, FieldKind[] storedKinds, String[] mutableNames) {
        this.targets = targets;
        this.storedKinds = storedKinds;
        this.mutableNames = mutableNames;
    }

    static ReadPlan of(String className, Shape stored, ClassLayout layout) {
        Shape current = layout.shape();
        int[] targets = new int[stored.size()];
        FieldKind[] kinds = new FieldKind[stored.size()];
        String[] mutableNames = new String[stored.size()];
        for (int i = 0; i < stored.size(); i++) {
            Shape.Field field = stored.field(i);
            kinds[i] = field.kind();
            int position = current.indexOf(field.name());
            if (position < 0) {
                targets[i] = -1;
                continue;
            }
            Shape.Field now = current.field(position);
            boolean compatible = now.descriptor().equals(field.descriptor())
                || now.kind() == FieldKind.REFERENCE && field.kind() == FieldKind.REFERENCE;
            if (!compatible) {
                throw new IncompatibleSchemaException("Field " + className + "." + field.name() + " was stored as "
                    + typeName(field.descriptor()) + " but is now " + typeName(now.descriptor())
                    + "; Swizzle cannot convert stored values between these types. Give the field a new name"
                    + " (the old values are then dropped), or change its type back.");
            }
            targets[i] = layout.fieldIndex(position);
            if (now.kind() == FieldKind.MUTABLE_VALUE) {
                mutableNames[i] = now.name();
            }
        }
        return new ReadPlan(targets, kinds, mutableNames);
    }

    void read(Persistable object, ObjectReader in) {
        for (int i = 0; i < targets.length; i++) {
            int target = targets[i];
            if (target >= 0) {
                if (mutableNames[i] != null) {
                    in.beginField(object, mutableNames[i]);
                }
                object.$swz_read(target, in);
            } else {
                in.skip(storedKinds[i]);
            }
        }
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
