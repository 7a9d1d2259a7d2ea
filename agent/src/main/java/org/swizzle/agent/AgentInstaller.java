package org.swizzle.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;

import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;

/**
 * Installs the agent: validates and publishes its options, opens the JDK packages Chronicle Map
 * needs when it is on the class path (for indexes), and registers the {@link SwizzleTransformer}.
 */
public final class AgentInstaller {

    static final String CHRONICLE_ANALYTICS = "chronicle.analytics.disable";
    static final String CHRONICLE_MAP = "net/openhft/chronicle/map/ChronicleMap.class";

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
        ClassLoader application = ClassLoader.getSystemClassLoader();
        // Chronicle Map serves indexes only and is optional: without it on the class path nothing is opened
        if (application.getResource(CHRONICLE_MAP) != null) {
            ModuleOpener.openForChronicle(instrumentation, application.getUnnamedModule());
            if (System.getProperty(CHRONICLE_ANALYTICS) == null) {
                System.setProperty(CHRONICLE_ANALYTICS, "true");
            }
        }
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
