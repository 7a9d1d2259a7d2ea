package org.swizzle.internal.tool;

import java.io.PrintStream;
import java.util.List;

import org.swizzle.internal.StoreBrowser;

/** {@code roots DIR}: the named roots, each with the OID and the class of the object it is bound to. */
final class RootsCommand {

    private RootsCommand() {
    }

    static void run(StoreBrowser store, PrintStream out) {
        List<StoreBrowser.Root> roots = store.roots();
        if (roots.isEmpty()) {
            out.println("no roots");
            return;
        }
        int width = "root".length();
        for (StoreBrowser.Root root : roots) {
            width = Math.max(width, root.name().length());
        }
        out.printf("%-" + width + "s  %10s  %s%n", "root", "OID", "class");
        for (StoreBrowser.Root root : roots) {
            out.printf("%-" + width + "s  %10d  %s%n", root.name(), root.oid(), root.className());
        }
    }
}
