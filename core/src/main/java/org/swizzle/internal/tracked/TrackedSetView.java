package org.swizzle.internal.tracked;

import java.util.Set;
import java.util.function.Supplier;

/** A set view of a tracked map or set ({@code keySet()}): changes are reported first. */
class TrackedSetView<E> extends TrackedCollectionView<E> implements Set<E> {

    TrackedSetView(Tracked source, Set<E> view) {
        super(source, view);
    }

    TrackedSetView(Tracked source, Supplier<? extends Set<E>> views, int characteristics) {
        super(source, views, characteristics);
    }
}
