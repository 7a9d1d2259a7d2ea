package org.swizzle.agent;

import java.lang.instrument.Instrumentation;

/**
 * The {@code Premain-Class} of the Swizzle agent ({@code java -javaagent:swizzle-<version>.jar[=key=value,...]}).
 * Everything happens in {@link AgentInstaller#install(String, Instrumentation)}. There is no
 * {@code Agent-Class}: attached to a running JVM, the agent would leave the classes already loaded
 * unenhanced, so the JVM refuses a late attach.
 */
public final class SwizzleAgent {

    private SwizzleAgent() {
    }

    /**
     * Installs the agent, or stops the JVM with exit code 1 when its options are invalid or swizzle-core
     * is missing: {@code install} has printed why, and a premain that throws would make the JVM abort with
     * a native fatal error and the stack trace besides.
     */
    public static void premain(String arguments, Instrumentation instrumentation) {
        try {
            AgentInstaller.install(arguments, instrumentation);
        } catch (IllegalArgumentException | NoClassDefFoundError printed) {
            Runtime.getRuntime().halt(1);
        }
    }
}
