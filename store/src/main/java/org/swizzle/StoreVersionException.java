package org.swizzle;

/**
 * A store file was written by a version of Swizzle that this one does not read: a newer version, or an older one whose
 * log still holds commits. Nothing is damaged: the version that wrote the file reads it, and the message says which.
 */
public class StoreVersionException extends StoreFormatException {
    private static final long serialVersionUID = 1L;

    public StoreVersionException(String message) {
        super(message);
    }
}
