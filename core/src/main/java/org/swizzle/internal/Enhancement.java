package org.swizzle.internal;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.swizzle.IncompatibleEnhancementException;
import org.swizzle.StoreException;
import org.swizzle.UnsupportedClassException;
import org.swizzle.UnsupportedFieldTypeException;

/**
 * What the agent tells the object manager about enhancement: whether an agent is attached at all,
 * and why a {@code @Persistent} class was refused (an unsupported field type, a non-persistent
 * superclass). A refused class is left as it was; using it with a store raises the recorded reason,
 * as an {@link UnsupportedFieldTypeException} when a field is the cause and an
 * {@link UnsupportedClassException} when the class itself is.
 */
public final class Enhancement {

    private static final Map<String, String> REFUSALS = new ConcurrentHashMap<>();
    /** The refused classes whose reason is one of their fields. */
    private static final Map<String, Boolean> FIELD_REFUSALS = new ConcurrentHashMap<>();

    private static volatile boolean agentInstalled;

    private Enhancement() {
    }

    /** Called by the agent's {@code premain}. */
    public static void agentInstalled() {
        agentInstalled = true;
    }

    public static boolean isAgentInstalled() {
        return agentInstalled;
    }

    /** Records why {@code className} (binary name, dots) was not enhanced: a reason about the class itself. */
    public static void refuse(String className, String reason) {
        FIELD_REFUSALS.remove(className);
        REFUSALS.put(className, reason);
    }

    /** Records that {@code className} (binary name, dots) was not enhanced because of one of its fields. */
    public static void refuseField(String className, String reason) {
        FIELD_REFUSALS.put(className, Boolean.TRUE);
        REFUSALS.put(className, reason);
    }

    /**
     * The {@code public static final String} field in which enhancement records the options a persistent class
     * was enhanced with, as {@link AgentOptions#toString()} writes them.
     */
    public static final String OPTIONS_FIELD = "$swz_options";

    /**
     * Throws an {@link IncompatibleEnhancementException} if {@code type} records (in its {@link #OPTIONS_FIELD}
     * field) that it was enhanced with other options than {@link AgentOptions#current()}. A class enhanced
     * before the options were recorded passes.
     */
    public static void checkOptions(Class<?> type) {
        String recorded;
        try {
            Field field = type.getDeclaredField(OPTIONS_FIELD);
            field.setAccessible(true);
            recorded = (String) field.get(null);
        } catch (NoSuchFieldException notRecorded) {
            return;
        } catch (ReflectiveOperationException | RuntimeException unreadable) {
            throw new IllegalStateException("Cannot read the enhancement options of " + type.getName(), unreadable);
        }
        String enhancedWith = AgentOptions.parse(recorded).toString();
        String running = AgentOptions.current().toString();
        if (!enhancedWith.equals(running)) {
            throw new IncompatibleEnhancementException("Class " + type.getName() + " was enhanced with Swizzle options "
                + enhancedWith + " but this JVM runs with " + running + (agentInstalled
                    ? " (the options of the attached agent). Attach the agent with the options the class was enhanced"
                        + " with, or attach no agent to classes enhanced at build time."
                    : " (the options recorded by the build-time enhancement in " + AgentOptions.ENHANCED_RESOURCE + ")."
                        + " Enhance all classes with the same swizzle-maven-plugin configuration, or rebuild (mvn clean)."));
        }
    }

    /** The reason {@code className} was refused, or {@code null}. */
    public static String refusal(String className) {
        return REFUSALS.get(className);
    }

    /** The exception that reports why {@code className} was refused, or {@code null} if it was not. */
    public static StoreException refusalException(String className) {
        String reason = REFUSALS.get(className);
        if (reason == null) {
            return null;
        }
        return FIELD_REFUSALS.containsKey(className)
            ? new UnsupportedFieldTypeException(reason) : new UnsupportedClassException(reason);
    }
}
