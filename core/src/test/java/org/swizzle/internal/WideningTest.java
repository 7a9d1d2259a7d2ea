package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which stored types {@link Widening} converts: Java's widening primitive conversions, boxed or not. */
class WideningTest {

    @Test
    void shouldConvertEveryWideningPrimitiveConversion() {
        String[][] widenings = {{"B", "SIJFD"}, {"S", "IJFD"}, {"C", "IJFD"}, {"I", "JFD"}, {"J", "FD"}, {"F", "D"}};
        for (String[] widening : widenings) {
            for (char to : widening[1].toCharArray()) {
                assertNotNull(Widening.of("C.f", widening[0], String.valueOf(to)), widening[0] + " to " + to);
            }
        }
    }

    @Test
    void shouldConvertBetweenAPrimitiveAndItsBoxAndToWiderBoxes() {
        assertNotNull(Widening.of("C.f", "Ljava/lang/Integer;", "I"));
        assertNotNull(Widening.of("C.f", "I", "Ljava/lang/Integer;"));
        assertNotNull(Widening.of("C.f", "Z", "Ljava/lang/Boolean;"));
        assertNotNull(Widening.of("C.f", "Ljava/lang/Character;", "J"));
        assertNotNull(Widening.of("C.f", "S", "Ljava/lang/Long;"));
    }

    @Test
    void shouldNotConvertNarrowingOrUnrelatedTypes() {
        String[][] refused = {{"J", "I"}, {"D", "F"}, {"C", "S"}, {"S", "C"}, {"B", "C"}, {"Z", "I"}, {"I", "Z"},
            {"Ljava/lang/Long;", "I"}, {"I", "Ljava/lang/String;"}, {"Ljava/lang/String;", "I"}, {"I", "I"}};
        for (String[] pair : refused) {
            assertNull(Widening.of("C.f", pair[0], pair[1]), pair[0] + " to " + pair[1]);
        }
    }
}
