package org.swizzle.store;

import java.util.Objects;

/**
 * One atomic change to a {@link SegmentStore}: new objects, new bytes for existing ones and objects
 * freed, logged as one WAL block when it commits. Comparing each put with the committed bytes keeps
 * the log to what actually changed. Obtained from {@link SegmentStore#begin()}; at most one is open at
 * a time.
 */
public final class Transaction {
    /** A SPLICE is logged when its ranges take at most this share of the object's new length: 1 / 4. */
    private static final int SPLICE_SHARE_SHIFT = 2;

    private final SegmentStore store;
    private final PendingPuts puts;
    private final StoreCounters counters;
    private final StoreCounters atBegin;
    private final ByteDiff diff = new ByteDiff(WalDescriptor.SMALL_RANGE_HEADER_LENGTH);
    private final SpliceDiff splice = new SpliceDiff(WalDescriptor.SMALL_RANGE_HEADER_LENGTH);
    private final LittleEndianBuffer committed = LittleEndianBuffer.of(new byte[0]);
    private final TableEntry entry = new TableEntry();
    private final Checksums checksums = new Checksums();
    private long firstNewOid = SegmentStore.NULL_OID;
    private long nextNewOid = SegmentStore.NULL_OID;
    private boolean finished;
    /** Why a put failed after it had begun to change what this transaction holds: it can no longer commit. */
    private String failedPut;

    Transaction(SegmentStore store, PendingPuts puts) {
        this.store = store;
        this.puts = puts;
        this.counters = store.counters();
        this.atBegin = counters.copy();
    }

    /**
     * What the store has counted since this transaction began: once it has committed, what its commit logged and
     * compared and the time of each of the store's phases, a checkpoint the commit made included.
     */
    public StoreCounters counted() {
        return counters.since(atBegin);
    }

    /**
     * Allocates the OID of a new object. OIDs come in call order, and the commit places new objects
     * in that order, so allocating in traversal order clusters objects by traversal. The first call of a
     * transaction reads the table entries of the open segment once it has become the open one, so it
     * raises {@link org.swizzle.StoreCorruptedException} if one of them is damaged.
     */
    public long newObject() {
        checkActive();
        if (nextNewOid == SegmentStore.NULL_OID) {
            firstNewOid = store.firstNewOid();
            nextNewOid = firstNewOid;
            puts.allocatesFrom(firstNewOid);
        }
        return nextNewOid++;
    }

    /**
     * Puts the bytes of an object; they are copied, so the caller may reuse its buffer. A later put
     * of the same object in this transaction replaces this one.
     *
     * <ul>
     * <li>An existing object with the same length and class id is compared with its committed bytes
     * (which are checked against their checksum on the way), and logs only the byte ranges that
     * differ (ranges closer than a range header are merged); nothing if equal.</li>
     * <li>An existing object whose length changes and whose class id stays is compared with its committed
     * bytes too: aligned from the front up to where they differ, and from the end (see {@link SpliceDiff}).
     * When the bytes that differ take at most a quarter of its new length, as when one entry is added to
     * a collection, it logs those (a SPLICE record) and is relocated, its new bytes built from the old ones,
     * whose space is free from the next checkpoint on.</li>
     * <li>Any other existing object whose length or class id changes logs a whole image, in place when it
     * shrinks or the bytes after it are free, else relocated (the OID stays; its table entry
     * moves).</li>
     * <li>A new object (from {@link #newObject()}, or {@code ROOTS_OID}/{@code CATALOG_OID} while
     * absent) logs a whole image, placed at commit in OID order.</li>
     * </ul>
     *
     * @throws IllegalStateException the object is freed in this transaction
     * @throws org.swizzle.StoreCorruptedException the object's committed entry or bytes fail their checks; a put that
     *     fails once it began to change what the transaction holds leaves it unable to commit (abandon it)
     */
    public void put(long oid, int classId, LittleEndianBuffer bytes, int offset, int length) {
        put(oid, classId, bytes, offset, length, false);
    }

    /**
     * Puts the bytes of an object as {@link #put(long, int, LittleEndianBuffer, int, int)} does, comparing them with
     * committed bytes that are not checked against their checksum again when {@code committedBytesChecked}:
     * the caller read them through {@link SegmentStore#read} (which checked them) or put them itself since
     * they were last written, as an object manager has for every resident object.
     */
    public void put(long oid, int classId, LittleEndianBuffer bytes, int offset, int length, boolean committedBytesChecked) {
        checkActive();
        long start = System.nanoTime();
        try {
            putOne(oid, classId, bytes, offset, length, committedBytesChecked);
        } finally {
            counters.diffNanos += System.nanoTime() - start;
        }
    }

