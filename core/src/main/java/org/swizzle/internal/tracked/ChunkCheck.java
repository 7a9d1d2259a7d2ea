package org.swizzle.internal.tracked;

/**
 * Looks at a chunk of a {@link TrackedArrayList} once it was read from the store: what the store's own checks of a
 * chunk cannot know, such as the order of a sorted map's keys under their class's {@code compareTo} today. Before any
 * use of it; in a read that met a fill in progress (a cycle), again once that read is whole, and only then final.
 */
@FunctionalInterface
interface ChunkCheck {

    /**
     * Chunk {@code k}, just read.
     *
     * @throws org.swizzle.StoreException what the chunk holds cannot be used as the list holds it
     */
    void read(int k, TrackedArrayList<?> chunk);
}
