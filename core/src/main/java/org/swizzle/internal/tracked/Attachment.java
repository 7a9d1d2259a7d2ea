package org.swizzle.internal.tracked;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.swizzle.DetachedCollectionException;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreException;

/**
 * A collection's identity in one store: its OID, whether it changed since the last commit, and the stored
 * things that hold it (persistent objects, or the attachments of collections that contain it). A stored
 * collection is an object of its own, so every reference to it, from any field or collection, finds the same
 * Java instance after a reload. A tracked collection and all its views and iterators report their changes
 * here; a plain {@code java.util} collection the application stored has an attachment too, kept by the
 * store beside it, and is compared with its committed bytes at every commit instead.
 *
 * <p>{@code abort()} detaches a collection that changed: every later change through it, its views or its
 * iterators throws, and the objects that held it read their fields again.
 */
public final class Attachment {

    private static final int FEW_HOLDERS = 8;

    /** The store's side: what happens when a collection changes. */
    public interface Store {
        /** {@code attachment}'s collection is about to change for the first time since the last commit. */
        void changed(Attachment attachment);

        /**
         * Stored collection {@code oid}, a page of the paged collection {@code holder} stands for, to be kept in
         * {@code slot}: the resident instance, or read now, of {@code holder}'s collection's class and passing
         * {@code check}. A list's chunk gives the index of its {@code first} element in the list, a map's page 0.
         */
        Object page(long oid, Attachment holder, int first, PageSlot slot, Paged.PageCheck check);

        /**
         * Runs {@code check} of a page just read, throwing if it fails (the store also lets the page go); inside a read
         * that met a fill in progress (what the check compares may read it partly filled), the store runs it again once
         * that read is whole, and only then does a failure count.
         */
        default void checkOnceReadWhole(Paged.ReadCheck check) {
            check.check();
        }

        /**
         * Refuses a change of {@code attachment}'s collection by this thread, which the store does not let change its
         * collections; runs before every change.
         */
        default void requireChangingThread(Attachment attachment) {
        }

        /** Whether the store is closed: its collections belong to no store any more, and another may take them. */
        default boolean isClosed() {
            return false;
        }

        /** The refusal of a change to {@code attachment}'s collection once the store is closed: no commit would write it. */
        StoreClosedException closedToChange(Attachment attachment);
    }

    private final Store store;
    private final Object collection;
    private final long oid;
    /** Where the collection was met first ({@code Owner.field}), for messages. */
    private final String origin;
    private volatile boolean dirty;
    /**
     * Whether the commit in progress wrote the changed collection: a change now is one that commit did not write, which
     * the store must hear of although the collection is marked changed.
     */
    private volatile boolean written;
    /** What the store's last commit wrote of the collection, kept while it is watched; null until a commit writes it. */
    private WrittenContents lastWritten;
    private volatile boolean detached;
    /** Whether the store's read of the collection failed part way: it holds part of its stored elements. */
    private boolean readFailed;
    private boolean watched;
    /**
     * Whether the store is writing committed contents into the collection (reading it, or restoring it after
     * abort()): its changes are not reported then, and it does not reorganize itself.
     */
    private boolean filling;
    /** For a plain {@code LinkedHashMap}: whether it is in access order, once asked (a map's mode never changes); else null. */
    private Boolean accessOrdered;
    /**
     * What the field the collection was read for declares its elements as (see the store's reading of collections),
     * or null: its pages, and its committed contents when abort() restores it, are read so too.
     */
    private Class<?>[] declaredElements;
    /** Whether another store holds the collection too, as a collection it compares at every commit. */
    private volatile boolean storedElsewhere;
    /**
     * Where the collection held arrays when it was last as committed, or null: taken by the store as it is read (a
     * set's, a map's with array keys, or the rows of arrays of arrays), before the first change since the last commit
     * of a collection that reports its changes (forgotten when a commit writes it), and when a commit writes one that
     * holds arrays; {@code abort()} puts the arrays back there.
     */
    private Object committedArrays;
    /** Where the collection held arrays as the commit under way wrote it, if it took that. */
    private Object writtenArrays;
    private boolean tookWrittenArrays;
    /**
     * What holds the collection: nothing (null), the one holder, up to {@link #FEW_HOLDERS} in an array searched one by
     * one (null past the last), or {@link ManyHolders}. One field for all of them, and no array for a collection that
     * one object holds, as most are: an attachment takes 64 bytes, where a count, a set and an array made for one
     * holder took 96.
     */
    private Object holders;

