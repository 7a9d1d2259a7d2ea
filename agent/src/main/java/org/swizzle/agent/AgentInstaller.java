package org.swizzle.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;

import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;

/**
 * Installs the agent: validates and publishes its options and registers the {@link SwizzleTransformer}.
 * It opens no JDK package: nothing Swizzle runs needs one.
 */
public final class AgentInstaller {

    private AgentInstaller() {
    }

    /**
     * Installs the agent with {@code arguments} ({@code key=value,...}, may be {@code null}).
     *
     * @return the registered transformer, so that a caller can remove it again
     * @throws IllegalArgumentException for an unknown option or value; the message, also printed,
     *                                  lists the valid options
     * @throws NoClassDefFoundError     when swizzle-core is not on the class path, also printed
     */
    public static ClassFileTransformer install(String arguments, Instrumentation instrumentation) {
        AgentOptions options = parse(arguments);
        AgentOptions.install(options);
        Enhancement.agentInstalled();
        SwizzleTransformer transformer = new SwizzleTransformer(options);
        instrumentation.addTransformer(transformer);
        return transformer;
    }

    private static AgentOptions parse(String arguments) {
        try {
            return AgentOptions.parse(arguments);
        } catch (IllegalArgumentException invalid) {
            System.err.println("swizzle-agent: " + invalid.getMessage());
            throw invalid;
        } catch (NoClassDefFoundError missing) {
            System.err.println("swizzle-agent: swizzle-core is not on the class path (" + missing.getMessage()
                + " is missing). Put swizzle-core and its dependencies on the application's class path.");
            throw missing;
        }
    }
}
