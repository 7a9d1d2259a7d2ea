package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;

class AgentInstallerTest {

    private final List<Object> transformers = new ArrayList<>();
    private final Map<String, Map<?, ?>> opened = new HashMap<>();
    private final Instrumentation instrumentation = (Instrumentation) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {Instrumentation.class}, (proxy, method, arguments) -> {
            if (method.getName().equals("addTransformer")) {
                transformers.add(arguments[0]);
            } else if (method.getName().equals("redefineModule")) {
                opened.put(((Module) arguments[0]).getName(), (Map<?, ?>) arguments[3]);
            }
            return method.getReturnType() == boolean.class ? false : null;
        });

    @Test
    void shouldStopOnInvalidOptionAndListValidOnes() {
        String err = StdErr.capture(() -> assertThrows(IllegalArgumentException.class,
            () -> AgentInstaller.install("swizzle=sideways", instrumentation)));

        assertTrue(err.startsWith("swizzle-agent: ") && err.contains(AgentOptions.validList()), err);
        assertTrue(transformers.isEmpty());
    }

    @Test
    void shouldRegisterAndReturnTransformer() {
        ClassFileTransformer transformer = AgentInstaller.install("", instrumentation);

        assertInstanceOf(SwizzleTransformer.class, transformer);
        assertEquals(List.of(transformer), transformers);
        assertTrue(Enhancement.isAgentInstalled());
    }

    @Test
    void shouldOpenChroniclePackagesToClassPath() {
        AgentInstaller.install(null, instrumentation);

        Map<?, ?> javaBase = opened.get("java.base");
        Module classPath = ClassLoader.getSystemClassLoader().getUnnamedModule();
        for (String name : List.of("java.lang", "java.lang.reflect", "java.io", "java.nio", "java.util", "sun.nio.ch",
                "jdk.internal.misc", "jdk.internal.ref")) {
            assertEquals(Set.of(classPath), javaBase.get(name), name);
        }
        if (ModuleLayer.boot().findModule("jdk.compiler").isPresent()) {
            assertTrue(opened.get("jdk.compiler").containsKey("com.sun.tools.javac"));
        }
    }

    @Test
    void shouldDisableChronicleAnalyticsUnlessConfigured() {
        String before = System.getProperty(AgentInstaller.CHRONICLE_ANALYTICS);
        try {
            System.clearProperty(AgentInstaller.CHRONICLE_ANALYTICS);
            AgentInstaller.install(null, instrumentation);
            assertEquals("true", System.getProperty(AgentInstaller.CHRONICLE_ANALYTICS));

            System.setProperty(AgentInstaller.CHRONICLE_ANALYTICS, "false");
            AgentInstaller.install(null, instrumentation);
            assertEquals("false", System.getProperty(AgentInstaller.CHRONICLE_ANALYTICS));
        } finally {
            if (before == null) {
                System.clearProperty(AgentInstaller.CHRONICLE_ANALYTICS);
            } else {
                System.setProperty(AgentInstaller.CHRONICLE_ANALYTICS, before);
            }
        }
    }

    @Test
    void shouldStartFromPremainWithoutStateOfItsOwn() {
        SwizzleAgent.premain("barrier=card", instrumentation);

        assertEquals(1, transformers.size());
        assertSame(SwizzleTransformer.class, transformers.get(0).getClass());
    }
}
