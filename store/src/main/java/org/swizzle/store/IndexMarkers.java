package org.swizzle.store;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.swizzle.StoreIOException;

/**
 * The markers ({@code indexes/NAME.commit}) that record the commit each index of a store is up to date with, seen
 * from the store. An index trusts its file when its marker names the store's last commit; a marker ahead of the store
 * means the store's files were put back from an earlier copy, and the commits made from there on would reach that
 * number again with other objects. So a writable open drops such markers before anything commits: the index is
 * rebuilt from the objects when it is next opened.
 *
 * <p>The object manager's index writes its marker and the store and its tool read it, so the text's format lives here
 * alone: {@code "<commit> open"} while the index is in use, {@code "<commit> clean <class> store
 * <store id> <size> <crc>"} once it is closed cleanly.
 */
public final class IndexMarkers {

    /** A marker's file name is its index's name followed by this. */
    public static final String SUFFIX = ".commit";

    private static final String CLEAN = "clean";
    private static final String OPEN = "open";
    private static final System.Logger LOG = System.getLogger("org.swizzle.store");

    private IndexMarkers() {
    }

    /** The text of a marker whose index is in use at commit {@code commit}, to be rebuilt if it is found so on opening. */
    public static String open(long commit) {
        return commit + " " + OPEN;
    }

    /**
     * The text of a marker whose index of objects of {@code className} in store {@code storeId} was closed cleanly at
     * commit {@code commit}, up to the file's size and checksum, which follow it.
     */
    public static String closedCleanly(long commit, String className, long storeId) {
        return commit + " " + CLEAN + " " + className + " store " + Long.toHexString(storeId) + " ";
    }

    /**
     * The text of index marker {@code marker}, trimmed, any byte that is not ASCII read as a replacement character: a
     * damaged marker is then one that names no commit the index trusts, and the index is rebuilt, where a decoding
     * failure refused the store's opening over derived data.
     */
    public static String read(Path marker) throws IOException {
        return new String(Files.readAllBytes(marker), StandardCharsets.US_ASCII).trim();
    }

    /** Deletes the markers in {@code directory}'s indexes that name a commit after {@code lastCommit}. */
    static void dropThoseAhead(Path directory, long lastCommit) {
        Path indexes = directory.resolve(SegmentStore.INDEX_DIRECTORY);
        if (!Files.isDirectory(indexes)) {
            return;
        }
        try (DirectoryStream<Path> markers = Files.newDirectoryStream(indexes, "*" + SUFFIX)) {
            for (Path marker : markers) {
                long commit = commitOf(read(marker));
                if (commit > lastCommit) {
                    Files.delete(marker);
                    LOG.log(Level.INFO, () -> "Index marker " + marker + " names commit " + commit + ", after the store's"
                        + " last commit " + lastCommit + ": the store's files were put back from an earlier copy, so the"
                        + " index is rebuilt from the objects when it is next opened");
                }
            }
        } catch (IOException e) {
            throw new StoreIOException("Cannot check the index markers in " + indexes + " against the store's last commit "
                + lastCommit + ": " + e + ". Delete the directory " + indexes + " (indexes hold derived data only and are"
                + " rebuilt when opened).", e);
        }
    }

    /**
     * What a marker's text ({@code null} for none) says of its index, in words: up to date with a commit when closed cleanly, open
     * at a commit (in use, or its process ended without closing it), no marker, or a text this version does not read.
     */
    public static String describe(String state) {
        if (state == null) {
            return "without a marker";
        }
        long commit = commitOf(state);
        if (commit < 0) {
            return "marked \"" + state.trim() + "\", which names no commit";
        }
        String[] words = state.trim().split(" ");
        switch (words.length > 1 ? words[1] : "") {
            case CLEAN:
                return "up to date with commit " + commit + (words.length > 2 ? " (objects of " + words[2] + ")" : "");
            case OPEN:
                return "open at commit " + commit + " (in use, or its process ended without closing it)";
            default:
                return "at commit " + commit + ", marked \"" + state.trim() + '"';
        }
    }

    /**
     * The commit a marker's text starts with, or -1 when it names none:
     * such a marker is left to the index, which trusts only one naming the store's last commit.
     */
    private static long commitOf(String state) {
        String first = state.trim().split(" ", 2)[0];
        try {
            return Long.parseLong(first);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
