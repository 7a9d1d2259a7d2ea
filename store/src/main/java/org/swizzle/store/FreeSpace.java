package org.swizzle.store;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The free space of the cluster file below its allocated end, as extents that never cross a
 * cluster boundary, indexed by position (for first fit in a given cluster, and for growing an
 * object in place) and by size (for best fit anywhere). Extents are kept maximal within their
 * cluster, so a set of free bytes has exactly one representation.
 *
 * <p>Not persisted: it is derived from the object tables, rebuilt when the store opens (see
 * {@link SpaceRebuild}) and kept up to date by commits. A commit plans its placements between
 * {@link #beginPlan()} and {@link #endPlan()}; if the commit fails before it is durable,
 * {@link #rollback()} undoes them. Space freed by a commit is released only after the commit is
 * applied, so it is never reused by the commit that freed it. Space that a SPLICE record read is
 * held ({@link #hold}) until the next checkpoint, since replaying the record reads it again.
 *
 * <p>Positions are multiples of 8 below 8 TiB; extents are at most a cluster (64 MiB).
 */
final class FreeSpace {
    private static final int ALLOC = 1;
    private static final int FREE = 2;
    private static final int END = 3;

    private final ClusterLayout layout;
    private final TreeMap<Long, Long> byStart = new TreeMap<>();
    private final TreeSet<Long> bySize = new TreeSet<>(Long::compareUnsigned);
    private long allocatedEnd;
    private long freeBytes;
    private boolean planning;
    private long[] undo = new long[3 * 16];
    /** Extents kept from reuse until the next checkpoint: start, length. */
    private long[] held = new long[2 * 4];
    private int heldLength;
    private long heldBytes;
    private int undoLength;

    FreeSpace(ClusterLayout layout, long allocatedEnd) {
        this.layout = layout;
        this.allocatedEnd = allocatedEnd;
    }

    /** The end of the allocated clusters: space at and past it is not in the file's clusters yet. */
    long allocatedEnd() {
        return allocatedEnd;
    }

    long freeBytes() {
        return freeBytes;
    }

    int extentCount() {
        return byStart.size();
    }

    /** The longest free extent, 0 if there is none. */
    long largestExtent() {
        return bySize.isEmpty() ? 0 : sizeOf(bySize.last());
    }

    /** The free bytes of the cluster that starts at {@code clusterStart}. */
    long freeBytesIn(long clusterStart) {
        long bytes = 0;
        for (Map.Entry<Long, Long> extent : byStart.subMap(clusterStart, clusterStart + layout.clusterSize()).entrySet()) {
            bytes += extent.getValue() - extent.getKey();
        }
        return bytes;
    }

    /** Whether all of {@code length} bytes from {@code position} are free. */
    boolean isFree(long position, long length) {
        Map.Entry<Long, Long> extent = byStart.floorEntry(position);
        return extent != null && extent.getValue() >= position + length;
    }

    /** Calls {@code consumer} with each free extent, in file order. */
    void forEach(ExtentConsumer consumer) {
        for (Map.Entry<Long, Long> extent : byStart.entrySet()) {
            consumer.accept(extent.getKey(), extent.getValue());
        }
    }

    /** Something that takes extents. */
    @FunctionalInterface
    interface ExtentConsumer {
        void accept(long start, long end);
    }

    /** Makes {@code length} bytes from {@code position} free, a cluster at a time. */
    void free(long position, long length) {
        long at = position;
        long end = position + length;
        while (at < end) {
            long pieceEnd = Math.min(end, layout.clusterEnd(at));
            insert(at, pieceEnd);
            log(FREE, at, pieceEnd);
            at = pieceEnd;
        }
    }

    /**
     * Keeps {@code length} bytes from {@code position}, which a SPLICE record of an applied commit read, from
     * reuse until {@link #releaseHeld()}: until a checkpoint, recovery may replay the record, which reads them.
     */
    void hold(long position, long length) {
        if (heldLength + 2 > held.length) {
            held = Arrays.copyOf(held, 2 * held.length);
        }
        held[heldLength++] = position;
        held[heldLength++] = length;
        heldBytes += length;
    }

    /** The bytes {@link #hold} keeps. */
    long heldBytes() {
        return heldBytes;
    }

    /** Frees the space {@link #hold} kept: once a checkpoint completed, no record that reads it is replayed. */
    void releaseHeld() {
        for (int i = 0; i < heldLength; i += 2) {
            free(held[i], held[i + 1]);
        }
        heldLength = 0;
        heldBytes = 0;
    }

    /** Takes {@code length} bytes from the first free extent of cluster {@code cluster} that holds them; -1 if none. */
    long allocateFirstFit(long cluster, long length) {
        long start = cluster * layout.clusterSize();
        for (Map.Entry<Long, Long> extent : byStart.subMap(start, start + layout.clusterSize()).entrySet()) {
            if (extent.getValue() - extent.getKey() >= length) {
                long position = extent.getKey();
                take(position, length);
                return position;
            }
        }
        return -1;
    }

    /** Takes {@code length} bytes from {@code position} if they are free. */
    boolean allocateAt(long position, long length) {
        if (!isFree(position, length)) {
            return false;
        }
        take(position, length);
        return true;
    }

    /** Takes {@code length} bytes from the start of the smallest free extent that holds them; -1 if none. */
    long allocateBestFit(long length) {
        return allocateBestFitBelow(length, Long.MAX_VALUE);
    }

    /**
     * Takes {@code length} bytes from the start of the smallest free extent that holds them and lies below
     * {@code limit}, a cluster boundary; -1 if none. Extents of one size are ordered by position, so each size
     * that has none below the limit costs one lookup.
     */
    long allocateBestFitBelow(long length, long limit) {
        Long fit = bySize.ceiling(pack(length, 0));
        while (fit != null && startOf(fit) >= limit) {
            fit = bySize.ceiling(pack(sizeOf(fit) + SegmentTableDescriptor.ALIGNMENT, 0));
        }
        if (fit == null) {
            return -1;
        }
        long position = startOf(fit);
        take(position, length);
        return position;
    }

    /**
     * Takes {@code length} bytes from the smallest free extent that holds them and lies in a cluster that is
     * partly used (a hole objects left), leaving whole free clusters to what needs them; -1 if there is none.
     */
    long allocateBestFitInUsedCluster(long length) {
        Long fit = bySize.ceiling(pack(length, 0));
        if (fit == null || sizeOf(fit) >= layout.clusterSize()) {
            return -1;
        }
        long position = startOf(fit);
        take(position, length);
        return position;
    }

    /**
     * Takes {@code length} bytes, a multiple of the cluster size, from the first run of that many whole free
     * clusters in the file; -1 if there is none.
     */
    long allocateFreeClusters(long length) {
        return allocateFreeClustersBelow(length, Long.MAX_VALUE);
    }

    /** As {@link #allocateFreeClusters}, for a run that ends at or below {@code limit}; -1 if there is none. */
    long allocateFreeClustersBelow(long length, long limit) {
        long clusterSize = layout.clusterSize();
        long runStart = -1;
        long runEnd = -1;
        // Extents are at most a cluster, so the whole free clusters are the largest extents, in position order.
        for (long extent : bySize.tailSet(pack(clusterSize, 0))) {
            long start = startOf(extent);
            if (start + clusterSize > limit) {
                return -1;
            }
            if (start != runEnd) {
                runStart = start;
            }
            runEnd = start + clusterSize;
            if (runEnd - runStart == length) {
                for (long at = runStart; at < runEnd; at += clusterSize) {
                    take(at, clusterSize);
                }
                return runStart;
            }
        }
        return -1;
    }

    /** Allocates a new cluster and takes {@code length} bytes from its start; the rest of it is free. */
    long allocateInNewCluster(long length) {
        long position = allocateClusters(layout.clusterSize());
        if (length < layout.clusterSize()) {
            insert(position + length, position + layout.clusterSize());
            log(FREE, position + length, position + layout.clusterSize());
        }
        return position;
    }

    /** Allocates whole new clusters for {@code length} bytes, a multiple of the cluster size. */
    long allocateClusters(long length) {
        long position = allocatedEnd;
        log(END, allocatedEnd, 0);
        allocatedEnd += length;
        return position;
    }

    /**
     * Gives back the whole free clusters from {@code end}, a cluster boundary, to the allocated end, which then
     * becomes {@code end}; part of the plan, if one is open.
     *
     * @throws IllegalStateException a byte from {@code end} on is not free
     */
    void lowerEnd(long end) {
        long clusterSize = layout.clusterSize();
        for (long at = end; at < allocatedEnd; at += clusterSize) {
            if (!isFree(at, clusterSize)) {
                throw new IllegalStateException("cluster at offset " + at + " is not free, so the allocated end "
                    + allocatedEnd + " cannot be lowered to " + end);
            }
        }
        for (long at = end; at < allocatedEnd; at += clusterSize) {
            take(at, clusterSize);
        }
        log(END, allocatedEnd, 0);
        allocatedEnd = end;
    }

    /** The lowest cluster boundary from which all clusters up to the allocated end are free; one look per such cluster. */
    long freeTailStart() {
        long clusterSize = layout.clusterSize();
        long start = allocatedEnd;
        while (start > clusterSize && isFree(start - clusterSize, clusterSize)) {
            start -= clusterSize;
        }
        return start;
    }

    /**
     * Starts recording placements, so that {@link #rollback()} can undo them; a plan already open goes on, so that
     * placements made before a commit's block is built are undone with the block's.
     */
    void beginPlan() {
        if (!planning) {
            planning = true;
            undoLength = 0;
        }
    }

    /** Keeps the placements made since {@link #beginPlan()}. */
    void endPlan() {
        planning = false;
        undoLength = 0;
    }

    /** Undoes the placements made since {@link #beginPlan()}. */
    void rollback() {
        planning = false;
        for (int i = undoLength - 3; i >= 0; i -= 3) {
            long a = undo[i + 1];
            long b = undo[i + 2];
            switch ((int) undo[i]) {
                case ALLOC:
                    insert(a, a + b);
                    break;
                case FREE:
                    take(a, b - a);
                    break;
                default:
                    allocatedEnd = a;
                    break;
            }
        }
        endPlan();
    }

    private void take(long position, long length) {
        Map.Entry<Long, Long> extent = byStart.floorEntry(position);
        long start = extent.getKey();
        long end = extent.getValue();
        remove(start, end);
        if (start < position) {
            add(start, position);
        }
        if (position + length < end) {
            add(position + length, end);
        }
        log(ALLOC, position, length);
    }

    /** Adds an extent inside one cluster, merging it with free neighbours in that cluster. */
    private void insert(long start, long end) {
        long from = start;
        long to = end;
        Map.Entry<Long, Long> before = byStart.floorEntry(start);
        if (before != null && before.getValue() > start || byStart.ceilingKey(start) != null && byStart.ceilingKey(start) < end) {
            throw new IllegalStateException("free extent " + start + ".." + end + " overlaps free space");
        }
        if (before != null && before.getValue() == start && layout.clusterIndex(before.getKey()) == layout.clusterIndex(start)) {
            from = before.getKey();
            remove(before.getKey(), before.getValue());
        }
        Long after = byStart.get(end);
        if (after != null && layout.clusterIndex(end) == layout.clusterIndex(start)) {
            to = after;
            remove(end, after);
        }
        add(from, to);
    }

    private void add(long start, long end) {
        byStart.put(start, end);
        bySize.add(pack(end - start, start));
        freeBytes += end - start;
    }

    private void remove(long start, long end) {
        byStart.remove(start);
        bySize.remove(pack(end - start, start));
        freeBytes -= end - start;
    }

    private void log(int op, long a, long b) {
        if (!planning) {
            return;
        }
        if (undoLength + 3 > undo.length) {
            undo = Arrays.copyOf(undo, 2 * undo.length);
        }
        undo[undoLength++] = op;
        undo[undoLength++] = a;
        undo[undoLength++] = b;
    }

    /** Size in the high 24 bits, position in the low 40, both in units of 8 bytes: ordered by size, then position. */
    private static long pack(long length, long start) {
        return (length >>> 3) << 40 | start >>> 3;
    }

    private static long sizeOf(long packed) {
        return (packed >>> 40) << 3;
    }

    private static long startOf(long packed) {
        return (packed & ((1L << 40) - 1)) << 3;
    }
}
