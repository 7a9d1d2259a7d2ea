package org.swizzle.internal;

/** Records whether {@link Watched}'s static initializer ran. */
final class Signal {

    static volatile boolean initialized;

    private Signal() {
    }

    /** An enum whose static initializer is observable. */
    enum Watched {
        ONE;

        static {
            initialized = true;
        }
    }
}
