package org.swizzle.store;

/** Hears how far a {@link SegmentStore#compact compaction} has come, after each of its steps. */
@FunctionalInterface
public interface CompactionListener {
    /** Does nothing. */
    CompactionListener NONE = (moved, toMove, allocatedEnd) -> {
    };

    /**
     * A step is durable and applied: {@code moved} bytes of objects and tables are moved so far, of the
     * {@code toMove} bytes that lay past the lowest end the free space allowed when compaction began; the allocated
     * end is now {@code allocatedEnd}.
     */
    void stepDone(long moved, long toMove, long allocatedEnd);
}
