package org.swizzle.internal;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

import org.swizzle.internal.tracked.Attachment;

/**
 * The persistent keys a read put into sets and maps, checked once the outermost read is done. A key whose
 * {@code hashCode} or {@code compareTo} reads its own state can be hashed while that state is still being read: in a
 * cycle (a node in the set of a peer that is in the node's own set) one of the two is hashed before its set holds
 * its elements, and lands in the wrong bucket, where {@code contains} no longer finds it. Java's serialization has
 * the same flaw; here, when a read faulted an object while it was being filled (which such a hash does), a set or
 * map whose key is not found where it is once every read is done is rebuilt, as its committed contents, without
 * noting a change.
 */
final class MisplacedKeys {

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

    /** Past this many references, {@link #put} is made anew once done with, rather than kept as large as it grew. */
    private static final int KEPT_CAPACITY = 1024;

    /** Collection, key, collection, key...: what the faults in progress put. */
    private List<Object> put = new ArrayList<>();
    /**
     * Whether a fault was made of an object while it was being filled: only then can a key have been hashed from a
     * state not read whole, since every read of an object's fields passes its residency check.
     */
    private boolean reentered;
    private boolean checking;

    /** Notes that {@code key} went into {@code collection} while it may not have held its whole state. */
    void put(Object collection, Persistable key) {
        boolean ordered = collection instanceof SortedSet || collection instanceof SortedMap;
        if (ordered || HASHES_STATE.get(key.getClass())) {
            put.add(collection);
            put.add(key);
        }
    }

    /** Notes that an object was faulted while it was being filled: a key hashed meanwhile may have read it unfilled. */
    void reentered() {
        reentered = true;
    }

    /**
     * Once the outermost read is done: if an object was faulted while it was being filled, rebuilds each set or map in
     * which a key it took is not found, else only forgets them. Looking a key up may fault objects, whose reads put
     * more keys, which are checked too.
     *
     * @param attachments the attachment of a stored collection, or null
     */
    void check(Function<Object, Attachment> attachments) {
        if (checking) {
            return;
        }
        if (!reentered) {
            forget();
            return;
        }
        checking = true;
        try {
            Set<Object> rebuilt = Collections.newSetFromMap(new IdentityHashMap<>());
            while (!put.isEmpty()) {
                List<Object> batch = new ArrayList<>(put);
                put.clear();
                for (int i = 0; i < batch.size(); i += 2) {
                    Object collection = batch.get(i);
                    Attachment attachment = attachments.apply(collection);
                    boolean stored = attachment != null && attachment.isLive();
                    if (stored && !rebuilt.contains(collection) && !holds(collection, batch.get(i + 1))) {
                        rebuild(collection, attachment);
                        rebuilt.add(collection);
                    }
                }
            }
        } finally {
            forget();
            checking = false;
        }
    }

    /** Forgets what was put: the faults are done, or failed. */
    void forget() {
        if (put.size() > KEPT_CAPACITY) {
            put = new ArrayList<>();
        } else {
            put.clear();
        }
        reentered = false;
    }

    /**
     * Rebuilds the set or map {@code attachment} holds if a key it holds is not found where it is: {@code abort()} puts
     * back a collection's committed contents before the keys' own state is reverted.
     */
    static void placeAll(Attachment attachment) {
        Object collection = attachment.collection();
        if (!(collection instanceof Set || collection instanceof Map) || !attachment.isLive()) {
            return;
        }
        Collection<?> keys = collection instanceof Map ? ((Map<?, ?>) collection).keySet() : (Collection<?>) collection;
        for (Object key : new ArrayList<>(keys)) {
            if (!holds(collection, key)) {
                rebuild(collection, attachment);
                return;
            }
        }
    }

    private static boolean holds(Object collection, Object key) {
        return collection instanceof Map ? ((Map<?, ?>) collection).containsKey(key) : ((Collection<?>) collection).contains(key);
    }

    /**
     * Puts {@code collection}'s contents in again, in the order it gives them, as the store writing its committed
     * contents. They are hashed or ordered first, in a copy: a key whose {@code hashCode} or {@code compareTo} throws
     * leaves the collection as it was.
     */
    @SuppressWarnings("unchecked")
    private static void rebuild(Object collection, Attachment attachment) {
        List<Object> contents = new ArrayList<>();
        List<Object> keys;
        if (collection instanceof Map) {
            keys = new ArrayList<>();
            for (Map.Entry<Object, Object> entry : ((Map<Object, Object>) collection).entrySet()) {
                contents.add(new AbstractMap.SimpleImmutableEntry<>(entry.getKey(), entry.getValue()));
                keys.add(entry.getKey());
            }
        } else {
            contents.addAll((Collection<Object>) collection);
            keys = contents;
        }
        Collection<Object> scratch = collection instanceof SortedSet || collection instanceof SortedMap ? new TreeSet<>() : new HashSet<>();
        scratch.addAll(keys);
        boolean filling = attachment.isFilling();
        attachment.filling(true);
        try {
            if (collection instanceof Map) {
                Map<Object, Object> map = (Map<Object, Object>) collection;
                map.clear();
                for (Object entry : contents) {
                    map.put(((Map.Entry<Object, Object>) entry).getKey(), ((Map.Entry<Object, Object>) entry).getValue());
                }
            } else {
                Collection<Object> set = (Collection<Object>) collection;
                set.clear();
                set.addAll(contents);
            }
            for (Object key : keys) {
                if (!holds(collection, key)) {
                    reinsert(collection, key);
                }
            }
        } finally {
            attachment.filling(filling);
        }
    }

    /**
     * Places {@code key}, which {@code collection} holds where a lookup does not find it, where one does: a key whose
     * hash reads the collection itself (a node in its own set, hashed by its set's size) is put in again while the
     * collection still holds it, so that it is hashed from the whole collection, then the copy in the wrong place is
     * removed. Which of the two an iteration meets first is not known: the one it removes is put back if it was the
     * right one, and the other is removed.
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
