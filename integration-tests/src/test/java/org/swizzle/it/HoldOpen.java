package org.swizzle.it;

import java.nio.file.Path;

import org.swizzle.ObjectStore;

/** Opens a store, says so, and keeps it open until killed. */
public final class HoldOpen {
    public static void main(String[] args) throws InterruptedException {
        try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
            System.out.println("OPEN " + store.directory());
            System.out.flush();
            Thread.sleep(120_000);
        }
    }
}
