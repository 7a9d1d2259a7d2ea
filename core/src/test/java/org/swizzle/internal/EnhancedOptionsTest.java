package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.IncompatibleEnhancementException;

/** The options a JVM without agent runs with: those build-time enhancement recorded on the class path. */
class EnhancedOptionsTest {

    @TempDir
    Path temp;

    @Test
    void shouldRunWithTheDefaultsWhenNothingWasEnhancedAtBuildTime() throws IOException {
        try (URLClassLoader none = loader(temp.resolve("none"), null)) {
            assertEquals(AgentOptions.parse("").toString(), AgentOptions.enhancedAtBuild(none).toString());
        }
    }

    @Test
    void shouldRunWithTheRecordedOptionsWhereBuildsAgree() throws IOException {
        try (URLClassLoader main = loader(temp.resolve("classes"), "swizzle=node,barrier=card,card=64,checks=access,fault=object");
             URLClassLoader tests = loader(temp.resolve("test-classes"), "barrier=card,card=64")) {
            assertEquals("swizzle=node,barrier=card,card=64,checks=access,fault=object",
                AgentOptions.enhancedAtBuild(main, tests, null).toString());
        }
    }

    @Test
    void shouldRefuseBuildsWithDifferentOptionsNamingBoth() throws IOException {
        try (URLClassLoader a = loader(temp.resolve("a"), "barrier=card");
             URLClassLoader b = loader(temp.resolve("b"), "barrier=object")) {
            IncompatibleEnhancementException refused = assertThrows(IncompatibleEnhancementException.class, () -> AgentOptions.enhancedAtBuild(a, b));
            String message = refused.getMessage();
            assertTrue(message.contains("barrier=card") && message.contains("barrier=object")
                && message.contains("/a/" + AgentOptions.ENHANCED_RESOURCE) && message.contains("/b/" + AgentOptions.ENHANCED_RESOURCE), message);
        }
    }

    /** Classes enhanced with {@code barrier=card} and run with no agent and no record of their build's options. */
    static final class EnhancedWithCards {
        public static final String $swz_options = Enhancement.record("barrier=card");
    }

    @Test
    void shouldSayThatTheDefaultsRunForWantOfTheBuildsRecord() {
        IncompatibleEnhancementException refused = assertThrows(IncompatibleEnhancementException.class,
            () -> Enhancement.checkOptions(EnhancedWithCards.class));
        assertEquals("Class " + EnhancedWithCards.class.getName() + " was enhanced with Swizzle options"
            + " swizzle=node,barrier=card,card=512,checks=access,fault=object but this JVM runs with"
            + " swizzle=node,barrier=remset,card=512,checks=access,fault=object (the defaults: no"
            + " META-INF/swizzle/enhanced-options was found on the class path when this JVM first read its options; the"
            + " swizzle-maven-plugin records there, beside the classes, the options it enhanced with). Keep that resource"
            + " with the enhanced classes when you copy or repackage them, or attach the agent with the options the class"
            + " was enhanced with.", refused.getMessage());
    }

    private static URLClassLoader loader(Path directory, String options) throws IOException {
        Files.createDirectories(directory);
        if (options != null) {
            Path resource = directory.resolve(AgentOptions.ENHANCED_RESOURCE);
            Files.createDirectories(resource.getParent());
            Files.writeString(resource, options + "\n");
        }
        return new URLClassLoader(new URL[] {directory.toUri().toURL()}, null);
    }
}
