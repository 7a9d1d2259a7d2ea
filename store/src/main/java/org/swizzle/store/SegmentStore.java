package org.swizzle.store;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongConsumer;

import org.swizzle.CommitNotAppliedException;
import org.swizzle.ReadOnlyStoreException;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreException;
import org.swizzle.StoreIOException;

/**
 * A directory of files holding objects as bytes under OIDs, changed by transactions that are
 * durable when they commit. This is the whole API the object manager uses to store objects; it
 * knows nothing of Java classes.
 *
 * <p>Files: {@code swizzle.clusters} (objects, mapped), {@code swizzle.segments} (where each
 * segment's object table is), {@code swizzle.wal} (redo log) and {@code swizzle.lock}. Reads go
 * through the mapping without copying; commits go to the WAL first, then through the mapping to the
 * cluster file.
 * Every byte read is checked against a checksum: a damaged file raises
 * {@link StoreCorruptedException}, never wrong data.
 *
 * <p>Not thread-safe: use a store from one thread at a time.
 */
public final class SegmentStore implements AutoCloseable {
    public static final long NULL_OID = 0;
    /** Reserved for the root directory, written by the object manager; absent until first put. */
    public static final long ROOTS_OID = 1;
    /** Reserved for the class catalog, written by the object manager; absent until first put. */
    public static final long CATALOG_OID = 2;
    /**
     * The subdirectory of a store's directory for derived data the object manager keeps beside the
     * store (hash indexes, each a map file and a {@code NAME.commit} marker); rebuildable from the objects.
     */
    public static final String INDEX_DIRECTORY = "indexes";

    private static final System.Logger LOG = System.getLogger("org.swizzle.store");

    private final Path directory;
    private final StoreConfig config;
    private final StoreLock lock;
    private final SegmentDirectory segments;
    private final ClusterFile clusters;
    private final WriteAheadLog wal;
    private final StoreState state;
    private final ClusterLayout layout;
    private final ObjectTable objects;
    /** See {@link #heldBytesLimit()}. */
    private static final long MIN_HELD_BYTES = 2 << 20;
    /** See {@link #firstNewOid()}. */
    private static final long MAX_OPEN_SEGMENT_BYTES = Compaction.MAX_TABLE_MOVE_BYTES / 4;

    private final FreeSpace freeSpace;
    private final Placement placement;
    private final BlockApplier applier;
    private final BlockBuilder builder;
    private final PendingPuts puts = new PendingPuts();
    private final StoreCounters counters = new StoreCounters();
    private final TableEntry entry = new TableEntry();
    private final TableEntry unitEntry = new TableEntry();
    private final TableEntry openSegmentEntry = new TableEntry();
    /** The segment whose objects' bytes {@link #openSegmentBytes} holds; -1 before it is counted. */
    private long openSegment = -1;
    private long openSegmentBytes;
    private final LiveCounts live;
    private final DamageFound damageFound;
    /** The files as the open found them; null for a read-only open, which writes nothing. */
    private final FilesInPlace filesInPlace;
    /** What {@link #filesInPlace} found, once it found a file changed: see {@link #checkpointAfterCommit}. */
    private StoreCorruptedException filesRefusal;
    private Transaction transaction;
    private boolean closed;
    private StoreException closedBy;

    private SegmentStore(Path directory, StoreConfig config, StoreLock lock, OpenFiles files, Recovered recovered) {
        this.directory = directory;
        this.config = config;
        this.lock = lock;
        this.segments = files.segments;
        this.clusters = files.clusters;
        this.wal = files.wal;
        this.state = recovered.state;
        this.layout = recovered.layout;
        this.applier = recovered.applier;
        this.freeSpace = recovered.freeSpace;
        this.objects = new ObjectTable(segments, clusters, state, layout);
        this.placement = new Placement(layout, freeSpace);
        this.live = recovered.live;
        this.damageFound = recovered.damageFound;
        this.builder = new BlockBuilder(layout, placement, new TableReleases(recovered.live, objects));
        this.counters.commitsRecovered = recovered.blocksReplayed;
        this.filesInPlace = config.readOnly() ? null : new FilesInPlace(directory, directory.resolve(StoreLock.FILE_NAME))
            .with(clusters.channel(), clusters::length).with(wal.channel(), wal::size)
            .with(segments.channel(), segments::writtenLength);
    }

