package org.swizzle.store;

/**
 * What a {@link SegmentStore#compact compaction} did.
 *
 * @param fileLengthBefore the cluster file's length before (past its allocated end it is sparse, to a whole
 *                         number of mapped regions)
 * @param fileLengthAfter  its length after
 * @param allocatedBefore  the allocated end before ({@link SegmentStore#allocatedBytes()})
 * @param allocatedAfter   the allocated end after
 * @param steps            the commits that moved objects or tables
 * @param objectsMoved     objects written at a new place (their OIDs, bytes, class ids and checksums unchanged)
 * @param tablesMoved      segment tables written at a new place
 * @param bytesMoved       the space those objects and tables took
 * @param stoppedBy        why clusters past the new allocated end could not be emptied (a table whose objects
 *                         are too many bytes to log in one step, or no free space below for an object), or null
 *                         when nothing past the lowest end the free space allowed was left
 */
public record CompactionResult(long fileLengthBefore, long fileLengthAfter, long allocatedBefore, long allocatedAfter,
                               int steps, long objectsMoved, long tablesMoved, long bytesMoved, String stoppedBy) {

    /** Whether compaction changed nothing: no step, and neither the allocated end nor the file got shorter. */
    public boolean idle() {
        return steps == 0 && allocatedAfter == allocatedBefore && fileLengthAfter == fileLengthBefore;
    }
}
