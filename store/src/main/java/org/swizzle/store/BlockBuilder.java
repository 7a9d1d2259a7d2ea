package org.swizzle.store;

import static org.swizzle.store.WalDescriptor.BLOCK_HEADER_LENGTH;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;


/**
 * Turns a transaction's pending puts and frees into one WAL block (see {@link WalDescriptor}): places
 * new and resized objects in OID order, starting segments as needed (and takes the places compaction chose
 * for the objects and tables it moves), then logs the SEGMENT records of those segments and moved tables,
 * the IMAGE records of the placed objects, the PATCH records of existing objects in OID order, the
 * allocator's new state (also when compaction lowered only the allocated end), the FREE records in OID
 * order, the RELEASE records of the segments the commit leaves without an object ({@link TableReleases}),
 * the SPLICE records of resized objects built from their old bytes, in OID order (each placed anew, away
 * from its old bytes), and the CRC. Placements are taken from the free space as a plan that the caller keeps
 * ({@link FreeSpace#endPlan()}) once the block is durable, or rolls back; the space that resized, freed and
 * moved objects and released and moved tables leave is listed for the caller to free once the block is
 * applied ({@link #applied}), and that which spliced objects leave, to hold until the next checkpoint.
 */
final class BlockBuilder {
    /** What a record's header takes in most blocks: an OID delta, a class id, a CRC, a place and a length. */
    private static final int TYPICAL_HEADER_LENGTH = 16;
    /** The most bytes {@link #reserve} makes room for at once. */
    private static final int MAX_RESERVED_LENGTH = Integer.MAX_VALUE / 2;
    private static final int INITIAL_LENGTH = 64 * 1024;
    /** The longest block whose memory is kept for the next commit: a bulk load's would stay as long as the store is open. */
    static final int KEPT_LENGTH = 16 << 20;
    /**
     * The block memory a closed store left, up to {@link #KEPT_LENGTH}, for the next store of the process that logs a
     * block: a large first commit then builds its block in memory the process has used, where new direct memory costs
     * a page fault every 4 KB (about as much as a raw write and force of the same bytes on these machines). The process
     * holds it once its last store is closed, as the JDK holds the direct buffers of its channels' writes.
     */
    private static final AtomicReference<LittleEndianBuffer> SPARE_BLOCK = new AtomicReference<>();

    private final ClusterLayout layout;
    private final Placement placement;
    /** Null until the first block is built: a store that logs nothing (read-only, say) takes no memory for it. */
    private LittleEndianBuffer block;
    /** Whether the block's memory was {@link #leaveBlockMemory left} to the next store: this builder builds no more. */
    private boolean left;
    private final Checksums checksums = new Checksums();
    private final TableReleases releases;
    private long[] freed = new long[32];
    private int freedLength;
    /** The old places of spliced objects: start, length; held, not freed, once the block is applied. */
    private long[] held = new long[8];
    private int heldLength;
    /** The places of the images of the block being built, by sorted index. */
    private long[] positions = new long[16];
    /** The segments that the block starts, and their tables. */
    private long[] newSegments = new long[4];
    private long[] newTables = new long[4];
    private int newSegmentCount;
    private int length;
    private int records;
    private int images;
    private int moved;
    private int frees;
    private int released;
    private long payloadBytes;
    private long deadBytes;
    private long freedBytes;

    BlockBuilder(ClusterLayout layout, Placement placement, TableReleases releases) {
        this.layout = layout;
        this.placement = placement;
        this.releases = releases;
    }

    /**
     * Encodes the block of commit {@code commitNumber}, following checkpoint {@code epoch}; returns
     * its length, 0 when there is nothing to log. Begins a plan on the free space when it returns
     * more than 0.
     */
    int build(long commitNumber, long epoch, PendingPuts puts, long nextNewOid, StoreState state,
        SegmentDirectory directory) {
        length = 0;
        records = 0;
        images = 0;
        moved = 0;
        frees = 0;
        released = 0;
        payloadBytes = 0;
        deadBytes = 0;
        freedBytes = 0;
        freedLength = 0;
        heldLength = 0;
        newSegmentCount = 0;
        releases.clear();
        FreeSpace free = placement.freeSpace();
        if (puts.isEmpty() && free.allocatedEnd() == state.allocatedEnd) {
            return 0;
        }
        if (block == null) {
            if (left) {
                throw new IllegalStateException("the store closed: its block's memory was left to the next store");
            }
            block = takeSpareBlock();
        }
        free.beginPlan();
        try {
            startMovedTables(puts);
            int imageCount = placeImages(puts, directory);
            reserve(puts);
            int index = putSegments(BLOCK_HEADER_LENGTH);
            index = putImages(index, puts, imageCount);
            index = putPatches(index, puts);
            int spliceCount = placeSplices(puts, directory); // before the ALLOCATOR record: it may add clusters
            long nextOid = Math.max(state.nextOid, nextNewOid);
            boolean allocated = nextOid != state.nextOid || free.allocatedEnd() != state.allocatedEnd;
            index = WalDescriptor.putCount(block, index, allocated ? 1 : 0);
            if (allocated) {
                index = WalDescriptor.putAllocator(block, index, nextOid, free.allocatedEnd());
                records++;
            }
            index = putFrees(index, puts);
            index = putReleases(index, puts, directory, state.nextOid, nextOid);
            index = putSplices(index, puts, spliceCount);
            index = WalDescriptor.pad(block, index);
            WalDescriptor.putBlockHeader(block, index, commitNumber, epoch);
            WalDescriptor.putCrc(block, checksums.of(block, WalDescriptor.CRC_START, index - WalDescriptor.CRC_START));
            length = index;
            return index;
        } catch (RuntimeException e) {
            free.rollback();
            throw e;
        }
    }

