package org.swizzle.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.swizzle.NotPersistentException;
import org.swizzle.StoreClosedException;
import org.swizzle.internal.tracked.Attachment;
import org.swizzle.internal.tracked.PageSlot;
import org.swizzle.internal.tracked.Paged;
import org.swizzle.internal.tracked.Tracked;

/**
 * The collections of one store, each a stored thing with an OID (see {@link ValueKind#COLLECTION}): which
 * changed since the last commit, which must be compared at every commit, and which a commit in progress
 * made stored. A tracked collection carries its {@link Attachment}; a plain {@code java.util} collection the
 * application stored (or a tracked one of another store) is kept here beside its attachment, and compared
 * with its committed bytes at every commit, since nothing reports its changes.
 *
 * <p>Resident collections are in the object manager's resident table under their OIDs, beside the
 * persistent objects, which holds them weakly: a reference to one finds the same instance for as long as
 * anything holds it (the application, a resident object, another collection, or this class while it is
 * changed or watched), and once nothing does, the next object that refers to it reads it again. So the
 * resident budget, which re-hollows objects, bounds the collections in memory too.
 */
final class StoredCollections implements Attachment.Store {

    private final ResidentTable table;
    private final PageReader pages;
    private final Consumer<Paged.ReadCheck> pageChecks;
    /** Refuses a change by a thread other than the one a confined store belongs to. */
    private final Consumer<Attachment> requireOwner;
    private final Map<Object, Attachment> plain = new IdentityHashMap<>();
    private final List<Attachment> dirty = new ArrayList<>();
    /** How many of {@link #dirty} the commit in progress writes: those after them changed while it ran. */
    private int collected;
    /** Collections the commit in progress wrote that changed again before it ended. */
    private final List<Attachment> changedAfterWritten = new ArrayList<>();
    private final List<Attachment> watched = new ArrayList<>();
    /** Collections the commit in progress made stored, with the attachment each tracked one had before. */
    private final List<Attachment> created = new ArrayList<>();
    private final List<Attachment> previous = new ArrayList<>();
    /** Collections the commit in progress found needing a comparison at every commit. */
    private final List<Attachment> toWatch = new ArrayList<>();

    /** Reads a page of a paged collection (see {@link Attachment.Store#page}). */
    @FunctionalInterface
    interface PageReader {
        Object page(long oid, Attachment holder, int first, PageSlot slot, Paged.PageCheck check);
    }

    StoredCollections(ResidentTable table, PageReader pages, Consumer<Paged.ReadCheck> pageChecks,
        Consumer<Attachment> requireOwner) {
        this.table = table;
        this.pages = pages;
        this.pageChecks = pageChecks;
        this.requireOwner = requireOwner;
    }

    @Override
    public void requireChangingThread(Attachment attachment) {
        if (closedStore == null) { // closed: changed() refuses the change, or lets the store that holds it too take it
            requireOwner.accept(attachment);
        }
    }

    @Override
    public Object page(long oid, Attachment holder, int first, PageSlot slot, Paged.PageCheck check) {
        return pages.page(oid, holder, first, slot, check);
    }

    @Override
    public void checkOnceReadWhole(Paged.ReadCheck check) {
        pageChecks.accept(check);
    }

    /** The store's directory once it is closed, when a change noted is refused: no commit will write it; else null. */
    private volatile Path closedStore;

    @Override
    public void changed(Attachment attachment) {
        if (attachment.isWatched() && !attachment.isDirty() && !attachment.tookCommittedArrays() && closedStore == null
            && !ObjectManager.isPaged(attachment.collection())) {
            // one that held arrays as committed is watched; taken before the change, outside the lock (a map's copy
            // hashes its keys), unless taken as it was read or written (the rows of its arrays of arrays, the
            // positions of a set's arrays or of a map's array keys)
            attachment.committedArrays(KeptArrays.committedPlaces(attachment.collection()));
        }
        noteChanged(attachment);
    }

    private synchronized void noteChanged(Attachment attachment) {
        if (closedStore != null) {
            if (attachment.isStoredElsewhere()) {
                return; // the other store compares it at its commits
            }
            throw closedToChange(attachment);
        }
        if (!attachment.isDirty()) {
            attachment.dirty(true);
            dirty.add(attachment);
        } else if (attachment.isWritten()) {
            attachment.written(false);
            changedAfterWritten.add(attachment);
        }
    }

