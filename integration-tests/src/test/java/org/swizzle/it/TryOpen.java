package org.swizzle.it;

import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.StoreLockedException;

/** Tries to open a store for writing and says whether it was refused as locked: {@code LOCKED} or {@code OPENED}. */
public final class TryOpen {
    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
            System.out.println("OPENED " + store.directory());
        } catch (StoreLockedException e) {
            System.out.println("LOCKED " + e.getMessage());
        }
    }
}
