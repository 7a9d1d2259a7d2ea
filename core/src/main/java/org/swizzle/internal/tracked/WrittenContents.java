package org.swizzle.internal.tracked;

import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The contents of a watched collection as its store's last commit wrote them, by identity and in order: its elements,
 * or its keys and values in turn. A watched collection is compared with its committed bytes at every commit (one
 * another class made, which reports nothing; a {@code LinkedHashMap} or {@code LinkedHashSet} on Java 21 and later,
 * whose sequenced views change it around the tracked methods); one whose references are all the same, in the same
 * order, holds what was committed, and walking them costs a small part of writing its image and comparing that. The
 * answer is exact because every value a collection stores in its own image is immutable (strings, boxes, dates;
 * persistent objects and collections are references to things compared on their own), but for arrays: a collection
 * holding one is not remembered. Kept by the collection's {@link Attachment}, so one per store that holds it.
 */
final class WrittenContents implements Consumer<Object>, BiConsumer<Object, Object> {

    private Object[] references = new Object[0];
    private int length;
    /** Whether the commit that wrote what is remembered succeeded: until it does, nothing is the same. */
    private boolean committed;
    /** The walk under way: the next reference, whether it takes the references or compares them, and what it found. */
    private int at;
    private boolean taking;
    private boolean differs;

    /** Whether {@code collection} (a {@code Collection} or a {@code Map}) holds what the last successful commit wrote. */
    boolean same(Object collection) {
        if (!committed || length != references(collection)) {
            return false;
        }
        walk(collection, false);
        return !differs;
    }

    /** Takes what {@code collection} holds, which the commit under way wrote: remembered once it succeeds. */
    void take(Object collection) {
        int needed = references(collection);
        if (references.length < needed || references.length > 2 * needed + 64) {
            references = new Object[needed];
        } else {
            Arrays.fill(references, needed, references.length, null);
        }
        length = needed;
        committed = false;
        walk(collection, true);
    }

    /** The commit that wrote what was taken last succeeded. */
    void committed() {
        committed = true;
    }

    private void walk(Object collection, boolean take) {
        at = 0;
        taking = take;
        differs = false;
        if (collection instanceof Map) {
            ((Map<?, ?>) collection).forEach(this);
        } else {
            ((Collection<?>) collection).forEach(this);
        }
    }

    private static int references(Object collection) {
        return collection instanceof Map ? 2 * ((Map<?, ?>) collection).size() : ((Collection<?>) collection).size();
    }

    @Override
    public void accept(Object reference) {
        if (at >= length) {
            differs = true; // more than counted: changed meanwhile
        } else if (taking) {
            references[at++] = reference;
        } else if (references[at++] != reference) {
            differs = true;
        }
    }

    @Override
    public void accept(Object key, Object value) {
        accept(key);
        accept(value);
    }
}
