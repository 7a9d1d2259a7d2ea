package org.swizzle.internal;

import java.util.Locale;

/**
 * How stored references become Java references, selected with the agent's {@code swizzle=} option:
 * the faulting and swizzling schemes of Moss, White &amp; DeWitt and Hosking &amp; Moss, all behind the
 * same residency checks.
 */
public enum Swizzling {
    /**
     * Node marking: a reference to a non-resident object points at a fault block, a hollow instance of
     * the object's real class that is filled in place when touched, so no indirection remains.
     */
    NODE,
    /**
     * Edge marking: a reference field keeps the stored reference (a tagged OID) beside the Java
     * reference and is swizzled upon discovery: loading it swizzles it in place when the target is
     * resident; otherwise the load hands out the target's fault block, which faults when dereferenced.
     */
    EDGE,
    /** No swizzling: reference fields keep OIDs, and every load looks the target up in the resident object table. */
    NONE,
    /**
     * Eager swizzling: a fault makes its whole fault unit resident and every reference inside it points
     * at a resident object, so the objects the unit refers to are made resident with it.
     */
    EAGER;

    static Swizzling of(String option) {
        return valueOf(option.toUpperCase(Locale.ROOT));
    }

    /** Whether reference fields keep a stored reference beside the Java one (edge marking and no swizzling). */
    public boolean keepsStoredReferences() {
        return this == EDGE || this == NONE;
    }

    /** The option value, as {@code swizzle=} takes it. */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }
}
