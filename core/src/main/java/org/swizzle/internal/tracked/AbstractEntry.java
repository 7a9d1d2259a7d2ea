package org.swizzle.internal.tracked;

import java.util.Map;
import java.util.Objects;

/**
 * A map entry whose equality, hash code and text are those {@link Map.Entry} specifies, read through
 * {@link #getKey()} and {@link #getValue()}: for entries whose value is read from their map when asked, not held.
 */
abstract class AbstractEntry<K, V> implements Map.Entry<K, V> {

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map.Entry)) {
            return false;
        }
        Map.Entry<?, ?> other = (Map.Entry<?, ?>) o;
        return Objects.equals(getKey(), other.getKey()) && Objects.equals(getValue(), other.getValue());
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(getKey()) ^ Objects.hashCode(getValue());
    }

    @Override
    public String toString() {
        return getKey() + "=" + getValue();
    }
}
