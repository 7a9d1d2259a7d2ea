package org.swizzle.internal;

import java.util.Objects;

/**
 * {@code Owner.field} for messages and for the collections met in a field, made once per field in a row: the
 * collections a reader or writer meets one after another mostly come from the same field, and share its text.
 */
final class LastFieldDescription {
    private Class<?> type;
    private String field;
    private String description;

    String of(Class<?> type, String field) {
        if (type != this.type || !Objects.equals(field, this.field)) {
            this.type = type;
            this.field = field;
            this.description = (type == null ? "?" : type.getName()) + "." + field;
        }
        return description;
    }
}
