package org.swizzle.internal.tracked;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;

/**
 * The contents of a collection as a commit wrote them, by identity and in order: its elements, or its keys and values
 * in turn. A {@code LinkedHashMap} or {@code LinkedHashSet} on Java 21 and later is compared at every commit, since
 * views that Java 17 code cannot override change it around its methods (see {@link Sequenced}); one whose
 * references are all the same, in the same order, holds what was committed, and walking them costs a small part of
 * writing its image and comparing that with the committed bytes. The answer is exact because every value a collection
 * stores in its own image is immutable (strings, boxes, dates; persistent objects and collections are references to
 * things compared on their own), but for arrays: a collection holding one is not remembered.
 */
final class WrittenContents {

    private static final Object[] NONE = new Object[0];

    private Object[] references = NONE;
    /** The references remembered; -1 while nothing is. */
    private int length = -1;
    /** Whether the commit that wrote what is remembered succeeded: until it does, nothing is the same. */
    private boolean committed;

    /** Whether {@code elements}, {@code size} of them, are the ones remembered. */
    boolean sameElements(Iterator<?> elements, int size) {
        if (!committed || length != size) {
            return false;
        }
        Object[] remembered = references;
        for (int i = 0; i < size; i++) {
            if (remembered[i] != elements.next()) {
                return false;
            }
        }
        return true;
    }

    /** Whether the keys and values of {@code entries}, {@code size} of them, are the ones remembered. */
    boolean sameEntries(Iterator<? extends Map.Entry<?, ?>> entries, int size) {
        if (!committed || length != 2 * size) {
            return false;
        }
        Object[] remembered = references;
        for (int i = 0; i < length; i += 2) {
            Map.Entry<?, ?> entry = entries.next();
            if (remembered[i] != entry.getKey() || remembered[i + 1] != entry.getValue()) {
                return false;
            }
        }
        return true;
    }

    void rememberElements(Iterator<?> elements, int size) {
        Object[] into = room(size);
        for (int i = 0; i < size; i++) {
            into[i] = elements.next();
        }
        length = size;
        committed = false;
    }

    void rememberEntries(Iterator<? extends Map.Entry<?, ?>> entries, int size) {
        Object[] into = room(2 * size);
        for (int i = 0; i < 2 * size; i += 2) {
            Map.Entry<?, ?> entry = entries.next();
            into[i] = entry.getKey();
            into[i + 1] = entry.getValue();
        }
        length = 2 * size;
        committed = false;
    }

    /** The commit that wrote what was remembered last succeeded. */
    void committed() {
        committed = true;
    }

    void forget() {
        references = NONE;
        length = -1;
        committed = false;
    }

    /** An array for {@code needed} references: the one held, emptied past them, unless it is too small or far too large. */
    private Object[] room(int needed) {
        if (references.length < needed || references.length > 2 * needed + 64) {
            references = new Object[needed];
        } else {
            Arrays.fill(references, needed, references.length, null);
        }
        return references;
    }
}
