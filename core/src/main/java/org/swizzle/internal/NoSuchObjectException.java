package org.swizzle.internal;

import java.nio.file.Path;

import org.swizzle.StoreException;

/** The tool was asked for an object by an OID the store in a directory holds no object or collection of. */
public class NoSuchObjectException extends StoreException {
    private static final long serialVersionUID = 1L;

    public NoSuchObjectException(Path directory, long oid) {
        super("The store in " + directory + " holds no object " + oid + " (OIDs 1 and 2 are its root directory and"
            + " class catalog; the command objects lists the others)");
    }
}
