package org.swizzle.agent;

import java.lang.instrument.Instrumentation;

/**
 * The {@code Premain-Class} of the Swizzle agent ({@code java -javaagent:swizzle-agent.jar[=key=value,...]}).
 * Everything happens in {@link AgentInstaller#install(String, Instrumentation)}. There is no
 * {@code Agent-Class}: attached to a running JVM, the agent would leave the classes already loaded
 * unenhanced, so the JVM refuses a late attach.
 */
public final class SwizzleAgent {

    private SwizzleAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        AgentInstaller.install(arguments, instrumentation);
    }
}
