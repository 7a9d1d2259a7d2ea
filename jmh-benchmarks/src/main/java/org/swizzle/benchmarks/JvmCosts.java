package org.swizzle.benchmarks;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the JVM and the operating system spent inside a timed region besides the code measured: the memory the
 * running thread allocated, the collectors' pauses, and the page faults the thread took to touch memory for the
 * first time. A commit that builds a database allocates several MB, and on the machines Swizzle is measured on a
 * first touch of memory costs about 2.4 ms a MB: in two runs the pauses and faults made up 38 and 52 per cent of
 * the OO7 build's commit.
 * Take a {@link Sample} at the start of the region and ask it what was {@linkplain Sample#spent() spent} at its end,
 * both outside the time measured: reading a fault count takes a file read.
 */
public final class JvmCosts {
    private static final List<GarbageCollectorMXBean> COLLECTORS = ManagementFactory.getGarbageCollectorMXBeans();
    private static final Path THREAD_STAT = Path.of("/proc/thread-self/stat");
    /** The field of {@code /proc/thread-self/stat} after the command's closing parenthesis that counts minor faults. */
    private static final int MINOR_FAULTS_FIELD = 7;

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private JvmCosts() {
    }

    /**
     * The three counts at one moment. A count the system does not keep is -1, and so is its difference from another
     * sample's, so that a sum of differences tells a count not kept from none.
     */
    public record Sample(long allocatedBytes, long pauseNanos, long minorFaults) {

        /** The counts now, at the start of a region: the fault count first, so that its file read counts in none. */
        public static Sample start() {
            long faults = threadMinorFaults();
            return new Sample(threadAllocatedBytes(), collectorPauseNanos(), faults);
        }

        /** What was spent since this sample, at the end of its region: the fault count's file read last, for the same reason. */
        public Sample spent() {
            long allocated = threadAllocatedBytes();
            long pauses = collectorPauseNanos();
            long faults = threadMinorFaults();
            return new Sample(difference(allocated, allocatedBytes), pauses - pauseNanos, difference(faults, minorFaults));
        }

        private static long difference(long after, long before) {
            return after < 0 || before < 0 ? -1 : after - before;
        }
    }

    private static com.sun.management.ThreadMXBean threads() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads instanceof com.sun.management.ThreadMXBean hotSpot && hotSpot.isThreadAllocatedMemorySupported()
            ? hotSpot : null;
    }

    /** The bytes the calling thread has allocated on the heap, or -1 where the JVM does not say. */
    private static long threadAllocatedBytes() {
        return THREADS == null ? -1 : THREADS.getCurrentThreadAllocatedBytes();
    }

    /**
     * The time the collectors that stop the application have spent since the JVM started, in nanoseconds (the
     * beans keep milliseconds). A concurrent collector's bean counts time the application ran on, and is left out.
     */
    private static long collectorPauseNanos() {
        long millis = 0;
        for (GarbageCollectorMXBean collector : COLLECTORS) {
            if (!collector.getName().contains("Concurrent")) {
                millis += Math.max(0, collector.getCollectionTime());
            }
        }
        return millis * 1_000_000;
    }

    /** The minor page faults the calling thread has taken, or -1 where the system does not say (not Linux). */
    private static long threadMinorFaults() {
        try {
            String stat = Files.readString(THREAD_STAT);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[MINOR_FAULTS_FIELD]);
        } catch (IOException e) {
            return -1;
        }
    }
}
