package org.swizzle.internal;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.function.BiFunction;

import org.swizzle.StoreClosedException;

/**
 * The stores open in this JVM, each in the slot that the words of its objects name ({@link StateWord}): sixteen bits
 * in every object instead of a reference to its object manager. Slot {@link #NONE} is no store (a transient object);
 * slot {@link #CLOSED} is every store that was closed: a store's close moves the objects it made there, so its own
 * slot can serve the next store opened without any object of the closed one finding that store.
 */
final class OpenStores {

    static final int NONE = 0;
    static final int CLOSED = 1;
    private static final int SLOTS = (int) (StateWord.STORE_MASK >>> StateWord.STORE_SHIFT) + 1;

    /** What {@link Persistable#$swz_context()} gives for an object whose store was closed. */
    static final Object CLOSED_STORE = new Object() {
        @Override
        public String toString() {
            return "a closed store";
        }
    };

    /** Read without the lock: a slot's manager is written before the array is published again, with a volatile store. */
    private static volatile ObjectManager[] managers = new ObjectManager[16];
    private static int[] free = new int[0];
    private static int freeCount;
    private static int next = CLOSED + 1;

    private OpenStores() {
    }

    /** Gives {@code manager} a slot; refused once as many stores as a word can name are open. */
    static synchronized int take(ObjectManager manager) {
        int slot;
        if (freeCount > 0) {
            slot = free[--freeCount];
        } else if (next < SLOTS) {
            slot = next++;
        } else {
            throw new IllegalStateException("This JVM has " + (SLOTS - 2) + " stores open, as many as it can: close one"
                + " before opening " + manager.directory());
        }
        ObjectManager[] all = managers;
        if (slot >= all.length) {
            all = Arrays.copyOf(all, Math.min(SLOTS, all.length * 2));
        }
        all[slot] = manager;
        managers = all;
        return slot;
    }

    /** Frees the slot of a closed store once no object names it any more. */
    static synchronized void release(int slot) {
        ObjectManager[] all = managers;
        all[slot] = null;
        managers = all;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, Math.max(8, free.length * 2));
        }
        free[freeCount++] = slot;
    }

    /**
     * The object manager, {@link #CLOSED_STORE} or (transient) {@code null} that {@code object}'s word names. A manager
     * found in the slot is {@code object}'s only if the word still names that slot after it was read: a close moves the
     * object to {@link #CLOSED} before it gives the slot up, so a manager that took the slot since is never returned.
     */
    static Object context(Persistable object) {
        while (true) {
            int slot = StateWord.store(object.$swz_word());
            if (slot == NONE) {
                return null;
            }
            if (slot == CLOSED) {
                return CLOSED_STORE;
            }
            ObjectManager manager = managers[slot];
            VarHandle.loadLoadFence(); // the word read again after the manager, not before it
            if (StateWord.store(object.$swz_word()) == slot) {
                return manager;
            }
        }
    }

    /** The slot of {@code context}: an object manager, {@link #CLOSED_STORE} or {@code null}. */
    static int slotOf(Object context) {
        if (context == null) {
            return NONE;
        }
        return context == CLOSED_STORE ? CLOSED : ((ObjectManager) context).slot();
    }

    /**
     * The object manager of {@code object}, or {@code null} while it is transient; one whose store was closed is refused
     * with {@code refusal} ({@link #closedToRead}, {@link #closedToChange}, {@link #closedToFollow}), which says what
     * could not be done.
     */
    static ObjectManager managerOf(Persistable object, BiFunction<Persistable, String, StoreClosedException> refusal) {
        Object context = object.$swz_context();
        if (context == CLOSED_STORE) {
            throw refusal.apply(object, "The store it was read from");
        }
        return (ObjectManager) context;
    }

    /**
     * The refusal to read or change the hollow {@code object} of a closed store, which {@code store} names: a setter's
     * residency check faults as a getter's does.
     */
    static StoreClosedException closedToRead(Persistable object, String store) {
        return new StoreClosedException(store + " is closed, so object " + object.$swz_oid() + " (" + object.getClass().getName()
            + "), which was not read before close() or had changes close() discarded (as abort() does, they make it hollow),"
            + " cannot be read or changed now: its fields are not in memory. Read what you need, and commit what you"
            + " changed, before close(), or open the store again and use the objects it reads.");
    }

    /**
     * The refusal to follow a stored reference that resident {@code object} of a closed store holds ({@code swizzle=edge}
     * and {@code none} look its target up in the store), which {@code store} names.
     */
    static StoreClosedException closedToFollow(Persistable object, String store) {
        return new StoreClosedException(store + " is closed, so a reference that object " + object.$swz_oid() + " ("
            + object.getClass().getName() + ") holds cannot be followed: under swizzle=edge and none its target is looked"
            + " up in the store. Follow the references you need before close(), or open the store again and use the objects"
            + " it reads.");
    }

    /** The refusal of a change to resident {@code object} of a closed store, which {@code store} names. */
    static StoreClosedException closedToChange(Persistable object, String store) {
        return new StoreClosedException(store + " is closed, so a change to object " + object.$swz_oid() + " ("
            + object.getClass().getName() + ") would be lost: no commit will write it. Change objects before close(), or open"
            + " the store again and change the objects it reads.");
    }
}
