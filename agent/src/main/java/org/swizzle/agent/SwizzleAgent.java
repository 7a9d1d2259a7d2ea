package org.swizzle.agent;

import java.lang.instrument.Instrumentation;

/**
 * The {@code Premain-Class} and {@code Agent-Class} of the Swizzle agent
 * ({@code java -javaagent:swizzle-agent.jar[=key=value,...]}). Everything happens in
 * {@link AgentInstaller#install(String, Instrumentation)}.
 */
public final class SwizzleAgent {

    private SwizzleAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        AgentInstaller.install(arguments, instrumentation);
    }

    public static void agentmain(String arguments, Instrumentation instrumentation) {
        AgentInstaller.install(arguments, instrumentation);
    }
}
