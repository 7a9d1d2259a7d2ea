package org.swizzle.store;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreException;
import org.swizzle.StoreIOException;

/**
 * A directory of files holding objects as bytes under OIDs, changed by transactions that are
 * durable when they commit. This is the whole API the object manager uses to store objects; it
 * knows nothing of Java classes.
 *
 * <p>Files: {@code swizzle.clusters} (objects, mapped read-only), {@code swizzle.segments} (where
 * each segment's object table is), {@code swizzle.wal} (redo log) and {@code swizzle.lock}. Reads
 * go through the mapping without copying; commits go to the WAL first, then to the cluster file.
 *
 * <p>Not thread-safe: use a store from one thread at a time.
 */
public final class SegmentStore implements AutoCloseable {
    public static final long NULL_OID = 0;
    /** Reserved for the root directory, written by the object manager; absent until first put. */
    public static final long ROOTS_OID = 1;
    /** Reserved for the class catalog, written by the object manager; absent until first put. */
    public static final long CATALOG_OID = 2;

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
    private final BlockApplier applier;
    private final BlockBuilder builder;
    private final PendingPuts puts = new PendingPuts();
    private final StoreCounters counters = new StoreCounters();
    private Transaction transaction;
    private boolean closed;
    private StoreException closedBy;

    private SegmentStore(Path directory, StoreConfig config, StoreLock lock, SegmentDirectory segments,
        ClusterFile clusters, WriteAheadLog wal) {
        this.directory = directory;
        this.config = config;
        this.lock = lock;
        this.segments = segments;
        this.clusters = clusters;
        this.wal = wal;
        this.state = new StoreState(clusters.header());
        this.layout = new ClusterLayout(clusters.header().clusterSize());
        this.objects = new ObjectTable(segments, clusters);
        this.applier = new BlockApplier(clusters, segments, state, wal.file());
        this.builder = new BlockBuilder(layout);
    }

    /**
     * Opens the store in {@code dir}, creating the directory and an empty store if absent; locks it,
     * checks the files' formats and replays the WAL left by a process that did not close the store.
     *
     * @throws org.swizzle.StoreLockedException  another process, or this JVM, has the store open
     * @throws org.swizzle.StoreFormatException  a file is not a store file, or of a newer format
     * @throws StoreCorruptedException           a file fails its checks
     */
    public static SegmentStore open(Path dir, StoreConfig config) {
        return open(dir, config, FileChannelFactory.DEFAULT);
    }

