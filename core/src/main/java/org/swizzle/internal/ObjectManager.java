package org.swizzle.internal;

import java.lang.System.Logger.Level;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import org.swizzle.store.ImageBatch;
import org.swizzle.store.LittleEndianBuffer;
import org.agrona.collections.IntArrayList;
import org.agrona.collections.LongArrayList;
import org.agrona.collections.LongHashSet;
import org.swizzle.IncompatibleSchemaException;
import org.swizzle.InvalidOptionException;
import org.swizzle.NotPersistentException;
import org.swizzle.ObjectIndex;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreConfinedException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreException;
import org.swizzle.StoreOptions;
import org.swizzle.StoreStats;
import org.swizzle.UnsupportedClassException;
import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.WrongRootTypeException;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;
import org.swizzle.store.Transaction;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.PageSlot;
import org.swizzle.internal.tracked.Backed;
import org.swizzle.internal.tracked.Paged;
import org.swizzle.internal.tracked.Sections;
import org.swizzle.internal.tracked.Sequenced;
import org.swizzle.internal.tracked.TrackedArrayList;
import org.swizzle.internal.tracked.TrackedHashMap;

/**
 * The object manager of one open store: it faults hollow objects in (filled in place, a whole fault
 * unit at a time), keeps one Java object per OID, swizzles stored references as the configured
 * {@link Swizzling} scheme says, and commits by diffing the candidates its {@link UpdateDetector}
 * finds: they are unswizzled and handed to the store, which logs only the bytes that differ from the
 * committed ones; new objects reachable from them become persistent on the way.
 *
 * <p>Threads: many threads may read and fault at once; faults are serialized on the manager, so
 * there is one fault per object and one instance per OID, and a filled object is published (its fields
 * and its card address) with a release fence before its state says resident, which every residency
 * check reads with acquire semantics. Commits and aborts take the same lock, and applications must not
 * touch persistent objects in other threads meanwhile.
 *
 * <p>Re-hollowing clears the fields of a resident object, so it happens only where no thread can be
 * reading them, which a residency check that costs one load cannot detect (a thread may have passed
 * its check and not yet loaded the field). That is where the application says so: in a commit or an
 * abort, which no other thread overlaps; and in a fault of a store opened {@link StoreOptions#confined()
 * confined} to one thread (that thread is the only reader, and it is inside the fault, not between a
 * check and a load), except under {@code checks=entry}, where a method of a resident object may be
 * running on that thread, its receiver checked only at entry. A shared store keeps every object its
 * threads faulted until the next commit or abort. One exception, in any store: a collection read that fails makes
 * the objects it published hollow again ({@link #hollowAgain}), since they may hold what it left partly filled; only
 * a thread that held one of those instances, hollow, and touched it while the read went on can be reading them.
 */
public final class ObjectManager implements ObjectWriter.ReferenceResolver, ObjectReader.ReferenceSwizzler {

    private static final System.Logger LOG = System.getLogger("org.swizzle.core");

    private final SegmentStore store;
    private final Path directory;
    private final Catalog catalog;
    private final Roots roots = new Roots();
    private final ResidentTable table = new ResidentTable();
    private final StoredCollections collections = new StoredCollections(table, this::page, this::checkOnceReadWhole,
        collection -> requireOwner("changed the collection reached through field ", collection.origin()));
    private final ResidentSpace space = new ResidentSpace();
    private final ObjectWriter writer = new ObjectWriter(this);
    /** The images a commit wrote, kept one after another in the writer's buffer until it puts them in one call. */
    private final ImageBatch images = new ImageBatch();
    private final SharedStrings strings = new SharedStrings();
    private final ObjectReader reader = new ObjectReader(this, strings);
    private final LittleEndianBuffer view = LittleEndianBuffer.empty();
    private final Budget budget;
    private final ResidentPages residentPages;
    private final Barrier barrier = AgentOptions.current().barrier();
    private final RememberedSet remembered = new RememberedSet();
    private final UpdateDetector detector = UpdateDetector.of(barrier, space, remembered);
    private final Counters counters = new Counters();
    private final StoredReferences committedReferences;
    private final PagedArrays pagedArrays;
    private final Collector collector;
    /** Starts cycles by itself; null unless the store was opened with {@link StoreOptions#automaticCollection()}. */
    private final AutomaticCollection automatic;
    private final Swizzling swizzling = AgentOptions.current().swizzle();
    private final FaultUnit faultUnit = AgentOptions.current().fault();
    /** The thread a {@link StoreOptions#confined()} store belongs to; {@code null} for a shared store. */
    private final Thread owner;
    /** Whether faults may re-hollow for the budget: see the class comment. */
    private final boolean rehollowOnFault;
    /** Under {@code swizzle=eager}, the objects the current fault's unit refers to, made resident after it. */
    private final List<Persistable> eagerTargets = new ArrayList<>();
    /** The objects read with others by a fault whose failure was logged: each is logged once. */
    private final LongHashSet unreadCompanions = new LongHashSet();
    /**
     * The faults in progress on the faulting thread: a fault nested in another (a {@code hashCode} of a set element
     * read by a fill, an eager target's fill) re-hollows nothing, since the object the outermost fault is for was
     * made resident already and its accessor has yet to read it; the outermost fault trims, keeping that object.
     */
    private int faultDepth;
    /** The last exception the application's code threw into a read ({@link #applicationThrew}). */
    private RuntimeException applicationFailure;
    private boolean collectingTargets;

