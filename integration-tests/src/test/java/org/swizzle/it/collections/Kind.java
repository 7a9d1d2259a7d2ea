package org.swizzle.it.collections;

import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** What a held value is, which decides the operations drawn for it. */
enum Kind {
    LIST, NESTED, MAP, SET, VALUES, ENTRIES, ENTRY, ITERATOR, LIST_ITERATOR, ARRAY;

    /**
     * An operation on {@code handle}; with {@code newValues} false, none that stores a value the
     * application made (an inner list), which would make the owner a commit candidate.
     */
    @SuppressWarnings("unchecked")
    Op draw(Random random, Handle handle, boolean newValues) {
        Object model = handle.model;
        return switch (this) {
            case LIST -> ListOps.draw(random, (List<String>) model);
            case NESTED -> ListOps.drawNested(random, (List<List<String>>) model, newValues);
            case MAP -> MapOps.draw(random, (Map<String, Integer>) model, handle.ordered, handle.slot.holdsEntries());
            case SET -> SetOps.draw(random, (Set<String>) model, handle.ordered);
            case VALUES -> SetOps.drawValues(random, handle.ordered);
            case ENTRIES -> EntryOps.draw(random, handle.ordered, handle.slot.holdsEntries());
            case ENTRY -> EntryOps.drawEntry(random);
            case ITERATOR -> IteratorOps.draw(random);
            case LIST_ITERATOR -> IteratorOps.drawList(random);
            case ARRAY -> ArrayOps.draw(random, (int[]) model);
        };
    }

    /** A change that a value of this kind must refuse once detached by {@code abort()}. */
    Op probe() {
        return switch (this) {
            case LIST, NESTED, SET, VALUES, ENTRIES -> Op.<Collection<?>>of("clear()", collection -> {
                collection.clear();
                return null;
            });
            case MAP -> Op.<Map<?, ?>>of("clear()", map -> {
                map.clear();
                return null;
            });
            case ENTRY -> Op.<Map.Entry<String, Integer>>of("setValue(0)", entry -> entry.setValue(0));
            case ITERATOR, LIST_ITERATOR -> Op.<Iterator<?>>of("remove()", it -> {
                it.remove();
                return null;
            });
            case ARRAY -> throw new IllegalStateException("An array cannot refuse a change");
        };
    }
}