    static SegmentStore open(Path dir, StoreConfig config, FileChannelFactory files) {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(config, "config");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StoreIOException("Cannot create the store directory " + dir + ": " + e, e);
        }
        StoreLock lock = StoreLock.acquire(dir);
        SegmentDirectory segments = null;
        ClusterFile clusters = null;
        WriteAheadLog wal = null;
        try {
            NewStore.createIfAbsent(dir, config.clusterSize(), files);
            segments = SegmentDirectory.open(dir.resolve(SegmentDirectoryDescriptor.FILE_NAME), files);
            clusters = ClusterFile.open(dir.resolve(ClusterFileDescriptor.FILE_NAME), config.regionSize(), files);
            wal = WriteAheadLog.open(dir.resolve(WalDescriptor.FILE_NAME), files);
            SegmentStore store = new SegmentStore(dir, config, lock, segments, clusters, wal);
            store.recover();
            return store;
        } catch (RuntimeException e) {
            throw Closer.closeAfter(e, clusters, wal, segments, lock);
        } catch (Error e) {
            throw Closer.closeAfter(e, clusters, wal, segments, lock);
        }
    }

    private void recover() {
        counters.commitsRecovered = new Recovery(wal, applier, state).run();
        clusters.ensureCapacity(state.nextFree);
        segments.verify(layout, state.nextFree);
        if (clusters.header().clusterSize() != config.clusterSize()) {
            LOG.log(Level.DEBUG, () -> directory + " keeps the cluster size it was created with, "
                + clusters.header().clusterSize() + " bytes, not " + config.clusterSize());
        }
        checkpoint();
    }

    /** The directory holding the store's files. */
    public Path directory() {
        return directory;
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

    /** Whether a committed object with this OID exists. */
    public boolean contains(long oid) {
        checkOpen();
        return objects.contains(oid);
    }

    /** The class id stored with the object; {@link StoreCorruptedException} if the object does not exist. */
    public int classId(long oid) {
        checkOpen();
        return objects.classId(objects.existingEntry(oid));
    }

    /** The object's length in bytes; {@link StoreCorruptedException} if the object does not exist. */
    public int length(long oid) {
        checkOpen();
        return objects.length(objects.existingEntry(oid));
    }

    /**
     * Wraps {@code view} over the object's committed bytes and returns it: over the mapping when the
     * bytes lie in one mapped region, else over a copy. The view is valid until the next commit and
     * must not be used after {@link #close()}.
     *
     * @throws StoreCorruptedException the object does not exist
     */
    public DirectBuffer read(long oid, UnsafeBuffer view) {
        checkOpen();
        return objects.read(oid, objects.existingEntry(oid), view);
    }

    /**
     * A {@link StoreCorruptedException} for object bytes that the layer above found malformed,
     * naming the cluster file and the offset of the object's bytes.
     */
    public StoreCorruptedException corruptObject(long oid, String problem) {
        checkOpen();
        return new StoreCorruptedException(clusters.file(), objects.objectOffset(objects.existingEntry(oid)),
            "Object " + oid + " is malformed: " + problem);
    }

    /** Begins a transaction; at most one is open at a time. */
    public Transaction begin() {
        checkOpen();
        if (transaction != null) {
            throw new IllegalStateException("A transaction is already open on " + directory
                + "; commit or abandon it before beginning another");
        }
        puts.clear();
        transaction = new Transaction(this, puts);
        return transaction;
    }

    /** Live counters of what the store has logged, compared, moved and recovered. */
    public StoreCounters counters() {
        return counters;
    }

    /**
     * Forces the cluster file and the segment directory to the disk, records the last commit in the
     * cluster file header and retires the WAL. Done automatically when the WAL passes
     * {@link StoreConfig#checkpointWalBytes()} and on {@link #close()}.
     */
    public void checkpoint() {
        checkOpen();
        if (wal.size() == 0 && state.checkpointedCommit == state.lastCommit) {
            return;
        }
        try {
            clusters.force();
            segments.force();
            clusters.writeState(state.lastCommit, state.nextOid, state.nextFree);
            clusters.force();
            wal.truncate(0);
        } catch (StoreException e) {
            throw failed(e);
        }
        state.checkpointedCommit = state.lastCommit;
        counters.checkpoints++;
    }

    /** Checkpoints, unmaps the cluster file and releases the lock. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (transaction != null) {
            transaction.abandon();
        }
        try {
            checkpoint();
        } finally {
            if (!closed) {
                StoreException failure = release();
                if (failure != null) {
                    throw failure;
                }
            }
        }
    }

    // ---- for Transaction ----

    ObjectTable objects() {
        return objects;
    }

    /** The first OID a transaction's {@code newObject()} hands out. */
    long firstNewOid() {
        return layout.nextNewOid(state.nextOid, segments.tableOffset(Oids.segment(state.nextOid)), state.nextFree);
    }

    void checkCommitNumber(long commitNumber) {
        if (commitNumber <= state.lastCommit) {
            throw new IllegalArgumentException("Commit number " + commitNumber
                + " must be greater than the last commit, " + state.lastCommit);
        }
    }

    /** Logs, applies and counts what {@code puts} holds; see {@link Transaction#commit}. */
    long commit(long nextNewOid, long commitNumber) {
        int length = builder.build(commitNumber, puts, nextNewOid, state, segments);
        if (length == 0) {
            return commitNumber;
        }
        clusters.ensureCapacity(builder.nextFree());
        long walOffset = wal.size();
        try {
            wal.append(builder.bytes(), config.syncOnCommit(), commitNumber);
        } catch (StoreIOException e) {
            if (!wal.intact()) {
                failed(e);
            }
            throw e;
        }
        try {
            applier.apply(builder.block(), walOffset);
        } catch (StoreException e) {
            throw failed(new StoreIOException("Commit " + commitNumber + " is durable in " + wal.file()
                + " but applying it to " + clusters.file() + " failed, so the store was closed: " + e.getMessage()
                + " Reopen the store; recovery applies the commit.", e));
        }
        state.lastCommit = commitNumber;
        builder.countLogged(counters);
        if (wal.size() > config.checkpointWalBytes()) {
            checkpointAfterCommit(commitNumber);
        }
        return commitNumber;
    }

    /** A failed checkpoint does not undo the durable commit before it: it closes the store, for the next call to report. */
    private void checkpointAfterCommit(long commitNumber) {
        try {
            checkpoint();
        } catch (StoreException e) {
            LOG.log(Level.ERROR, "Commit " + commitNumber + " is durable, but the checkpoint after it failed and "
                + directory + " was closed; reopen the store", e);
        }
    }

    void transactionFinished(Transaction finished) {
        if (transaction == finished) {
            transaction = null;
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
        return failure.getSuppressed().length == 0 ? null : failure;
    }
}
