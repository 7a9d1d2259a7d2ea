package org.swizzle.internal.tracked;

/**
 * The methods Java 21 added to {@code LinkedHashSet} and {@code LinkedHashMap} (sequenced collections), seen
 * from code built for Java 17. Where they exist, the tracked subclasses call them after reporting the change.
 * Their views whose types Java 17 does not know ({@code LinkedHashMap.sequencedKeySet()}, {@code reversed()},
 * ...) cannot be overridden from here: on such a runtime an object holding a tracked {@code LinkedHashMap} or
 * {@code LinkedHashSet} is compared with its committed bytes at every commit, so no change made through those
 * views is lost.
 */
public final class Sequenced {

    /** Whether this runtime has sequenced collections, whose views the tracked subclasses cannot all cover. */
    public static final boolean RUNTIME_HAS_UNTRACKED_VIEWS = Runtime.version().feature() >= 21;

    private Sequenced() {
    }

    /** Whether {@code value} is a tracked collection some of whose views this runtime leaves untracked. */
    public static boolean hasUntrackedViews(Object value) {
        return RUNTIME_HAS_UNTRACKED_VIEWS && (value instanceof TrackedLinkedHashSet || value instanceof TrackedLinkedHashMap);
    }
}
