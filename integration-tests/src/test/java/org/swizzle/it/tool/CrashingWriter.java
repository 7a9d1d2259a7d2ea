package org.swizzle.it.tool;

import java.nio.file.Path;

import org.swizzle.ObjectStore;

/** Binds root "crashed" to a new part, commits, and halts without closing the store: its log keeps the commit. */
public final class CrashingWriter {
    private CrashingWriter() {
    }

    public static void main(String[] args) {
        ObjectStore store = ObjectStore.open(Path.of(args[0]));
        store.setRoot("crashed", new ToolPart(9, "after the crash"));
        System.out.println("COMMITTED " + store.commit());
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
