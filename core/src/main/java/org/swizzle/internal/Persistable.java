package org.swizzle.internal;

/**
 * The contract the agent adds to every {@code @Persistent} class. Not for application code: the
 * methods are public only so that the object manager in another package can call them.
 *
 * <p>The state lives in fields the agent adds to the topmost persistent class of a hierarchy
 * ({@code $swz_word}, which holds the OID, state, dirty level, watched bit and store as {@link StateWord} lays them
 * out, and {@code $swz_address} under barriers that {@linkplain Barrier#placesObjects() place objects}); the
 * serialization methods are generated per class and dispatch on a field index that is global to the
 * hierarchy (the fields of the topmost class first), so a subclass handles its own fields and hands
 * the rest to {@code super}.
 */
public interface Persistable {

    /** {@code $swz_state} of an object whose fields hold its committed or newer state. */
    byte RESIDENT = 0;

    /** {@code $swz_state} of a fault block: the real class, no field filled yet. */
    byte HOLLOW = 1;

    /**
     * {@code $swz_state} of an object a read filled but for the collections its fields hold, which the read under way
     * reads before it ends, or at once where its own code (a key's hash) loads one: a chain of objects linked through
     * their keys' hashes is read in a loop. Only the faulting thread meets it: another one waits in the fault.
     */
    byte PENDING = 2;

    /** {@code $swz_flags} of an object the object manager watches: it holds a value that changes without a barrier. */
    byte WATCHED = 1;

    /** The object's {@link StateWord}: a plain load, as the residency check and the barriers make. */
    long $swz_word();

    /** Sets the object's word to {@code word} if it still is {@code expected}, with the effects of a volatile store. */
    boolean $swz_swapWord(long expected, long word);

    default long $swz_oid() {
        return StateWord.oid($swz_word());
    }

    default void $swz_oid(long oid) {
        StateWord.set(this, StateWord.OID_MASK, StateWord.oidBits(oid));
    }

    /**
     * The object's card address in the resident space ({@code 0}, the sink card, while transient, and always
     * under a barrier that places no objects).
     */
    long $swz_address();

    void $swz_address(long address);

    default byte $swz_state() {
        return (byte) ($swz_word() & StateWord.STATE_MASK);
    }

    default void $swz_state(byte state) {
        StateWord.set(this, StateWord.STATE_MASK, state);
    }

    /** Non-zero once the object was updated since the last commit, under {@code barrier=remset} and {@code barrier=object}. */
    default byte $swz_dirty() {
        return (byte) (($swz_word() & StateWord.DIRTY_MASK) >>> StateWord.DIRTY_SHIFT);
    }

    default void $swz_dirty(byte dirty) {
        StateWord.set(this, StateWord.DIRTY_MASK, (long) dirty << StateWord.DIRTY_SHIFT);
    }

    /**
     * {@link #WATCHED} once an array of the object was handed to code that may write it, or a commit found
     * it holding a collection that does not report its changes to it; {@code 0} otherwise.
     */
    default byte $swz_flags() {
        return ($swz_word() & StateWord.WATCHED_BIT) != 0 ? WATCHED : 0;
    }

    default void $swz_flags(byte flags) {
        StateWord.set(this, StateWord.WATCHED_BIT, flags == WATCHED ? StateWord.WATCHED_BIT : 0);
    }

    /**
     * The object manager that faults this object in, {@link OpenStores#CLOSED_STORE} once its store was closed, or
     * {@code null} while the object is transient.
     */
    default Object $swz_context() {
        return OpenStores.context(this);
    }

    default void $swz_context(Object context) {
        StateWord.set(this, StateWord.STORE_MASK, (long) OpenStores.slotOf(context) << StateWord.STORE_SHIFT);
    }

    /** A new hollow instance of this object's exact class, made without running a constructor. */
    Persistable $swz_newHollow();

    /** Writes the stored field with hierarchy-global index {@code field} to {@code out}. */
    void $swz_write(int field, ObjectWriter out);

    /** Writes the fixed-size stored fields of the hierarchy to {@code out}, in storage order. */
    void $swz_writeFixed(ObjectWriter out);

    /** Writes the other stored fields of the hierarchy to {@code out}, in storage order, naming each first. */
    void $swz_writeVariable(ObjectWriter out);

    /** Reads the stored field with hierarchy-global index {@code field} from {@code in}. */
    void $swz_read(int field, ObjectReader in);

    /** Resets every stored field of the hierarchy to its Java default (re-hollowing). */
    void $swz_clear();

    /**
     * Puts the target of each stored reference of the hierarchy ({@code swizzle=edge} and {@code none}) in its Java
     * field where that is still {@code null}, looked up in the object's store; a no-op under the other schemes. The
     * stored references are kept, as a swizzle in place keeps them, unless {@code forget}: a clone, about to lose its
     * store, cannot look one up again.
     */
    void $swz_resolveStored(boolean forget);
}
