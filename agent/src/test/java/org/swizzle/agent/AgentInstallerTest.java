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
    void shouldOpenNoJdkPackage() {
        AgentInstaller.install(null, instrumentation);

        assertTrue(opened.isEmpty(), "modules redefined: " + opened.keySet());
    }

    @Test
    void shouldStartFromPremainWithoutStateOfItsOwn() {
        SwizzleAgent.premain("barrier=card", instrumentation);

        assertEquals(1, transformers.size());
        assertSame(SwizzleTransformer.class, transformers.get(0).getClass());
    }
}