    /**
     * @param collection the collection, tracked or plain
     * @param origin     the field it was met in first, as {@code Owner.field}
     */
    public Attachment(Store store, Object collection, long oid, String origin) {
        this.store = store;
        this.collection = collection;
        this.oid = oid;
        this.origin = origin;
    }

    /** Runs before a change of a tracked collection: notes it, or refuses it if the collection is detached. */
    static void changed(Attachment attachment, Object collection) {
        if (attachment != null) {
            attachment.changed(collection);
        }
    }

    /**
     * Runs before a change of {@code collection}, a page of the paged collection {@code pageOf} (null for any other
     * collection): a page not stored yet is written by its owner's next commit, so the owner takes the change.
     */
    static void changed(Attachment attachment, Object collection, Tracked pageOf) {
        if (attachment == null && pageOf != null) {
            pageOf.changed();
        } else {
            changed(attachment, collection);
        }
    }

    /** Notes again a change that a commit made during it may have written too early (see {@link Tracked#changedAgain()}). */
    static void changedAgain(Attachment attachment, Tracked pageOf) {
        if (attachment == null && pageOf != null) {
            pageOf.changedAgain();
        } else if (attachment != null && !attachment.detached) {
            attachment.note();
        }
    }

    /** Whether a collection attached by {@code attachment} (none yet if null) still belongs to its store. */
    static boolean isLive(Attachment attachment) {
        return attachment == null || !attachment.detached;
    }

    /** Refuses a change of a detached collection, without noting one: its pages note their own. */
    static void requireLive(Attachment attachment, Object collection) {
        if (attachment != null && attachment.detached) {
            throw attachment.detached(collection);
        }
    }

    private void changed(Object changing) {
        if (detached) {
            throw detached(changing);
        }
        if (!filling) { // the store's own restoring runs on any thread: close() reverts from any
            store.requireChangingThread(this); // before the change: a large collection's page would have changed already
        }
        note();
    }

    /** Tells the store the collection changed, unless it knows already or the change is the store's own filling. */
    private void note() {
        if ((!dirty || written) && !filling) {
            store.changed(this);
        }
    }

    /**
     * The refusal of a change to the detached collection: once the store is closed, the closed store's (whether abort()
     * or close() detached it, no commit will write the change, and the advice is the same).
     */
    private StoreException detached(Object changing) {
        if (store.isClosed()) {
            return store.closedToChange(this);
        }
        return new DetachedCollectionException("This " + changing.getClass().getSuperclass().getName()
            + " (reached first through field " + origin + ") was detached by abort(), which reverted it, or an object or"
            + " collection holding it, to its committed state, or by a read of it that failed: it no longer belongs to the"
            + " store and a change to it would be lost. Read the field again and change the collection it holds now (or the"
            + " one in the collection it holds).");
    }

    public Store store() {
        return store;
    }

    public Object collection() {
        return collection;
    }

    public long oid() {
        return oid;
    }

    public String origin() {
        return origin;
    }

    public Class<?>[] declaredElements() {
        return declaredElements;
    }

    public void declaredElements(Class<?>[] declared) {
        this.declaredElements = declared;
    }

    /** Whether the collection changed since the last commit. */
    public boolean isDirty() {
        return dirty;
    }

    /** Set by the store when it notes a change, cleared when a commit wrote the collection. */
    public void dirty(boolean dirty) {
        this.dirty = dirty;
        if (!dirty) {
            committedArrays = null;
        }
    }

    /** Takes where the collection held arrays as the commit under way wrote it. */
    public void takeWrittenArrays(Object places) {
        writtenArrays = places;
        tookWrittenArrays = true;
    }