    /**
     * Opens the store in {@code dir}, creating the directory and an empty store if absent (unless
     * {@link StoreConfig#createIfMissing()} is false); locks it, checks the files' formats and
     * checksums, replays the WAL left by a process that did not close the store, and rebuilds the map
     * of free space from the object tables. A store is never created over the remains of one, nor
     * among other files (see {@link StoreDirectory}).
     *
     * <p>Read-only ({@link StoreConfig#readOnly()}): nothing is written, created or cut. The lock is
     * shared (see {@link StoreLock}); a WAL holding commits that are not applied yet is refused with
     * {@link ReadOnlyStoreException} (open the store writable once to replay them), a torn tail is
     * left in place for the next writable open to cut; there is no checkpoint, and
     * {@link #begin()} raises {@link ReadOnlyStoreException}. Damaged object table entries do not refuse a read-only
     * open: it logs them and goes on (see {@link #damageFound()}), so that the rest of the store can be read.
     *
     * @throws org.swizzle.StoreLockedException  another process, or this JVM, has the store open
     * @throws org.swizzle.StoreFormatException  a file is not a store file, or of a newer format
     * @throws StoreCorruptedException           a file fails its checks (an object table entry: writable only, once it
     *                                           applied and checkpointed the commits the log held), or is missing while
     *                                           others are there
     * @throws org.swizzle.NotAStoreException                the directory holds other files, or no store where none may be created
     * @throws ReadOnlyStoreException            read-only, and the WAL holds commits to replay
     * @throws org.swizzle.InvalidOptionException -Dswizzle.buffers names no implementation of the buffers
     */
    public static SegmentStore open(Path dir, StoreConfig config) {
        return open(dir, config, FileChannelFactory.DEFAULT);
    }

