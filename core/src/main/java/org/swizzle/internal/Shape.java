package org.swizzle.internal;

import java.util.List;
import java.util.Objects;

/**
 * The stored fields of a class in storage order: what one version of a class looked like when its
 * objects were written. The catalog keeps every shape a class has had, so that objects written
 * under an older one still load.
 */
public final class Shape {

    /** One stored field: its name, JVM descriptor and kind. */
    public static final class Field {
        private final String name;
        private final String descriptor;
        private final FieldKind kind;

        public Field(String name, String descriptor, FieldKind kind) {
            this.name = name;
            this.descriptor = descriptor;
            this.kind = kind;
        }

        public String name() {
            return name;
        }

        public String descriptor() {
            return descriptor;
        }

        public FieldKind kind() {
            return kind;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Field && ((Field) other).name.equals(name)
                && ((Field) other).descriptor.equals(descriptor) && ((Field) other).kind == kind;
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, descriptor, kind);
        }

        @Override
        public String toString() {
            return name + ':' + descriptor;
        }
    }

    private final List<Field> fields;

    public Shape(List<Field> fields) {
        this.fields = List.copyOf(fields);
    }

    public List<Field> fields() {
        return fields;
    }

    public int size() {
        return fields.size();
    }

    public Field field(int i) {
        return fields.get(i);
    }

    /** Position of the field called {@code name}, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name.equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Shape && ((Shape) other).fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    @Override
    public String toString() {
        return fields.toString();
    }
}
