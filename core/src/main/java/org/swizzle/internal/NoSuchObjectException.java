package org.swizzle.internal;

import java.nio.file.Path;

import org.swizzle.StoreException;
import org.swizzle.store.SegmentStore;

/** The tool was asked for an object by an OID the store in a directory holds no object or collection of. */
public class NoSuchObjectException extends StoreException {
    private static final long serialVersionUID = 1L;

    public NoSuchObjectException(Path directory, long oid) {
        super(message(directory, oid));
    }

    private static String message(Path directory, long oid) {
        if (oid == SegmentStore.ROOTS_OID || oid == SegmentStore.CATALOG_OID) {
            return "Object " + oid + " of the store in " + directory + " is its "
                + (oid == SegmentStore.ROOTS_OID ? "root directory" : "class catalog") + ", which the store keeps for"
                + " itself, not an object of the application: show reads those (the command roots lists where they"
                + " start, objects lists them all), and dump prints the bytes of any object, this one too";
        }
        return "The store in " + directory + " holds no object " + oid + " (the command objects lists those it holds)";
    }
}
