package org.swizzle;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class whose instances can be stored. The Swizzle agent enhances such classes when they
 * load: their instances fault in from the store on first touch and their field writes are noted
 * for the next commit. The superclass must be {@code Object} or itself persistent; {@code static}
 * and {@code transient} fields are not stored. A non-static inner class stores its enclosing
 * instance, so its enclosing class must be persistent too. A class the agent refuses raises
 * {@link UnsupportedClassException} or {@link UnsupportedFieldTypeException} when used with a store.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Persistent {
}