    /**
     * Puts each image of {@code batch}, in its order, from {@code bytes}, as {@link #put(long, int, LittleEndianBuffer,
     * int, int, boolean)} would one after another; a put that fails leaves those before it put.
     */
    public void putAll(LittleEndianBuffer bytes, ImageBatch batch, boolean committedBytesChecked) {
        checkActive();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < batch.size(); i++) {
                putOne(batch.oid(i), batch.classId(i), bytes, batch.offset(i), batch.length(i), committedBytesChecked);
            }
        } finally {
            counters.diffNanos += System.nanoTime() - start;
        }
    }

    /**
     * Puts committed object {@code oid} as its committed image with its first {@code length} bytes replaced by
     * {@code length} bytes of {@code bytes} from {@code offset}, the rest known to be unchanged: logs what differs in
     * them, and takes the new image's checksum from the committed one and those bytes alone (see {@link CrcShift}),
     * so the put costs what its prefix does however long the image is. The committed bytes are not checked again:
     * the caller read them through {@link SegmentStore#read}, which checked them, or put them itself.
     *
     * @throws IllegalStateException the object is freed in this transaction
     * @throws IllegalArgumentException the object is not committed or was allocated in this transaction, is of another
     *     class, or is shorter than {@code length}
     */
    public void putPrefix(long oid, int classId, LittleEndianBuffer bytes, int offset, int length) {
        checkActive();
        long start = System.nanoTime();
        try {
            Objects.requireNonNull(bytes, "bytes");
            bytes.boundsCheck(offset, length);
            requireNotFreed(oid);
            if (allocatedHere(oid) || !store.objects().load(oid, entry)) {
                throw new IllegalArgumentException("Object " + oid + " is not a committed object in this transaction,"
                    + " so it has no committed bytes to put a prefix of");
            }
            if (entry.classId != classId || entry.length < length) {
                throw new IllegalArgumentException("Object " + oid + " is stored as " + entry.length + " bytes of class id "
                    + entry.classId + ", so a prefix of " + length + " bytes of class id " + classId + " cannot replace its start");
            }
            try {
                puts.replace(oid);
                patchPrefix(oid, bytes, offset, length);
            } catch (RuntimeException | Error e) {
                failedPartWay(oid, e);
                throw e;
            }
        } finally {
            counters.diffNanos += System.nanoTime() - start;
        }
    }

    private void patchPrefix(long oid, LittleEndianBuffer bytes, int offset, int length) {
        LittleEndianBuffer before = store.objects().view(entry, length, committed);
        counters.objectsCompared++;
        counters.bytesCompared += length;
        diff.reset(before, 0, bytes, offset, length);
        if (!diff.next()) {
            return;
        }
        int change = CrcShift.appendZeros(checksums.rawOfDifference(before, 0, bytes, offset, length), entry.length - length);
        stagePatch(oid, bytes, offset, entry.crc ^ change);
    }

    /** Stages a PATCH of {@code oid}: the range {@link #diff} is at and every range after it, then the image's CRC. */
    private void stagePatch(long oid, LittleEndianBuffer bytes, int offset, int crc) {
        puts.beginPatch(oid);
        do {
            puts.appendRange(diff.start(), bytes, offset + diff.start(), diff.end() - diff.start());
        } while (diff.next());
        puts.endPatch(crc);
    }

    private void requireNotFreed(long oid) {
        if (!allocatedHere(oid) && puts.isFreed(oid)) {
            throw new IllegalStateException("Object " + oid + " is freed in this transaction, so it cannot be put in"
                + " it too");
        }
    }

    /** A put of {@code oid} failed after it began to change what the transaction holds: the transaction cannot commit. */
    private void failedPartWay(long oid, Throwable failure) {
        puts.dropUnended();
        failedPut = "a put of object " + oid + " failed part way (" + failure + ")";
    }

    private void putOne(long oid, int classId, LittleEndianBuffer bytes, int offset, int length, boolean committedBytesChecked) {
        Objects.requireNonNull(bytes, "bytes");
        if (length < 0) {
            throw new IllegalArgumentException("length must not be negative, found " + length);
        }
        bytes.boundsCheck(offset, length);
        requireNotFreed(oid);
        boolean existing = !allocatedHere(oid) && store.objects().load(oid, entry);
        if (!existing && !isNew(oid)) {
            throw new IllegalArgumentException("Object " + oid + " does not exist and was not allocated by"
                + " newObject() in this transaction; a new object needs an OID from newObject(), or is ROOTS_OID"
                + " or CATALOG_OID");
        }
        try {
            if (existing) {
                puts.replace(oid);
                putExisting(oid, classId, bytes, offset, length, committedBytesChecked);
            } else {
                puts.stageNew(oid, classId, bytes, offset, length, checksums.of(bytes, offset, length));
            }
        } catch (RuntimeException | Error e) {
            failedPartWay(oid, e);
            throw e;
        }
    }

    private void putExisting(long oid, int classId, LittleEndianBuffer bytes, int offset, int length, boolean checked) {
        boolean resized = length != entry.length;
        boolean spliceable = resized && classId == entry.classId && entry.length > 0 && length > 0;
        if (spliceable && splice(oid, classId, bytes, offset, length, checked)) {
            return;
        }
        if (resized || classId != entry.classId) {
            puts.stageResized(oid, classId, bytes, offset, length, checksums.of(bytes, offset, length), entry.offset,
                entry.length);
            return;
        }
        LittleEndianBuffer before = committed(checked);
        counters.objectsCompared++;
        counters.bytesCompared += length;
        diff.reset(before, 0, bytes, offset, length);
        if (!diff.next()) {
            return;
        }
        stagePatch(oid, bytes, offset, checksums.of(bytes, offset, length));
    }

    /**
     * Logs the resized object as a SPLICE of its committed bytes, unless its ranges take more than the share
     * {@link #SPLICE_SHARE_SHIFT} allows; returns whether it did.
     */
    private boolean splice(long oid, int classId, LittleEndianBuffer bytes, int offset, int length, boolean checked) {
        LittleEndianBuffer before = committed(checked);
        counters.objectsCompared++;
        counters.bytesCompared += length;
        splice.reset(before, 0, entry.length, bytes, offset, length);
        int budget = length >>> SPLICE_SHARE_SHIFT;
        puts.beginSplice(oid, classId, entry.offset, entry.length, length, splice.suffixLength());
        while (splice.next()) {
            puts.appendRange(splice.start(), bytes, offset + splice.start(), splice.end() - splice.start());
            if (puts.rangesLength() > budget) {
                puts.dropBegun();
                return false;
            }
        }
        puts.endSplice(checksums.of(bytes, offset, length));
        return true;
    }

    /** The committed bytes of the object whose entry was loaded last, checked against their checksum unless {@code checked}. */
    private LittleEndianBuffer committed(boolean checked) {
        return checked ? store.objects().view(entry, committed) : store.objects().read(entry, committed);
    }

    /**
     * Frees the object {@code oid}: once the transaction commits, the object is gone as if it had never
     * been written ({@link SegmentStore#contains} is false, reading it fails as for an OID never used,
     * {@link SegmentStore#forEachInSegment} and {@link SegmentStore#forEachInCluster} skip it), and the
     * space it held is free once the commit is applied, so this commit never places an object there.
     * {@link #newObject()} never hands its OID out again. Freeing it again in this transaction does
     * nothing. A commit that leaves a logical segment (consecutive OIDs that share an object table) without
     * an object, once new objects go to later segments, releases the segment's object table too, whose space
     * is then free as the object's is: a store whose objects come and go does not grow by a table per
     * segment it ever used.
     *
     * @throws IllegalArgumentException the object does not exist
     * @throws IllegalStateException    the object is put in this transaction
     * @throws org.swizzle.StoreCorruptedException the object's table entry fails its checks
     */
    public void free(long oid) {
        checkActive();
        if (puts.isPut(oid)) {
            throw new IllegalStateException("Object " + oid + " is put in this transaction, so it cannot be freed in"
                + " it too");
        }
        if (puts.isFreed(oid)) {
            return;
        }
        if (!store.objects().load(oid, entry)) {
            throw new IllegalArgumentException("Object " + oid + " does not exist, so it cannot be freed");
        }
        try {
            puts.free(oid, entry.offset, entry.length);
        } catch (RuntimeException | Error e) {
            failedPartWay(oid, e); // counted but perhaps not remembered: freed again, it would be logged twice
            throw e;
        }
    }

    private boolean isNew(long oid) {
        return allocatedHere(oid) || oid == SegmentStore.ROOTS_OID || oid == SegmentStore.CATALOG_OID;
    }

    /** Whether {@code newObject()} handed {@code oid} out in this transaction: OIDs are never reused, so it has no entry. */
    private boolean allocatedHere(long oid) {
        return oid >= firstNewOid && oid < nextNewOid;
    }

    /**
     * Makes the puts and frees durable as commit {@code commitNumber}, which must be greater than
     * {@link SegmentStore#lastCommit()}, and returns it. If nothing was freed and nothing put or
     * nothing changed, logs nothing. Otherwise appends one WAL block, forces it when the store syncs on commit,
     * applies it to the cluster file, and checkpoints if the WAL has grown past its limit.
     *
     * <p>The transaction ends either way. On an I/O failure while logging, the WAL is cut back,
     * the commit is not durable, and {@link org.swizzle.StoreIOException} says so; the store stays
     * usable and the commit may be retried. On a failure after the block was logged (and forced),
     * the commit is durable but not applied: {@link org.swizzle.CommitNotAppliedException} says so
     * and the store is closed; reopening it applies the commit, which must not be retried.
     */
    public long commit(long commitNumber) {
        checkActive();
        if (failedPut != null) {
            throw new IllegalStateException("This transaction cannot commit: " + failedPut + ", so an earlier put of"
                + " that object in it may be lost. Abandon it and put the objects again in a new one.");
        }
        store.checkCommitNumber(commitNumber);
        try {
            return store.commit(nextNewOid, commitNumber);
        } finally {
            finish();
        }
    }

    /** Discards the puts and frees; OIDs from {@link #newObject()} may be handed out again. Does nothing once finished. */
    public void abandon() {
        if (!finished) {
            finish();
        }
    }

    private void finish() {
        finished = true;
        puts.clear();
        store.transactionFinished(this);
    }

    private void checkActive() {
        store.checkOpen();
        if (finished) {
            throw new IllegalStateException("This transaction has already committed or been abandoned;"
                + " begin a new one");
        }
    }
}
