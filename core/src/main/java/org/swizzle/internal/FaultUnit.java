package org.swizzle.internal;

import java.util.Locale;

/**
 * How much one object fault makes resident, selected with the agent's {@code fault=} option
 * (Hosking &amp; Moss): the object alone, its logical segment, or its cluster (physical segment).
 * References between the objects of one unit become direct Java references.
 */
public enum FaultUnit {
    OBJECT,
    SEGMENT,
    CLUSTER;

    static FaultUnit of(String option) {
        return valueOf(option.toUpperCase(Locale.ROOT));
    }

    /** The option value, as {@code fault=} takes it. */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }
}