    /**
     * Makes the block room for what {@code puts} holds, so that a large commit's block grows once rather than step by
     * step, each step into new memory: the live puts' bytes, and a header of {@link #TYPICAL_HEADER_LENGTH} bytes for
     * each record (a block whose headers take more grows again, as one too large to reserve grows as it is encoded).
     */
    private void reserve(PendingPuts puts) {
        long recordCount = puts.count() + newSegmentCount + puts.tableMoveCount();
        long bound = BLOCK_HEADER_LENGTH + puts.liveBytes() + TYPICAL_HEADER_LENGTH * recordCount;
        if (bound <= MAX_RESERVED_LENGTH) {
            block.ensureCapacity((int) bound);
        }
    }

    /**
     * Places the staged images in OID order, starting the segments they need; returns how many there are.
     * The new objects of a segment that follow each other in OID order are placed together, in one extent
     * where one holds them all, so that building a large graph costs a few allocations per segment.
     */
    private int placeImages(PendingPuts puts, SegmentDirectory directory) {
        int n = puts.sortImageOids();
        if (positions.length < n) {
            positions = new long[Math.max(n, 2 * positions.length)];
        }
        int i = 0;
        while (i < n) {
            int put = puts.sortedPut(i);
            if (puts.kind(put) == PendingPuts.Kind.MOVED_IMAGE) {
                positions[i++] = puts.position(put);
                if (puts.position(put) != puts.oldOffset(put)) {
                    release(puts.oldOffset(put), layout.extent(puts.length(put)));
                }
                continue;
            }
            long table = tableOf(Oids.segment(puts.oid(put)), directory);
            int end = Math.max(newObjectsEnd(puts, i, n), i + 1);
            placeRun(puts, i, end, table);
            i = end;
        }
        return n;
    }

    /**
     * Places the spliced objects in OID order, each away from its old bytes, which the SPLICE reads; lists
     * those to hold once the block is applied. Returns how many there are, whose places the puts keep.
     */
    private int placeSplices(PendingPuts puts, SegmentDirectory directory) {
        int n = puts.sortSpliceOids();
        for (int i = 0; i < n; i++) {
            int put = puts.sortedPut(i);
            long table = directory.tableOffset(Oids.segment(puts.oid(put)));
            long position = placement.relocated(puts.oldOffset(put), puts.oldLength(put), puts.newLength(put), table);
            puts.placeSplice(put, position);
            long oldExtent = layout.extent(puts.oldLength(put));
            if (heldLength + 2 > held.length) {
                held = Arrays.copyOf(held, 2 * held.length);
            }
            held[heldLength++] = puts.oldOffset(put);
            held[heldLength++] = oldExtent;
            moved++;
            deadBytes += oldExtent;
        }
        return n;
    }

