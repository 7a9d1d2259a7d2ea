package org.swizzle.internal;

import java.lang.reflect.Array;

/**
 * Puts committed contents back into the arrays an application may hold, after {@code abort()}: the arrays read again
 * from the store are copied into the old ones, which stay where they were, so that a change made through an array
 * held across the abort is a change of the object's array, and is committed.
 */
final class KeptArrays {

    private KeptArrays() {
    }

    /**
     * {@code old} with the elements of {@code read} where both are arrays of the same class and length, else
     * {@code read}; an array of arrays (or of objects that are arrays) keeps each of its arrays so too, so that a row of
     * an {@code int[][]} an application holds is the object's again.
     */
    static Object keep(Object old, Object read) {
        if (read == null || old == null || old.getClass() != read.getClass() || !read.getClass().isArray()
            || Array.getLength(old) != Array.getLength(read)) {
            return read;
        }
        if (read instanceof Object[]) {
            Object[] olds = (Object[]) old;
            Object[] reads = (Object[]) read;
            for (int i = 0; i < reads.length; i++) {
                olds[i] = keep(olds[i], reads[i]);
            }
        } else {
            System.arraycopy(read, 0, old, 0, Array.getLength(read));
        }
        return old;
    }
}