    static SegmentStore open(Path dir, StoreConfig config, FileChannelFactory writableChannels) {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(config, "config");
        LittleEndianBuffer.requireKnownImplementation();
        StoreDirectory.checkBeforeLock(dir, config);
        FileChannelFactory channels = config.readOnly() ? FileChannelFactory.READ_ONLY : writableChannels;
        StoreLock lock = config.readOnly() ? StoreLock.acquireShared(dir) : StoreLock.acquire(dir);
        OpenFiles files = new OpenFiles();
        try {
            if (StoreDirectory.mustCreate(dir, lock, config)) {
                NewStore.create(dir, config.clusterSize(), channels, lock);
            } else if (!config.readOnly()) {
                lock.markOpen();
            }
            files.clusters = ClusterFile.open(dir.resolve(ClusterFileDescriptor.FILE_NAME), config.regionSize(), channels,
                config.readOnly());
            files.wal = WriteAheadLog.open(dir.resolve(WalDescriptor.FILE_NAME), channels, config.readOnly(),
                config.checkpointWalBytes());
            Checkpoint checkpoint = CheckpointChoice.choose(files.clusters.file(), files.clusters.header(),
                files.wal.file(), files.wal.epoch(), files.wal.storeId());
            files.clusters.checkHolds(checkpoint);
            files.segments = SegmentDirectory.open(dir.resolve(SegmentDirectoryDescriptor.FILE_NAME), channels,
                config.readOnly(), checkpoint);
            Recovered recovered = recover(files, checkpoint, config.readOnly());
            SegmentStore store = new SegmentStore(dir, config, lock, files, recovered);
            store.afterOpen();
            return store;
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, files.clusters, files.wal, files.segments, lock::closeRefused);
        } catch (Error e) {
            throw Closer.closeAfter(e, files.clusters, files.wal, files.segments, lock::closeRefused);
        }
    }

    /** The open files, gathered so that a failed open closes those it got. */
    private static final class OpenFiles {
        ClusterFile clusters;
        WriteAheadLog wal;
        SegmentDirectory segments;
    }

    /** What recovery leaves: the store's state, its free space, the live objects of its segments, and what it replayed. */
    private static final class Recovered {
        StoreState state;
        ClusterLayout layout;
        BlockApplier applier;
        FreeSpace freeSpace;
        LiveCounts live;
        DamageFound damageFound;
        int blocksReplayed;
    }

    private static Recovered recover(OpenFiles files, Checkpoint checkpoint, boolean readOnly) {
        Recovered recovered = new Recovered();
        recovered.state = new StoreState(checkpoint);
        recovered.layout = new ClusterLayout(files.clusters.header().clusterSize());
        recovered.applier = new BlockApplier(files.clusters, files.segments, recovered.state, files.wal.file());
        recovered.blocksReplayed = new Recovery(files.wal, files.clusters, recovered.applier, recovered.state, readOnly)
            .run();
        files.clusters.ensureCapacity(recovered.state.allocatedEnd);
        files.segments.checkAfterRecovery(recovered.layout, recovered.state.allocatedEnd);
        recovered.live = new LiveCounts();
        recovered.damageFound = new DamageFound(files.clusters.file());
        try {
            recovered.freeSpace = SpaceRebuild.rebuild(files.clusters, files.segments, recovered.layout, recovered.state,
                recovered.live, readOnly ? recovered.damageFound : null);
        } catch (StoreCorruptedException e) {
            if (readOnly || recovered.blocksReplayed == 0) {
                throw e;
            }
            throw checkpointReplayed(files, recovered, e);
        }
        return recovered;
    }

    /**
     * Checkpoints the commits that a writable open replayed before it found {@code refusal}, damage that refuses it, so
     * that a read-only open, which goes past such damage but refuses a log with commits to apply, reads them; returns
     * the refusal to throw, which says so, or which carries the checkpoint's failure.
     */
    private static StoreCorruptedException checkpointReplayed(OpenFiles files, Recovered recovered,
        StoreCorruptedException refusal) {
        try {
            recovered.state.giveIdIfNone();
            writeCheckpoint(files.clusters, files.segments, files.wal, recovered.state);
        } catch (StoreException e) {
            refusal.addSuppressed(e);
            return refusal;
        }
        return StoreCorruptedException.afterReplay(refusal, recovered.blocksReplayed);
    }

    private void afterOpen() {
        if (layout.clusterSize() != config.clusterSize()) {
            LOG.log(Level.DEBUG, () -> directory + " keeps the cluster size it was created with, "
                + layout.clusterSize() + " bytes, not " + config.clusterSize());
        }
        boolean damagedSlot = warnOfDamagedSlot();
        if (damageFound.count() > 0 && config.logsDamage()) {
            LOG.log(Level.WARNING, "The store in " + directory + " is damaged: " + damageFound.describe()
                + System.lineSeparator() + "This read-only open goes on so that the rest can be read: reading an object"
                + " at one of those places raises StoreCorruptedException, and a writable open refuses the store. Copy"
                + " out what reads, or restore the store from a backup; the tool's verify reports every place.");
        }
        if (!config.readOnly()) {
            IndexMarkers.dropThoseAhead(directory, state.lastCommit);
            state.giveIdIfNone();
            if (damagedSlot) {
                writeCheckpoint(); // the next checkpoint goes to the slot the valid one is not in: the damaged one
            } else {
                checkpoint();
            }
        }
    }

    /**
     * Logs a checkpoint slot that is damaged: {@link CheckpointChoice} continued from the other, which it does only
     * when the log follows that one, so nothing is lost; a writable open writes over the damaged slot at once.
     */
    private boolean warnOfDamagedSlot() {
        ClusterHeader header = clusters.header();
        long checkpointSequence = state.checkpointSequence;
        boolean damaged = false;
        for (int slot = 0; slot < ClusterFileDescriptor.SLOT_COUNT; slot++) {
            if (header.slot(slot) == null && !header.blank(slot)) {
                damaged = true;
                LOG.log(Level.WARNING, "Checkpoint slot " + slot + " of " + clusters.file() + " (offset "
                    + ClusterHeader.offset(slot) + ") " + header.problem(slot) + ": a crash cut a checkpoint short, or"
                    + " the file was damaged there. The store continues from checkpoint " + checkpointSequence
                    + " in the other slot, and the log holds every commit after it, so none is lost; "
                    + (config.readOnly() ? "the next writable open writes over the slot."
                    : "this open writes over the slot.") + " If no crash came during a checkpoint, check the disk, and"
                    + " run the tool's verify on the closed store.");
            }
        }
        return damaged;
    }

    /**
     * What this read-only open found damaged in the object tables and went past (see {@link DamageFound}); none for a
     * writable open, which refuses a store with such damage.
     */
    public DamageFound damageFound() {
        checkOpen();
        return damageFound;
    }

    /** The directory holding the store's files. */
    public Path directory() {
        return directory;
    }

    /**
     * The store's identity: random, chosen when it was created, and kept in its checkpoints and its log's header, so
     * that files of another store are not taken for this one's; 0 only in a read-only open of a store created before
     * stores had one.
     */
    public long storeId() {
        checkOpen();
        return state.storeId;
    }

    /** Whether the store is closed: by {@link #close()}, or by a failure that the call meeting it reported. */
    public boolean isClosed() {
        return closed;
    }

    /** The failure that closed the store, or null if it is open or {@link #close()} closed it. */
    public StoreException closedBy() {
        return closedBy;
    }

    /** The number of the last durable commit; 0 for a new store. */
    public long lastCommit() {
        checkOpen();
        return state.lastCommit;
    }

    /** One more than the highest OID ever handed out: every stored object's OID is below it. */
    public long oidLimit() {
        checkOpen();
        return state.nextOid;
    }

    /**
     * The OID of the first committed object at or after {@code oid}, or {@link #oidLimit()} if there is none: a pass
     * over the stored objects ({@code for (oid = nextObject(first); oid < limit; oid = nextObject(oid + 1))}) skips
     * each segment that frees emptied in one step, so that it costs what the store holds rather than every OID ever
     * handed out (OIDs are never reused). An object whose table entry fails its checks is handed out too, for the
     * caller's read of it to raise {@link StoreCorruptedException}: a pass never skips one in silence.
     */
    public long nextObject(long oid) {
        checkOpen();
        long limit = state.nextOid;
        for (long at = skipEmptySegments(oid); at < limit; at = skipEmptySegments(at + 1)) {
            if (objects.existsOrDamaged(at, entry)) {
                return at;
            }
        }
        return limit;
    }

    /** {@code oid} if its segment holds a committed object, else the first OID of the next segment that does, or {@link #oidLimit()}. */
    long skipEmptySegments(long oid) {
        checkOpen();
        long segment = Oids.segment(oid);
        if (live.get(segment) > 0) {
            return oid;
        }
        long limit = state.nextOid;
        do {
            segment++;
        } while (Oids.firstOidOf(segment) < limit && live.get(segment) == 0);
        return Math.min(limit, Oids.firstOidOf(segment));
    }

    /** Bytes of the cluster file given to clusters so far: the file may be longer, sparse past them. */
    public long allocatedBytes() {
        checkOpen();
        return freeSpace.allocatedEnd();
    }

    /** Bytes free for reuse below {@link #allocatedBytes()}, freed objects' and moved objects' space included. */
    public long freeBytes() {
        checkOpen();
        return freeSpace.freeBytes();
    }

    /**
     * Whether a committed object with this OID exists.
     *
     * @throws StoreCorruptedException the OID's table entry fails its checks
     */
    public boolean contains(long oid) {
        checkOpen();
        return objects.load(oid, entry);
    }

    /** The class id stored with the object; {@link StoreCorruptedException} if the object does not exist. */
    public int classId(long oid) {
        checkOpen();
        objects.loadExisting(oid, entry);
        return entry.classId;
    }

    /** The object's length in bytes; {@link StoreCorruptedException} if the object does not exist. */
    public int length(long oid) {
        checkOpen();
        objects.loadExisting(oid, entry);
        return entry.length;
    }

    /**
     * Wraps {@code view} over the object's committed bytes, after checking them against their
     * checksum, and returns it: over the mapping when the bytes lie in one mapped region, else over
     * a copy. The view is valid until the next commit and must not be used after {@link #close()}.
     *
     * @throws StoreCorruptedException the object does not exist, or its entry or bytes fail their checks
     */
    public LittleEndianBuffer read(long oid, LittleEndianBuffer view) {
        checkOpen();
        objects.loadExisting(oid, entry);
        return objects.read(entry, view);
    }

    /**
     * Wraps {@code view} over the committed bytes of {@code oid} as {@link #read} does, without checking them
     * against their checksum: for a caller that read them through {@link #read} or put them itself since they
     * were last written.
     */
    public LittleEndianBuffer view(long oid, LittleEndianBuffer view) {
        checkOpen();
        objects.loadExisting(oid, entry);
        return objects.view(entry, view);
    }

    /**
     * Wraps {@code view} over the first {@code length} committed bytes of {@code oid} (all of them if it is shorter),
     * as {@link #view} does: for a caller that needs the start of a long object alone.
     */
    public LittleEndianBuffer view(long oid, int length, LittleEndianBuffer view) {
        checkOpen();
        objects.loadExisting(oid, entry);
        return objects.view(entry, length, view);
    }

    /**
     * Wraps {@code view} over the first {@code length} committed bytes of {@code oid} (all of them if it is shorter),
     * as {@link #view(long, int, LittleEndianBuffer)} does, if the object is of class {@code classId}; null if it is
     * of another: one look at the object's entry for a caller that would otherwise ask its class first.
     */
    public LittleEndianBuffer viewOfClass(long oid, int classId, int length, LittleEndianBuffer view) {
        checkOpen();
        objects.loadExisting(oid, entry);
        return entry.classId == classId ? objects.view(entry, length, view) : null;
    }

    /**
     * Hands the OID of every committed object of {@code oid}'s logical segment to {@code action}, in
     * slot order ({@code oid} included): the fault unit {@code fault=segment}. The reserved root and
     * catalog objects are never handed out, nor an object whose table entry fails its checks: reading that one alone
     * raises {@link StoreCorruptedException}, and the others of its unit can still be read.
     */
    public void forEachInSegment(long oid, LongConsumer action) {
        checkOpen();
        long first = Oids.firstOidOf(Oids.segment(oid));
        long end = Math.min(first + Oids.SLOTS_PER_SEGMENT, state.nextOid);
        for (long member = Math.max(first, Oids.FIRST_NEW_OID); member < end; member++) {
            if (objects.existsIntact(member, unitEntry)) {
                action.accept(member);
            }
        }
    }

    /**
     * Hands the OID of every committed object whose segment has its table in the same cluster as the
     * table of {@code oid}'s segment to {@code action}, segment by segment: the fault unit
     * {@code fault=cluster} (a physical segment). A segment's new objects go to its table's cluster while it has
     * room, then to the last cluster (see {@link Placement}): the unit is the segments whose tables share a cluster,
     * wherever their objects lie.
     */
    public void forEachInCluster(long oid, LongConsumer action) {
        checkOpen();
        long table = segments.tableOffset(Oids.segment(oid));
        if (table == 0) {
            return;
        }
        long cluster = layout.clusterIndex(table);
        for (long segment = 0; segment < segments.count(); segment++) {
            long other = segments.tableOffset(segment);
            if (other != 0 && layout.clusterIndex(other) == cluster) {
                forEachInSegment(Oids.firstOidOf(segment), action);
            }
        }
    }

    /**
     * A {@link StoreCorruptedException} for object bytes that the layer above found malformed,
     * naming the cluster file and the offset of the object's bytes.
     */
    public StoreCorruptedException corruptObject(long oid, String problem) {
        checkOpen();
        objects.loadExisting(oid, entry);
        return new StoreCorruptedException(clusters.file(), entry.offset, "Object " + oid + " is malformed: " + problem);
    }

    /** Begins a transaction; at most one is open at a time. {@link ReadOnlyStoreException} if the store is read-only. */
    public Transaction begin() {
        checkOpen();
        requireWritable("commit");
        if (transaction != null) {
            throw new IllegalStateException("A transaction is already open on " + directory
                + "; commit or abandon it before beginning another");
        }
        // before the transaction reads the object tables, which another process that a deleted lock file let in may
        // have changed: they would be refused as damaged
        if (filesInPlace.due(commitLookInterval())) {
            requireFilesInPlace("Commit " + (state.lastCommit + 1));
        }
        puts.clear();
        objects.transactionBegun();
        transaction = new Transaction(this, puts);
        return transaction;
    }

    /** Live counters of what the store has logged, compared, moved and recovered, and where commit time went. */
    public StoreCounters counters() {
        return counters;
    }

    /**
     * Forces the cluster file and the segment directory to the disk, records the state in the next
     * checkpoint slot of the cluster file header, forces it, and resets the WAL. Done automatically
     * when the WAL passes {@link StoreConfig#checkpointWalBytes()}, or the space that SPLICE records read and
     * that is held from reuse until a checkpoint passes the bytes in use (see {@code heldBytesLimit}), and on
     * {@link #close()}.
     * {@link ReadOnlyStoreException} if the store is read-only.
     */
    public void checkpoint() {
        checkOpen();
        requireWritable("checkpoint");
        if (!wal.hasBlocks() && state.checkpointedCommit == state.lastCommit && wal.epoch() == state.checkpointSequence
            && wal.storeId() == state.storeId) {
            return;
        }
        writeCheckpoint();
    }

    /** Writes the next checkpoint, whether or not anything changed since the last one: see {@link #checkpoint()}. */
    private void writeCheckpoint() {
        requireFilesInPlace("The checkpoint");
        long start = System.nanoTime();
        try {
            writeCheckpoint(clusters, segments, wal, state);
        } catch (StoreException e) {
            throw failed(e);
        }
        freeSpace.releaseHeld();
        counters.checkpoints++;
        counters.checkpointNanos += System.nanoTime() - start;
    }

    /**
     * Makes what the files hold durable, then the next checkpoint of {@code state}, which it records, and retires the
     * log's blocks. A log that still follows the checkpoint before the last one (a process ended after it wrote the
     * last one and before it had reset the log, so the last one holds its blocks) is retired first: the next
     * checkpoint takes that one's slot, and a crash before the log was reset would leave a log that follows neither
     * slot, which no open accepts.
     */
    private static void writeCheckpoint(ClusterFile clusters, SegmentDirectory segments, WriteAheadLog wal,
        StoreState state) {
        if (wal.epoch() != state.checkpointSequence) {
            wal.reset(state.checkpointSequence, wal.storeId());
        }
        Checkpoint next = new Checkpoint(state.checkpointSequence + 1, state.lastCommit, state.nextOid,
            state.allocatedEnd, segments.count(), state.storeId);
        clusters.force();
        segments.force();
        clusters.writeCheckpoint(next);
        clusters.force();
        CrashWindows.beforeWalReset();
        wal.reset(next.sequence(), next.storeId());
        state.checkpointSequence = next.sequence();
        state.checkpointedCommit = state.lastCommit;
    }

    /**
     * Gives disk space back: moves the objects and segment tables of the clusters at the end of the cluster file
     * into free space lower down, lowers the allocated end ({@link #allocatedBytes()}) past the clusters that
     * empties, checkpoints, and cuts the cluster file there, so that the disk blocks past it are freed (the file
     * stays sparse to a whole number of mapped regions). A moved object keeps its OID, bytes, class id and
     * checksum; only its table entry changes. Free space between live clusters stays in the file, for later
     * objects.
     *
     * <p>Works in steps, each one commit that moves about 4 MiB (see {@link Compaction}), numbered on from
     * {@link #lastCommit()}; {@code listener} hears of each once it is applied. A crash at any moment leaves a
     * store that opens with every commit intact, as for any commit. A table whose segment's objects take more
     * than 64 MiB, or an object for which no free space below is left, stops the steps; the result says which.
     * Views from {@link #read} are invalid afterwards, as after a commit. A store with nothing to give back is
     * left as it is: no commit, and no checkpoint unless the old places of objects that commits spliced since
     * the last one are held (see {@link WalDescriptor}), which it frees first.
     *
     * @throws ReadOnlyStoreException the store is read-only
     * @throws IllegalStateException  a transaction is open
     * @throws StoreCorruptedException a table entry or an object to move fails its checks (nothing after the last
     *                                 step is changed)
     */
    public CompactionResult compact(CompactionListener listener) {
        return compact(listener, Compaction.STEP_BYTES);
    }

    /** Compacts as {@link #compact(CompactionListener)} does, in steps of about {@code stepBytes}: for tests. */
    CompactionResult compact(CompactionListener listener, long stepBytes) {
        checkOpen();
        requireWritable("compact");
        Objects.requireNonNull(listener, "listener");
        if (transaction != null) {
            throw new IllegalStateException("A transaction is open on " + directory
                + "; commit or abandon it before compacting the store");
        }
        if (freeSpace.heldBytes() > 0) {
            checkpoint(); // frees the old places of spliced objects, which compaction may then fill or cut off
        }
        return new Compaction(this, objects, segments, clusters, placement, layout, puts, stepBytes).run(listener);
    }

    /** Checkpoints (unless read-only), unmaps the cluster file and releases the lock. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (transaction != null) {
            transaction.abandon();
        }
        try {
            if (!config.readOnly()) {
                requireFilesInPlace("The checkpoint of close()"); // also where there is nothing to checkpoint
                checkpoint();
            }
        } finally {
            if (!closed) {
                StoreException failure = release();
                if (failure != null) {
                    throw failure;
                }
            }
        }
    }

    // ---- for Transaction, tests and the tool ----

    ObjectTable objects() {
        return objects;
    }

    FreeSpace freeSpace() {
        return freeSpace;
    }

    ClusterLayout layout() {
        return layout;
    }

    PendingPuts pendingPuts() {
        return puts;
    }

    BlockBuilder blockBuilder() {
        return builder;
    }

    /**
     * The first OID a transaction's {@code newObject()} hands out: the next one of the open segment, whatever cluster
     * its objects go to (starting a segment because the file had grown past the open one's cluster left its slots and
     * its table unused), unless the objects it got since it was opened pass {@link #MAX_OPEN_SEGMENT_BYTES}, as large
     * objects do: compaction moves a segment's objects with its table, up to {@link Compaction#MAX_TABLE_MOVE_BYTES}.
     */
    long firstNewOid() {
        long nextOid = state.nextOid;
        long segment = Oids.segment(nextOid);
        if (Oids.slot(nextOid) != 0 && openSegmentBytes(segment) > MAX_OPEN_SEGMENT_BYTES) {
            return Oids.firstOidOf(segment + 1);
        }
        return nextOid;
    }

    /** The bytes of {@code segment}'s objects: counted from its table when it becomes the open one, then per commit. */
    private long openSegmentBytes(long segment) {
        if (segment != openSegment) {
            long bytes = 0;
            long first = Oids.firstOidOf(segment);
            for (int slot = 0; slot < Oids.SLOTS_PER_SEGMENT; slot++) {
                if (objects.load(first + slot, openSegmentEntry)) { // a damaged entry fails here, and again next time
                    bytes += layout.extent(openSegmentEntry.length);
                }
            }
            openSegment = segment;
            openSegmentBytes = bytes;
        }
        return openSegmentBytes;
    }

    void checkCommitNumber(long commitNumber) {
        if (commitNumber <= state.lastCommit) {
            throw new IllegalArgumentException("Commit number " + commitNumber
                + " must be greater than the last commit, " + state.lastCommit);
        }
    }

    /** Logs and applies what compaction staged in the pending puts as the next commit, in the plan it opened. */
    void commitStaged() {
        try {
            commit(NULL_OID, state.lastCommit + 1);
        } finally {
            puts.clear();
        }
    }

    /** Logs, applies and counts what {@code puts} holds; see {@link Transaction#commit}. */
    long commit(long nextNewOid, long commitNumber) {
        checkOpen(); // a compaction listener may have closed the store
        try {
            return logAndApply(nextNewOid, commitNumber);
        } finally {
            builder.letGoOfLargeCapacity();
        }
    }

    private long logAndApply(long nextNewOid, long commitNumber) {
        long start = System.nanoTime();
        if (filesInPlace.due(commitLookInterval())) { // as begin() does: a compaction commits without it
            requireFilesInPlace("Commit " + commitNumber);
        }

        int length = builder.build(commitNumber, state.checkpointSequence, puts, nextNewOid, state, segments);
        if (length == 0) {
            return commitNumber;
        }
        long walOffset = wal.size();
        try {
            try {
                clusters.ensureCapacity(freeSpace.allocatedEnd());
            } catch (StoreIOException e) {
                if (FileIo.closedTheFile(e.getCause())) {
                    throw new StoreIOException(e.getMessage() + " Commit " + commitNumber + " was not made, before"
                        + " anything was logged, and the store was closed.", e.getCause());
                }
                throw new StoreIOException(e.getMessage() + " Commit " + commitNumber + " was not made, before anything"
                    + " was logged, and the store is still usable: free space, then commit again.", e.getCause());
            }
            wal.write(builder.bytes(), commitNumber);
            counters.writeNanos += System.nanoTime() - start;
            CrashWindows.afterWalWrite();
            if (config.syncOnCommit()) {
                long forceStart = System.nanoTime();
                wal.force(commitNumber);
                counters.forceNanos += System.nanoTime() - forceStart;
            }
        } catch (StoreIOException e) {
            freeSpace.rollback();
            if (!wal.intact() || FileIo.closedTheFile(e.getCause())) {
                failed(e);
            }
            throw e;
        }
        freeSpace.endPlan();
        CrashWindows.afterWalForce();
        apply(commitNumber, walOffset);
        CrashWindows.afterApply(commitNumber);
        if (Oids.segment(state.nextOid) == openSegment) {
            openSegmentBytes += puts.newBytes();
        }
        if (wal.size() > config.checkpointWalBytes() || freeSpace.heldBytes() > heldBytesLimit()) {
            checkpointAfterCommit(commitNumber);
        }
        return commitNumber;
    }

    /**
     * The held space (the old places of spliced objects, see {@link FreeSpace#hold}) past which a commit checkpoints
     * to reuse it: the bytes in use (allocated, neither free nor held), at least {@link #MIN_HELD_BYTES}, at most the
     * log's limit. A collection rewritten larger at every commit would otherwise grow the file by its whole image
     * each time; a share of the allocated bytes would count free space that no image fits (and then never be
     * reached), or checkpoint at nearly every commit of a large object.
     */
    private long heldBytesLimit() {
        long inUse = freeSpace.allocatedEnd() - freeSpace.freeBytes() - freeSpace.heldBytes();
        return Math.min(config.checkpointWalBytes(), Math.max(MIN_HELD_BYTES, inUse));
    }

    private void apply(long commitNumber, long walOffset) {
        long start = System.nanoTime();
        try {
            applier.apply(builder.block(), walOffset, (builder.records() + 1) / 2);
            builder.applied(freeSpace);
        } catch (RuntimeException | InternalError e) {
            // An InternalError is how the JVM reports a fault in a mapped access, such as a page that a full disk
            // cannot back.
            String why = e instanceof InternalError ? "a write through its mapping faulted (" + e.getMessage()
                + "), as it does when the disk is full." : e.getMessage();
            throw failed(new CommitNotAppliedException(commitNumber, "Commit " + commitNumber + " is durable in "
                + wal.file() + ", but applying it to " + clusters.file() + " failed, so the store was closed: "
                + why + " Do not commit the same changes again: reopen the store, and recovery applies"
                + " commit " + commitNumber + " (the store's last commit is then " + commitNumber + ").", e));
        }
        state.lastCommit = commitNumber;
        builder.countLogged(counters);
        counters.applyNanos += System.nanoTime() - start;
    }

    /**
     * A failed checkpoint does not undo the durable commit before it, whose block stays in the log: it closes the store,
     * and the commit reports that it is durable, as one whose apply failed does, so that its changes are not made again.
     */
    private void checkpointAfterCommit(long commitNumber) {
        try {
            checkpoint();
        } catch (StoreException e) {
            if (e == filesRefusal) { // a file deleted, replaced or cut under the store, which may have taken the commit with it
                throw new CommitNotAppliedException(commitNumber, "Commit " + commitNumber + " was logged, but the"
                    + " checkpoint after it found a store file changed under the open store: " + e.getMessage()
                    + " Read the store back to see whether commit " + commitNumber + " is there before making its"
                    + " changes again.", e);
            }
            throw failed(new CommitNotAppliedException(commitNumber, "Commit " + commitNumber + " is durable in "
                + wal.file() + ", but the checkpoint after it failed, so the store was closed: " + e.getMessage()
                + " Do not commit the same changes again: reopen the store, and recovery applies commit " + commitNumber
                + " from the log (the store's last commit is then " + commitNumber + ").", e));
        }
    }

    /**
     * Refuses {@code action} and closes the store if a file was deleted, replaced or cut under it: see
     * {@link FilesInPlace}. A commit looks only when {@link FilesInPlace#due} says so.
     */
    private void requireFilesInPlace(String action) {
        StoreCorruptedException refusal = filesInPlace.refusal(action);
        if (refusal != null) {
            filesRefusal = refusal;
            throw failed(refusal);
        }
    }

    private long commitLookInterval() {
        return config.syncOnCommit() ? FilesInPlace.FORCED_LOOK_NANOS : FilesInPlace.UNFORCED_LOOK_NANOS;
    }

    /** Raises {@link ReadOnlyStoreException} for {@code action} (a verb phrase) if the store was opened read-only. */
    public void requireWritable(String action) {
        if (config.readOnly()) {
            throw new ReadOnlyStoreException("The store in " + directory + " was opened read-only, so it cannot " + action
                + ". Open it without readOnly to do so.");
        }
    }

    void transactionFinished(Transaction finished) {
        if (transaction == finished) {
            transaction = null;
            objects.transactionEnded();
        }
    }

    void checkOpen() {
        if (closed) {
            String reason = closedBy == null ? "" : " after a failure (" + closedBy.getMessage() + ")";
            throw new StoreClosedException("The store in " + directory + " was closed" + reason
                + "; open it again to use it.");
        }
    }

    /** Closes the store after a failure that leaves its files to be repaired by recovery; returns {@code e}. */
    private StoreException failed(StoreException e) {
        if (!closed) {
            closedBy = e;
            StoreCorruptedException writtenBack = filesInPlace == null ? null : filesInPlace.writeBackBeforeClosing();
            if (writtenBack != null) {
                e.addSuppressed(writtenBack);
            }
            if (transaction != null) {
                transaction.abandon();
            }
            StoreException releaseFailure = release();
            if (releaseFailure != null) {
                e.addSuppressed(releaseFailure);
            }
        }
        return e;
    }

    /** Unmaps and closes the files and releases the lock; returns what failed, or null. */
    private StoreException release() {
        closed = true;
        StoreIOException failure = Closer.closeAfter(
            new StoreIOException("Cannot close the files of the store in " + directory, null),
            clusters, wal, segments, lock);
        builder.leaveBlockMemory();
        return failure.getSuppressed().length == 0 ? null : failure;
    }
}
