package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** The jar we ship: its own classes and a relocated Byte Buddy and ASM, nothing that could clash with an application's. */
class AgentJarTest {

    @Test
    void shouldHoldOnlyTheAgentAndARelocatedByteBuddy() throws IOException {
        try (JarFile jar = new JarFile(Jvm.AGENT.toFile())) {
            List<String> strays = jar.stream().map(entry -> entry.getName())
                .filter(name -> !name.startsWith("org/swizzle/agent/") && !name.startsWith("META-INF/")
                    && !name.equals("org/") && !name.equals("org/swizzle/"))
                .collect(Collectors.toList());
            assertEquals(List.of(), strays, "entries outside org/swizzle/agent and META-INF");
            assertTrue(jar.getEntry("org/swizzle/agent/shaded/bytebuddy/ByteBuddy.class") != null, "Byte Buddy relocated");
            List<String> readers = jar.stream().map(entry -> entry.getName())
                .filter(name -> name.endsWith("/asm/ClassReader.class")).collect(Collectors.toList());
            assertEquals(List.of("org/swizzle/agent/shaded/asm/ClassReader.class"), readers,
                "one ASM, relocated, which Byte Buddy and the agent's data-flow analysis share");
            assertTrue(jar.stream().noneMatch(entry -> entry.getName().startsWith("org/swizzle/internal/")),
                "core classes come from the application's class path, once");
            Manifest manifest = jar.getManifest();
            assertEquals("org.swizzle.agent.SwizzleAgent", manifest.getMainAttributes().getValue("Premain-Class"));
            assertEquals(null, manifest.getMainAttributes().getValue("Agent-Class"),
                "no late attach: classes loaded before it would stay unenhanced");
            assertEquals(null, manifest.getMainAttributes().getValue("Can-Retransform-Classes"));
        }
    }
}
