package org.swizzle;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;

import org.junit.jupiter.api.Test;

class NotEnhancedExceptionTest {

    /** A class from a jar (a dependency) is enhanced by the build that makes the jar: the advice names the jar. */
    @Test
    void shouldNameTheJarAClassWasLoadedFromAndTheBuildThatMustEnhanceIt() throws Exception {
        Path jar = Path.of(Test.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String message = NotEnhancedException.of(Test.class, false).getMessage();
        assertTrue(message.startsWith("Class org.junit.jupiter.api.Test is @Persistent but was not enhanced."), message);
        assertTrue(message.contains("loaded from " + jar + ": enhance it in the build that makes that jar"), message);
        assertTrue(message.contains("-javaagent:"), message);
        assertFalse(message.contains("process-classes"), message);
    }

    /** A class from a jar inside the application's jar (Spring Boot's layout): the advice names the inner jar. */
    @Test
    void shouldNameAJarInsideAnotherThatAClassWasLoadedFrom() throws Exception {
        URL nested = URI.create("jar:file:/srv/app.jar!/BOOT-INF/lib/model.jar!/").toURL();
        Class<?> type = new NestedJarLoader(nested).define(Model.class);
        String message = NotEnhancedException.of(type, false).getMessage();
        assertTrue(message.contains("loaded from " + nested + ": enhance it in the build that makes that jar"), message);
    }

    /** A class of the test's, to be defined again by a loader that says it came from a nested jar. */
    static final class Model {
    }

    /** Defines a class from the bytes of one of the test's as if it came from {@code location}. */
    private static final class NestedJarLoader extends ClassLoader {
        private final ProtectionDomain domain;

        NestedJarLoader(URL location) {
            super(NestedJarLoader.class.getClassLoader());
            domain = new ProtectionDomain(new CodeSource(location, (Certificate[]) null), null);
        }

        Class<?> define(Class<?> type) throws IOException {
            String resource = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
            try (InputStream in = type.getResourceAsStream(resource)) {
                byte[] bytes = in.readAllBytes();
                return defineClass(type.getName(), bytes, 0, bytes.length, domain);
            }
        }
    }

    /** A class of the project's own directory: the agent, the plugin, and the plugin's phase. */
    @Test
    void shouldGiveAClassFromADirectoryTheAgentAndThePluginsPhase() {
        String message = NotEnhancedException.of(NotEnhancedExceptionTest.class, false).getMessage();
        assertTrue(message.contains("-javaagent:") && message.contains("swizzle-maven-plugin")
            && message.contains("process-classes"), message);
        assertFalse(message.contains("loaded from"), message);
    }

    @Test
    void shouldSayTheAgentDidNotEnhanceAClassWhenItIsAttached() {
        String message = NotEnhancedException.of(Test.class, true).getMessage();
        assertTrue(message.contains("The agent is attached but did not enhance it"), message);
        assertFalse(message.contains("loaded from"), message);
    }
}