    /** Logs the {@code n} SPLICEs that {@link #placeSplices} placed; sorts them again, as their section is the last. */
    private int putSplices(int start, PendingPuts puts, int n) {
        puts.sortSpliceOids();
        int index = WalDescriptor.putCount(block, start, n);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            int put = puts.sortedPut(i);
            long oid = puts.oid(put);
            index = WalDescriptor.putSpliceHeader(block, index, oid - previous, puts.classId(put), puts.crc(put),
                puts.oldOffset(put), puts.oldLength(put), puts.position(put), puts.newLength(put), puts.suffixLength(put),
                puts.rangeCount(put));
            block.putBytes(index, puts.ranges(), puts.rangesStart(put), puts.length(put));
            index += puts.length(put);
            previous = oid;
            records++;
            payloadBytes += puts.payloadBytes(put);
        }
        return index;
    }

    /** The end of the run of new objects that are not large, all in one segment, from sorted index {@code from}; {@code from} if there is none. */
    private int newObjectsEnd(PendingPuts puts, int from, int n) {
        long segment = Oids.segment(puts.sortedOid(from));
        int end = from;
        while (end < n) {
            int put = puts.sortedPut(end);
            if (Oids.segment(puts.oid(put)) != segment || puts.kind(put) != PendingPuts.Kind.NEW_IMAGE
                || layout.isLarge(puts.length(put))) {
                break;
            }
            end++;
        }
        return end;
    }

    /** The table of {@code segment}, started in this block if the segment has none. */
    private long tableOf(long segment, SegmentDirectory directory) {
        boolean started = newSegmentCount > 0 && newSegments[newSegmentCount - 1] == segment;
        long table = started ? newTables[newSegmentCount - 1] : directory.tableOffset(segment);
        if (table == 0) {
            table = placement.table();
            startSegment(segment, table);
        }
        return table;
    }

    /**
     * Places the objects of sorted indexes {@code from} to {@code to}, all of one segment: side by side where one
     * free extent holds them, else each half so, down to single objects, which take the place any object would.
     */
    private void placeRun(PendingPuts puts, int from, int to, long table) {
        if (to - from == 1) {
            positions[from] = place(puts, puts.sortedPut(from), table);
        } else if (!placeTogether(puts, from, to, table)) {
            int middle = (from + to) >>> 1;
            placeRun(puts, from, middle, table);
            placeRun(puts, middle, to, table);
        }
    }

    /** Places the new objects of sorted indexes {@code from} to {@code to} side by side, if one free extent holds them all. */
    private boolean placeTogether(PendingPuts puts, int from, int to, long table) {
        long extent = 0;
        for (int i = from; i < to; i++) {
            extent += layout.extent(puts.length(puts.sortedPut(i)));
        }
        long position = extent == 0 ? table : placement.newObjects(extent, table);
        if (position < 0) {
            return false;
        }
        for (int i = from; i < to; i++) {
            int length = puts.length(puts.sortedPut(i));
            positions[i] = length == 0 ? table : position;
            position += layout.extent(length);
        }
        return true;
    }

    /** Logs the tables that compaction moves as new tables of their segments, and lists their old space. */
    private void startMovedTables(PendingPuts puts) {
        for (int i = 0; i < puts.tableMoveCount(); i++) {
            startSegment(puts.movedSegment(i), puts.movedTableTo(i));
            release(puts.movedTableFrom(i), SegmentTableDescriptor.TABLE_LENGTH);
        }
    }

    private void startSegment(long segment, long table) {
        if (newSegmentCount == newSegments.length) {
            newSegments = Arrays.copyOf(newSegments, 2 * newSegmentCount);
            newTables = Arrays.copyOf(newTables, 2 * newSegmentCount);
        }
        newSegments[newSegmentCount] = segment;
        newTables[newSegmentCount] = table;
        newSegmentCount++;
    }

    private int putSegments(int start) {
        int index = WalDescriptor.putCount(block, start, newSegmentCount);
        for (int i = 0; i < newSegmentCount; i++) {
            index = WalDescriptor.putSegment(block, index, newSegments[i], newTables[i]);
            records++;
        }
        return index;
    }

    /** Logs the {@code n} images that {@link #placeImages} placed, whose OIDs the puts hold sorted. */
    private int putImages(int start, PendingPuts puts, int n) {
        int index = WalDescriptor.putCount(block, start, n);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            int put = puts.sortedPut(i);
            long oid = puts.oid(put);
            index = WalDescriptor.putImage(block, index, oid - previous, puts.classId(put), puts.crc(put), positions[i],
                puts.imageOf(put), puts.imageOffset(put), puts.length(put));
            previous = oid;
            records++;
            images++;
            payloadBytes += puts.payloadBytes(put);
            if (puts.kind(put) == PendingPuts.Kind.NEW_IMAGE) {
                releases.created(oid);
            }
        }
        return index;
    }

    private long place(PendingPuts puts, int put, long table) {
        if (puts.kind(put) == PendingPuts.Kind.NEW_IMAGE) {
            return placement.newObject(puts.length(put), table);
        }
        long oldOffset = puts.oldOffset(put);
        long position = placement.resized(oldOffset, puts.oldLength(put), puts.length(put), table);
        long oldExtent = layout.extent(puts.oldLength(put));
        if (position != oldOffset) {
            moved++;
            deadBytes += release(oldOffset, oldExtent);
        } else {
            long newExtent = layout.extent(puts.length(put));
            deadBytes += release(oldOffset + newExtent, oldExtent - newExtent);
        }
        return position;
    }

    /** Lists {@code bytes} from {@code position} to be freed once the block is applied; returns how many are. */
    private long release(long position, long bytes) {
        if (bytes <= 0) {
            return 0;
        }
        if (freedLength + 2 > freed.length) {
            freed = Arrays.copyOf(freed, 2 * freed.length);
        }
        freed[freedLength++] = position;
        freed[freedLength++] = bytes;
        return bytes;
    }

    private int putPatches(int start, PendingPuts puts) {
        int n = puts.sortPatchOids();
        int index = WalDescriptor.putCount(block, start, n);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            int put = puts.sortedPut(i);
            long oid = puts.oid(put);
            index = WalDescriptor.putPatchHeader(block, index, oid - previous, puts.crc(put), puts.rangeCount(put));
            block.putBytes(index, puts.ranges(), puts.rangesStart(put), puts.length(put));
            index += puts.length(put);
            previous = oid;
            records++;
            payloadBytes += puts.payloadBytes(put);
        }
        return index;
    }

    /** Logs the objects to free in OID order, and lists the space they hold (none for an object of no bytes). */
    private int putFrees(int start, PendingPuts puts) {
        int n = puts.sortFreeOids();
        int index = WalDescriptor.putCount(block, start, n);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            int put = puts.sortedPut(i);
            index = WalDescriptor.putFree(block, index, puts.oid(put) - previous);
            previous = puts.oid(put);
            records++;
            frees++;
            freedBytes += release(puts.oldOffset(put), layout.extent(puts.oldLength(put)));
            releases.freed(puts.oid(put));
        }
        return index;
    }

    /** Logs the segments whose tables the commit releases, and lists their tables' space. */
    private int putReleases(int start, PendingPuts puts, SegmentDirectory directory, long nextOidBefore, long nextOid) {
        int n = releases.choose(puts, directory, nextOidBefore, nextOid);
        int index = WalDescriptor.putCount(block, start, n);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            long segment = releases.segment(i);
            index = WalDescriptor.putRelease(block, index, segment - previous);
            previous = segment;
            records++;
            released++;
            release(releases.table(i), SegmentTableDescriptor.TABLE_LENGTH);
        }
        return index;
    }

    /**
     * Lets go of the memory of the block last built, and of its places, if they are longer than the next commit keeps
     * ({@link #KEPT_LENGTH}, {@link PendingPuts#PUTS_KEPT}); call once the block is applied or given up.
     */
    void letGoOfLargeCapacity() {
        if (block != null && block.capacity() > KEPT_LENGTH) {
            block.letGoPast(KEPT_LENGTH, INITIAL_LENGTH);
            checksums.forgetView();
        }
        if (positions.length > PendingPuts.PUTS_KEPT) {
            positions = new long[PendingPuts.PUTS_KEPT];
        }
    }

    private static LittleEndianBuffer takeSpareBlock() {
        LittleEndianBuffer spare = SPARE_BLOCK.getAndSet(null);
        return spare != null ? spare : LittleEndianBuffer.growableDirect(INITIAL_LENGTH);
    }

    /**
     * Leaves the block's memory to the next store that logs a block, unless a larger one is left already; call when the
     * store closes: the builder builds no block after.
     */
    void leaveBlockMemory() {
        LittleEndianBuffer leaving = block;
        block = null;
        left = true;
        checksums.forgetView();
        if (leaving != null && leaving.capacity() <= KEPT_LENGTH) {
            SPARE_BLOCK.accumulateAndGet(leaving, (kept, next) -> kept == null || kept.capacity() < next.capacity() ? next : kept);
        }
    }

    /** The block last built. */
    LittleEndianBuffer block() {
        return block;
    }

    /** The bytes of the block last built, ready to be written. */
    ByteBuffer bytes() {
        return block.byteBuffer().clear().limit(length);
    }

    /** The records of the block last built. */
    int records() {
        return records;
    }

    /**
     * Once the block last built is applied: frees the space that its objects and released tables left, holds
     * that which its spliced objects left until the next checkpoint, and adds its new objects and frees to the
     * live counts.
     */
    void applied(FreeSpace free) {
        for (int i = 0; i < freedLength; i += 2) {
            free.free(freed[i], freed[i + 1]);
        }
        freedLength = 0;
        for (int i = 0; i < heldLength; i += 2) {
            free.hold(held[i], held[i + 1]);
        }
        heldLength = 0;
        releases.applied();
    }

    /** Adds what the block last built logged to {@code counters}. */
    void countLogged(StoreCounters counters) {
        counters.commitsLogged++;
        counters.recordsLogged += records;
        counters.walBytesLogged += length;
        counters.payloadBytesLogged += payloadBytes;
        counters.imagesLogged += images;
        counters.objectsMoved += moved;
        counters.deadBytes += deadBytes;
        counters.objectsFreed += frees;
        counters.bytesFreed += freedBytes;
        counters.tablesReleased += released;
        counters.lastCommitRecords = records;
        counters.lastCommitBytes = length;
    }
}
