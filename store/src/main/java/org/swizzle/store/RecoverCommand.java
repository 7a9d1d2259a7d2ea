package org.swizzle.store;

import java.io.PrintStream;
import java.nio.file.Path;

import org.swizzle.StoreException;

/**
 * {@code Tool recover DIR}: opens the store for writing and closes it, which is what the application's next open does
 * after a crash: it takes the lock, replays the commits the log holds that are not applied yet, cuts a torn tail and
 * checkpoints. The commands that read a closed store without writing refuse a log with commits to replay; this is the
 * step before them, and the store's files then hold every commit.
 */
final class RecoverCommand {
    private final Path directory;
    private final PrintStream out;
    private final PrintStream err;

    RecoverCommand(Path directory, PrintStream out, PrintStream err) {
        this.directory = directory;
        this.out = out;
        this.err = err;
    }

    int run() {
        long replayed;
        long lastCommit;
        try (SegmentStore store = SegmentStore.open(directory, StoreConfig.defaults().withCreateIfMissing(false))) {
            replayed = store.counters().commitsRecovered();
            lastCommit = store.lastCommit();
        } catch (StoreException e) {
            return Tool.failed(directory, "be recovered", e, out, err);
        }
        out.println("replayed       " + Summary.count(replayed, "commit") + " from the log"
            + (replayed == 0 ? " (none waited)" : ""));
        out.println("last commit    " + lastCommit);
        out.println("result         recovered: the store's files hold every commit, and its log is empty");
        return Tool.CLEAN;
    }
}
