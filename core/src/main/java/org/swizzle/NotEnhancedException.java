package org.swizzle;

/**
 * A {@code @Persistent} class reached a store without having been enhanced, almost always because
 * the JVM was started without the Swizzle agent.
 */
public class NotEnhancedException extends StoreException {
    private static final long serialVersionUID = 1L;

    public NotEnhancedException(String message) {
        super(message);
    }

    /** The exception for {@code type}, with the hint that fits whether an agent is attached at all. */
    public static NotEnhancedException of(Class<?> type, boolean agentAttached) {
        String hint = agentAttached
            ? " The agent is attached but did not enhance it: the class was loaded before the agent started,"
                + " or by a class loader the agent ignores; see the [swizzle] lines on standard error."
            : " Start the JVM with the jar of org.swizzle:swizzle as agent:"
                + " java -javaagent:/path/to/swizzle-<version>.jar ... (in Maven Surefire, add it to <argLine>),"
                + " or enhance the classes at build time with the swizzle-maven-plugin (goals enhance and enhance-test)."
                + " If the plugin is configured, this class was compiled after it last ran: it runs at process-classes,"
                + " which mvn compile stops before (run mvn process-classes exec:java, not mvn compile exec:java).";
        return new NotEnhancedException("Class " + type.getName() + " is @Persistent but was not enhanced." + hint);
    }
}
