package org.swizzle;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * A {@code @Persistent} class reached a store without having been enhanced, almost always because
 * the JVM was started without the Swizzle agent.
 */
public class NotEnhancedException extends StoreException {
    private static final long serialVersionUID = 1L;

    public NotEnhancedException(String message) {
        super(message);
    }

    /** The exception for {@code type}, with the hint that fits whether an agent is attached at all and where the class is from. */
    public static NotEnhancedException of(Class<?> type, boolean agentAttached) {
        String jar = agentAttached ? null : jarOf(type);
        String hint;
        if (agentAttached) {
            hint = " The agent is attached but did not enhance it: the class was loaded before the agent started,"
                + " or by a class loader the agent ignores; see the [swizzle] lines on standard error.";
        } else if (jar != null) {
            hint = " It was loaded from " + jar + ": enhance it in the build that makes that jar, with the"
                + " swizzle-maven-plugin (goals enhance and enhance-test), which enhances only the classes of the module"
                + " it runs in, or start the JVM with the jar of org.swizzle:swizzle as agent:"
                + " java -javaagent:/path/to/swizzle-<version>.jar ... (in Maven Surefire, add it to <argLine>).";
        } else {
            hint = " Start the JVM with the jar of org.swizzle:swizzle as agent:"
                + " java -javaagent:/path/to/swizzle-<version>.jar ... (in Maven Surefire, add it to <argLine>),"
                + " or enhance the classes at build time with the swizzle-maven-plugin (goals enhance and enhance-test)."
                + " If the plugin is configured, this class was compiled after it last ran: it runs at process-classes,"
                + " which mvn compile stops before (run mvn process-classes exec:java, not mvn compile exec:java).";
        }
        return new NotEnhancedException("Class " + type.getName() + " is @Persistent but was not enhanced." + hint);
    }

    /** The jar {@code type} was loaded from, or null when it came from a directory or its origin is not known. */
    private static String jarOf(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        if (location == null) {
            return null;
        }
        String path = location.getPath();
        if (path.endsWith("!/")) { // a jar inside another (a Spring Boot application's): jar:file:/app.jar!/lib/model.jar!/
            path = path.substring(0, path.length() - 2);
        }
        if (!path.endsWith(".jar")) {
            return null;
        }
        try {
            return Path.of(location.toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException notAFile) {
            return location.toString();
        }
    }
}
