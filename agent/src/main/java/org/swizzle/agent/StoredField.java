package org.swizzle.agent;

import java.util.List;

import org.objectweb.asm.Type;
import org.swizzle.internal.FieldKind;
import org.swizzle.internal.StoredTypes;

/**
 * A field the store keeps: declared by {@code owner} (internal name), numbered by {@code index}
 * across the owner's persistent hierarchy, written and read as {@code kind}; stored values under
 * one of its {@code previousNames} (its {@code @PreviousNames}) load into it too.
 */
record StoredField(String owner, String name, String descriptor, FieldKind kind, int index, List<String> previousNames) {

    String getterName() {
        return Contract.getter(name);
    }

    /** {@code (Owner)T}: the accessor takes the object whose field it reads. */
    String getterDescriptor() {
        return "(L" + owner + ";)" + descriptor;
    }

    /** The unmarked read accessor; only array and collection fields have one. */
    String readerName() {
        return Contract.reader(name);
    }

    /**
     * Whether a load of this field can be proven read-only: an array whose elements are not
     * themselves arrays or collections (they could be changed through the element without a mark).
     */
    boolean isElidableArray() {
        if (kind != FieldKind.MUTABLE_VALUE || descriptor.charAt(0) != '[' || descriptor.charAt(1) == '[') {
            return false;
        }
        String component = descriptor.substring(1);
        return component.charAt(0) != 'L' || !StoredTypes.isCollection(component.substring(1, component.length() - 1));
    }

    /**
     * Whether this field holds an array of arrays of a primitive type ({@code int[][]}, {@code long[][][]}): a load
     * of it that only reads rows and their elements is read-only too ({@link ArrayAccesses}), though it has no other
     * accessor of an elidable array.
     */
    boolean isPrimitiveRows() {
        Type type = Type.getType(descriptor);
        return kind == FieldKind.MUTABLE_VALUE && type.getSort() == Type.ARRAY && type.getDimensions() > 1
            && type.getElementType().getSort() != Type.OBJECT;
    }

    /** Whether a load of this field may be proven read-only and call the reader: {@link #isElidableArray} or rows. */
    boolean hasReader() {
        return isElidableArray() || isPrimitiveRows();
    }

    /** The accessor of loads that only index the array at once; only arrays with immutable elements have one. */
    String editorName() {
        return Contract.editor(name);
    }

    /** Whether this field holds a collection or map (declared as one of the {@code java.util} types stored). */
    boolean isCollection() {
        return kind == FieldKind.MUTABLE_VALUE && descriptor.charAt(0) == 'L';
    }

    /** Whether this field holds an array of a primitive type, whose element stores the agent may rewrite. */
    boolean isPrimitiveArray() {
        return descriptor.length() == 2 && descriptor.charAt(0) == '[';
    }

    /** The accessor of loads whose array stays in the method, only indexed; only primitive arrays have one. */
    String keeperName() {
        return Contract.keeper(name);
    }

    /** The setter of fresh arrays; only arrays with immutable elements have one. */
    String freshSetterName() {
        return Contract.freshSetter(name);
    }

    String setterName() {
        return Contract.setter(name);
    }

    /** {@code (Owner, T)V}. */
    String setterDescriptor() {
        return "(L" + owner + ";" + descriptor + ")V";
    }
}
