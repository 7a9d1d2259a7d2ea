package org.swizzle;

/**
 * A persistent class has a field whose type cannot be stored, or a stored field holds a value that
 * cannot be stored (an element of an unsupported type in a collection, a comparator in a TreeMap).
 * The message names the class, the field and the type.
 */
public class UnsupportedFieldTypeException extends StoreException {
    private static final long serialVersionUID = 1L;

    public UnsupportedFieldTypeException(String message) {
        super(message);
    }
}
