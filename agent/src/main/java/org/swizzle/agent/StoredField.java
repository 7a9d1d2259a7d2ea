package org.swizzle.agent;

import org.swizzle.internal.FieldKind;

/**
 * A field the store keeps: declared by {@code owner} (internal name), numbered by {@code index}
 * across the owner's persistent hierarchy, written and read as {@code kind}.
 */
record StoredField(String owner, String name, String descriptor, FieldKind kind, int index) {

    String getterName() {
        return Contract.getter(name);
    }

    /** {@code (Owner)T}: the accessor takes the object whose field it reads. */
    String getterDescriptor() {
        return "(L" + owner + ";)" + descriptor;
    }

    String setterName() {
        return Contract.setter(name);
    }

    /** {@code (Owner, T)V}. */
    String setterDescriptor() {
        return "(L" + owner + ";" + descriptor + ")V";
    }
}
