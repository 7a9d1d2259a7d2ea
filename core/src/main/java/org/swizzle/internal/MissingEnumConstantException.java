package org.swizzle.internal;

import org.swizzle.IncompatibleSchemaException;

/**
 * A stored enum constant that its enum no longer has: raised by the reader that met it, which names the object or
 * collection it read, and named again with the field by the read of an object's fields ({@link ReadPlan}), which
 * knows which field held it.
 */
final class MissingEnumConstantException extends IncompatibleSchemaException {
    private static final long serialVersionUID = 1L;

    private final String enumName;
    private final String constant;
    /** The reader that met the constant: only the read of its own fields may name the field. */
    private final transient ObjectReader reader;

    MissingEnumConstantException(Class<?> type, String constant, ObjectReader reader) {
        super(message(type.getName(), constant, reader.describe()));
        this.enumName = type.getName();
        this.constant = constant;
        this.reader = reader;
    }

    /** Whether {@code in} met the constant while reading one of its own fields. */
    boolean metBy(ObjectReader in) {
        return reader == in;
    }

    /** The same refusal, naming {@code field} (qualified) of the object as what holds the constant. */
    IncompatibleSchemaException inField(String field) {
        return new IncompatibleSchemaException(message(enumName, constant, "field " + field + " of " + reader.describe()));
    }

    /** The same refusal as the public exception, for where no field read can name the field. */
    IncompatibleSchemaException asRefusal() {
        return new IncompatibleSchemaException(getMessage());
    }

    private static String message(String enumName, String constant, String holder) {
        return "Enum " + enumName + " has no constant " + constant + ", which " + holder + " holds. Put the constant"
            + " back, name it in @PreviousNames on the constant it was renamed to, or convert the data with the old enum.";
    }
}
