package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;

import javax.management.JMException;
import javax.management.ObjectName;

import com.sun.management.HotSpotDiagnosticMXBean;

import org.junit.jupiter.api.Test;
import org.swizzle.fixtures.Link;

/**
 * What enhancement adds to every persistent object, which a pass over many of them pays in cache misses: one
 * {@code long} of state under the default barrier, 8 bytes (the object manager is named by the word, not referenced).
 * Sizes are the JVM's, read from its class histogram, with the compressed references a JVM uses by default for heaps
 * under 32 GB.
 */
class ObjectSizeTest {

    private static final int PLAIN = 1_000;
    private static final int ENHANCED = 2_000;

    @Test
    void shouldAddOneWordToEachObject() throws JMException {
        assumeTrue(Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
            .getVMOption("UseCompressedOops").getValue()), "references of 8 bytes make every field twice as large");
        Class<?> enhanced = new EnhancingClassLoader().fixture("Link");
        assertNotSame(Link.class, enhanced);
        Object[] plainLinks = new Object[PLAIN];
        for (int i = 0; i < PLAIN; i++) {
            plainLinks[i] = new Link(i);
        }
        Object[] enhancedLinks = new Object[ENHANCED];
        for (int i = 0; i < ENHANCED; i++) {
            enhancedLinks[i] = Fixtures.newInstance(enhanced, (long) i);
        }
        String histogram = classHistogram();
        long plainSize = instanceSize(histogram, PLAIN);
        long enhancedSize = instanceSize(histogram, ENHANCED);
        assertEquals(32, plainSize, "Link: a header of 12 bytes, a long and two references");
        assertEquals(plainSize + 8, enhancedSize, "the state word, and nothing else");
        Reference.reachabilityFence(plainLinks);
        Reference.reachabilityFence(enhancedLinks);
    }

    /** Bytes over instances of the line of {@code Link} with {@code count} instances (two loaders define the class). */
    private static long instanceSize(String histogram, int count) {
        for (String line : histogram.split("\n")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length >= 4 && columns[3].equals(Link.class.getName()) && Long.parseLong(columns[1]) == count) {
                return Long.parseLong(columns[2]) / count;
            }
        }
        throw new AssertionError("no line for " + count + " instances of " + Link.class.getName() + " in the class histogram:\n"
            + histogram.lines().filter(line -> line.contains("fixtures")).reduce("", (a, b) -> a + b + "\n"));
    }

    /** The live objects of this JVM by class, as {@code jcmd PID GC.class_histogram} prints them (after a full GC). */
    private static String classHistogram() throws JMException {
        String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
            new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
            new Object[] {null}, new String[] {String[].class.getName()});
        assertTrue(histogram.contains(Link.class.getName()), "a histogram of this JVM's classes");
        return histogram;
    }
}
