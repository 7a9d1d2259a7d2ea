package org.swizzle.internal;

/**
 * How a stored field is written: a primitive of fixed size, a typed reference to a persistent
 * object (fixed size), or an embedded value of variable size. Mutable values (arrays and
 * collections) can change without a field store, so reading them marks the owner as well.
 */
public enum FieldKind {
    BOOLEAN(1),
    BYTE(1),
    SHORT(2),
    CHAR(2),
    INT(4),
    LONG(8),
    FLOAT(4),
    DOUBLE(8),
    /** A reference to a persistent object: OID and class id. */
    REFERENCE(12),
    /** An immutable embedded value: boxes, strings, enums, java.time, BigInteger, BigDecimal, UUID. */
    VALUE(-1),
    /** A mutable embedded value: an array or a java.util collection. */
    MUTABLE_VALUE(-1);

    private final int fixedSize;

    FieldKind(int fixedSize) {
        this.fixedSize = fixedSize;
    }

    /** The stored size in bytes, or -1 for variable-size kinds. */
    public int fixedSize() {
        return fixedSize;
    }

    public boolean isFixedSize() {
        return fixedSize > 0;
    }

    public boolean isPrimitive() {
        return ordinal() <= DOUBLE.ordinal();
    }
}