    /** Refuses every change noted from now on: the store in {@code directory} is closed. */
    synchronized void closed(Path directory) {
        closedStore = directory;
    }

    @Override
    public synchronized boolean isClosed() {
        return closedStore != null;
    }

    @Override
    public StoreClosedException closedToChange(Attachment attachment) {
        return new StoreClosedException("The store in " + closedStore + " is closed, so a change to this collection"
            + " (reached first through field " + attachment.origin() + ") would be lost: no commit will write it. Open the store"
            + " again and change the collection it reads; a change is kept only once a commit before close() wrote it.");
    }

    /** The attachment of {@code collection} in this store, or null if it is not stored here (or was detached). */
    Attachment find(Object collection) {
        if (collection instanceof Tracked) {
            Attachment attachment = ((Tracked) collection).attachment();
            if (attachment != null && attachment.store() == this && attachment.isLive()) {
                return attachment;
            }
        }
        return plain.get(collection);
    }

    /**
     * Makes {@code collection} a stored collection with OID {@code oid}, by the commit in progress; a tracked
     * collection that belongs to no store reports its changes here from now on.
     */
    Attachment adopt(Object collection, long oid, String origin) {
        Attachment attachment = new Attachment(this, collection, oid, origin);
        Attachment before = null;
        if (collection instanceof Tracked && ownedByNoStore((Tracked) collection)) {
            before = ((Tracked) collection).attachment();
            if (before != null && before.readFailed()) {
                throw new NotPersistentException("Field " + origin + " refers to a collection (reached first through field "
                    + before.origin() + ") whose read failed part way: it holds part of the elements stored, and storing it"
                    + " would lose the others. Read field " + before.origin() + " again and store the collection it holds;"
                    + " abort() reads again the objects changed since the last commit that hold it.");
            }
            try {
                ((Tracked) collection).attach(attachment); // a paged one reads the pages it has not read yet
            } catch (StoreClosedException e) {
                if (before == null || !(before.store() instanceof StoredCollections closed)) {
                    throw e;
                }
                throw new NotPersistentException("Field " + origin + " refers to a collection of the store in "
                    + closed.closedStore + ", which was closed before every page of the"
                    + " collection was read, so it cannot be stored again: a collection does not outlive its store's"
                    + " close(); read it again from the open store.");
            }
        } else {
            if (collection instanceof Tracked) {
                ((Tracked) collection).attachment().storedElsewhere(); // its changes reach that store, not this one
            }
            plain.put(collection, attachment);
        }
        created.add(attachment);
        previous.add(before);
        return attachment;
    }

    private static boolean ownedByNoStore(Tracked collection) {
        Attachment attachment = collection.attachment();
        return attachment == null || !attachment.isLive() || attachment.store().isClosed();
    }

    /**
     * Registers {@code collection}, just made for stored collection {@code oid} and not filled yet: resident
     * from now on, so that references to it met while it is filled find it. Its changes are ignored until
     * {@link #filled}.
     */
    Attachment loading(Object collection, long oid, String origin) {
        Attachment attachment = new Attachment(this, collection, oid, origin);
        attachment.filling(true);
        ((Tracked) collection).attach(attachment);
        table.put(oid, collection);
        return attachment;
    }

    /**
     * Ends the fill of a collection registered by {@link #loading}; {@code watch} says it must be compared at every
     * commit. {@code imagePlaces} is where a set or a map with array keys holds arrays, which its fill took.
     */
    void filled(Attachment attachment, boolean watch, KeptArrays.ImagePlaces imagePlaces) {
        attachment.filling(false);
        if (watch) {
            attachment.watched(true);
            watched.add(attachment);
            Object collection = attachment.collection();
            attachment.committedArrays(imagePlaces != null || collection instanceof java.util.Set ? imagePlaces
                : KeptArrays.nestedPlaces(collection));
        }
    }

    /**
     * Forgets a collection whose read failed: if it was not filled whole, it holds part of its elements, and no commit
     * may store it; one filled before another failed the read is whole.
     */
    void failed(Attachment attachment) {
        if (attachment.isFilling()) {
            attachment.detachAfterFailedRead();
        }
        if (attachment.isWatched()) { // filled, and watched, before another failed the read: no commit compares it
            unwatch(attachment);
        }
        forget(attachment);
    }

