package org.swizzle;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names a stored field or a persistent class had before it was renamed, so that objects stored
 * under an old name load into it. On a field, the old simple names:
 *
 * <pre>{@code
 * @PreviousNames("surname") String lastName;
 * }</pre>
 *
 * <p>On an enum constant, its old names: {@code @PreviousNames("GREEN") LIME}.
 *
 * <p>On a class or an enum, its old binary names, package included (a moved or renamed class, or one that
 * replaces a class removed from the class path):
 *
 * <pre>{@code
 * @Persistent @PreviousNames("com.example.old.Customer") class Client { ... }
 * }</pre>
 *
 * <p>A stored field is matched by its exact name first, then by the previous names; a stored class
 * by its name if a class of that name can be loaded, then by the previous names of the classes the
 * store has met (root and index types, their stored fields' types, transitively). A name may be
 * had or claimed by one stored field of a class and its persistent superclasses only; a class that
 * breaks this is refused when it is enhanced ({@link UnsupportedClassException}). Objects are
 * written under the new name from their next commit on; keep the annotation as long as objects or
 * references stored under the old name may remain.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.TYPE})
public @interface PreviousNames {

    /** The old names: simple field names on a field, constant names on an enum constant, binary class names on a class. */
    String[] value();
}
