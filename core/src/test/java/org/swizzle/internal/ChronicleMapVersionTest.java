package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The coordinates the missing-Chronicle message tells users to add are those the build uses. */
class ChronicleMapVersionTest {

    @Test
    void shouldNameTheChronicleMapVersionOfTheRootPom() throws IOException {
        String pom = Files.readString(Path.of("../pom.xml"));
        Matcher version = Pattern.compile("<chronicle-map.version>([^<]+)</chronicle-map.version>").matcher(pom);
        assertTrue(version.find(), "chronicle-map.version in the root pom.xml");
        assertEquals("net.openhft:chronicle-map:" + version.group(1), ObjectManager.CHRONICLE_MAP_COORDINATES);
    }
}