    /**
     * What the commit in progress has still to write: objects ({@link Persistable}) and stored collections
     * ({@link Attachment}) in one queue, so that the new ones, which take their OIDs as they join it, are written
     * and staged in OID order, the order the store places and logs them in, which it then need not sort.
     */
    private ArrayDeque<Object> pending = new ArrayDeque<>();
    /** How many objects and collections the commit in progress took from {@link #pending}. */
    private int pendingTaken;
    private final ArrayList<Persistable> created = new ArrayList<>();
    private final IntArrayList createdLengths = new IntArrayList();
    /** The directory sections the commit in progress wrote: each one's sections, index and OID before. */
    private final List<Sections> writtenSections = new ArrayList<>();
    private final IntArrayList writtenSectionIndexes = new IntArrayList();
    private final LongArrayList writtenSectionOids = new LongArrayList();
    private Transaction transaction;
    /** Whether the writer writes values only to compare them with their committed bytes: no page of an array is put. */
    private boolean comparingValues;
    /**
     * Resident objects holding arrays or collections that can change without their barrier (an array handed
     * to code that may write it, a collection the application made): compared with their committed bytes at
     * every commit until they are reloaded. Flagged {@link Persistable#WATCHED}.
     */
    private final List<Persistable> watched = new ArrayList<>();
    /** The watched collections the commit in progress wrote, which keep what it wrote once it succeeds. */
    private final List<Attachment> remembering = new ArrayList<>();
    /** The objects the commit in progress found with pages of their arrays marked ({@link #addChangedArrays}). */
    private final Set<Persistable> arrayOwners = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Objects whose large array a method kept to itself ({@link #keeps}): they stay resident, as watched ones do. */
    private final Set<Persistable> keptOwners = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The arrays watched objects held as committed, which {@code abort()} gives back to them. */
    private final CommittedFieldArrays committedFieldArrays = new CommittedFieldArrays();
    /**
     * The collections {@code abort()} detached that held arrays, by OID, until they are read again ({@link
     * #keepArraysOf}), and the objects that hold them, to fill again before it returns.
     */
    private final Map<Long, Object> keptCollections = new HashMap<>();
    /**
     * The outermost collections on the way to those {@link #keepArraysOf} kept (each kept one, or a collection holding
     * it) that only objects hold: one that no holder's fill read again is read by itself.
     */
    private final List<Attachment> keptOutermost = new ArrayList<>();
    private final Set<Persistable> refillForKeptArrays = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The collections {@link #refillHolder} went through, so that a cycle of collections holding one another ends. */
    private final Set<Attachment> refillingThrough = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The paged collections read again while {@link #keptCollections} held pages, whose kept pages are read at once. */
    private final List<Paged> readForKeptArrays = new ArrayList<>();
    /** Objects the current commit found holding such values, watched once it succeeds. */
    private final List<Persistable> toWatch = new ArrayList<>();
    private final Map<String, HashIndex<?, ?>> indexes = new LinkedHashMap<>();
    /** Whether a collection cycle ended since the indexes last dropped the entries of freed objects. */
    private boolean indexesHoldFreed;
    /** Objects the current commit wrote, for the indexes; collected only when there are indexes. */
    private final ArrayList<Persistable> written = new ArrayList<>();
    /** The object or collection being read, for messages and to tell a nested read; null between reads. */
    private Object reading;
    /** Reads of stored collections in progress; while there is one, a collection met is filled after it. */
    private int collectionsReading;
    /** The collections made and registered by the reads in progress, in the order they were made. */
    private final List<UnfilledCollection> madeInRead = new ArrayList<>();
    /** Those of {@link #madeInRead} not filled yet, by instance, for one met again as a key, which is filled first. */
    private final Map<Object, UnfilledCollection> unfilled = new IdentityHashMap<>();
    /** The checks of chunks read in a cycle, run again when the outermost read is done. */
    private final PageChecks pageChecks = new PageChecks();
    /** The keys (persistent, or collections) the faults in progress put into sets and maps, checked when the outermost is done. */
    private final MisplacedKeys misplacedKeys = new MisplacedKeys(new MisplacedKeys.Owner() {
        @Override
        public Attachment attachmentOf(Object collection) {
            return collections.find(collection);
        }

        @Override
        public void abandon(Object collection, Throwable failure) {
            abandonShort(collection, failure);
        }
    });
    /** How many page reads are in progress: a key met equal inside one is refused at once, not kept aside. */
    private int pageReads;
    /** The collections made by the reads in progress (those of {@link #madeInRead}), which a search for waiting ones enters. */
    private final Map<Object, UnfilledCollection> madeNow = new IdentityHashMap<>();
    /**
     * Whether a search for waiting collections enters a collection: one the reads in progress made, which may hold
     * some, unless it is paged (its pages are read on their own, and reading them to search them would read them all).
     */
    private final Predicate<Object> searchable = collection -> madeNow.containsKey(collection) && !isPaged(collection);
    /** The collections being filled now, on the fill stacks: one handed out again may be hashed before it holds all. */
    private final Set<Object> fillingNow = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Whether a collection is one of {@link #unfilled}. */
    private final Predicate<Object> waits = unfilled::containsKey;
    /** The hollow keys read ahead of going in by {@link #waitingInKey}, until they are published. */
    private final Map<Persistable, KeyRead> keysRead = new IdentityHashMap<>();
    /**
     * The collection reads in progress ({@link #decodeCollection}, {@link #readWhole}), however nested: unlike
     * {@link #collectionsReading}, which a fill nested in a read starts again from 0, it counts every one until it ends.
     */
    private int publishingReads;
    /**
     * The objects published while collection reads were in progress, such as a key published while a set of its own was
     * still on a fill stack (a cycle of keys). If a read fails, those it published are hollow again, to be read whole at
     * their next touch: left resident, they would hold collections the failure left partly filled, which their next
     * commit would store as they are.
     */
    private final List<Persistable> publishedInRead = new ArrayList<>();
    /** While {@link #waitingInKey} reads a key: the collections its fields hold, made and left to be filled after. */
    private List<Object> keyCollections;
    /** {@link #waitingIn}, for the fills. */
    private final UnaryOperator<Object> toFillFirst = this::waitingIn;
    /**
     * The fills of persistent objects in progress inside a collection read: such an object may be read by a key's hash
     * (an object its hashCode reads), so a collection it holds, or holds through others, that the read made and has not
     * filled is filled at once.
     */
    private int fillsInRead;
    /** The fills of persistent objects in progress, which a failed read nested in one may spoil. */
    private final FillsInProgress fills = new FillsInProgress();
    /** The objects a read filled but for their collection fields, which {@link #readPending} reads before it ends. */
    private final ArrayDeque<Persistable> pendingFills = new ArrayDeque<>();
    /** The object whose fill leaves its collection fields for later now, or null. */
    private Persistable leavingCollections;
    /** Whether the fill of {@link #leavingCollections} left a collection field for later. */
    private boolean leftCollection;
    /** Whether {@link #readPending} runs: the faults it makes are nested in the outermost, and leave theirs to its loop. */
    private boolean readingPending;
    /** Whether the fill that returned last left its object {@link Persistable#PENDING}. */
    private boolean leftPending;
    /** Under {@code checks=entry} a method of the class reads its fields with no getter to read a field left for later. */
    private final boolean leavesCollections = !AgentOptions.current().checksOnEntry();
    private long readingOid;
    /** The field the collection being read was reached through first. */
    private String readingOrigin;

    /** Objects a collection step marks through, or OIDs it sweeps. */
    private static final int COLLECTION_STEP = 4096;
    /** Images at least this long whose fixed fields alone changed are put as those fields, not copied whole. */
    private static final int PREFIX_PUT_LENGTH = 16 * 1024;
    /** The bytes of images a commit keeps in the writer before it puts them. */
    private static final int IMAGES_PUT_AT = 256 * 1024;
    /** The most objects a commit may write or create and the next commit still keep the lists' arrays of. */
    private static final int KEPT_PER_COMMIT = 1 << 16;
    /** The most bytes of the writer's buffer a commit keeps for the next. */
    private static final int WRITER_KEPT_LENGTH = 4 * IMAGES_PUT_AT;
    /**
     * The most {@link #fillsInRead} nested in one another that read the collections their objects' fields hold at
     * once; a deeper one leaves them for later ({@link Persistable#PENDING}), so that objects linked through their keys'
     * hashes (edges hashed by the nodes they join, each node's set of edges read to hash the next) are read in a loop,
     * not by a recursion as deep as the chain, which ran out of stack a few hundred links deep.
     */
    private static final int MAX_FILLS_IN_READ = 16;

    private long commitNumber;
    private volatile boolean closed;
    /** This store's slot in {@link OpenStores}, which its objects' words name; {@link OpenStores#CLOSED} once closed. */
    private volatile int slot;

    private ObjectManager(SegmentStore store, StoreOptions options, ClassLoader loader) {
        this.store = store;
        this.directory = store.directory();
        this.catalog = new Catalog(loader, options.dropMissingClasses(), problem -> corrupted(SegmentStore.CATALOG_OID, problem));
        this.budget = new Budget(options.residentBudget(), detector, this::rehollow,
            object -> keptOwners.contains(object) || fills.contains(object));
        this.residentPages = new ResidentPages(options.residentBudget());
        this.owner = options.confined() ? Thread.currentThread() : null;
        this.rehollowOnFault = owner != null && !AgentOptions.current().checksOnEntry();
        this.commitNumber = store.lastCommit();
        this.committedReferences = new StoredReferences(store, catalog, new ObjectReader(this, strings));
        this.pagedArrays = new PagedArrays(store, catalog, counters);
        this.collector = new Collector(store, table, committedReferences, this::cycleEnded);
        this.automatic = options.automaticCollection() && !options.readOnly()
            ? new AutomaticCollection("swizzle-collector " + directory, this::collectCycle, usedBytes()) : null;
        this.slot = OpenStores.take(this);
    }

    /** Opens (creating, recovering) the store in {@code directory}. */
    public static ObjectManager open(Path directory, StoreOptions options) {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(options, "options");
        StoreConfig config = new StoreConfig(options.clusterSize(),
            options.durability() == StoreOptions.Durability.SYNC, options.checkpointLogBytes())
            .withCreateIfMissing(options.createIfMissing()).withReadOnly(options.readOnly());
        SegmentStore store = SegmentStore.open(directory, config);
        try {
            ObjectManager manager = new ObjectManager(store, options, applicationLoader());
            try {
                manager.loadDirectory();
            } catch (RuntimeException | Error e) {
                manager.detachObjects();
                throw e;
            }
            return manager;
        } catch (RuntimeException | Error e) {
            store.close();
            throw e;
        }
    }

    private static ClassLoader applicationLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ObjectManager.class.getClassLoader();
    }

    private void loadDirectory() {
        StoreDirectory.read(store, catalog, roots, reader);
    }

    public Path directory() {
        return directory;
    }

    int slot() {
        return slot;
    }

    /**
     * Moves every object this store made to {@link OpenStores#CLOSED}, and gives its slot back for the next store
     * opened: no object of this one may find that store through its word. Every such object is in the resident table
     * (a hollow one made by {@link #instance}, a new one by its commit) until the garbage collector releases it.
     */
    private synchronized void detachObjects() {
        int mine = slot;
        if (mine == OpenStores.CLOSED) {
            return;
        }
        slot = OpenStores.CLOSED;
        long closedStore = (long) OpenStores.CLOSED << StateWord.STORE_SHIFT;
        table.forEachObject(object -> {
            if (object instanceof Persistable && StateWord.store(((Persistable) object).$swz_word()) == mine) {
                StateWord.set((Persistable) object, StateWord.STORE_MASK, closedStore);
            }
        });
        OpenStores.release(mine);
    }

    /** The store's identity ({@link SegmentStore#storeId()}). */
    long storeId() {
        return store.storeId();
    }

    // ---------------------------------------------------------------- faulting

    /**
     * Makes the hollow {@code object} resident with its fault unit: fills it from its committed bytes,
     * and the other hollow objects of its segment or cluster with it; under {@code swizzle=eager} also
     * the objects the unit refers to.
     */
    public synchronized void fault(Persistable object) {
        requireOwner("faulted", object);
        if (object.$swz_state() != Persistable.HOLLOW) {
            return;
        }
        if (closed) {
            throw OpenStores.closedToRead(object, "The store in " + directory);
        }
        counters.faults++;
        faultDepth++;
        boolean outer = collectingTargets;
        try {
            collectingTargets = swizzling == Swizzling.EAGER;
            try {
                switch (faultUnit) {
                    case SEGMENT: store.forEachInSegment(object.$swz_oid(), member -> faultMember(member, object)); break;
                    case CLUSTER: store.forEachInCluster(object.$swz_oid(), member -> faultMember(member, object)); break;
                    default: break;
                }
                makeResident(object); // the whole unit when fault=object, a no-op after the others
            } finally {
                collectingTargets = outer;
            }
            if (!outer) {
                // indexed: a fault nested in a fill (a hashCode of a set element) may add targets
                for (int i = 0; i < eagerTargets.size(); i++) {
                    makeCompanionResident(eagerTargets.get(i), object);
                }
                eagerTargets.clear();
            }
        } catch (RuntimeException | Error e) {
            if (!outer) {
                eagerTargets.clear(); // a failed read's targets stay hollow: the next fault must not read them for it
            }
            if (faultDepth == 1 && !readingPending) {
                abandonPending(0, e);
                if (pageReads == 0) { // else the page read it is in forgets if it fails, or checks once done
                    readFailed(e);
                }
            }
            throw e;
        } finally {
            faultDepth--;
        }
        if (faultDepth > 0 || readingPending) {
            return; // nested, in a fault or in the outermost one's reading of what was left pending: the read goes on
        }
        try {
            readPending();
        } catch (RuntimeException | Error e) {
            if (pageReads == 0) {
                readFailed(e);
            }
            throw e;
        }
        if (pageReads > 0) {
            return; // in a page read (a key's hash looking a paged collection up): it places keys and checks pages once done
        }
        endRead();
        trimAfterRead(object);
    }

    /**
     * Re-hollows clean objects past the budget, never {@code keep} (the object of the fault, or null), once an outermost
     * read is done. A commit trims once it is done; a check of keys or pages once the read whose read it checks is (a
     * fault nested in the check could otherwise make that fault's object hollow again before its accessor reads the
     * field).
     */
    private void trimAfterRead(Persistable keep) {
        if (rehollowOnFault && transaction == null && !misplacedKeys.isChecking() && !pageChecks.isRunning()) {
            trimToBudget(keep, false);
        }
    }

    /**
     * The outermost read is done: checks again the pages it read in a cycle whose check compares keys (which may have
     * read what it was filling), then places the keys it may have put in the wrong place. A page refused then may have
     * given a key's hash a wrong answer during the read: every key noted is looked up again (the read met a fill in
     * progress), and a collection whose key's hash reads the page is refused with it.
     */
    private void endRead() {
        if (pageChecks.isRunning()) {
            return; // a read a page's check made: the read whose pages are checked places its keys once they are
        }
        Throwable refused = null;
        try {
            pageChecks.runAll();
        } catch (RuntimeException | Error e) {
            refused = e;
        }
        try {
            misplacedKeys.check();
        } catch (RuntimeException | Error e) {
            if (refused != null && refused != e) {
                e.addSuppressed(refused);
            }
            throw e;
        }
        if (refused != null) {
            throw OutOfLine.rethrow(refused);
        }
    }

    /** The outermost read failed with {@code failure}: what it noted for its end is forgotten, its pages let go unchecked. */
    private void readFailed(Throwable failure) {
        if (pageChecks.isRunning()) {
            return; // a read a page's check made: its failure refuses the page, and the read whose pages are checked goes on
        }
        misplacedKeys.forget(failure);
        pageChecks.letGoAll();
    }

    /**
     * Runs {@code check} of a page just read, and refuses the page if it fails; inside a read that met a fill in progress
     * (in a cycle: what the check compares may read it), runs it again once the read is whole, and refuses it only then.
     */
    private synchronized void checkOnceReadWhole(Paged.ReadCheck check) {
        Throwable failure = null;
        try {
            check.check();
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        if (inCycle()) { // asked after the check, which may have met the fill in progress
            pageChecks.add(check);
        } else if (failure != null) {
            check.letGo();
            throw OutOfLine.rethrow(failure);
        }
    }

    /** Whether a read in progress met a fill in progress, and its keys are placed again once it is whole. */
    private boolean inCycle() {
        return (faultDepth > 0 || readingPending || pageReads > 0) && misplacedKeys.isReentered()
            && !misplacedKeys.isChecking();
    }

    /**
     * Re-hollows clean objects, never {@code keep}, while more are resident than the budget allows.
     *
     * @param allClean whether a commit or abort has just left every resident object clean
     */
    private void trimToBudget(Persistable keep, boolean allClean) {
        if (allClean) {
            budget.restoreSetAside();
        }
        if (counters.objectsResident > budget.limit()) {
            counters.objectsResident -= budget.rehollow(counters.objectsResident - budget.limit(), keep, allClean);
        }
        residentPages.trim();
    }

    /** Makes member {@code oid} of the fault unit of {@code faulted} resident with it (see {@link #makeCompanionResident}). */
    private void faultMember(long oid, Persistable faulted) {
        if (oid == faulted.$swz_oid()) {
            return; // read after the others, where its own damage is thrown
        }
        if (collector.isCondemned(oid)) {
            return; // garbage the sweep under way may have freed the collections of, which no reference leads to
        }
        int classId = store.classId(oid);
        if (catalog.isValue(classId)) {
            return; // read when an object that holds it is
        }
        Object member = instance(oid, classId);
        if (member != null) { // null: an object of a dropped class
            makeCompanionResident((Persistable) member, faulted);
        }
    }

    /**
     * Makes {@code companion} resident, read with {@code faulted} because it is in its fault unit or, under {@code
     * swizzle=eager}, a target of it. A companion whose read fails (its bytes are damaged, or a hashCode its sets run
     * throws, or runs out of stack) stays hollow: it is read again where the application reaches it, and refused there
     * if it still fails, and the objects beside it read as committed, as the object the fault was for does. Damaged
     * bytes are logged once as a warning, since no later read mends them; the failure of the application's code is
     * logged at debug level only, since a read where the object is reached may well succeed (a hash that reads a set
     * read with it, empty while a companion's read runs) and otherwise throws it there. Not so where the failed read
     * cleared an object whose fill is in progress (a fault nested in a read, for a key's hash, that read that object
     * again), which cannot be read now; nor where the failure left the object the fault was for hollow again (an eager
     * target's hash that read it).
     */
    private void makeCompanionResident(Persistable companion, Persistable faulted) {
        int pendingBefore = pendingFills.size();
        int fillsBefore = fills.depth();
        byte faultedState = faulted.$swz_state();
        try {
            makeResident(companion);
        } catch (RuntimeException | StackOverflowError e) { // a key's hash, chains deep, may run out of stack
            boolean faultedUnread = faultedState != Persistable.HOLLOW && faulted.$swz_state() == Persistable.HOLLOW;
            if (companion.$swz_state() != Persistable.HOLLOW || faultedUnread || fills.anyCleared(fillsBefore)) {
                throw e;
            }
            abandonPending(pendingBefore, e);
            if (unreadCompanions.add(companion.$swz_oid())) {
                boolean damaged = e instanceof StoreCorruptedException;
                LOG.log(damaged ? Level.WARNING : Level.DEBUG, () -> "Object " + companion.$swz_oid() + " ("
                    + companion.getClass().getName() + "), read with object " + faulted.$swz_oid() + " ("
                    + faulted.getClass().getName() + ") by its fault, is left unread, to be read again where it is reached"
                    + (damaged ? " (one no root reaches may be garbage that a collection cycle cut short left, which the"
                    + " next cycle frees)" : "") + ": " + e);
            }
        }
    }

    /**
     * Fills {@code object} if it is hollow, gives it its place in the resident space and the budget, and
     * then publishes it: the fields and the card address before the state, so that a thread whose check
     * sees the state resident also sees them (a store it makes then marks the object's own card).
     */
    private void makeResident(Persistable object) {
        if (object.$swz_state() != Persistable.HOLLOW) {
            return;
        }
        if (!keysRead.isEmpty() && keysRead.containsKey(object)) {
            readWhole(object);
            return;
        }
        int length = fill(object, null, false, -1);
        if (leftPending) {
            return; // published once readPending has read its collections
        }
        if (object.$swz_state() != Persistable.HOLLOW) {
            misplacedKeys.reentered(); // a fault nested in its own fill (a key's hashCode, in a cycle) made it resident
            return;
        }
        publish(object, length);
    }

    /**
     * Reads the collection fields the faults under way left for later, publishing each object once they are read, until
     * none is left: the faults they make leave theirs to this loop, so a chain of any length takes a bounded stack.
     * Called by the outermost fault; if a read fails, every object still pending is hollow again.
     */
    private void readPending() {
        if (readingPending || pendingFills.isEmpty()) {
            return;
        }
        readingPending = true;
        try {
            while (!pendingFills.isEmpty()) {
                Persistable next = pendingFills.poll();
                try {
                    fill(next, null, true, -1);
                } catch (RuntimeException | Error e) {
                    pendingFills.addFirst(next);
                    throw e;
                }
                if (next.$swz_state() == Persistable.PENDING) {
                    publish(next, store.length(next.$swz_oid()));
                }
            }
        } catch (RuntimeException | Error e) {
            abandonPending(0, e);
            throw e;
        } finally {
            readingPending = false;
        }
    }

    /**
     * Reads collection field {@code field} (hierarchy-global index) of {@code object} if a read left it for later: the
     * getter of the field found it null on an object not resident, in code the read runs (a key's hash). The object
     * stays pending until {@link #readPending} has read its other collection fields.
     */
    synchronized void readLeftCollection(Persistable object, int field) {
        if (object.$swz_state() == Persistable.PENDING) {
            fill(object, null, true, field);
        }
    }

    /**
     * After a failed read: the objects it left pending, those after the first {@code kept} of {@link #pendingFills}, are
     * hollow again, to be read at their next touch.
     */
    private void abandonPending(int kept, Throwable failure) {
        while (pendingFills.size() > kept) {
            Persistable object = pendingFills.pollLast();
            if (object.$swz_state() == Persistable.PENDING) {
                clear(object, failure);
                object.$swz_state(Persistable.HOLLOW);
            }
        }
    }

    /** Makes filled {@code object}, whose image is {@code length} bytes long, resident. */
    private void publish(Persistable object, int length) {
        if (publishingReads > 0) {
            publishedInRead.add(object);
        }
        if (barrier.placesObjects()) {
            object.$swz_address(space.place(object, length));
        }
        VarHandle.releaseFence();
        object.$swz_state(Persistable.RESIDENT);
        table.resident(object.$swz_oid(), true);
        counters.objectsFaulted++;
        counters.objectsResident++;
        budget.admitted(object);
    }

    /**
     * Reads the committed fields of {@code object} into it, and watches it if they need it; its state is left
     * to the caller to publish. Returns the length of its stored image. The collections its fields hold are filled
     * before it returns, unless {@code keyCollections} is not null: then they are only made, and added to it; or unless
     * the fill is nested {@link #MAX_FILLS_IN_READ} deep in others inside a collection read: then the collection
     * fields are left null and the object {@link Persistable#PENDING}, for {@link #readPending}. With
     * {@code collectionsOnly}, reads the collection fields a fill left alone: the one with index {@code field}, or all
     * where -1.
     */
    private int fill(Persistable object, List<Object> keyCollections, boolean collectionsOnly, int field) {
        long oid = object.$swz_oid();
        Object outer = reading;
        long outerOid = readingOid;
        // a fault nested in a fill (a hashCode of a set element) must not disturb the outer fill's reader
        ObjectReader in = outer == null ? reader : new ObjectReader(this, strings);
        LittleEndianBuffer bytes = store.read(oid, outer == null ? view : LittleEndianBuffer.empty());
        int length = store.length(oid);
        int classId = store.classId(oid);
        reading = object;
        readingOid = oid;
        // the collections this fill reads are filled before it returns, even inside a collection's read (unless it is a
        // key's, read ahead): the fill may be of an object a key's hashCode reads next
        int outerCollectionsReading = collectionsReading;
        collectionsReading = 0;
        List<Object> outerKeyCollections = this.keyCollections;
        this.keyCollections = keyCollections;
        boolean inRead = outerCollectionsReading > 0 || fillsInRead > 0;
        Persistable outerLeaving = leavingCollections;
        boolean outerLeft = leftCollection;
        leavingCollections = leavesCollections && !collectionsOnly && keyCollections == null && outerCollectionsReading > 0
            && fillsInRead >= MAX_FILLS_IN_READ ? object : null;
        leftCollection = false;
        if (inRead) {
            fillsInRead++;
        }
        int level = fills.depth();
        boolean needsWatch;
        boolean left;
        try {
            fills.enter(object);
            in.reset(bytes, length);
            int shape = in.readShort() & 0xFFFF;
            ReadPlan plan = plan(classId, shape, object);
            if (collectionsOnly) {
                plan.readCollections(object, in, field);
            } else {
                plan.read(object, in);
            }
            needsWatch = in.needsWatch();
            left = leftCollection;
            if (in.position() != length) {
                throw new ObjectReader.MalformedObjectException(describe() + ": " + (length - in.position())
                    + " bytes left after the last field");
            }
            if (fills.clearedBy(level) != null) {
                misplacedKeys.keepForNextCheck(); // the hash that caught the failure may have put keys in the wrong place
                throw clearedWhileFilled(object, fills.clearedBy(level));
            }
            if (!collectionsOnly && !left) {
                fills.readWhole(level);
            }
        } catch (ObjectReader.MalformedObjectException | ReadPlan.BadClassIdException | IndexOutOfBoundsException e) {
            RuntimeException failure = fromApplication(e) ? e : corrupted(oid, e.getMessage());
            unfilled(object, failure);
            throw failure;
        } catch (RuntimeException | Error e) {
            unfilled(object, e);
            throw e;
        } finally {
            if (in == reader) {
                reader.release();
            }
            reading = outer;
            readingOid = outerOid;
            collectionsReading = outerCollectionsReading;
            this.keyCollections = outerKeyCollections;
            leavingCollections = outerLeaving;
            leftCollection = outerLeft;
            if (inRead) {
                fillsInRead--;
            }
            fills.leave(level); // last: a call, which may run out of stack
        }
        if (needsWatch) {
            watch(object);
        }
        leftPending = left && object.$swz_state() == Persistable.HOLLOW;
        if (leftPending) {
            object.$swz_state(Persistable.PENDING);
            pendingFills.add(object);
        }
        return length;
    }

    /**
     * The refusal of the fill of {@code object}, which a read nested in it (a key's hash faulting an object whose read read
     * {@code object} again) cleared when it failed with {@code failure}, which code the fill ran caught.
     */
    private StoreException clearedWhileFilled(Persistable object, Throwable failure) {
        return new StoreException("The read of " + describeObject(object.$swz_oid(), object) + " is refused: a read nested in"
            + " it (code it ran, a hashCode, equals or compareTo of a key, faulted an object whose read read it again) failed,"
            + " which made it hollow again, and the failure did not reach it: that code caught it. It is read again at its"
            + " next touch. Let such a failure pass out of a hash; it is this exception's cause.", failure);
    }

    /**
     * After a failed fill of {@code object}: clears it, or, if a fault nested in the fill (a key's hashCode in a cycle)
     * made it resident meanwhile, makes it hollow again ({@link #hollowAgain(Persistable, Throwable)}), even if a barrier
     * noted a change to it, so that no thread sees it resident with its fields cleared.
     */
    private void unfilled(Persistable object, Throwable failure) {
        if (object.$swz_state() == Persistable.PENDING) {
            pendingFills.remove(object);
            object.$swz_state(Persistable.HOLLOW);
        }
        if (object.$swz_state() == Persistable.HOLLOW) {
            clear(object, failure);
        } else if (hollowAgain(object, failure)) { // even if changed: the failed fill wrote part of its fields again
            watched.removeIf(each -> each == object);
        }
    }

    /**
     * The one Java instance of stored collection {@code oid}: resident, or read now, with the objects it refers
     * to made hollow and the collections it holds read too (a collection has no hollow state). Met while another
     * collection is read, or held by a key read ahead ({@link #waitingInKey}), it is made and filled later, before the
     * outermost read returns, and before it goes where it is hashed or compared (see {@link #fillCollection}):
     * collections nested thousands deep, keys too, are read in loops, not by a recursion as deep, which ran out of stack.
     */
    @Override
    public Object collection(long oid, Object holder, ObjectReader from) {
        Object found = table.get(oid);
        boolean resident = found != null;
        if (found == null && leavingCollections != null && holder == leavingCollections && from.readsField()) {
            leftCollection = true;
            return null;
        }
        if (found == null) {
            if (collectionsReading > 0 || keyCollections != null) {
                UnfilledCollection opened = openCollection(oid, from.fieldDescription(), true, from.declaredElements(), false);
                unfilled.put(opened.collection, opened);
                found = opened.collection;
            } else {
                found = decodeCollection(oid, from.fieldDescription(), true, from.declaredElements(), false);
            }
        } else if (found instanceof Persistable) {
            throw from.corrupt("refers to collection " + oid + ", which is a " + found.getClass().getName());
        } else if (fillingNow.contains(found)) {
            misplacedKeys.reentered(); // handed out while it is filled: a key hashed meanwhile may read it partly filled
        } else if (fillsInRead > 0 && keyCollections == null) {
            // an object's fill inside a collection read, for a key's hash, which may read it whole; one being filled is
            // not searched: it holds what it holds so far
            for (Object waiting = waitingIn(found); waiting != null; waiting = waitingIn(found)) {
                UnfilledCollection first = unfilled.get(waiting);
                first.in.readForKey();
                fillCollection(first);
            }
        }
        if (keyCollections != null) {
            keyCollections.add(found);
        }
        Attachment attachment = collections.find(found);
        if (resident && attachment != null && attachment.declaredElements() != null && from.readsField()
            && !fillingNow.contains(found) && !unfilled.containsKey(found)) { // one read here has its field's declaration
            DeclaredElements.requireShareable(found, attachment.declaredElements(), attachment.origin(),
                from.declaredElements(), from.fieldDescription());
        }
        if (attachment != null && holder != null) {
            attachment.heldBy(holder);
        }
        return found;
    }

    @Override
    public void applicationThrew(RuntimeException failure) {
        applicationFailure = failure;
    }

    /** Whether {@code failure}, caught where a read may meet a malformed image, came from the application's code. */
    private boolean fromApplication(Throwable failure) {
        return failure == applicationFailure;
    }

    /** Notes keys put inside faults and page reads only: the check runs when the outermost one is done. */
    @Override
    public void keyPut(Object collection, Object key) {
        if (faultDepth > 0 || collectionsReading > 0) {
            misplacedKeys.put(collection, key);
        }
    }

    /**
     * Keeps aside keys found equal inside faults only, whose check puts them in (see {@link MisplacedKeys#keepAside}),
     * in a collection the store holds (not abort's copy of one), not read with a page (a page held short of a key
     * would be used as it is by its paged collection), and not a map in access order (putting the equal key's value
     * back moved its entry).
     */
    @Override
    public boolean keptAside(Object collection, Object key, Object value, int index) {
        if (faultDepth == 0 && !readingPending || pageReads > 0) {
            return false;
        }
        Attachment attachment = collections.find(collection);
        return attachment != null && !(collection instanceof LinkedHashMap && attachment.isAccessOrdered())
            && misplacedKeys.keepAside(collection, key, value, index);
    }

    /**
     * Forgets {@code collection}, which holds fewer keys than stored (those kept aside could not be put in: the read
     * failed with {@code failure}, or they are equal still), with the collections read with it that hold it, however
     * deep; the objects that hold any of them are hollow again, to be read again at their next touch, unless changed by
     * code the read ran: a commit then refuses to store what they hold.
     */
    private void abandonShort(Object collection, Throwable failure) {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Object> holders = new ArrayDeque<>();
        Attachment kept = collections.find(collection);
        if (kept != null) {
            holders.push(kept);
        }
        boolean wereWatched = false;
        while (!holders.isEmpty()) {
            Object next = holders.pop();
            if (!seen.add(next)) {
                continue;
            }
            if (next instanceof Attachment) {
                Attachment held = (Attachment) next;
                held.forEachHolder(holders::push);
                held.filling(true); // a collection not filled whole
                collections.failed(held);
            } else if (next instanceof Persistable) {
                Persistable holder = (Persistable) next;
                if (holder.$swz_state() == Persistable.RESIDENT && holder.$swz_dirty() == 0) {
                    wereWatched |= hollowAgain(holder, failure);
                }
            }
        }
        if (wereWatched) {
            unwatchHollow();
        }
    }

    /**
     * Stored collection {@code oid}, a page of the paged collection {@code holder} stands for, read the first
     * time a lookup leads to it (see {@link org.swizzle.internal.tracked.Paged}); refused as corrupt if it is not
     * of the holder's class, or, when read now, fails {@code check}, or, when already in memory, is held by anything
     * but the holder's stored collection (a page of another collection, or a collection a field holds). A list's chunk
     * gives the index of its {@code first} element, by which its element types are checked (see
     * {@link DeclaredElements#ofChunk}).
     */
    private synchronized Object page(long oid, Attachment holder, int first, PageSlot slot, Paged.PageCheck check) {
        requireOwner("read a page of the collection reached through field ", holder.origin());
        requireOpen();
        Object found = table.get(oid);
        boolean read = found == null;
        if (read) {
            if (!store.contains(oid) || !catalog.isCollection(store.classId(oid))) {
                throw badPage(holder, oid, "is not a collection in the store");
            }
            // a read of its own, as a fill's, even inside another (a key's hash): what it holds is filled before it returns
            int outerCollectionsReading = collectionsReading;
            List<Object> outerKeyCollections = keyCollections;
            collectionsReading = 0;
            keyCollections = null;
            pageReads++;
            try {
                found = decodeCollection(oid, holder.origin(), true, DeclaredElements.ofChunk(holder.declaredElements(), first), true);
            } catch (RuntimeException | Error e) {
                if (faultDepth == 0 && !readingPending && pageReads == 1) {
                    readFailed(e);
                }
                throw e;
            } finally {
                collectionsReading = outerCollectionsReading;
                keyCollections = outerKeyCollections;
                pageReads--;
            }
            if (faultDepth == 0 && !readingPending && pageReads == 0) { // else the read it is in checks once done
                endRead();
                trimAfterRead(null); // the faults its keys' hashes made left trimming to it
            }
            counters.pagesRead++;
        }
        Attachment attachment = collections.find(found);
        String problem;
        if (found.getClass() != holder.collection().getClass()) {
            problem = "is a " + found.getClass().getName() + ", not a page of a " + holder.collection().getClass().getName();
        } else if (read) {
            problem = check.problem(found);
        } else {
            problem = attachment == null || attachment.heldOnlyBy(holder) ? null
                : "is already held elsewhere, as another collection's page or a value";
        }
        if (problem != null) {
            if (read) {
                collections.failed(attachment);
            }
            throw badPage(holder, oid, problem);
        }
        if (attachment != null) {
            attachment.heldBy(holder);
        }
        if (slot.hold(found)) {
            // unlike re-hollowing objects, letting pages go is safe on any thread: one that holds a page keeps using it
            residentPages.trim();
            residentPages.read(slot, entriesOf(found));
        }
        return found;
    }

    /** The entries of {@code page}, a page of a paged map or list. */
    private static int entriesOf(Object page) {
        return page instanceof Map ? ((Map<?, ?>) page).size() : ((Collection<?>) page).size();
    }

    private StoreCorruptedException badPage(Attachment holder, long oid, String problem) {
        return corrupted(holder.oid(), "collection " + holder.oid() + " (reached first through field " + holder.origin() + ") of "
            + directory + ": its page " + oid + " " + problem);
    }

    /**
     * Reads stored collection {@code oid}, made resident ({@code register}), or as a detached copy of its committed
     * contents, whose own nested collections are the resident ones; and, if no other read is in progress, the
     * collections met meanwhile, which wait {@link #unfilled}. If any of them fails, every collection this read made
     * is forgotten: one filled already may hold one that never will be.
     */
    private Object decodeCollection(long oid, String origin, boolean register, Class<?>[] declared, boolean page) {
        boolean outermost = collectionsReading == 0;
        int firstMade = madeInRead.size();
        int firstPublished = publishedInRead.size();
        int outerReads = publishingReads;
        publishingReads++;
        collectionsReading++;
        try {
            UnfilledCollection opened = openCollection(oid, origin, register, declared, page);
            fillCollection(opened);
            if (outermost) {
                for (int i = firstMade; i < madeInRead.size(); i++) { // filling one may make more
                    UnfilledCollection next = madeInRead.get(i);
                    if (unfilled.containsKey(next.collection)) {
                        fillCollection(next);
                    }
                }
                requireAllFilled(opened, firstMade);
                forgetMade(firstMade);
            }
            return opened.collection;
        } catch (RuntimeException | Error e) {
            if (outermost) {
                List<UnfilledCollection> made = madeInRead.subList(firstMade, madeInRead.size());
                for (UnfilledCollection each : made) {
                    unfilled.remove(each.collection);
                    fillFailed(each, e);
                }
                markHolders(made);
                forgetMade(firstMade);
                forgetKeysRead(e);
            }
            hollowAgain(firstPublished, e);
            throw e;
        } finally {
            collectionsReading--;
            publishingReads = outerReads; // not by a call, which may run out of stack
            readEnded();
        }
    }

    /** A collection read ended: once none is in progress, no object published is to be made hollow again. */
    private void readEnded() {
        if (publishingReads == 0) {
            publishedInRead.clear();
        }
    }

    /**
     * Refuses the read of {@code opened} if a collection it made (from {@code firstMade} on) is not filled whole: its fill
     * failed, and the failure did not reach this read, caught by code the read ran (a key's hash) or by the fault of an
     * object read with another ({@link #makeCompanionResident}). Held on, such a collection would be used, and stored by
     * a commit of whatever holds it, with the part it holds. A failure of the store's own is thrown as it is.
     */
    private void requireAllFilled(UnfilledCollection opened, int firstMade) {
        for (int i = firstMade; i < madeInRead.size(); i++) {
            UnfilledCollection made = madeInRead.get(i);
            if (made.attachment == null || made.failure == null && !made.attachment.isFilling()) {
                continue;
            }
            if (made.failure instanceof StoreException) {
                throw (StoreException) made.failure;
            }
            throw new StoreException("Collection " + opened.oid + " (reached first through field " + opened.origin + ") of "
                + directory + " could not be read: the read of collection " + made.oid + " (reached first through field "
                + made.origin + "), which it met, failed part way, and the failure did not reach it: code the read ran (a"
                + " hashCode, equals or compareTo of an element) caught it, or a fault it ran of objects the application did"
                + " not touch, which leaves them unread. What the read made is read again at its next touch. Let such a"
                + " failure pass out of a hash" + (made.failure != null ? "; it is this exception's cause." : "."), made.failure);
        }
    }

    /**
     * A collection read failed: the objects it published from {@code firstPublished} on are hollow again. Not one a
     * barrier noted a change to meanwhile (under {@code remset} and {@code object}, a store by code the read ran, or by
     * another thread of a shared store), which a commit must write as it is.
     */
    private void hollowAgain(int firstPublished, Throwable failure) {
        List<Persistable> published = publishedInRead.subList(firstPublished, publishedInRead.size());
        boolean wereWatched = false;
        for (Persistable object : published) {
            if (object.$swz_state() == Persistable.RESIDENT && object.$swz_dirty() == 0) {
                wereWatched |= hollowAgain(object, failure);
            }
        }
        published.clear();
        if (wereWatched) {
            unwatchHollow(); // read again, each is watched again if it must be
        }
    }

    /** Takes off {@link #watched} the objects made hollow again, whose flags that made them watched are clear now. */
    private void unwatchHollow() {
        watched.removeIf(object -> object.$swz_flags() == 0);
    }

    /**
     * Makes resident {@code object}, which a read that failed with {@code failure} made resident, hollow again. Returns
     * whether it was watched: the caller takes it off {@link #watched}.
     */
    private boolean hollowAgain(Persistable object, Throwable failure) {
        boolean wasWatched = object.$swz_flags() != 0;
        keptOwners.remove(object);
        fills.cleared(object, failure);
        rehollow(object);
        counters.objectsResident--;
        return wasWatched;
    }

    /**
     * A collection read up to its elements, made and (when {@code attachment} is not null) registered; its {@code fill}
     * reads them, or is null for a paged collection, whose pages are read on their own.
     */
    private static final class UnfilledCollection {
        final long oid;
        final String origin;
        final ObjectReader in;
        final CollectionFill fill;
        final int length;
        final Object collection;
        final Attachment attachment;
        /** What its fill failed with, or null. */
        Throwable failure;

        UnfilledCollection(long oid, String origin, ObjectReader in, CollectionFill fill, int length, Object collection,
                           Attachment attachment) {
            this.oid = oid;
            this.origin = origin;
            this.in = in;
            this.fill = fill;
            this.length = length;
            this.collection = collection;
            this.attachment = attachment;
        }
    }

    /**
     * Whether {@code collection} is in pages, each read on its own: a paged map or list, or a collection kept in one (a
     * large {@code TreeSet}'s map is not paged until it is filled with the reference to its list).
     */
    static boolean isPaged(Object collection) {
        return collection instanceof TrackedArrayList && ((TrackedArrayList<?>) collection).isPaged()
            || collection instanceof TrackedHashMap && ((TrackedHashMap<?, ?>) collection).isPaged()
            || collection instanceof Backed && isPaged(((Backed) collection).backing());
    }

    private static boolean isBacked(Object collection) {
        return collection instanceof Backed && ((Backed) collection).backing() != null;
    }

    /** The outermost read that made {@link #madeInRead} from {@code first} on is done with them. */
    private void forgetMade(int first) {
        List<UnfilledCollection> made = madeInRead.subList(first, madeInRead.size());
        for (UnfilledCollection each : made) {
            madeNow.remove(each.collection);
        }
        made.clear();
    }

    /** Reads stored collection {@code oid} up to its elements: its kind and size, or a paged one's directory. */
    private UnfilledCollection openCollection(long oid, String origin, boolean register, Class<?>[] declared, boolean page) {
        if (!store.contains(oid)) {
            throw corrupted(readingOid, describe() + ": refers to collection " + oid + ", which is not in the store");
        }
        Object outer = reading;
        long outerOid = readingOid;
        String outerOrigin = readingOrigin;
        ObjectReader in = new ObjectReader(this, strings);
        LittleEndianBuffer bytes = store.read(oid, LittleEndianBuffer.empty());
        int length = store.length(oid);
        reading = ValueKind.COLLECTION;
        readingOid = oid;
        readingOrigin = origin;
        try {
            in.reset(bytes, length);
            ValueKind kind = in.readKind();
            if (kind.codec() != ValueKind.Codec.CONTAINER || kind == ValueKind.OBJECT_ARRAY) {
                throw in.corrupt("a collection's image starts with a value of kind " + kind);
            }
            if (kind == ValueKind.PAGE_SECTION) {
                throw in.corrupt("it is a section of a paged collection's directory, which only its directory refers to");
            }
            boolean paged = kind.isPaged();
            int size = paged ? 0 : ContainerCodec.readSize(kind, in);
            Object collection = paged ? ContainerCodec.readPaged(kind, in, this::section) : ContainerCodec.newCollection(kind, size);
            CollectionFill fill = paged ? null : new CollectionFill(collection, kind, size, in, declared, origin, page);
            Object kept = fill == null || keptCollections.isEmpty() ? null : keptCollections.get(oid);
            if (kept instanceof KeptArrays.ImagePlaces) {
                fill.keepArrays((KeptArrays.ImagePlaces) kept); // kept by position, as it is filled
            }
            if (!register) {
                return new UnfilledCollection(oid, origin, in, fill, length, collection, null);
            }
            Attachment attachment = collections.loading(collection, oid, origin);
            attachment.declaredElements(declared);
            collector.instanceMade(oid);
            in.beginCollection(attachment, kind.isBacked() ? DeclaredElements.ofBacking(kind, declared) : null);
            UnfilledCollection made = new UnfilledCollection(oid, origin, in, fill, length, collection, attachment);
            madeInRead.add(made);
            madeNow.put(collection, made);
            return made;
        } catch (ObjectReader.MalformedObjectException | ReadPlan.BadClassIdException | IndexOutOfBoundsException e) {
            throw fromApplication(e) ? e : corrupted(oid, e.getMessage());
        } finally {
            reading = outer;
            readingOid = outerOid;
            readingOrigin = outerOrigin;
        }
    }

    /**
     * Reads the elements of a collection {@link #openCollection} made. One that goes where it is hashed or compared (a
     * set's element, a map's key, or anything in a collection read for one) must hold its own elements first: the
     * fill stops there, and that collection, if it waits {@link #unfilled}, is filled first, read for a key, on a stack
     * of the fills under way rather than by a recursion.
     */
    private void fillCollection(UnfilledCollection first) {
        unfilled.remove(first.collection);
        Object outer = reading;
        long outerOid = readingOid;
        String outerOrigin = readingOrigin;
        List<UnfilledCollection> filling = new ArrayList<>();
        filling.add(first);
        fillingNow.add(first.collection);
        try {
            while (!filling.isEmpty()) {
                UnfilledCollection waitedFor = fillStep(filling.get(filling.size() - 1));
                if (waitedFor != null) {
                    filling.add(waitedFor);
                    fillingNow.add(waitedFor.collection);
                } else {
                    fillingNow.remove(filling.remove(filling.size() - 1).collection);
                }
            }
        } catch (MissingEnumConstantException e) {
            StoreException refusal = e.asRefusal(); // the message names the collection; no field read here could name one
            failAll(filling, refusal);
            throw refusal;
        } catch (RuntimeException | Error e) {
            failAll(filling, e);
            throw e;
        } finally {
            for (UnfilledCollection each : filling) { // a failed fill
                fillingNow.remove(each.collection);
            }
            reading = outer;
            readingOid = outerOid;
            readingOrigin = outerOrigin;
        }
    }

    /**
     * What must be filled before {@code value} is hashed or compared: {@code value} itself if it waits {@link #unfilled},
     * or a waiting collection it holds, however deep. A collection met first where it is not hashed (a list's element) is
     * filled without waiting for the collections it holds; met again as a set's element, it must not be hashed without
     * them. Null when {@code value} can go in now; a lookup only while collections wait, which few reads leave.
     */
    private Object waitingIn(Object value) {
        if (value instanceof Persistable) {
            return waitingInKey((Persistable) value);
        }
        if (unfilled.isEmpty() || !NestedContainers.isContainer(value)) {
            return null;
        }
        if (unfilled.containsKey(value)) {
            return value;
        }
        return value instanceof Object[] || searchable.test(value) ? NestedContainers.find(value, waits, searchable) : null;
    }

    /**
     * What must be filled before persistent {@code key}, whose hash or order reads its state, goes in: nothing if it is
     * resident. A hollow one is read now with its collections made, not filled, since filling them puts their own keys
     * in, each read the same way (by a recursion, as deep as keys are linked through their sets, which ran out of stack
     * a few hundred deep). It stays hollow while the first of those collections, or of those they hold, that waits is
     * returned, to be filled; once none waits it is published, and null returned. One of them being filled already, on
     * a fill stack (a cycle of keys), is not waited for: the key goes in as it is, and {@link MisplacedKeys} places it
     * again if it must.
     */
    private Object waitingInKey(Persistable key) {
        if (key.$swz_state() != Persistable.HOLLOW) {
            if (!keysRead.isEmpty()) {
                keysRead.remove(key);
            }
            return null;
        }
        KeyRead read = readAhead(key);
        for (Object collection : read.collections) {
            Object first = waitingIn(collection);
            if (first != null) {
                return first;
            }
        }
        keysRead.remove(key);
        for (Object collection : read.collections) {
            if (fillingNow.contains(collection)) {
                misplacedKeys.reentered();
            }
        }
        publish(key, read.length);
        return null;
    }

    /** Reads hollow {@code key} ahead of going in, with its collections made and not filled, unless it was already. */
    private KeyRead readAhead(Persistable key) {
        KeyRead read = keysRead.get(key);
        if (read == null) {
            List<Object> keyCollections = new ArrayList<>(2);
            read = new KeyRead(fill(key, keyCollections, false, -1), keyCollections);
            keysRead.put(key, read);
        }
        return read;
    }

    /** Fills the collections {@code key}, read ahead, holds, and publishes it. */
    private void readWhole(Persistable key) {
        int firstPublished = publishedInRead.size();
        int outerReads = publishingReads;
        publishingReads++;
        try {
            for (Object first = waitingInKey(key); first != null; first = waitingInKey(key)) {
                fillCollection(unfilled.remove(first));
            }
        } catch (RuntimeException | Error e) {
            hollowAgain(firstPublished, e);
            throw e;
        } finally {
            publishingReads = outerReads;
            readEnded();
        }
    }

    /** A key {@link #waitingInKey} read: the length of its image, and the collections its fields hold. */
    private static final class KeyRead {
        final int length;
        final List<Object> collections;

        KeyRead(int length, List<Object> collections) {
            this.length = length;
            this.collections = collections;
        }
    }

    /** After a read failed with {@code failure}: the keys it read and did not publish are hollow again. */
    private void forgetKeysRead(Throwable failure) {
        for (Persistable key : keysRead.keySet()) {
            if (key.$swz_state() == Persistable.HOLLOW) {
                clear(key, failure);
            }
        }
        keysRead.clear();
    }

    /** Clears the fields of hollow {@code object}, read in part or whole by a read that failed with {@code failure}. */
    private void clear(Persistable object, Throwable failure) {
        fills.cleared(object, failure);
        object.$swz_clear();
    }

    /**
     * Reads the elements of {@code opened} on: returns the collection it stopped at, taken from {@link #unfilled} to be
     * filled for a key, or null once it holds them all.
     */
    private UnfilledCollection fillStep(UnfilledCollection opened) {
        reading = opened.attachment != null ? opened.attachment : ValueKind.COLLECTION;
        readingOid = opened.oid;
        readingOrigin = opened.origin;
        ObjectReader in = opened.in;
        try {
            Object stoppedAt = opened.fill == null ? null : opened.fill.next(toFillFirst);
            if (stoppedAt != null) {
                UnfilledCollection waitedFor = unfilled.remove(stoppedAt);
                if (!opened.fill.waitsForObject()) {
                    waitedFor.in.readForKey(); // hashed with the collection that holds it
                }
                return waitedFor;
            }
            if (in.position() != opened.length) {
                throw new ObjectReader.MalformedObjectException(describe() + ": " + (opened.length - in.position())
                    + " bytes left after the last element");
            }
            if (opened.attachment != null) {
                if (!keptCollections.isEmpty()) {
                    Object kept = keptCollections.remove(opened.oid);
                    if (opened.collection instanceof Paged && isPaged(opened.collection)) { // a paged set holds no arrays
                        readForKeptArrays.add((Paged) opened.collection); // its pages keep their arrays, each on its own
                    } else {
                        KeptArrays.keepElements(kept, opened.collection);
                    }
                }
                collections.filled(opened.attachment, in.needsWatch() || Sequenced.hasUntrackedViews(opened.collection),
                    opened.fill == null ? null : opened.fill.imagePlaces());
            }
            return null;
        } catch (MissingEnumConstantException e) {
            throw e; // fillCollection fails the collections on its stack with the refusal this stands for
        } catch (ObjectReader.MalformedObjectException | ReadPlan.BadClassIdException | IndexOutOfBoundsException e) {
            RuntimeException failure = fromApplication(e) ? e : corrupted(opened.oid, e.getMessage());
            fillFailed(opened, failure);
            throw failure;
        } catch (RuntimeException | Error e) {
            fillFailed(opened, e);
            throw e;
        }
    }

    /**
     * The fill of {@code opened} failed with {@code failure}, or the read that made it did: the collection is forgotten,
     * and {@link #requireAllFilled} finds it if the failure does not reach the read that made it.
     */
    private void fillFailed(UnfilledCollection opened, Throwable failure) {
        if (opened.attachment != null) {
            collections.failed(opened.attachment);
            markFailed(opened, failure);
        }
    }

    /**
     * Notes that {@code opened} failed with {@code failure}, and so did the collections that reads in progress made and
     * that hold it, however deep, whole or not: a read nested in another (a key's hash faulting an object) may fill the
     * outer read's collections, and those the nested one made, which fail with it, may be their elements. Those are
     * forgotten when the read that made them fails, which {@link #requireAllFilled} sees to: one may be filling still.
     */
    private void markFailed(UnfilledCollection opened, Throwable failure) {
        if (opened.failure != null) {
            return;
        }
        opened.failure = failure;
        List<Attachment> failing = new ArrayList<>();
        failing.add(opened.attachment);
        while (!failing.isEmpty()) {
            failing.remove(failing.size() - 1).forEachHolder(holder -> {
                UnfilledCollection holding = holder instanceof Attachment ? madeNow.get(((Attachment) holder).collection()) : null;
                if (holding != null && holding.attachment == holder && holding.failure == null) {
                    holding.failure = failure;
                    failing.add(holding.attachment);
                }
            });
        }
    }

    /**
     * Marks failed the collections that reads in progress made and that hold one of {@code failed}, however deep, each
     * with the failure of the one it holds. A collection met after one failed holds it too: the read that made them walks
     * again once it fails.
     */
    private void markHolders(List<UnfilledCollection> failed) {
        Set<UnfilledCollection> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<UnfilledCollection> failing = new ArrayDeque<>();
        for (UnfilledCollection each : failed) {
            if (each.failure != null && each.attachment != null && seen.add(each)) {
                failing.push(each);
            }
        }
        while (!failing.isEmpty()) {
            UnfilledCollection next = failing.pop();
            next.attachment.forEachHolder(holder -> {
                UnfilledCollection holding = holder instanceof Attachment ? madeNow.get(((Attachment) holder).collection()) : null;
                if (holding != null && holding.attachment == holder && seen.add(holding)) {
                    if (holding.failure == null) {
                        holding.failure = next.failure;
                    }
                    failing.push(holding);
                }
            });
        }
    }

    /** A fill failed with {@code failure}: so did those of the collections under it on the stack, each part filled. */
    private void failAll(List<UnfilledCollection> filling, Throwable failure) {
        for (UnfilledCollection each : filling) {
            fillFailed(each, failure);
        }
    }

    /** Whether stored thing {@code oid} is a section of a paged collection's directory. */
    private boolean isSection(long oid) {
        return table.get(oid) == null && store.contains(oid) && catalog.isCollection(store.classId(oid))
            && store.length(oid) > 0 && store.read(oid, view).getByte(0) == ValueKind.PAGE_SECTION.tag();
    }

    /** A reader over section {@code index} of the directory being read, stored as {@code oid}. */
    private ObjectReader section(int index, long oid) {
        if (!store.contains(oid) || !catalog.isCollection(store.classId(oid))) {
            throw corrupted(readingOid, describe() + ": section " + index + " of its directory, " + oid
                + ", is not a section in the store");
        }
        ObjectReader in = new ObjectReader(this, strings);
        in.reset(store.read(oid, LittleEndianBuffer.empty()), store.length(oid));
        return in;
    }

    @Override
    public long[] arrayPages(Object array, ValueKind element, ObjectWriter from) {
        Persistable owner = from.owner();
        PrimitiveArrayCodec.Directory committed = owner.$swz_context() == this ? pagedArrays.committed(owner, from.fieldIndex()) : null;
        if (transaction == null || comparingValues) {
            return pagedArrays.unchanged(array, element, committed) ? committed.pages() : PagedArrays.CHANGED;
        }
        return pagedArrays.put(array, element, committed, owner, owner.$swz_flags() != 0, transaction, collector::written);
    }

    @Override
    public Object pagedArray(PrimitiveArrayCodec.Directory directory, ObjectReader from) {
        return pagedArrays.read(directory, from);
    }

    @Override
    public Object swizzle(long oid, int classId) {
        counters.referencesSwizzled++;
        Object target = instance(oid, classId);
        if (collectingTargets && target != null) {
            eagerTargets.add((Persistable) target);
        }
        return target;
    }

    /** The Java object of {@code oid}: the one in the resident table, or a new fault block (no I/O). */
    private Object instance(long oid, int classId) {
        Object resident = table.get(oid);
        if (resident instanceof Persistable) {
            return resident;
        }
        if (resident != null || catalog.isValue(classId)) {
            throw corrupted(readingOid, describe() + ": a reference to OID " + oid + " names a collection or an array's page");
        }
        Class<?> type = catalog.objectType(classId);
        if (type == null) {
            return null; // its class is missing and StoreOptions.dropMissingClasses drops its objects
        }
        ClassLayout layout;
        try {
            layout = ClassLayout.of(type);
        } catch (UnsupportedFieldTypeException | UnsupportedClassException refusal) {
            throw catalog.refusalOfStored(type, refusal);
        }
        if (layout.isAbstract()) {
            throw new IncompatibleSchemaException("Class " + type.getName() + " is abstract, but the store holds object "
                + oid + " of that very class, which " + describe() + " refers to. Make the class concrete again to read"
                + " its objects.");
        }
        Persistable hollow = layout.newHollow();
        StateWord.set(hollow, StateWord.OID_MASK | StateWord.STORE_MASK | StateWord.STATE_MASK,
            StateWord.oidBits(oid) | (long) slot << StateWord.STORE_SHIFT | Persistable.HOLLOW);
        table.put(oid, hollow);
        collector.instanceMade(oid);
        counters.hollowObjectsCreated++;
        return hollow;
    }

    /**
     * The Java object for a stored reference loaded from a field ({@code swizzle=edge} and
     * {@code none}): found in the resident table without the lock, or made a fault block under it.
     */
    Object target(long stored) {
        requireOpen();
        if (isForeign()) { // the message made only for a refusal: this runs at every lookup
            throw confinedTo("followed a reference to "
                + objectNamed(StoredReference.oid(stored), catalog.typeIfPresent(StoredReference.classId(stored))));
        }
        counters.oidLookups++;
        long oid = StoredReference.oid(stored);
        Object found = table.get(oid);
        if (found instanceof Persistable) {
            return found;
        }
        synchronized (this) {
            requireOpen();
            return instance(oid, StoredReference.classId(stored));
        }
    }

    /**
     * The refusal of a stored reference of {@code owner}'s field {@code field} (qualified name) whose target the
     * field's declared type no longer admits: found when it is followed under {@code swizzle=edge} and {@code none},
     * where a read keeps the reference rather than storing its target into the field.
     */
    IncompatibleSchemaException notAdmitted(Persistable owner, String field, ClassCastException e) {
        return ReadPlan.notAdmitted(field, describeObject(owner.$swz_oid(), owner), ReadPlan.castProblem(e));
    }

    /** Counts a reference field swizzled in place by a load ({@code swizzle=edge}). */
    void swizzledInPlace() {
        counters.referencesSwizzled++;
    }

    /**
     * Refuses a thread other than the owner of a {@link StoreOptions#confined()} store: its faults re-hollow
     * objects that no other thread may be reading. Only what reaches the store is seen (its methods, faults,
     * stored-reference lookups); a thread that reads resident objects and nothing else is not.
     */
    private void requireOwner(String use) {
        if (isForeign()) {
            throw confinedTo(use);
        }
    }

    /** {@link #requireOwner(String)} for a use that names {@code object}: the message is made only for a refusal. */
    private void requireOwner(String verb, Persistable object) {
        if (isForeign()) {
            throw confinedTo(verb + " " + objectNamed(object.$swz_oid(), object.getClass()));
        }
    }

    /** {@link #requireOwner(String)} for a use of {@code what} (a field or class name): the message is made only for a refusal. */
    private void requireOwner(String use, String what) {
        if (isForeign()) {
            throw confinedTo(use + what);
        }
    }

    private boolean isForeign() {
        return owner != null && Thread.currentThread() != owner;
    }

    /** The refusal of {@code use} (what the thread did, as {@code "called commit()"}) by a thread not the owner. */
    private StoreConfinedException confinedTo(String use) {
        return new StoreConfinedException("The store in " + directory + " was opened confined to thread " + named(owner)
            + ", and thread " + named(Thread.currentThread()) + " used it: it " + use + ". Use the store and its objects"
            + " from that thread only, or open it without StoreOptions.confined to share it.");
    }

    /** {@code thread} as a message names it: by its name, or, unnamed (as virtual threads are), as Java prints it. */
    private static String named(Thread thread) {
        return thread.getName().isEmpty() ? thread.toString() : "'" + thread.getName() + "'";
    }

    @Override
    public Class<?> classOf(int classId) {
        return catalog.type(classId);
    }

    /** Object {@code oid} as errors name it: {@code object 3 (com.example.Part) of /path/to/store}. */
    private String describeObject(long oid, Object object) {
        return objectNamed(oid, object.getClass()) + " of " + directory;
    }

    /** {@code object 3 (com.example.Part)}, or {@code object 3} where its class is not known. */
    private static String objectNamed(long oid, Class<?> type) {
        return "object " + oid + (type == null ? "" : " (" + type.getName() + ")");
    }

    /** How to read {@code object}'s bytes stored under {@code classId} and {@code shape}; a refusal names the object. */
    private ReadPlan plan(int classId, int shape, Persistable object) {
        try {
            return catalog.plan(classId, shape, ClassLayout.of(object.getClass()));
        } catch (IncompatibleSchemaException e) {
            throw new IncompatibleSchemaException(e.getMessage() + " (met reading " + describe() + ")", e);
        }
    }

    @Override
    public String describe() {
        if (reading == null) {
            return "the root directory of " + directory;
        }
        if (reading instanceof Persistable) {
            return describeObject(readingOid, reading);
        }
        String what = reading instanceof Attachment ? ((Attachment) reading).collection().getClass().getSuperclass().getName()
            : "a collection";
        return "collection " + readingOid + " (" + what + ", reached first through field " + readingOrigin + ") of " + directory;
    }

    // ---------------------------------------------------------------- roots

    public synchronized <T> T root(String name, Class<T> type) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        requireOpen();
        requireOwner("called root(...)");
        catalog.learn(type);
        Object value = roots.get(name, this);
        if (value != null && !type.isInstance(value)) {
            throw new WrongRootTypeException("Root '" + name + "' of the store in " + directory + " is a "
                + value.getClass().getName() + ", not a " + type.getName() + ". Ask for it as "
                + value.getClass().getName() + " (or a supertype), or bind the name to another object with setRoot.");
        }
        return type.cast(value);
    }

    /** The end of a refusal of a reference to an object that {@code other} holds, saying what to do. */
    private String otherStore(Object context) {
        if (context == OpenStores.CLOSED_STORE) {
            return "read from a store before it was closed (this one, closed and opened again, or another): an object"
                + " does not outlive its store's close(); read it again from the open store.";
        }
        ObjectManager other = (ObjectManager) context;
        if (other.closed) {
            return (other.directory.equals(directory) ? "read from this store before it was closed and opened again"
                : "of the store in " + other.directory + ", which was closed") + ": an object does not outlive its"
                + " store's close(); read it again from the open store.";
        }
        return "of another store (" + other.directory + "); references between stores are not supported.";
    }

    public synchronized void setRoot(String name, Object value) {
        Objects.requireNonNull(name, "name");
        requireOpen();
        requireOwner("called setRoot(...)");
        store.requireWritable("bind root '" + name + "', which only a commit can store");
        if (value != null) {
            ClassLayout.requireEnhanced(value.getClass());
            Object context = ((Persistable) value).$swz_context();
            if (context != null && context != this) {
                throw new NotPersistentException("Cannot bind root '" + name + "' of the store in " + directory
                    + " to an object " + otherStore(context));
            }
        }
        roots.set(name, value);
    }

    public synchronized Set<String> rootNames() {
        requireOpen();
        requireOwner("called rootNames()");
        return roots.names();
    }

    // ---------------------------------------------------------------- commit and abort

    /** Makes every change durable; returns the commit's number, or the last commit's if nothing changed. */
    public synchronized long commit() {
        requireOpen();
        requireOwner("called commit()");
        if (automatic != null) {
            automatic.rethrowFailure();
        }
        long number = commitNumber + 1;
        transaction = store.begin();
        try {
            long start = System.nanoTime();
            detector.collect(pending::add);
            countMarks(pending.size());
            addChangedWatched();
            addChangedArrays();
            collections.collectChanged(pending::add);
            long collected = System.nanoTime();
            counters.collectNanos += collected - start;
            if (roots.isDirty()) {
                writeRoots();
            }
            for (Object next = pending.poll(); next != null; next = pending.poll()) {
                pendingTaken++;
                if (next instanceof Attachment attachment) {
                    try {
                        write(attachment);
                    } catch (ConcurrentModificationException e) {
                        throw changedWhileWritten("the collection of " + attachment.origin(), e);
                    }
                } else {
                    Persistable object = (Persistable) next;
                    try {
                        write(object);
                    } catch (ConcurrentModificationException e) {
                        throw changedWhileWritten("an object of " + object.getClass().getName(), e);
                    }
                }
            }
            putImages();
            if (roots.renameClasses(catalog::registeredId)) { // a root's object written under its class's new name
                writeRoots();
            }
            if (catalog.isDirty()) { // written from offset 0 of the writer's buffer, which holds no kept image now
                int length = catalog.write(writer.buffer());
                transaction.put(SegmentStore.CATALOG_OID, 0, writer.buffer(), 0, length);
            }
            long diffed = transaction.counted().diffNanos();
            counters.unswizzleNanos += System.nanoTime() - collected - diffed;
            counters.diffNanos += diffed;
            for (HashIndex<?, ?> index : indexes.values()) {
                index.prepareCommit(written);
            }
            collector.assistSweep(transaction);
            transaction.commit(number);
            commitNumber = store.lastCommit(); // a commit that logged nothing keeps the last recorded number
            for (HashIndex<?, ?> index : indexes.values()) {
                index.committed(commitNumber);
            }
            pagedArrays.committed();
            arrayOwners.clear();
            clearWrittenSections();
            counters.addCommitted(transaction.counted());
        } catch (RuntimeException | Error e) {
            boolean durable = !store.isClosed() && store.lastCommit() >= number;
            if (durable) { // and its keys may not be in the indexes
                indexes.values().forEach(index -> index.missed(number, e));
            }
            dropImages();
            for (Attachment attachment : remembering) {
                attachment.forgetWritten();
            }
            remembering.clear();
            toWatch.clear();
            committedFieldArrays.abandoned();
            transaction.abandon();
            for (Persistable object : created) {
                object.$swz_oid(0);
            }
            forgetCommitWork();
            pending.clear();
            collections.abandoned();
            residentPages.abandoned();
            pagedArrays.abandoned();
            arrayOwners.clear();
            abandonSections();
            if (durable) {
                closeAfterDurableFailure(number, e);
            } else if (store.isClosed()) {
                closeStore(); // the files closed after the failure: the objects are detached, as after close()
            }
            throw e;
        } finally {
            transaction = null;
        }
        try {
            install();
        } catch (RuntimeException | Error e) {
            closeAfterDurableFailure(commitNumber, e);
            throw e;
        }
        if (automatic != null) {
            automatic.committed(usedBytes());
        }
        return commitNumber;
    }

    /**
     * Closes the store after {@code failure} met commit {@code number} once it was durable: the objects in memory no
     * longer match what is stored (those the commit created have no OIDs, or are half installed), and a later commit
     * could store them twice. The next open reads the commit. The failure, an {@link Error} as often as not, is
     * thrown on as it is, with a {@link StoreClosedException} that says so among its suppressed exceptions.
     */
    private void closeAfterDurableFailure(long number, Throwable failure) {
        failure.addSuppressed(new StoreClosedException("Commit " + number + " of the store in " + directory
            + " is durable, but " + failure + " met it as it ended, so the store was closed: open it again, and the"
            + " commit is there. Do not make its changes again."));
        try {
            store.close();
        } catch (RuntimeException | Error closeFailure) {
            failure.addSuppressed(closeFailure);
        }
        closeStore();
    }

    /** Makes the objects a durable commit created resident and clean, and the rest of memory match the commit. */
    private void install() {
        long installStart = System.nanoTime();
        for (int i = 0; i < created.size(); i++) {
            Persistable object = created.get(i);
            table.putResident(object.$swz_oid(), object); // first: a close finds every object naming this store there
            StateWord.set(object, StateWord.STORE_MASK | StateWord.DIRTY_MASK | StateWord.WATCHED_BIT,
                (long) slot << StateWord.STORE_SHIFT); // clean, unwatched, of this store
            if (barrier.placesObjects()) {
                object.$swz_address(space.place(object, createdLengths.getInt(i)));
            }
            budget.admitted(object);
        }
        pagedArrays.takeKeepingOwners().forEach(this::keepsArrayOf);
        counters.objectsResident += created.size();
        counters.objectsCreated += created.size();
        collections.committed();
        for (Attachment attachment : remembering) { // once clean, which forgot the places taken before a change
            attachment.writtenCommitted();
        }
        remembering.clear();
        residentPages.committed();
        for (Persistable object : toWatch) {
            watch(object);
        }
        toWatch.clear();
        committedFieldArrays.committed();
        dropFreedFromIndexes(); // a cycle this commit's share of the sweep ended
        forgetCommitWork();
        detector.reset();
        roots.clean();
        catalog.clean();
        counters.commits++;
        collector.takeUnreached(this::rehollowUnreached);
        budget.forgetRehollowed();
        trimToBudget(null, true);
        collector.assistMark();
        counters.installNanos += System.nanoTime() - installStart;
    }

    private void countMarks(int candidates) {
        counters.objectsDirtied += candidates;
        if (barrier == Barrier.CARD) {
            counters.cardsDirtied += detector.marks;
        } else {
            counters.objectsMarked += detector.marks;
        }
    }

    /** Puts the root directory into the commit under way. */
    private void writeRoots() {
        roots.write(writer);
        transaction.put(SegmentStore.ROOTS_OID, 0, writer.buffer(), writer.start(), writer.length(), true);
        if (collector.isMarking()) {
            LongArrayList rootOids = new LongArrayList();
            roots.oids(rootOids);
            collector.rootsWritten(rootOids);
        }
    }

    private static StoreException changedWhileWritten(String what, ConcurrentModificationException e) {
        return new StoreException("commit() was writing " + what + " when a collection it holds changed (" + e + "),"
            + " by another thread unless code that commit() called changed it: the commit would have lost the change or"
            + " written the collection half-changed, so nothing was committed. commit() needs exclusive use of the"
            + " store: no other thread may change its objects while it runs.", e);
    }

    private void write(Persistable object) {
        if (!indexes.isEmpty()) {
            written.add(object);
        }
        ClassLayout layout = ClassLayout.of(object.getClass());
        boolean persistent = object.$swz_context() == this;
        if (persistent && onlyFixedFieldsChanged(object) && rewriteFixedFields(object, layout)) {
            counters.objectsDiffed++;
            counters.fixedFieldRewrites++;
            return;
        }
        writeImage(object, layout);
        if (persistent) {
            counters.objectsDiffed++;
        } else {
            createdLengths.addInt(writer.length());
        }
        boolean escapedBeforeStored = !persistent && object.$swz_flags() != 0;
        if (escapedBeforeStored || writer.holdsUntracked() && object.$swz_flags() == 0) {
            toWatch.add(object); // its arrays are taken when it is watched
        } else if (persistent && (object.$swz_flags() != 0 || keptOwners.contains(object))) {
            committedFieldArrays.written(object);
        }
        put(object.$swz_oid(), catalog.classId(layout));
    }

    /**
     * Writes stored collection {@code attachment}: new, changed, or watched (the store logs only what differs); for a
     * paged map or list, the sections of its directory that changed first.
     */
    private void write(Attachment attachment) {
        Object collection = attachment.collection();
        if (attachment.isWatched() && !attachment.isDirty() && attachment.holdsLastWritten()) {
            return; // what the last commit wrote, by identity: nothing to compare
        }
        writer.beginCollection(attachment);
        ValueKind kind = ContainerCodec.kindOf(collection, writer);
        int classId = catalog.classId(kind);
        if (kind.hasSections()) {
            writeSections(attachment, (Paged) collection, classId);
        }
        writeImage(attachment);
        if (kind.isPaged()) {
            if (attachment.isWatched()) {
                collections.unwatch(attachment); // its pages are watched where they hold arrays
            }
        } else if (writer.holdsUntracked()) {
            collections.watch(attachment);
            attachment.forgetWritten(); // its arrays change in place: only a comparison of bytes sees that
            // where abort() puts them back: a collection that reports its changes holds them as committed until it
            // changes, but for rows of arrays of arrays, which a change can replace unseen, and positions in the image
            attachment.takeWrittenArrays(StoredCollections.reportsChanges(attachment)
                ? KeptArrays.nestedPlaces(collection) : KeptArrays.committedPlaces(collection));
            remembering.add(attachment);
        } else if (!StoredCollections.reportsChanges(attachment) || Sequenced.hasUntrackedViews(collection)) {
            collections.watch(attachment);
            attachment.takeWritten(); // as written, whatever runs before the commit ends
            attachment.takeWrittenArrays(null); // it holds none now, whatever it held as last committed
            remembering.add(attachment);
        }
        collections.written(attachment);
        put(attachment.oid(), classId);
    }

    /**
     * Writes each section of paged collection {@code attachment}'s directory that is new or changed, a new one under
     * an OID of this commit, which {@link #abandonSections} takes back if the commit fails.
     */
    private void writeSections(Attachment attachment, Paged collection, int classId) {
        Sections sections = collection.sections();
        for (int i = 0; i < sections.count(); i++) {
            if (sections.isChanged(i)) {
                long before = sections.oid(i);
                long oid = before != 0 ? before : transaction.newObject();
                writer.beginCollection(attachment);
                ContainerCodec.writeSection(writer, collection, i);
                put(oid, classId);
                writtenSections.add(sections);
                writtenSectionIndexes.addInt(i);
                writtenSectionOids.addLong(before);
                sections.written(i, oid);
            }
        }
    }

    /** A commit failed: the sections it wrote are changed again, and those it made stored are not. */
    private void abandonSections() {
        for (int i = 0; i < writtenSections.size(); i++) {
            writtenSections.get(i).unwritten(writtenSectionIndexes.getInt(i), writtenSectionOids.getLong(i));
        }
        clearWrittenSections();
    }

    private void clearWrittenSections() {
        writtenSections.clear();
        writtenSectionIndexes.clear();
        writtenSectionOids.clear();
    }

    /** Unswizzles the whole image of {@code object} into the writer. */
    private void writeImage(Persistable object, ClassLayout layout) {
        writeShapeAndFixedFields(object, layout);
        object.$swz_writeVariable(writer);
    }

    /** Begins the image of {@code object} in the writer: its shape, then its fixed-size fields. */
    private void writeShapeAndFixedFields(Persistable object, ClassLayout layout) {
        writer.beginObject(object);
        writer.writeShort((short) catalog.currentShape(layout));
        object.$swz_writeFixed(writer);
    }

    /** Unswizzles the image of stored collection {@code attachment} into the writer; returns the kind it is stored as. */
    private ValueKind writeImage(Attachment attachment) {
        writer.beginCollection(attachment);
        ValueKind kind = ContainerCodec.kindOf(attachment.collection(), writer);
        ContainerCodec.writeBody(writer, kind, attachment.collection());
        return kind;
    }

    /**
     * Whether the remembered set saw only stores into fixed-size fields of {@code object}, which nothing watches and
     * whose arrays no element store changed.
     */
    private boolean onlyFixedFieldsChanged(Persistable object) {
        return barrier == Barrier.REMSET && object.$swz_dirty() == RememberedSet.FIXED_FIELDS && object.$swz_flags() == 0
            && !arrayOwners.contains(object);
    }

    /**
     * Puts {@code object} as its committed bytes with its fixed-size fields written over them, leaving its other
     * fields (strings, arrays, collections), which did not change, unwritten; {@code false} when its committed bytes
     * are of another class or shape, which only a whole image can replace. A long image is not copied: the store
     * takes its shape and fixed fields alone ({@link Transaction#putPrefix}), so the put costs what they do.
     */
    private boolean rewriteFixedFields(Persistable object, ClassLayout layout) {
        long oid = object.$swz_oid();
        int classId = catalog.classId(layout);
        LittleEndianBuffer committed = store.viewOfClass(oid, classId, PREFIX_PUT_LENGTH, view);
        if (committed == null) {
            return false;
        }
        int length = committed.capacity(); // PREFIX_PUT_LENGTH for a long image, whose view is its prefix
        short shape = (short) catalog.currentShape(layout);
        if (length < Short.BYTES || committed.getShort(0) != shape) {
            return false;
        }
        if (length == PREFIX_PUT_LENGTH) {
            writeShapeAndFixedFields(object, layout);
            transaction.putPrefix(oid, classId, writer.buffer(), writer.start(), writer.length());
            collector.written(oid);
            return true;
        }
        writer.beginOverwrite(object, committed, length); // checked when it was faulted or written
        object.$swz_writeFixed(writer);
        writer.endOverwrite(length);
        put(oid, classId);
        return true;
    }

    // ---------------------------------------------------------------- watched objects

    /**
     * Watches {@code object}: it holds an array or collection that may change without its barrier, so every
     * commit compares it with its committed bytes until it is reloaded; the budget leaves it resident.
     */
    synchronized void watch(Persistable object) {
        if (object.$swz_flags() == 0 && object.$swz_context() == this) {
            object.$swz_flags(Persistable.WATCHED);
            watched.add(object);
            // an array the application holds from it was handed out through a load that watched it, this one or an
            // earlier, and a setter watches before it stores: one stored in its field before (made in the method that
            // stored it) is not the committed one, but the application holds no other
            committedFieldArrays.take(object);
        }
    }

    /** Adds the watched objects whose arrays or collections differ from their committed bytes to the candidates. */
    private void addChangedWatched() {
        if (barrier == Barrier.NONE) {
            return; // every resident object is a candidate already
        }
        for (Persistable object : watched) {
            if (object.$swz_state() == Persistable.RESIDENT && !detector.mayBeDirty(object) && valuesChanged(object)) {
                pending.add(object);
            }
        }
    }

    /**
     * Adds the objects whose large arrays' element stores marked pages ({@link PageMarks}), which no barrier made
     * candidates, to the candidates: a method that kept such an array to itself runs no barrier. A watched object is
     * compared whole already ({@link #addChangedWatched}), and under {@code barrier=none} every resident one is a
     * candidate.
     */
    private void addChangedArrays() {
        for (PageMarks marks : pagedArrays.takeChanged()) {
            Persistable owner = marks.owner();
            if (owner != null && owner.$swz_context() == this && owner.$swz_state() == Persistable.RESIDENT
                && owner.$swz_flags() == 0 && arrayOwners.add(owner) && barrier != Barrier.NONE && !detector.mayBeDirty(owner)) {
                pending.add(owner);
            }
        }
    }

    /**
     * Whether {@code array}, loaded from a field of {@code owner} by a method that keeps it to itself, has its pages
     * marked for that object, so that it need not be watched; the object then stays resident under the budget, as a
     * watched one does, since the method may still store into the array after it was re-hollowed, and its arrays are
     * taken as a watched one's are ({@link CommittedFieldArrays}), since the method may keep the array across an abort.
     */
    boolean keeps(Persistable owner, Object array) {
        PageMarks marks = PageMarks.of(array);
        if (marks == null || marks.owner() != owner) {
            return false;
        }
        if (!marks.isKept()) {
            keepsArrayOf(owner);
            marks.keep();
        }
        return true;
    }

    /** Notes that a method keeps an array of {@code owner}'s field to itself: the budget leaves the owner resident. */
    private synchronized void keepsArrayOf(Persistable owner) {
        if (keptOwners.add(owner) && owner.$swz_flags() == 0) {
            committedFieldArrays.take(owner); // abort() gives the field back the array the method keeps
        }
    }

    /**
     * Whether an array or collection field of {@code object} differs from its committed bytes: only those
     * fields are unswizzled, and each is compared with its place in the committed image.
     */
    private boolean valuesChanged(Persistable object) {
        counters.objectsCompared++;
        long oid = object.$swz_oid();
        ClassLayout layout = ClassLayout.of(object.getClass());
        LittleEndianBuffer committed = store.view(oid, view); // checked when it was faulted or written
        reader.reset(committed, committed.capacity());
        int shape = reader.readShort() & 0xFFFF;
        if (store.classId(oid) != catalog.classId(layout) || shape != catalog.currentShape(layout)) {
            return true; // stored under another shape: rewritten whole
        }
        Shape fields = layout.shape();
        writer.beginObject(object);
        comparingValues = true;
        try {
            for (int i = 0; i < fields.size(); i++) {
                Shape.Field field = fields.field(i);
                int start = reader.position();
                reader.skip(field.kind());
                if (field.kind() == FieldKind.MUTABLE_VALUE) {
                    int from = writer.position();
                    int index = layout.fieldIndex(i);
                    writer.field(index);
                    if (!writes(() -> object.$swz_write(index, writer))) {
                        return true;
                    }
                    if (!sameBytes(writer.buffer(), from, writer.position() - from, committed, start, reader.position() - start)) {
                        return true;
                    }
                }
            }
            return false;
        } finally {
            comparingValues = false;
        }
    }

    private static boolean sameBytes(LittleEndianBuffer a, int aOffset, int aLength, LittleEndianBuffer b, int bOffset, int bLength) {
        return aLength == bLength && a.mismatch(aOffset, b, bOffset, aLength) == aLength;
    }

    /**
     * Empties the lists of the objects the commit wrote and created, letting go of their arrays (and of the queue's,
     * which held as many) after a commit larger than the store keeps working memory for, and of the writer's buffer if
     * an image grew it past {@link #WRITER_KEPT_LENGTH} (a bulk load's, or a large array's, would stay as long as the
     * store is open).
     */
    private void forgetCommitWork() {
        boolean large = created.size() > KEPT_PER_COMMIT || written.size() > KEPT_PER_COMMIT;
        written.clear();
        created.clear();
        createdLengths.clear();
        if (large) {
            written.trimToSize();
            created.trimToSize();
            createdLengths.trimToSize();
        }
        if (pendingTaken > KEPT_PER_COMMIT) {
            pending = new ArrayDeque<>();
        }
        pendingTaken = 0;
        writer.letGoPast(WRITER_KEPT_LENGTH);
    }

    /**
     * Puts the image written last, with the others the writer keeps ({@link Transaction#putAll}), once the commit has
     * written them all or they fill {@link #IMAGES_PUT_AT} bytes.
     */
    private void put(long oid, int classId) {
        images.add(oid, classId, writer.start(), writer.length());
        writer.keep();
        collector.written(oid);
        if (writer.start() >= IMAGES_PUT_AT) {
            putImages();
        }
    }

    private void putImages() {
        transaction.putAll(writer.buffer(), images, true);
        dropImages();
    }

    private void dropImages() {
        images.clear();
        writer.dropKept();
    }

    /** What to do about {@code value}, not persistent, in a reference field (of an interface or persistent type). */
    private static String referenceAdvice(Object value) {
        Class<?> type = value instanceof Enum<?> constant ? constant.getDeclaringClass() : value.getClass();
        if (ClassLayout.isGenerated(type)) {
            return ClassLayout.generatedClassAdvice("refer to");
        }
        if (type.isAnonymousClass()) {
            return ClassLayout.anonymousClassAdvice(type, "refer to");
        }
        if (type.isEnum()) {
            return "A field of an interface type stores references to @Persistent objects only, and an enum cannot be"
                + " one: declare the field with the enum's type " + type.getName() + " (an enum field stores its"
                + " constant), or keep the value in a collection of the interface type (List, Set or Map), which stores"
                + " enum constants";
        }
        if (type.isRecord()) {
            return "A record cannot be @Persistent: refer to an object of a @Persistent class that holds its components";
        }
        return "Annotate that class with @org.swizzle.Persistent";
    }

    @Override
    public long oidOf(Object value, ObjectWriter from) {
        if (!(value instanceof Persistable)) {
            try {
                ClassLayout.requireEnhanced(value.getClass());
            } catch (NotPersistentException e) {
                throw new NotPersistentException("Field " + from.fieldDescription() + " refers to a "
                    + value.getClass().getName() + ", which is not @Persistent. " + referenceAdvice(value)
                    + ", or make the field transient.");
            }
        }
        Persistable object = (Persistable) value;
        Object context = object.$swz_context();
        if (context == this) {
            return object.$swz_oid();
        }
        if (context != null) {
            throw new NotPersistentException("Field " + from.fieldDescription() + " refers to an object "
                + otherStore(context));
        }
        long oid = object.$swz_oid();
        if (oid == 0 && transaction == null) {
            return -1; // compared outside a commit: a new object makes the image differ
        }
        if (oid == 0) {
            oid = transaction.newObject();
            object.$swz_oid(oid);
            created.add(object);
            pending.add(object);
        }
        return oid;
    }

    @Override
    public long collectionOid(Object collection, ObjectWriter from) {
        Attachment attachment = collections.find(collection);
        if (attachment == null && transaction == null) {
            return -1; // compared outside a commit: a new collection makes the image differ
        }
        if (attachment == null) {
            attachment = collections.adopt(collection, transaction.newObject(), from.fieldDescription());
            attachment.declaredElements(from.declaredElements());
            pending.add(attachment);
        }
        Object holder = from.owner() != null ? from.owner() : from.collection();
        if (holder != null) {
            attachment.heldBy(holder);
        }
        return attachment.oid();
    }

    @Override
    public void pageStored(PageSlot slot, Object page) {
        residentPages.stored(slot, entriesOf(page));
    }

    @Override
    public int classIdOf(Class<?> type) {
        return catalog.classId(type);
    }

    @Override
    public int classIdOf(Persistable object) {
        return catalog.classId(ClassLayout.of(object.getClass()));
    }

    /** Undoes every change since the last commit: dirty objects become hollow and refault their committed state. */
    public synchronized void abort() {
        requireOpen();
        requireOwner("called abort()");
        revert();
    }

    /**
     * Reverts every change since the last commit. The objects the barrier marked are re-hollowed (under a
     * scheme whose candidates were not all stored into, {@code card} and {@code none}, only those whose image
     * differs from their committed bytes), and so are the watched objects whose arrays or collections differ;
     * a watched object is filled again at once, with the committed elements copied into the arrays it held as
     * committed ({@link CommittedFieldArrays}), so that an array the application kept stays the object's.
     * Collections that cannot report their changes get their committed contents back in place; collections that
     * reported changes are detached.
     */
    private void revert() {
        List<Persistable> dirty = new ArrayList<>();
        int[] candidates = {0};
        detector.collect(object -> {
            candidates[0]++;
            if (detector.isExact() || imageChanged(object)) {
                dirty.add(object);
            }
        });
        countMarks(candidates[0]);
        Set<Persistable> marked = Collections.newSetFromMap(new IdentityHashMap<>());
        marked.addAll(dirty);
        List<PageMarks> arrayMarks = new ArrayList<>(pagedArrays.takeChanged());
        pagedArrays.reverted();
        for (PageMarks marks : arrayMarks) { // arrays kept in locals: their stores ran no barrier
            Persistable owner = marks.owner();
            if (owner != null && owner.$swz_context() == this && marked.add(owner)) {
                dirty.add(owner);
            }
        }
        for (Persistable object : watched) {
            if (object.$swz_state() == Persistable.RESIDENT && !marked.contains(object)
                && (valuesChanged(object) || committedFieldArrays.replaced(object))) {
                dirty.add(object);
            }
        }
        List<Attachment> restored = new ArrayList<>();
        for (Attachment attachment : new ArrayList<>(collections.watched())) {
            if (collectionChanged(attachment)) {
                restoreCollection(attachment);
                restored.add(attachment);
            }
        }
        List<Persistable> reverted = new ArrayList<>();
        List<Persistable> refill = new ArrayList<>();
        List<Object[]> keptArrays = new ArrayList<>();
        for (Persistable object : revertCollections(dirty, restored)) { // every array read before any object reverts
            if (object.$swz_state() != Persistable.RESIDENT) {
                continue;
            }
            reverted.add(object);
            boolean held = object.$swz_flags() != 0 || keptOwners.contains(object);
            Object[] committed = held ? committedFieldArrays.of(object) : null;
            Object[] arrays = !held ? null : committed != null ? committed : ClassLayout.of(object.getClass()).arrays(object);
            if (arrays != null) {
                refill.add(object);
                keptArrays.add(arrays);
            }
        }
        reverted.forEach(this::rehollow);
        counters.objectsResident -= reverted.size();
        unwatchHollow();
        for (int i = 0; i < refill.size(); i++) {
            Persistable object = refill.get(i);
            makeResident(object);
            ClassLayout.of(object.getClass()).keepArrays(keptArrays.get(i), object);
            watch(object);
            committedFieldArrays.take(object); // the fill may have watched it, with the arrays it read
        }
        try {
            readKeptArrays();
        } finally {
            keptCollections.clear();
            keptOutermost.clear();
            refillingThrough.clear();
            refillForKeptArrays.clear();
            readForKeptArrays.clear();
        }
        arrayMarks.forEach(PageMarks::clearAll); // the arrays an object kept hold its committed elements again
        indexes.values().forEach(HashIndex::reverted);
        detector.reset();
        StoreDirectory.readRoots(store, roots, reader);
        // a restored set or map hashed its keys as they were before their own state was reverted: it is restored again,
        // in its committed order, which a commit then finds unchanged
        for (Attachment attachment : restored) {
            if (attachment.isLive() && (attachment.collection() instanceof Set || attachment.collection() instanceof Map)) {
                restoreCollection(attachment); // unless the revert detached it
                MisplacedKeys.placeAll(attachment); // a key whose hash reads the set it is in
            }
        }
        trimToBudget(null, true);
    }

    /**
     * Reverts, with the objects {@code dirty}, the collections that reported changes, and closes the set over
     * holding: the collections a reverted object's or collection's committed image refers to are reverted, and
     * so are the objects and collections that hold a detached collection, so that no clean object keeps one. A
     * collection that cannot report its changes (a plain one) gets its committed contents back in place instead
     * and stays the store's: one that changed, and one that holds a detached collection, which it then holds as read
     * again, as the objects sharing it will once they fault (added to {@code restored}). Returns the objects to
     * re-hollow.
     */
    private Collection<Persistable> revertCollections(List<Persistable> dirty, List<Attachment> restored) {
        Set<Persistable> objects = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Attachment> reverted = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Attachment> plainHolders = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Persistable> objectWork = new ArrayDeque<>();
        ArrayDeque<Attachment> collectionWork = new ArrayDeque<>(collections.takeChanged());
        Consumer<Object> revertHolder = holder -> {
            if (holder instanceof Attachment) {
                collectionWork.add((Attachment) holder);
            } else if (((Persistable) holder).$swz_context() == this && objects.add((Persistable) holder)) {
                objectWork.add((Persistable) holder);
            }
        };
        Consumer<Object> revertHolderOfDetached = holder -> {
            if (holder instanceof Attachment && !StoredCollections.reportsChanges((Attachment) holder)) {
                plainHolders.add((Attachment) holder);
            }
            revertHolder.accept(holder);
        };
        dirty.forEach(revertHolder);
        LongArrayList sectionWork = new LongArrayList();
        Map<Object, LongHashSet> committedOids = new IdentityHashMap<>(); // of holders, each image read once
        LongConsumer revertHeld = oid -> {
            Attachment held = collections.residentAttachment(oid);
            if (held != null) {
                collectionWork.add(held);
            } else if (isSection(oid)) {
                sectionWork.addLong(oid); // a paged collection's pages are held through its directory's sections
            }
        };
        while (!objectWork.isEmpty() || !collectionWork.isEmpty() || !sectionWork.isEmpty()) {
            if (!sectionWork.isEmpty()) {
                committedReferences.forEach(sectionWork.removeAt(sectionWork.size() - 1), revertHeld);
            } else if (!objectWork.isEmpty()) {
                Persistable object = objectWork.poll();
                if (object.$swz_state() == Persistable.RESIDENT) {
                    committedReferences.forEach(object.$swz_oid(), revertHeld);
                }
            } else {
                Attachment attachment = collectionWork.poll();
                if (!reverted.add(attachment)) {
                    continue;
                }
                committedReferences.forEach(attachment.oid(), revertHeld);
                if (StoredCollections.reportsChanges(attachment)) {
                    collections.forget(attachment);
                    collections.unwatch(attachment);
                    long detached = attachment.oid();
                    attachment.forEachHolder(holder -> {
                        if (!objects.contains(holder) && !holdsNoLonger(holder, detached, committedOids)) {
                            revertHolderOfDetached.accept(holder);
                        }
                    });
                    keepArraysOf(attachment);
                } else if (collectionChanged(attachment)) {
                    restoreCollection(attachment); // a plain collection cannot refuse changes: it stays the store's
                }
            }
        }
        for (Attachment holder : plainHolders) {
            if (holder.isLive()) {
                restoreCollection(holder);
                restored.add(holder);
            }
        }
        return objects;
    }

    /**
     * Whether {@code holder}, a resident stored object or an unchanged stored collection that reports its changes, no
     * longer holds stored collection {@code oid}: a commit since it was noted as a holder (holders are noted, never
     * dropped) stored another value where it was, so that abort need not revert it to take the collection, detached,
     * away from it. A holder changed since that commit is reverted anyway. {@code committedOids} keeps what each
     * holder's committed image refers to, read once per abort.
     */
    private boolean holdsNoLonger(Object holder, long oid, Map<Object, LongHashSet> committedOids) {
        long holderOid;
        if (holder instanceof Persistable) {
            Persistable object = (Persistable) holder;
            if (object.$swz_context() != this || object.$swz_state() != Persistable.RESIDENT) {
                return false;
            }
            holderOid = object.$swz_oid();
        } else {
            Attachment collection = (Attachment) holder;
            if (!StoredCollections.reportsChanges(collection) || collection.isDirty() || collection.isWatched()
                || isPaged(collection.collection()) || isBacked(collection.collection())) {
                return false; // a paged collection's image refers to its sections, not to what its pages hold
            }
            holderOid = collection.oid();
        }
        if (!store.contains(holderOid) || !store.contains(oid)) {
            return false;
        }
        LongHashSet referred = committedOids.computeIfAbsent(holder, key -> {
            LongHashSet oids = new LongHashSet();
            committedReferences.forEach(holderOid, oids::add);
            return oids;
        });
        return !referred.contains(oid);
    }

    /**
     * Notes that collection {@code attachment}, detached by {@code abort()}, holds arrays the application may hold too,
     * so that the collection read again in its place holds them, with their committed elements ({@link
     * KeptArrays#keepElements}), and a change made through one is committed; the objects holding it, directly or
     * through other collections, are filled again before {@code abort()} returns, so that it is read at once (the pages
     * of a paged collection, each kept so, as its directory is read).
     */
    private void keepArraysOf(Attachment attachment) {
        Object collection = attachment.collection();
        Object committed = attachment.arraysAsCommitted();
        if (isPaged(collection) || isBacked(collection) || !KeptArrays.holdsArrays(committed)) {
            return; // a collection kept in another holds its arrays there, which is kept so on its own
        }
        keptCollections.put(attachment.oid(), committed);
        noteIfOutermost(attachment);
        attachment.forEachHolder(this::refillHolder);
    }

    private void noteIfOutermost(Attachment attachment) {
        if (!attachment.heldFromOutside()) {
            keptOutermost.add(attachment);
        }
    }

    /**
     * Reads again the collections {@link #keepArraysOf} kept, by filling their holders and reading their pages. An
     * outermost one no holder's fill read (each object noted holding it is resident, or has since stored another value
     * where it was) is read by itself, made resident, so that an object that holds it in the store, read later, finds
     * it, and in it the arrays kept.
     */
    private void readKeptArrays() {
        for (Persistable holder : refillForKeptArrays) {
            if (holder.$swz_state() == Persistable.HOLLOW) {
                makeResident(holder);
            }
        }
        for (Attachment outermost : keptOutermost) {
            long oid = outermost.oid();
            if (table.get(oid) == null && store.contains(oid)) {
                decodeCollection(oid, outermost.origin(), true, outermost.declaredElements(), false);
            }
        }
        for (Paged paged : readForKeptArrays) {
            IntArrayList kept = new IntArrayList();
            int[] index = {0};
            paged.forEachPage((header, loaded, oid, slot) -> {
                if (loaded == null && keptCollections.containsKey(oid)) {
                    kept.addInt(index[0]);
                }
                index[0]++;
            });
            kept.forEachInt(paged::readPage);
        }
    }

    /** Notes {@code holder} of a kept collection to fill again, or, a collection, the objects that hold it (keeping it too). */
    private void refillHolder(Object holder) {
        if (holder instanceof Attachment) {
            Attachment attachment = (Attachment) holder;
            if (!refillingThrough.add(attachment)) {
                return; // a cycle of collections holding one another
            }
            noteIfOutermost(attachment);
            if (!isPaged(attachment.collection())) {
                keptCollections.putIfAbsent(attachment.oid(), attachment.collection()); // a page on the way is read too
            }
            attachment.forEachHolder(this::refillHolder);
        } else if (((Persistable) holder).$swz_context() == this) {
            refillForKeptArrays.add((Persistable) holder);
        }
    }

    /** Whether the image {@code object} would be written with differs from its committed bytes (outside a commit). */
    private boolean imageChanged(Persistable object) {
        long oid = object.$swz_oid();
        if (object.$swz_state() != Persistable.RESIDENT || !store.contains(oid)) {
            return true;
        }
        ClassLayout layout = ClassLayout.of(object.getClass());
        if (!writes(() -> writeImage(object, layout))) {
            return true;
        }
        LittleEndianBuffer committed = store.view(oid, view);
        return store.classId(oid) != catalog.classId(layout)
            || !sameBytes(writer.buffer(), writer.start(), writer.length(), committed, 0, committed.capacity());
    }

    /**
     * Writes an image into the writer with {@code image}, to compare it with committed bytes; false when a value in it
     * cannot be stored. Such an image differs from the committed one, which was written, and the commit that met the
     * value refused it already, naming it: an abort then reverts it, where rethrowing here left every change in place
     * and no way back but finding the value.
     */
    private static boolean writes(Runnable image) {
        try {
            image.run();
            return true;
        } catch (StoreException e) { // a write into the writer does no I/O: whatever it raises refuses a value
            return false;
        }
    }

    /**
     * Whether stored collection {@code attachment} differs from its committed image (outside a commit), or holds another
     * array than as committed where its bytes cannot tell.
     */
    private boolean collectionChanged(Attachment attachment) {
        if (!store.contains(attachment.oid()) || !writes(() -> writeImage(attachment))) {
            return true;
        }
        LittleEndianBuffer committed = store.view(attachment.oid(), view);
        return !sameBytes(writer.buffer(), writer.start(), writer.length(), committed, 0, committed.capacity())
            || !KeptArrays.holdsInPlaces(attachment.arraysAsCommitted(), attachment.collection());
    }

    /**
     * Gives collection {@code attachment} its committed contents back in place, so that it stays the store's
     * and a reference the application kept to it goes on working; its changes since are not reported.
     */
    @SuppressWarnings("unchecked")
    private void restoreCollection(Attachment attachment) {
        Object arraysAt = attachment.arraysAsCommitted();
        Object committed = arraysAt instanceof KeptArrays.ImagePlaces ? decodeKeepingArraysAt(attachment, arraysAt)
            : decodeCollection(attachment.oid(), attachment.origin(), false, attachment.declaredElements(), false);
        Object collection = attachment.collection();
        attachment.filling(true);
        try {
            // the arrays it holds that an application may hold too get their committed elements back in place
            if (collection instanceof Map) {
                Map<Object, Object> map = (Map<Object, Object>) collection;
                Map<Object, Object> restored = (Map<Object, Object>) committed;
                KeptArrays.keepElements(arraysAt, restored);
                MapRestore.restore(map, restored);
            } else if (collection instanceof List) {
                List<Object> list = (List<Object>) collection;
                List<Object> restored = new ArrayList<>((List<Object>) committed);
                KeptArrays.keepElements(arraysAt, restored);
                list.clear();
                list.addAll(restored);
            } else {
                ((java.util.Collection<Object>) collection).clear();
                ((java.util.Collection<Object>) collection).addAll((java.util.Collection<Object>) committed);
            }
        } finally {
            attachment.filling(false);
        }
    }

    /**
     * A copy of set or map {@code attachment} as committed, holding the arrays {@code places} took where it held them.
     */
    private Object decodeKeepingArraysAt(Attachment attachment, Object places) {
        Object kept = keptCollections.put(attachment.oid(), places);
        try {
            return decodeCollection(attachment.oid(), attachment.origin(), false, attachment.declaredElements(), false);
        } finally {
            if (kept != null) {
                keptCollections.put(attachment.oid(), kept);
            } else {
                keptCollections.remove(attachment.oid());
            }
        }
    }

    // ---------------------------------------------------------------- indexes

    /** The index called {@code name}, opened (and rebuilt if stale) on first use in this session. */
    public synchronized <K, V> ObjectIndex<K, V> index(String name, Class<V> type, Class<K> keyType,
                                                       Function<? super V, ? extends K> key) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(keyType, "keyType");
        Objects.requireNonNull(key, "key");
        requireOpen();
        if (!type.isInterface()) {
            ClassLayout.requireEnhanced(type);
        }
        requireOwner("called index(...)");
        HashIndex<?, ?> open = indexes.get(name);
        if (open != null) {
            if (!open.matches(type, keyType)) {
                throw new InvalidOptionException("Index '" + name + "' of the store in " + directory + " is open for "
                    + open.types() + ", not for " + HashIndex.typesOf(type, keyType) + "; give this one another name");
            }
            @SuppressWarnings("unchecked")
            ObjectIndex<K, V> same = (ObjectIndex<K, V>) open;
            return same;
        }
        store.requireWritable("open the hash index '" + name + "', a file beside the store that opening it may rebuild"
            + " and every commit updates, even for lookups only");
        HashIndex<K, V> index = new HashIndex<>(this, name, type, keyType, key);
        index.open(store.lastCommit());
        indexes.put(name, index);
        return index;
    }

    /** After a committed transaction: the indexes drop the entries of the objects a cycle that ended in it freed. */
    private void dropFreedFromIndexes() {
        if (indexesHoldFreed) {
            indexesHoldFreed = false;
            indexes.values().forEach(HashIndex::dropFreed);
        }
    }

    /** Whether object {@code oid} is stored (a collection may have freed it). */
    boolean isStored(long oid) {
        return store.contains(oid);
    }

    /** The Java object of committed object {@code oid} (hollow until touched), or {@code null} if there is none. */
    Object committedObject(long oid) {
        if (isForeign()) { // the message made only for a refusal: this runs at every lookup
            throw confinedTo("used an index to read " + objectNamed(oid, null));
        }
        return store.contains(oid) && !collector.isCondemned(oid) ? instance(oid, store.classId(oid)) : null;
    }

    /** Hands every committed object of {@code type} (or a subclass) to {@code action}, in OID order. */
    void forEachCommitted(Class<?> type, java.util.function.Consumer<Object> action) {
        requireOwner("built an index of the objects of class ", type.getName());
        catalog.learn(type);
        long limit = store.oidLimit();
        for (long oid = store.nextObject(SegmentStore.CATALOG_OID + 1); oid < limit; oid = store.nextObject(oid + 1)) {
            if (!catalog.isValue(store.classId(oid))) {
                Class<?> stored = catalog.typeIfPresent(store.classId(oid));
                if (stored != null && type.isAssignableFrom(stored) && !collector.isCondemned(oid)) {
                    action.accept(instance(oid, store.classId(oid)));
                }
            }
        }
    }

    /**
     * Whether resident {@code object} may differ from its committed bytes: the barrier may have noted a store into it,
     * or it is watched (its arrays or collections change without a barrier). A hollow object holds none.
     */
    boolean mayHoldChanges(Persistable object) {
        return object.$swz_state() == Persistable.RESIDENT && (object.$swz_flags() == Persistable.WATCHED || detector.mayBeDirty(object));
    }

    RememberedSet remembered() {
        return remembered;
    }

    /**
     * Turns {@code object} back into a hollow object, which the resident table then holds weakly; the collections
     * it held stay resident, with their identity, while anything holds them, and no longer note it as a holder: a
     * collection live objects share would keep it in memory, where the store could never free it (read again, it is
     * noted again; {@code abort()} reads a collection it detached that no holder reads again by itself).
     */
    private void rehollow(Persistable object) {
        ClassLayout layout = ClassLayout.of(object.getClass());
        if (layout.holdsCollections()) {
            for (Object collection : layout.collections(object)) {
                Attachment attachment = collection == null ? null : collections.find(collection);
                if (attachment != null) {
                    attachment.noLongerHeldBy(object);
                }
            }
        }
        table.resident(object.$swz_oid(), false);
        object.$swz_state(Persistable.HOLLOW);
        object.$swz_dirty((byte) 0);
        object.$swz_flags((byte) 0);
        committedFieldArrays.forget(object);
        object.$swz_clear();
    }

    // ---------------------------------------------------------------- life cycle and counters

    /** See {@code ObjectStore.collectGarbage()}: runs a whole collection cycle, a bounded step at a time. */
    public long collectGarbage() {
        long freedBefore;
        synchronized (this) {
            requireOpen();
            requireOwner("called collectGarbage()");
            store.requireWritable("collect garbage, which frees stored objects");
            freedBefore = store.counters().objectsFreed();
        }
        collectCycle(() -> false);
        synchronized (this) {
            return store.counters().objectsFreed() - freedBefore;
        }
    }

    /** Runs the cycle under way, or a new one, to its end unless {@code stop} says so between two steps. */
    private void collectCycle(BooleanSupplier stop) {
        synchronized (this) {
            requireOpen();
            if (collector.phase() == Collector.Phase.IDLE) {
                LongArrayList rootOids = new LongArrayList();
                roots.oids(rootOids);
                collector.start(rootOids);
            }
        }
        while (!stop.getAsBoolean() && collectStep()) {
            Thread.yield(); // between steps other threads may take the lock and commit
        }
    }

    /** One bounded step of the collection cycle under way; whether the cycle goes on. */
    private synchronized boolean collectStep() {
        requireOpen();
        Collector.Phase next;
        if (collector.phase() != Collector.Phase.SWEEP) {
            next = collector.step(COLLECTION_STEP, null);
        } else {
            Transaction sweep = store.begin();
            try {
                next = collector.step(COLLECTION_STEP, sweep);
                sweep.commit(commitNumber + 1);
                commitNumber = store.lastCommit();
                dropFreedFromIndexes();
            } catch (RuntimeException | Error e) {
                sweep.abandon();
                throw e;
            }
        }
        return next != Collector.Phase.IDLE;
    }

    private void cycleEnded(long reachedBytes) {
        indexesHoldFreed = true; // what the cycle's last step freed is freed once its transaction commits
        if (automatic != null) {
            automatic.cycleEnded(reachedBytes);
        }
    }

    /** Re-hollows stored object {@code oid}, which no root reached in the last cycle, if it is resident here and clean. */
    private void rehollowUnreached(long oid) {
        Object held = table.get(oid);
        if (!(held instanceof Persistable) || ((Persistable) held).$swz_state() != Persistable.RESIDENT) {
            return;
        }
        if (budget.rehollowClean((Persistable) held)) {
            counters.objectsResident--;
        }
    }

    /** Bytes of the cluster file that hold objects and tables: what automatic collection watches grow. */
    private long usedBytes() {
        return store.allocatedBytes() - store.freeBytes();
    }

    public synchronized StoreStats stats() {
        Counters snapshot = counters.copy();
        collector.count(snapshot);
        if (!closed) {
            snapshot.storeBytes = store.allocatedBytes();
            snapshot.freeBytes = store.freeBytes();
        }
        snapshot.objectsRehollowed = budget.rehollowed();
        snapshot.pagesReleased = residentPages.released();
        snapshot.objectsInMemory = table.entries();
        snapshot.objectsWatched = watched.size() + collections.watched().size();
        return new StoreStats(snapshot, this::countUnreachable);
    }

    /** Traces the committed graph from the roots and counts the stored objects it does not reach. */
    private synchronized long countUnreachable() {
        requireOpen();
        LongArrayList rootOids = new LongArrayList();
        roots.oids(rootOids);
        return new ReachabilityTrace(store, catalog, committedReferences).countUnreachable(rootOids);
    }

    public synchronized boolean isClosed() {
        return closed;
    }

    /**
     * Releases the store; uncommitted changes are discarded. A failure of the automatic collection that no commit
     * reported is thrown once the store is closed.
     */
    public void close() {
        Throwable unreported = null;
        if (automatic != null) {
            automatic.stop(); // before the lock: the collection thread takes it step by step
            unreported = automatic.takeFailure(true); // no commit met it
        }
        try {
            synchronized (this) {
                closeStore();
            }
        } catch (RuntimeException | Error e) {
            if (unreported != null) {
                e.addSuppressed(unreported);
            }
            throw e;
        }
        AutomaticCollection.rethrow(unreported);
    }

    /**
     * Reverts what changed since the last commit and closes the store. A store that a failure closed (the call that
     * met it reported it) has nothing to revert or write: its files wait for recovery, and its indexes, unmapped, are
     * rebuilt at the next open, since the commit that failed may be durable without their keys.
     */
    private void closeStore() {
        if (closed) {
            return;
        }
        try {
            if (!store.isClosed()) {
                revert(); // from any thread: a confined store's owner may have ended
            }
        } finally {
            closed = true;
            detachObjects();
            collections.closed(directory);
            space.release();
            pagedArrays.close();
            if (store.isClosed()) {
                indexes.values().forEach(HashIndex::release);
            } else {
                try {
                    long lastCommit = store.lastCommit();
                    indexes.values().forEach(index -> index.close(lastCommit));
                } finally {
                    store.close();
                }
            }
        }
    }

    /**
     * Refuses the first change since the last commit to resident {@code object} once the store is closed, which no
     * commit will write, or by a thread other than the one a {@link StoreOptions#confined() confined} store belongs
     * to; the barriers that note a change without calling the store ({@code card}, {@code object}, {@code none})
     * cannot tell.
     */
    void requireOpenToChange(Persistable object) {
        if (closed) {
            throw OpenStores.closedToChange(object, "The store in " + directory);
        }
        requireOwner("changed", object);
    }

    private void requireOpen() {
        if (!closed && store.isClosed()) {
            closeStore(); // the files closed after a failure that the call meeting it reported
        }
        if (closed) {
            StoreException failure = store.closedBy();
            throw new StoreClosedException("The store in " + directory + " is closed"
                + (failure == null ? "" : " after a failure (" + failure.getMessage() + ")")
                + "; open it again to use its objects.");
        }
    }

    private StoreCorruptedException corrupted(long oid, String problem) {
        return store.corruptObject(oid, problem);
    }
}