    /**
     * Where the collection held arrays when it was last as committed (see the field), or, if that was not taken, the
     * collection itself, as it holds them now.
     */
    public Object arraysAsCommitted() {
        return committedArrays != null ? committedArrays : collection;
    }

    /** Whether {@link #arraysAsCommitted} answers what was taken, not the collection as it is now. */
    public boolean tookCommittedArrays() {
        return committedArrays != null;
    }

    public void committedArrays(Object places) {
        this.committedArrays = places;
    }

    /** Whether the commit in progress wrote the collection, which changed before: see {@link #written(boolean)}. */
    public boolean isWritten() {
        return written;
    }

    /**
     * Set by the store when the commit in progress wrote the changed collection, so that a change made before that
     * commit ends (by code it runs, such as an index's key function) is noted for the next one; cleared when it ends.
     */
    public void written(boolean written) {
        this.written = written;
    }

    /**
     * Whether the collection holds, by identity and in order, what a commit of the store that succeeded wrote (see
     * {@link WrittenContents}): a watched collection that does need no comparison.
     */
    public boolean holdsLastWritten() {
        return lastWritten != null && lastWritten.same(collection);
    }

    /** Takes what the collection holds, which the commit under way wrote: kept once it succeeds. */
    public void takeWritten() {
        if (lastWritten == null) {
            lastWritten = new WrittenContents();
        }
        lastWritten.take(collection);
    }

    /** The commit that wrote what {@link #takeWritten()} took succeeded. */
    public void writtenCommitted() {
        if (lastWritten != null) {
            lastWritten.committed();
        }
        if (tookWrittenArrays) {
            committedArrays = writtenArrays;
            writtenArrays = null;
            tookWrittenArrays = false;
        }
    }

    /** Forgets what was written: the commit failed, or the collection holds arrays, which change in place. */
    public void forgetWritten() {
        lastWritten = null;
        writtenArrays = null;
        tookWrittenArrays = false;
    }

    /** Whether the store compares the collection with its committed bytes at every commit. */
    public boolean isWatched() {
        return watched;
    }

    public void watched(boolean watched) {
        this.watched = watched;
    }

    public boolean isFilling() {
        return filling;
    }

    /** Set by the store while it writes committed contents into the collection. */
    public void filling(boolean filling) {
        this.filling = filling;
    }

    /** Whether the collection, a {@code LinkedHashMap}, is in access order: asked of a plain one only once. */
    public boolean isAccessOrdered() {
        if (accessOrdered == null) {
            accessOrdered = TrackedLinkedHashMap.isAccessOrdered((LinkedHashMap<?, ?>) collection);
        }
        return accessOrdered;
    }

    /** Whether another store holds the collection too, comparing it at every commit: a change to it is not lost there. */
    public boolean isStoredElsewhere() {
        return storedElsewhere;
    }

    /** Notes that another store stored the collection, which reports its changes here. */
    public void storedElsewhere() {
        storedElsewhere = true;
    }

    /** Whether the collection still belongs to the store. */
    public boolean isLive() {
        return !detached;
    }

    /** Ends the attachment: every later change through the collection throws. */
    public void detach() {
        detached = true;
    }

    /** Ends the attachment of a collection whose read failed part way, which no commit may store as it is. */
    public void detachAfterFailedRead() {
        readFailed = true;
        detach();
    }

    /** Whether the collection's read failed part way ({@link #detachAfterFailedRead}). */
    public boolean readFailed() {
        return readFailed;
    }

    /** Notes that {@code holder} (a persistent object or another collection's attachment) refers to the collection. */
    public void heldBy(Object holder) {
        Object held = holders;
        if (held == null) {
            holders = holder;
        } else if (held instanceof ManyHolders) {
            ((ManyHolders) held).add(holder);
        } else if (!(held instanceof Object[])) {
            if (held != holder) {
                holders = new Object[] {held, holder};
            }
        } else {
            Object[] few = (Object[]) held;
            int count = 0;
            while (count < few.length && few[count] != null) {
                if (few[count++] == holder) {
                    return;
                }
            }
            if (count < few.length) {
                few[count] = holder;
            } else if (count < FEW_HOLDERS) {
                Object[] grown = Arrays.copyOf(few, Math.min(2 * count, FEW_HOLDERS));
                grown[count] = holder;
                holders = grown;
            } else {
                ManyHolders many = new ManyHolders(few);
                many.add(holder);
                holders = many;
            }
        }
    }

