package org.swizzle.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the agent tells the object manager about enhancement: whether an agent is attached at all,
 * and why a {@code @Persistent} class was refused (an unsupported field type, a non-persistent
 * superclass). A refused class is left as it was; using it with a store raises the recorded reason.
 */
public final class Enhancement {

    private static final Map<String, String> REFUSALS = new ConcurrentHashMap<>();

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

    /** Records why {@code className} (binary name, dots) was not enhanced. */
    public static void refuse(String className, String reason) {
        REFUSALS.put(className, reason);
    }

    /** The reason {@code className} was refused, or {@code null}. */
    public static String refusal(String className) {
        return REFUSALS.get(className);
    }
}
