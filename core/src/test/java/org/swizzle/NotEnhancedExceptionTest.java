package org.swizzle;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

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