    /**
     * Notes that {@code holder}, a persistent object made hollow again, no longer refers to the collection: one that
     * live objects share must not keep it in memory, where the store could never free it. Read again, it is noted again.
     */
    public void noLongerHeldBy(Object holder) {
        Object held = holders;
        if (held == holder) {
            holders = null;
        } else if (held instanceof ManyHolders) {
            ((ManyHolders) held).remove(holder);
        } else if (held instanceof Object[]) {
            Object[] few = (Object[]) held;
            for (int i = 0; i < few.length && few[i] != null; i++) {
                if (few[i] == holder) {
                    System.arraycopy(few, i + 1, few, i, few.length - i - 1);
                    few[few.length - 1] = null;
                    return;
                }
            }
        }
    }

    /**
     * Whether nothing but {@code directory} holds the collection, or another instance of the same stored collection:
     * a paged collection {@code abort()} detached and the one read again in its place share the pages neither changed.
     */
    public boolean heldOnlyBy(Attachment directory) {
        Object held = holders;
        if (held instanceof ManyHolders) {
            return ((ManyHolders) held).allMatch(holder -> sameStored(holder, directory));
        }
        if (held instanceof Object[]) {
            for (Object holder : (Object[]) held) {
                if (holder != null && !sameStored(holder, directory)) {
                    return false;
                }
            }
            return true;
        }
        return held == null || sameStored(held, directory);
    }

    /**
     * Whether another collection holds it (a paged collection's directory, or one it is an element or value of), or
     * holds one that does, and so on, that it does not hold in turn: false when no collection holds it, or only the
     * collections of a cycle it is part of (a map holding itself), so that reading it reads them all.
     */
    public boolean heldFromOutside() {
        for (Attachment above : collectionsAbove(this)) {
            if (above != this && !collectionsAbove(above).contains(this)) {
                return true;
            }
        }
        return false;
    }

    /** The collections holding {@code attachment}, those holding them, and so on. */
    private static Set<Attachment> collectionsAbove(Attachment attachment) {
        Set<Attachment> found = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Attachment> work = new ArrayDeque<>(List.of(attachment));
        while (!work.isEmpty()) {
            work.poll().forEachHolder(holder -> {
                if (holder instanceof Attachment && found.add((Attachment) holder)) {
                    work.add((Attachment) holder);
                }
            });
        }
        return found;
    }

    private static boolean sameStored(Object holder, Attachment directory) {
        return holder == directory || holder instanceof Attachment && ((Attachment) holder).oid == directory.oid;
    }

    /** Hands every holder noted to {@code action}. */
    public void forEachHolder(Consumer<Object> action) {
        Object held = holders;
        if (held instanceof ManyHolders) {
            ((ManyHolders) held).forEach(action);
        } else if (held instanceof Object[]) {
            for (Object holder : (Object[]) held) {
                if (holder == null) {
                    return;
                }
                action.accept(holder);
            }
        } else if (held != null) {
            action.accept(held);
        }
    }

    /** The holders of a collection that more than {@link #FEW_HOLDERS} hold, by identity. */
    private static final class ManyHolders {
        private final Set<Object> set = Collections.newSetFromMap(new IdentityHashMap<>());

        ManyHolders(Object[] few) {
            set.addAll(Arrays.asList(few));
        }

        void add(Object holder) {
            set.add(holder);
        }

        void remove(Object holder) {
            set.remove(holder);
        }

        void forEach(Consumer<Object> action) {
            set.forEach(action);
        }

        boolean allMatch(Predicate<Object> test) {
            return set.stream().allMatch(test);
        }
    }
}
