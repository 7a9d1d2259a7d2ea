package org.swizzle.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

import org.swizzle.internal.tracked.Attachment;

/**
 * The sets and maps a read put persistent keys (or collections of them) into, checked once the outermost read is done. A key whose
 * {@code hashCode} or {@code compareTo} reads its own state can be hashed while that state is still being read: in a
 * cycle (a node in the set of a peer that is in the node's own set) one of the two is hashed before its set holds
 * its elements, and lands in the wrong bucket, where {@code contains} no longer finds it. Java's serialization has
 * the same flaw; here, when a read faulted an object while it was being filled (which such a hash does), each key of
 * those sets and maps is looked up once every read is done, and one not found is placed again, as the store's own
 * write, not a change. A sorted set or map is put together again if its keys are out of order, and a key that found an
 * equal one as it went in, during such a read, is kept aside and put in then: an order that read a set being filled
 * (a key's {@code compareTo} reading the size of a set that holds, through others, its own set) found keys equal that
 * are not once the read is whole.
 */
final class MisplacedKeys {

    /** What the check needs of the object manager. */
    interface Owner {
        /** The attachment of stored collection {@code collection}, or null if it is not stored (or was forgotten). */
        Attachment attachmentOf(Object collection);

        /**
         * Forgets {@code collection}, which holds fewer keys than stored: those kept aside for it could not be put in, for
         * {@code failure}; what holds it is read again at its next touch.
         */
        void abandon(Object collection, Throwable failure);
    }

