package org.swizzle.internal;

/**
 * The configured write barrier as a method, for changes that are not field stores: tracked
 * collections call it before every change. Field stores get the same barrier compiled into their
 * accessors by the agent.
 */
public final class WriteBarrier {

    private static final Barrier BARRIER = AgentOptions.current().barrier();

    private WriteBarrier() {
    }

    /** The slow path of {@code barrier=object}: sets the dirty level of {@code object}, which a commit clears. */
    public static void dirty(Persistable object) {
        StateWord.raiseDirty(object, (byte) 1);
    }

    /** Notes that {@code object} changed: marks its card, remembers it, or sets its dirty bit. */
    public static void mark(Persistable object) {
        switch (BARRIER) {
            case CARD:
                CardTable.mark(object.$swz_address());
                break;
            case REMSET:
                if (object.$swz_dirty() != RememberedSet.ANY_FIELDS) {
                    RememberedSet.rememberAll(object);
                }
                break;
            case OBJECT:
                dirty(object);
                break;
            default:
                break; // barrier=none: every resident object is a commit candidate
        }
    }
}
