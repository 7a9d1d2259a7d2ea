package org.swizzle.internal.tracked;

/**
 * Looks at a chunk of a {@link TrackedArrayList} once it was read from the store: what the store's own checks of a
 * chunk cannot know, such as the order of a sorted map's keys under their class's {@code compareTo} today. Before any
 * use of it, unless it was read inside a read of objects, which uses it as it goes and has it checked once whole.
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
