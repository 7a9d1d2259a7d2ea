package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import net.bytebuddy.ClassFileVersion;
import org.junit.jupiter.api.Test;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;

class SwizzleTransformerTest {

    private final SwizzleTransformer transformer = new SwizzleTransformer(AgentOptions.parse(""));
    private final ClassLoader loader = getClass().getClassLoader();
    private final byte[] part = EnhancingClassLoader.originalBytes("org.swizzle.fixtures.Part");

    @Test
    void shouldEnhancePersistentClass() {
        assertNotNull(transformer.transform(loader, "org/swizzle/fixtures/Part", part.clone()));
    }

    @Test
    void shouldRecordItsOptionsInTheEnhancedClassAndLeaveAnEnhancedClassAlone() {
        SwizzleTransformer card = new SwizzleTransformer(AgentOptions.parse("barrier=card,card=256"));
        byte[] enhanced = card.transform(loader, "org/swizzle/fixtures/Part", part.clone());

        assertEquals(Enhancement.record(AgentOptions.parse("barrier=card,card=256").toString()),
            SwizzleTransformer.enhancedOptions(enhanced));
        assertNull(SwizzleTransformer.enhancedOptions(part));
        // met again, by a transformer with the same or other options (build-time enhancement, then an agent)
        assertTrue(card.transform(loader, "org/swizzle/fixtures/Part", enhanced.clone()) == null);
        assertTrue(transformer.transform(loader, "org/swizzle/fixtures/Part", enhanced.clone()) == null);
    }

    @Test
    void shouldIgnoreBootstrapJdkAndSwizzleOwnClasses() {
        assertNull(transformer.transform(null, "org/swizzle/fixtures/Part", part.clone()));
        for (String name : new String[] {"java/util/Part", "jdk/internal/Part", "com/sun/Part", "net/bytebuddy/Part",
                "org/swizzle/Part", "org/swizzle/internal/Part", "org/swizzle/agent/Part", "org/swizzle/store/Part",
                "org/junit/Part", "org/apache/maven/Part"}) {
            assertNull(transformer.transform(loader, name, part.clone()), name);
        }
    }

    @Test
    void shouldReportFailureWithClassName() {
        byte[] truncated = Arrays.copyOf(part, 40);

        String err = StdErr.capture(() -> assertNull(transformer.transform(loader, "org/swizzle/fixtures/Broken", truncated)));

        assertTrue(err.contains("[swizzle] The Swizzle agent failed to transform org.swizzle.fixtures.Broken"), err);
        assertNotNull(Enhancement.refusal("org.swizzle.fixtures.Broken"));
    }

    @Test
    void shouldSkipNewerClassFileThatTouchesPersistentFieldsWithWarning() {
        byte[] editor = newerThanSupported(EnhancingClassLoader.originalBytes("org.swizzle.fixtures.Editor"));

        String err = StdErr.capture(() -> assertNull(transformer.transform(loader, "org/swizzle/fixtures/Editor", editor)));

        assertTrue(err.contains("org.swizzle.fixtures.Editor") && err.contains("newer than this agent supports"), err);
    }

    @Test
    void shouldPassNewerClassFileThatTouchesNoPersistentFieldSilently() {
        byte[] plain = newerThanSupported(EnhancingClassLoader.originalBytes("org.swizzle.fixtures.Plain"));

        String err = StdErr.capture(() -> assertNull(transformer.transform(loader, "org/swizzle/fixtures/Plain", plain)));

        assertEquals("", err);
    }

    private static byte[] newerThanSupported(byte[] classFile) {
        int major = ClassFileVersion.latest().getMajorVersion() + 1;
        classFile[6] = (byte) (major >>> 8);
        classFile[7] = (byte) major;
        return classFile;
    }
}
