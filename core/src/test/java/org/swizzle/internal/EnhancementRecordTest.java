package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What an enhanced class records in {@code $swz_options}: its options and the enhancement version. */
class EnhancementRecordTest {

    @Test
    void recordsTheOptionsAndTheVersion() {
        String options = AgentOptions.parse("barrier=card,card=256").toString();
        String recorded = Enhancement.record(options);

        assertEquals(options, Enhancement.recordedOptions(recorded));
        assertEquals(Enhancement.VERSION, Enhancement.recordedVersion(recorded));
    }

    @Test
    void aValueWithoutAVersionIsVersionOne() {
        String options = AgentOptions.parse("").toString(); // as classes enhanced before versions were recorded have it

        assertEquals(options, Enhancement.recordedOptions(options));
        assertEquals(1, Enhancement.recordedVersion(options));
        assertEquals(-1, Enhancement.recordedVersion(options + ";enhancement=x"));
    }
}