    /** Whether {@code attachment}'s collection reports its changes, and needs no comparison at commit for that. */
    static boolean reportsChanges(Attachment attachment) {
        Object collection = attachment.collection();
        return collection instanceof Tracked && ((Tracked) collection).attachment() == attachment;
    }

    /**
     * Hands the collections a commit must write to {@code action}: the changed ones, then the watched ones. Not one
     * detached by a read of it that failed: it belongs to the store no longer, and holds what the read left.
     */
    synchronized void collectChanged(Consumer<Attachment> action) {
        collected = dirty.size();
        for (Attachment attachment : dirty) {
            if (attachment.isLive()) {
                action.accept(attachment);
            }
        }
        for (Attachment attachment : watched) {
            if (!attachment.isDirty() && attachment.isLive()) {
                action.accept(attachment);
            }
        }
    }

    /** Notes that the commit in progress found {@code attachment}'s collection needing a comparison at every commit. */
    void watch(Attachment attachment) {
        if (!attachment.isWatched()) {
            toWatch.add(attachment);
        }
    }

    /** The commit in progress wrote changed collection {@code attachment}: a change from now on is the next commit's. */
    synchronized void written(Attachment attachment) {
        if (attachment.isDirty()) {
            attachment.written(true);
        }
    }

    /**
     * The commit in progress succeeded: the collections it made stored are resident, and those it wrote clean, but for
     * those that changed after it wrote them, or changed while it ran without being written, which the next writes.
     */
    synchronized void committed() {
        for (Attachment attachment : created) {
            table.put(attachment.oid(), attachment.collection());
        }
        List<Attachment> written = dirty.subList(0, collected);
        for (Attachment attachment : written) {
            attachment.written(false);
            attachment.dirty(false);
        }
        written.clear();
        for (Attachment attachment : changedAfterWritten) {
            if (!attachment.isDirty()) {
                attachment.dirty(true);
                dirty.add(attachment);
            }
        }
        changedAfterWritten.clear();
        collected = 0;
        for (Attachment attachment : toWatch) {
            if (!attachment.isWatched()) {
                attachment.watched(true);
                watched.add(attachment);
            }
        }
        toWatch.clear();
        created.clear();
        previous.clear();
    }

    /** The commit in progress failed: the collections it made stored are not, and changed ones stay changed. */
    synchronized void abandoned() {
        for (Attachment attachment : dirty.subList(0, collected)) {
            attachment.written(false);
        }
        changedAfterWritten.clear();
        collected = 0;
        for (int i = 0; i < created.size(); i++) {
            Attachment attachment = created.get(i);
            Object collection = attachment.collection();
            if (collection instanceof Tracked && ((Tracked) collection).attachment() == attachment) {
                ((Tracked) collection).attach(previous.get(i));
            } else {
                plain.remove(collection);
            }
        }
        toWatch.clear();
        created.clear();
        previous.clear();
    }

    /** The collections that changed since the last commit, which {@code abort()} detaches; the list is emptied. */
    synchronized List<Attachment> takeChanged() {
        List<Attachment> taken = new ArrayList<>(dirty);
        dirty.clear();
        return taken;
    }

    /** The watched collections: those that may have changed without reporting it. */
    List<Attachment> watched() {
        return watched;
    }

    /** Forgets {@code attachment} as watched: it was detached. */
    void unwatch(Attachment attachment) {
        watched.remove(attachment);
        attachment.watched(false);
    }

    /** The attachment of the resident collection {@code oid}, or null if {@code oid} is no resident collection. */
    Attachment residentAttachment(long oid) {
        Object found = table.get(oid);
        return found == null || found instanceof Persistable ? null : find(found);
    }

    /**
     * Reverts a collection ({@code abort()}): it is detached, so that every later change through it throws, and
     * forgotten, so that the next read of an object that holds it makes a new instance from its committed image.
     */
    void forget(Attachment attachment) {
        attachment.detach();
        if (table.get(attachment.oid()) == attachment.collection()) {
            table.put(attachment.oid(), null);
        }
        if (plain.get(attachment.collection()) == attachment) {
            plain.remove(attachment.collection());
        }
    }
}
