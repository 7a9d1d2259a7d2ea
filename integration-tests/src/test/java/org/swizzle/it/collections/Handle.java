package org.swizzle.it.collections;

import org.swizzle.internal.tracked.Tracked;

/**
 * A value the child holds in a local, possibly across commits: a collection field's value, one of
 * its views or iterators, a nested list, an entry, or the array; with its twin in the model, and the
 * bag and field it came from (to know whether {@code abort()} must have detached it).
 */
final class Handle {
    final Kind kind;
    final Object live;
    final Object model;
    /** How it was obtained, for the log: {@code root.treeMap.headMap(k10, true).keySet()}. */
    final String path;
    final Bag owner;
    final Slot slot;
    /** The value of the field, in the stored bag, that this handle was taken from. */
    final Object liveField;
    /** The twin of {@link #liveField} in the model. */
    final Object modelField;
    /**
     * Whether changes through it run the owner's barrier: it is, or comes from, a tracked collection
     * (an inner list the application added to a tracked list of lists is plain).
     */
    final boolean tracked;
    /** Whether the value iterates alike in the store and the model (no hash-ordered collection under it). */
    final boolean ordered;
    /** The number of commits the child had made when the handle was taken. */
    final int takenAt;
    /**
     * The inner list of a list of lists that this handle is or comes from, null if none: a stored collection of
     * its own, which {@code abort()} detaches only while the field's list still holds it.
     */
    final Object liveInner;
    /**
     * For an iterator over a sorted field: how many changes the field's model had when this iterator last stepped
     * (see {@link #walksTree()}).
     */
    int changesSeen;

    private Handle(Kind kind, Object live, Object model, String path, Bag owner, Slot slot, Object liveField,
                   Object modelField, boolean tracked, boolean ordered, int takenAt, Object liveInner) {
        this.kind = kind;
        this.live = live;
        this.model = model;
        this.path = path;
        this.owner = owner;
        this.slot = slot;
        this.liveField = liveField;
        this.modelField = modelField;
        this.tracked = tracked;
        this.ordered = ordered;
        this.takenAt = takenAt;
        this.liveInner = liveInner;
    }

    /** The value of field {@code slot} of {@code owner} and of its twin {@code model}. */
    static Handle field(String ownerName, Bag owner, PlainBag model, Slot slot, int commits) {
        Object live = slot.read(owner);
        Object twin = model.get(slot);
        return new Handle(slot.kind, live, twin, ownerName + "." + slot.fieldName(), owner, slot, live, twin, live instanceof Tracked, slot.ordered, commits, null);
    }

    /**
     * Whether this is an iterator over a {@code TreeMap} or {@code TreeSet}, whose steps after a change made other
     * than through it are unspecified: they read the entry it holds as next, which a removal elsewhere may unlink
     * or fill with its successor's key depending on the tree's shape, and a reloaded tree may be shaped unlike its
     * model with the same contents. Such an iterator is dropped once its field changed, not compared.
     */
    boolean walksTree() {
        return (kind == Kind.ITERATOR || kind == Kind.LIST_ITERATOR) && (slot == Slot.TREE_MAP || slot == Slot.TREE_SET);
    }

    /** A view, iterator, entry or inner list obtained from this handle's value by {@code op}. */
    Handle derive(Kind derived, Object live, Object model, String op, int commits) {
        boolean derivedTracked = tracked && (kind != Kind.NESTED || live instanceof Tracked);
        Object inner = liveInner != null ? liveInner : kind == Kind.NESTED && derived == Kind.LIST ? live : null;
        return new Handle(derived, live, model, path + "." + op, owner, slot, liveField, modelField, derivedTracked, ordered, commits, inner);
    }
}
