package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void shouldDefaultToTheFastestConfiguration() {
        AgentOptions options = AgentOptions.parse("");
        assertEquals(Swizzling.NODE, options.swizzle());
        assertEquals(Barrier.REMSET, options.barrier());
        assertEquals(512, options.cardSize());
        assertEquals(false, options.checksOnEntry());
        assertEquals(FaultUnit.OBJECT, options.fault());
    }

    @Test
    void shouldParseKnownOptions() {
        AgentOptions options = AgentOptions.parse("card=64, barrier=card");
        assertEquals(64, options.cardSize());
        assertEquals("swizzle=node,barrier=card,card=64,checks=access,fault=object", options.toString());
    }

    @Test
    void shouldAcceptEverySchemeOfThePapers() {
        AgentOptions options = AgentOptions.parse("swizzle=edge,checks=entry,fault=cluster,barrier=remset");
        assertEquals(Swizzling.EDGE, options.swizzle());
        assertTrue(options.checksOnEntry());
        assertEquals(FaultUnit.CLUSTER, options.fault());
        assertEquals(Swizzling.NONE, AgentOptions.parse("swizzle=none").swizzle());
        assertEquals(Swizzling.EAGER, AgentOptions.parse("swizzle=eager").swizzle());
        assertEquals(FaultUnit.SEGMENT, AgentOptions.parse("fault=segment").fault());
    }

    @Test
    void shouldListTheValidOptionsOnABadOne() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("colour=red"));
        assertTrue(unknown.getMessage().contains("'colour'") && unknown.getMessage().contains("swizzle=node|edge|none|eager"), unknown.getMessage());
        IllegalArgumentException value = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("card=100"));
        assertTrue(value.getMessage().contains("card=100") && value.getMessage().contains("4096"), value.getMessage());
        IllegalArgumentException form = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("card"));
        assertTrue(form.getMessage().contains("key=value"), form.getMessage());
    }

    /** A comma at either end or two in a row are refused alike, rather than some of them passing. */
    @Test
    void shouldRefuseAnEmptyOptionWhereverItIs() {
        for (String arguments : new String[] {"barrier=card,", ",barrier=card", "barrier=card,,card=64", "barrier=card, ,card=64"}) {
            IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(arguments));
            assertTrue(empty.getMessage().contains("'" + arguments + "' hold an empty option")
                && empty.getMessage().contains("swizzle=node|edge|none|eager"), empty.getMessage());
        }
    }

    @Test
    void shouldRefuseACardSizeUnderAnotherBarrier() {
        IllegalArgumentException alone = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("card=64"));
        assertTrue(alone.getMessage().contains("card=64") && alone.getMessage().contains("barrier=remset")
            && alone.getMessage().contains("add barrier=card"), alone.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
            () -> AgentOptions.parse("barrier=object,card=1024"));
        assertTrue(other.getMessage().contains("barrier=object"), other.getMessage());
        // every recorded enhancement names the default size, whatever its barrier
        assertEquals(512, AgentOptions.parse(AgentOptions.parse("barrier=none").toString()).cardSize());
    }

    @Test
    void shouldRefuseAnOptionGivenTwice() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("swizzle=node,Swizzle=none"));
        assertTrue(twice.getMessage().contains("swizzle=node and swizzle=none") && twice.getMessage().contains("once"), twice.getMessage());
    }
}
