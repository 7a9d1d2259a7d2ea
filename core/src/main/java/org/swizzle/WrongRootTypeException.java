package org.swizzle;

/** A root was asked for as a type that the object bound to its name does not have. */
public class WrongRootTypeException extends StoreException {
    private static final long serialVersionUID = 1L;

    public WrongRootTypeException(String message) {
        super(message);
    }
}
