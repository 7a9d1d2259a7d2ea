package org.swizzle.it.collections;

import java.util.EnumMap;
import java.util.Map;

/**
 * The model of a {@link Bag}: the same fields as plain {@code java.util} twins, changed by the same
 * operations as the stored bag. Built from a reopened store by copying, and copied at every commit
 * so that an abort can return to the committed state.
 */
final class PlainBag {
    final Map<Slot, Object> values = new EnumMap<>(Slot.class);
    PlainBag other;

    /** A model of {@code bag} and of the bag it refers to, made of plain copies of their fields. */
    static PlainBag copyOf(Bag bag) {
        PlainBag model = new PlainBag();
        for (Slot slot : Slot.values()) {
            model.values.put(slot, slot.snapshot(bag));
        }
        model.other = bag.other == null ? null : copyOf(bag.other);
        return model;
    }

    /** A deep copy, sharing nothing with this model. */
    PlainBag copy() {
        PlainBag copy = new PlainBag();
        values.forEach((slot, value) -> copy.values.put(slot, slot.plainCopy(value)));
        copy.other = other == null ? null : other.copy();
        return copy;
    }

    Object get(Slot slot) {
        return values.get(slot);
    }
}
