package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

import javax.management.JMException;
import javax.management.ObjectName;

import com.sun.management.HotSpotDiagnosticMXBean;

import org.junit.jupiter.api.Test;

/**
 * Every stored collection is a tracked one, so what a tracked collection adds to its {@code java.util} class is paid
 * once per collection in every application: at most 8 bytes (its attachment and, in some, one field of its own, in what
 * alignment leaves), with the compressed references a JVM uses by default for heaps under 32 GB. Sizes are the JVM's,
 * read from its class histogram (bytes over instances).
 */
class TrackedSizesTest {

    private static final int INSTANCES = 1_000;

    @Test
    void shouldAddAtMostEightBytesToEachCollectionClass() throws JMException {
        assumeTrue(Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
            .getVMOption("UseCompressedOops").getValue()), "references of 8 bytes make every field twice as large");
        Map<Class<?>, Object[]> kept = new LinkedHashMap<>();
        keep(kept, ArrayList::new, TrackedArrayList::new);
        keep(kept, HashMap::new, TrackedHashMap::new);
        keep(kept, LinkedHashMap::new, TrackedLinkedHashMap::new);
        keep(kept, TreeMap::new, TrackedTreeMap::new);
        keep(kept, TreeSet::new, TrackedTreeSet::new);
        keep(kept, LinkedHashSet::new, TrackedLinkedHashSet::new);
        keep(kept, LinkedList::new, TrackedLinkedList::new);
        keep(kept, HashSet::new, TrackedHashSet::new);
        String histogram = classHistogram();
        assertAddsAtMost(histogram, ArrayList.class, TrackedArrayList.class, 8);
        assertAddsAtMost(histogram, HashMap.class, TrackedHashMap.class, 8);
        assertAddsAtMost(histogram, LinkedHashMap.class, TrackedLinkedHashMap.class, 8);
        assertAddsAtMost(histogram, TreeMap.class, TrackedTreeMap.class, 8);
        assertAddsAtMost(histogram, TreeSet.class, TrackedTreeSet.class, 8);
        assertAddsAtMost(histogram, LinkedHashSet.class, TrackedLinkedHashSet.class, 8);
        assertAddsAtMost(histogram, LinkedList.class, TrackedLinkedList.class, 8);
        assertAddsAtMost(histogram, HashSet.class, TrackedHashSet.class, 8);
        Reference.reachabilityFence(kept);
    }

    /**
     * Every stored collection has an attachment too: one that a single object holds, as most are held, takes 64 bytes
     * and no array of holders (it took 96 bytes with its array).
     */
    @Test
    void shouldKeepTheAttachmentOfACollectionThatOneObjectHoldsIn64Bytes() throws JMException {
        assumeTrue(Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
            .getVMOption("UseCompressedOops").getValue()), "references of 8 bytes make every field twice as large");
        Attachment[] attachments = new Attachment[INSTANCES];
        for (int i = 0; i < INSTANCES; i++) {
            attachments[i] = new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), i, "Owner.items");
            attachments[i].heldBy(new Object());
        }
        long size = instanceSize(classHistogram(), Attachment.class);
        assertTrue(size <= 64, "an attachment takes " + size + " bytes");
        Reference.reachabilityFence(attachments);
    }

    private static void keep(Map<Class<?>, Object[]> kept, Supplier<?> plain, Supplier<?> tracked) {
        for (Supplier<?> supplier : new Supplier<?>[] {plain, tracked}) {
            Object[] instances = new Object[INSTANCES];
            for (int i = 0; i < INSTANCES; i++) {
                instances[i] = supplier.get();
            }
            kept.put(instances[0].getClass(), instances);
        }
    }

    private static void assertAddsAtMost(String histogram, Class<?> plain, Class<?> tracked, int bytes) {
        long plainSize = instanceSize(histogram, plain);
        long trackedSize = instanceSize(histogram, tracked);
        assertTrue(trackedSize - plainSize <= bytes, tracked.getSimpleName() + " is " + trackedSize + " bytes, "
            + plain.getSimpleName() + " " + plainSize + ": it adds more than " + bytes);
    }

    /** Bytes over instances of {@code type}'s line in a class histogram, whose other lines count other objects. */
    private static long instanceSize(String histogram, Class<?> type) {
        for (String line : histogram.split("\n")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length >= 4 && columns[3].equals(type.getName())) {
                long instances = Long.parseLong(columns[1]);
                long bytes = Long.parseLong(columns[2]);
                assertTrue(instances >= INSTANCES, type.getName() + ": " + line);
                return bytes / instances;
            }
        }
        throw new AssertionError("no line for " + type.getName() + " in the class histogram:\n" + histogram);
    }

    /** The live objects of this JVM by class, as {@code jcmd PID GC.class_histogram} prints them (after a full GC). */
    private static String classHistogram() throws JMException {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(
            new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
            new Object[] {null}, new String[] {String[].class.getName()});
    }
}
