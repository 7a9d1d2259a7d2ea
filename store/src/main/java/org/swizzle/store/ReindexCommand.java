package org.swizzle.store;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code Tool reindex DIR}: marks every hash index of a store stale, so that the application's next
 * {@code ObjectStore.index(name, ...)} rebuilds it from the stored objects. Indexes are derived data
 * whose keys come from application code, so the tool cannot compute them itself; it deletes each
 * index's {@code NAME.commit} marker, which is what a rebuild is decided on. The store's own files
 * are not touched.
 */
final class ReindexCommand {
    private static final String MAP_SUFFIX = ".idx";

    private final Path indexes;
    private final PrintStream out;
    private final PrintStream err;

    ReindexCommand(Path directory, PrintStream out, PrintStream err) {
        this.indexes = directory.resolve(SegmentStore.INDEX_DIRECTORY);
        this.out = out;
        this.err = err;
    }

    int run() {
        if (!Files.isDirectory(indexes)) {
            out.println("no indexes in " + indexes);
            return Tool.CLEAN;
        }
        List<Path> maps = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(indexes, "*" + MAP_SUFFIX)) {
            files.forEach(maps::add);
        } catch (IOException e) {
            err.println("Cannot list the indexes in " + indexes + ": " + e);
            return Tool.USAGE;
        }
        maps.sort(null);
        for (Path map : maps) {
            String file = map.getFileName().toString();
            String name = file.substring(0, file.length() - MAP_SUFFIX.length());
            Path marker = indexes.resolve(name + IndexMarkers.SUFFIX);
            try {
                String state = Files.exists(marker) ? IndexMarkers.read(marker) : null;
                Files.deleteIfExists(marker);
                out.printf("%-24s was %s; rebuilt from the objects at the next ObjectStore.index(\"%s\", ...)%n",
                    name, IndexMarkers.describe(state), name);
            } catch (IOException e) {
                err.println("Cannot drop the marker " + marker + " of index " + name + ": " + e);
                return Tool.USAGE;
            }
        }
        out.println(maps.size() + " index(es) marked for rebuild in " + indexes);
        return Tool.CLEAN;
    }
}