    /** Whether a class's instances hash by their state: it declares {@code hashCode} somewhere below {@code Object}. */
    private static final ClassValue<Boolean> HASHES_STATE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("hashCode").getDeclaringClass() != Object.class;
            } catch (NoSuchMethodException impossible) {
                return false;
            }
        }
    };

    /** The sets and maps the faults in progress put a key into whose hash or order may read its state. */
    private final Set<Object> taken = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The one noted last, which the keys that follow it in its read go into too. */
    private Object last;
    /**
     * Whether a fault was made of an object while it was being filled, or a collection handed out while it was filled:
     * only then can a key have been hashed from a state not read whole, since every read of a field passes a check.
     */
    private boolean reentered;
    private boolean checking;
    /** Whether the next {@link #forget} on a failure keeps what was noted, for the next check. */
    private boolean keptForNextCheck;
    /** The keys that found an equal one in their set or map as they went in, in a read that re-entered a fill. */
    private final Map<Object, List<KeptAside>> keptAside = new IdentityHashMap<>();
    private final Owner owner;

    /**
     * A key (with its value, in a map) and its place: in the stored order for one kept out of its set or map, in the
     * collection's own order for one {@link #putInOrder} takes out and puts in again.
     */
    private record KeptAside(Object key, Object value, int index) {
    }

    MisplacedKeys(Owner owner) {
        this.owner = owner;
    }

    /** Notes that {@code key} went into {@code collection} while it may not have held its whole state. */
    void put(Object collection, Object key) {
        if (collection != last && readsState(collection, key)) {
            taken.add(collection);
            last = collection;
        }
    }

    /**
     * Whether putting {@code key} into {@code collection} (or hashing the collection {@code key} is in) reads the key's
     * state: it is persistent, and its class declares {@code hashCode}, or the collection is sorted; or it is a collection,
     * hashed and told equal by its elements.
     */
    static boolean readsState(Object collection, Object key) {
        if (key instanceof Persistable) {
            return collection instanceof SortedSet || collection instanceof SortedMap || HASHES_STATE.get(key.getClass());
        }
        return key instanceof Collection || key instanceof Map;
    }

    /**
     * Keeps {@code key} (and {@code value}, in a map), the {@code index}th stored in {@code collection}, out of it until the
     * read is whole, if it found an equal one there while the read had re-entered a fill (a key hashed or compared then
     * may have read an object or set partly filled) and it is a persistent key whose hash or order reads its state (a
     * collection used as a key is not kept aside: it is refused at once). Returns whether it was kept; if not, the keys
     * are equal indeed.
     */
    boolean keepAside(Object collection, Object key, Object value, int index) {
        if (!reentered || !(key instanceof Persistable && readsState(collection, key))) {
            return false;
        }
        keptAside.computeIfAbsent(collection, each -> new ArrayList<>(2)).add(new KeptAside(key, value, index));
        return true;
    }

    /** Notes that an object was faulted while it was being filled: a key hashed meanwhile may have read it unfilled. */
    void reentered() {
        reentered = true;
    }

    /**
     * Once the outermost read is done: if it re-entered a fill, places again every key of the noted sets and maps that
     * a lookup does not find, puts together again a sorted one whose keys are out of order, and puts in the keys kept
     * aside, sorted ones first (a key's hash may read one); else only forgets them. Looking a key up may fault objects,
     * whose reads note more. A collection in which two keys are equal still, once the read is whole, is abandoned and
     * refused, the refusal thrown once every other is placed. If the check fails, every collection it has not placed
     * yet, or was putting together, is abandoned: it may hold its keys in the wrong place, or not all of them.
     */
    void check() {
        if (checking) {
            return;
        }
        if (!reentered) {
            clear();
            return;
        }
        checking = true;
        RuntimeException refusal = null;
        Set<Object> unsettled = Collections.newSetFromMap(new IdentityHashMap<>());
        try {
            while (!taken.isEmpty() || !keptAside.isEmpty()) {
                unsettled.addAll(taken);
                unsettled.addAll(keptAside.keySet());
                List<Object> batch = new ArrayList<>(unsettled);
                Map<Object, List<KeptAside>> owed = new IdentityHashMap<>(keptAside);
                taken.clear();
                keptAside.clear();
                last = null;
                batch.sort(Comparator.comparing(collection -> !isSorted(collection)));
                for (Object collection : batch) {
                    Attachment attachment = owner.attachmentOf(collection);
                    Object equal = attachment == null ? null : putTogether(attachment, owed.get(collection));
                    unsettled.remove(collection);
                    if (equal != null) {
                        RuntimeException refused = CollectionFill.keysNowEqual(collection, equal, attachment.origin(), true);
                        owner.abandon(collection, refused);
                        refusal = refusal == null ? refused : refusal;
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            unsettled.addAll(taken);
            unsettled.addAll(keptAside.keySet());
            for (Object collection : unsettled) {
                owner.abandon(collection, e);
            }
            throw e;
        } finally {
            clear();
            checking = false;
        }
        if (refusal != null) {
            throw refusal;
        }
    }

    /** Whether a read in progress faulted an object while it was being filled (see {@link #reentered()}). */
    boolean isReentered() {
        return reentered;
    }

    /** Whether a {@link #check} is in progress: a fault it makes is nested in the fault that runs it. */
    boolean isChecking() {
        return checking;
    }

    /** Abandons each collection keys were kept aside for, which holds fewer keys than stored, for {@code failure}. */
    private void abandonKeptAside(Throwable failure) {
        for (Object collection : keptAside.keySet()) {
            owner.abandon(collection, failure);
        }
        keptAside.clear();
    }

    /**
     * Places the keys of the collection {@code attachment} holds, with those kept {@code aside} (or null) for it, and
     * returns a key equal to another still, or null. A collection forgotten since (its read failed) is left alone, and
     * the keys kept aside for it go with it.
     */
    private static Object putTogether(Attachment attachment, List<KeptAside> aside) {
        Object collection = attachment.collection();
        if (!attachment.isLive()) {
            return null;
        }
        boolean inOrder = !isSorted(collection) || ObjectManager.isPaged(collection) || ascending(collection);
        if (aside == null && inOrder) {
            placeAll(attachment);
            return null;
        }
        boolean filling = attachment.isFilling();
        attachment.filling(true);
        try {
            return putInOrder(collection, aside);
        } finally {
            attachment.filling(filling);
        }
    }

    private static boolean isSorted(Object collection) {
        return collection instanceof SortedSet || collection instanceof SortedMap;
    }

    /** Whether sorted {@code collection}'s keys are in strictly ascending order, as its order sees them now. */
    @SuppressWarnings("unchecked")
    private static boolean ascending(Object collection) {
        Comparator<Object> comparator = (Comparator<Object>) (collection instanceof SortedSet
            ? ((SortedSet<?>) collection).comparator() : ((SortedMap<?, ?>) collection).comparator());
        Comparator<Object> order = comparator != null ? comparator : (a, b) -> ((Comparable<Object>) a).compareTo(b);
        Object previous = null;
        boolean first = true;
        for (Object key : collection instanceof Map ? ((Map<?, ?>) collection).keySet() : (Collection<?>) collection) {
            if (!first && order.compare(previous, key) >= 0) {
                return false;
            }
            previous = key;
            first = false;
        }
        return true;
    }

    /**
     * Keeps what was noted through the failure of the read in progress, for the check of the next read that ends: the
     * read was refused because code it ran caught the failure of a read nested in it, and a hash that caught it may have
     * put keys of collections that stay resident in the wrong place. That check places them even where no fill was
     * re-entered: the fallback's hash is wrong without one (a key in a set inside a list the read holds).
     */
    void keepForNextCheck() {
        keptForNextCheck = true;
        reentered = true;
    }

    /**
     * Forgets what was noted, the faults failed with {@code failure} (unless {@link #keepForNextCheck kept}); a collection
     * that keys were kept aside for is abandoned, kept or not: it holds fewer keys than stored.
     */
    void forget(Throwable failure) {
        abandonKeptAside(failure);
        if (checking) {
            return; // a fault nested in the check failed: the check places what it noted
        }
        if (keptForNextCheck) {
            keptForNextCheck = false;
            return;
        }
        clear();
    }

    private void clear() {
        taken.clear();
        keptAside.clear();
        last = null;
        reentered = false;
        keptForNextCheck = false;
    }

    /**
     * Places again each key of the set or map {@code attachment} holds that a lookup does not find where it is: also
     * after {@code abort()}, which puts back a collection's committed contents before the keys' own state is reverted.
     */
    static void placeAll(Attachment attachment) {
        Object collection = attachment.collection();
        if (!(collection instanceof Set || collection instanceof Map) || !attachment.isLive()) {
            return;
        }
        List<Object> misplaced = new ArrayList<>();
        for (Object key : collection instanceof Map ? ((Map<?, ?>) collection).keySet() : (Collection<?>) collection) {
            if (!holds(collection, key)) {
                misplaced.add(key);
            }
        }
        if (misplaced.isEmpty()) {
            return;
        }
        boolean filling = attachment.isFilling();
        attachment.filling(true);
        try {
            if (collection instanceof LinkedHashSet || collection instanceof LinkedHashMap) {
                putInOrder(collection, null); // their order is their contract: put everything in again, as it was
            }
            for (Object key : misplaced) {
                if (!holds(collection, key)) {
                    reinsert(collection, key);
                }
            }
        } finally {
            attachment.filling(filling);
        }
    }

    private static boolean holds(Object collection, Object key) {
        return collection instanceof Map ? ((Map<?, ?>) collection).containsKey(key) : ((Collection<?>) collection).contains(key);
    }

    /**
     * Puts the contents of {@code collection} in again, in their order, with the keys kept {@code aside} (or null) at
     * their places in it: an insertion-ordered one keeps its order, a sorted one is sorted again. Returns the first key
     * that found an equal one as it went in, or null; the others go in all the same.
     */
    @SuppressWarnings("unchecked")
    private static Object putInOrder(Object collection, List<KeptAside> aside) {
        Object equal = null;
        if (collection instanceof Map) {
            Map<Object, Object> map = (Map<Object, Object>) collection;
            List<KeptAside> entries = new ArrayList<>(map.size() + (aside == null ? 0 : aside.size()));
            for (Map.Entry<Object, Object> entry : map.entrySet()) {
                entries.add(new KeptAside(entry.getKey(), entry.getValue(), entries.size()));
            }
            insertAtTheirPlaces(entries, aside);
            map.clear();
            for (KeptAside entry : entries) {
                int before = map.size();
                map.put(entry.key(), entry.value());
                if (map.size() == before && equal == null) {
                    equal = entry.key();
                }
            }
        } else {
            Collection<Object> set = (Collection<Object>) collection;
            List<KeptAside> elements = new ArrayList<>(set.size() + (aside == null ? 0 : aside.size()));
            for (Object element : set) {
                elements.add(new KeptAside(element, null, elements.size()));
            }
            insertAtTheirPlaces(elements, aside);
            set.clear();
            for (KeptAside element : elements) {
                if (!set.add(element.key()) && equal == null) {
                    equal = element.key();
                }
            }
        }
        return equal;
    }

    /** Inserts the keys kept {@code aside} (or none, if null) into {@code contents}, in stored order, each at its index. */
    private static void insertAtTheirPlaces(List<KeptAside> contents, List<KeptAside> aside) {
        if (aside != null) {
            for (KeptAside kept : aside) { // noted in stored order
                contents.add(Math.min(kept.index(), contents.size()), kept);
            }
        }
    }

    /**
     * Places {@code key}, which {@code collection} holds where a lookup does not find it, where one does: it is put in
     * again while the collection still holds it, so that a hash that reads the collection itself (a node in its own
     * set, hashed by its set's size) sees it whole, then the copy in the wrong place is removed. Which of the two an
     * iteration meets first is not known: the one it removes is put back if it was the right one, and the other is
     * removed.
     */
    @SuppressWarnings("unchecked")
    private static void reinsert(Object collection, Object key) {
        Object value = collection instanceof Map ? valueOf((Map<Object, Object>) collection, key) : null;
        putAgain(collection, key, value);
        removeCopy(collection, key, 0);
        if (!holds(collection, key)) {
            putAgain(collection, key, value);
            removeCopy(collection, key, 1);
        }
    }

    @SuppressWarnings("unchecked")
    private static void putAgain(Object collection, Object key, Object value) {
        if (collection instanceof Map) {
            ((Map<Object, Object>) collection).put(key, value);
        } else {
            ((Collection<Object>) collection).add(key);
        }
    }

    /** The value of the entry whose key is {@code key} itself, found by iterating. */
    private static Object valueOf(Map<Object, Object> map, Object key) {
        for (Map.Entry<Object, Object> entry : map.entrySet()) {
            if (entry.getKey() == key) {
                return entry.getValue();
            }
        }
        return null;
    }

    /** Removes the copy of {@code key} (the key itself, not an equal one) that an iteration meets after {@code skipped} others. */
    private static void removeCopy(Object collection, Object key, int skipped) {
        Iterator<?> iterator = collection instanceof Map ? ((Map<?, ?>) collection).keySet().iterator() : ((Collection<?>) collection).iterator();
        int met = 0;
        while (iterator.hasNext()) {
            if (iterator.next() == key && met++ == skipped) {
                iterator.remove();
                return;
            }
        }
    }
}
