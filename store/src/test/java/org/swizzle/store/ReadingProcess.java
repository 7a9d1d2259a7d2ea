package org.swizzle.store;

import java.io.IOException;
import java.nio.file.Path;

/** Opens the store in {@code args[0]} read-only, says so, and holds it until its standard input ends. */
public final class ReadingProcess {
    private ReadingProcess() {
    }

    public static void main(String[] args) throws IOException {
        try (SegmentStore store = SegmentStore.open(Path.of(args[0]), StoreConfig.defaults().withReadOnly(true))) {
            System.out.println("open at commit " + store.lastCommit());
            System.out.flush();
            while (System.in.read() >= 0) {
                // held until the test closes our input or kills us
            }
        }
    }
}
