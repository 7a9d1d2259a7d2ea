package org.swizzle.store;

import java.io.PrintStream;
import java.nio.file.Path;

import org.swizzle.StoreException;

/**
 * {@code Tool compact DIR}: opens the store for writing (which takes its lock, and replays a log a crash left),
 * runs {@link SegmentStore#compact}, printing its progress to the error stream, and prints the cluster file's
 * length and allocated bytes before and after, and what moved.
 */
final class CompactCommand {
    private final Path directory;
    private final PrintStream out;
    private final PrintStream err;
    private Progress progress;

    CompactCommand(Path directory, PrintStream out, PrintStream err) {
        this.directory = directory;
        this.out = out;
        this.err = err;
    }

    int run() {
        StoreConfig config = StoreConfig.defaults().withCreateIfMissing(false);
        CompactionResult result;
        long freeAfter;
        try (SegmentStore store = SegmentStore.open(directory, config)) {
            out.println("Compacting the Swizzle store in " + directory);
            result = store.compact(this::stepDone);
            freeAfter = store.freeBytes();
        } catch (StoreException e) {
            return Tool.failed(directory, "be compacted", e, out, err);
        }
        out.println("cluster file   " + result.fileLengthBefore() + " bytes before, " + result.fileLengthAfter()
            + " after (sparse past the allocated clusters)");
        out.println("allocated      " + result.allocatedBefore() + " bytes before, " + result.allocatedAfter() + " after: "
            + (result.allocatedBefore() - result.allocatedAfter()) + " bytes given back; " + freeAfter
            + " bytes free below the end stay for later objects");
        out.println("moved          " + Summary.count(result.objectsMoved(), "object") + " and "
            + Summary.count(result.tablesMoved(), "table") + " (" + result.bytesMoved() + " bytes) in "
            + Summary.count(result.steps(), "step"));
        out.println("result         " + (result.idle() ? "nothing to give back" : "compacted")
            + (result.stoppedBy() == null ? "" : "; stopped where " + result.stoppedBy()));
        return Tool.CLEAN;
    }

    private void stepDone(long moved, long toMove, long allocatedEnd) {
        if (progress == null) {
            progress = new Progress(err, "compact", toMove, "bytes to move");
        }
        progress.at(moved);
    }
}
