package org.swizzle.internal;

import java.util.Locale;

/**
 * The update-detection schemes of Hosking, Brown &amp; Moss, selected with the agent's
 * {@code barrier=} option. Each is a different write barrier in the generated accessors and a
 * different way for a commit to find its candidates; all lead to the same minimal log, because the
 * candidates are diffed against their committed bytes either way.
 */
public enum Barrier {
    /** A byte per card of the resident space; a commit diffs the objects in dirty cards. */
    CARD,
    /** The first update of an object adds it to a remembered set; later ones cost a check. */
    REMSET,
    /** A dirty bit in the object; a commit scans every resident object for it. */
    OBJECT,
    /** No barrier; a commit diffs every resident object (the baseline the paper argues against). */
    NONE;

    static Barrier of(String option) {
        return valueOf(option.toUpperCase(Locale.ROOT));
    }

    /**
     * Whether a commit finds its candidates among the objects of the resident space, so that every resident
     * object needs a card address ({@code $swz_address}); the remembered set needs neither.
     */
    public boolean placesObjects() {
        return this != REMSET;
    }

    /** The option value, as {@code barrier=} takes it. */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }
}
