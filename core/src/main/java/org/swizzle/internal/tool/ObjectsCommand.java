package org.swizzle.internal.tool;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.swizzle.internal.StoreBrowser;

/**
 * {@code objects DIR [CLASS]}: every stored object and collection (or those of one class, named in full or by its
 * simple name) with its OID, the length of its stored image and its class, then the count and bytes per class. An
 * object whose table entry is damaged is listed as such, with where, whatever its class, and left out of the counts.
 */
final class ObjectsCommand {

    /** Count and bytes of one class's objects. */
    private static final class Total {
        long count;
        long bytes;
    }

    private ObjectsCommand() {
    }

    /** {@code className} is {@code null} for every class; {@link UnknownClassException} if the catalog names no such class. */
    static void run(StoreBrowser store, String className, PrintStream out) {
        if (className != null && store.classNames().stream().noneMatch(name -> matches(name, className))) {
            throw new UnknownClassException(store.directory(), className, store.classNames());
        }
        Map<String, Total> totals = new LinkedHashMap<>();
        out.printf("%10s  %8s  %s%n", "OID", "bytes", "class");
        store.forEachObject(object -> {
            if (className == null || matches(object.className(), className)) {
                out.printf("%10d  %8d  %s%n", object.oid(), object.length(), object.className());
                Total total = totals.computeIfAbsent(object.className(), name -> new Total());
                total.count++;
                total.bytes += object.length();
            }
        }, (damage, oid) -> out.printf("%10d  %8s  %s%n", oid, "DAMAGED", "fails its checks " + StoreBrowser.where(damage)));
        out.println();
        out.printf("%10s  %10s  %s%n", "objects", "bytes", "class");
        List<Map.Entry<String, Total>> byCount = new ArrayList<>(totals.entrySet());
        byCount.sort((a, b) -> Long.compare(b.getValue().count, a.getValue().count));
        long count = 0;
        long bytes = 0;
        for (Map.Entry<String, Total> entry : byCount) {
            out.printf("%10d  %10d  %s%n", entry.getValue().count, entry.getValue().bytes, entry.getKey());
            count += entry.getValue().count;
            bytes += entry.getValue().bytes;
        }
        out.printf("%10d  %10d  %s%n", count, bytes,
            "in all" + (className == null ? " (stats counts two more: the store's root directory and class catalog)" : ""));
    }

    /** Whether stored class {@code name} is {@code wanted}, in full or by its simple name. */
    static boolean matches(String name, String wanted) {
        if (name.equals(wanted)) {
            return true;
        }
        int simple = Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1;
        return name.length() - simple == wanted.length() && name.endsWith(wanted);
    }
}
