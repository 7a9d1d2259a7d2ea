package org.swizzle;

/**
 * A persistent class changed since its objects were stored in a way Swizzle cannot convert: a field
 * kept its name but changed its type incompatibly. Added and removed fields are fine; this is not.
 */
public class IncompatibleSchemaException extends StoreException {
    private static final long serialVersionUID = 1L;

    public IncompatibleSchemaException(String message) {
        super(message);
    }
}
