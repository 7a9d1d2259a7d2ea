package org.swizzle.benchmarks.report;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What machine the report is generated on: cores, memory, OS, CPU model, load. */
final class Machine {

    private Machine() {
    }

    static String describe() {
        Runtime runtime = Runtime.getRuntime();
        String memory = "?";
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean) {
            long bytes = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
            memory = String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        return String.format(Locale.ROOT, "%d cores (%s), %s memory, %s %s %s, load average %.2f when the report was written",
            runtime.availableProcessors(), cpuModel(), memory, System.getProperty("os.name"),
            System.getProperty("os.version"), System.getProperty("os.arch"),
            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        try {
            if (Files.isReadable(cpuinfo)) {
                for (String line : Files.readAllLines(cpuinfo)) {
                    if (line.startsWith("model name")) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            }
        } catch (IOException e) {
            return "unknown CPU";
        }
        return "unknown CPU";
    }
}
