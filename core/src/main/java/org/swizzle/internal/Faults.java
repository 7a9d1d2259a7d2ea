package org.swizzle.internal;

/**
 * The slow path of the residency check the agent puts before every persistent field access: the
 * object is hollow, so its owning object manager fills it in place.
 */
public final class Faults {

    private Faults() {
    }

    /** Makes {@code object} resident. Called only when its {@code $swz_state} is not {@code RESIDENT}. */
    public static void fault(Persistable object) {
        ObjectManager manager = (ObjectManager) object.$swz_context();
        if (manager == null) {
            throw new IllegalStateException("Hollow object of " + object.getClass().getName() + " has no store");
        }
        manager.fault(object);
    }
}
