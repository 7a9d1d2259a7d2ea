package org.swizzle.internal.tool;

import java.nio.file.Path;
import java.util.List;

import org.swizzle.StoreException;

/** The tool was asked for the objects of a class that the class catalog of the store in a directory does not name. */
public class UnknownClassException extends StoreException {
    private static final long serialVersionUID = 1L;

    public UnknownClassException(Path directory, String className, List<String> known) {
        super("The class catalog of the store in " + directory + " names no class " + className
            + " (by full or simple name); it names " + String.join(", ", known));
    }
}
