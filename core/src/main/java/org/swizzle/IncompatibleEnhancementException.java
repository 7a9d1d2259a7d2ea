package org.swizzle;

/**
 * A {@code @Persistent} class was enhanced with other options than the running configuration: the agent is
 * attached with options that differ from those of a build-time enhancement ({@code swizzle-maven-plugin}), or
 * classes of two builds with different options meet. The message names the class and both option sets.
 */
public class IncompatibleEnhancementException extends StoreException {
    private static final long serialVersionUID = 1L;

    public IncompatibleEnhancementException(String message) {
        super(message);
    }
}
