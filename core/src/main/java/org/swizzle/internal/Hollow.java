package org.swizzle.internal;

/**
 * The parameter type of the constructor the agent adds to persistent classes to make hollow
 * instances without running application constructors or field initializers. Never instantiated:
 * that constructor is always called with {@code null}.
 */
public final class Hollow {
    private Hollow() {
    }
}
