package org.swizzle;

/**
 * A store file was written in an on-disk format this version of Swizzle does not read: a newer
 * version, or a file that is not a Swizzle store at all.
 */
public class StoreFormatException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreFormatException(String message) {
        super(message);
    }
}
