package org.swizzle.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import org.swizzle.StoreCorruptedException;

/**
 * The files of a writable open store as it found them (each one's file key: its device and inode), so that a commit
 * (once in {@link #FORCED_LOOK_NANOS}) or a checkpoint notices a file deleted or replaced under the open store before
 * it writes. Otherwise it would write into a
 * file that no longer has a name, report success, and lose every commit since the last checkpoint when the store
 * closes; and a lock file deleted lets another process open the store beside this one.
 *
 * <p>What {@link #refusal} does about a change: a lock file gone or replaced means another process may have the store
 * open now, so nothing is written into the store; a data file replaced or cut short is another file, not this store's
 * to write over; a data file deleted, with the other files in place, is written back from the channel the store holds
 * open, so that no commit is lost, and where other files changed too it is copied beside its name for the user to
 * judge. Each way the store is then closed, and the refusal says what happened and what to do.
 */
final class FilesInPlace {
    /**
     * The longest a commit goes without a look at the files, which costs about 8 system calls (40-50 µs a commit
     * measured here, where a forced commit takes about 200 µs): a file deleted meanwhile is written back with what
     * those commits wrote, and a look follows at once an interrupt that closed a channel.
     */
    static final long FORCED_LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** {@link #FORCED_LOOK_NANOS} for commits that do not force the log, each a few microseconds. */
    static final long UNFORCED_LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Follows a file's name in the copy written back before it takes the name. */
    static final String RESTORED = ".restored";

    private final Path directory;
    private final Path lockFile;
    private final Object lockKey;
    private final List<StoreChannel> dataFiles = new ArrayList<>();
    /** For each of {@link #dataFiles}, the length below which the store has written into it. */
    private final List<LongSupplier> writtenLengths = new ArrayList<>();
    private long checkedAt = System.nanoTime();
    /** The channels' {@link StoreChannel#reopens()} at the last look. */
    private int reopensSeen;
    /** Whether a change was reported: the store is closed, and nothing more is looked at. */
    private boolean reported;

    /** What became of a file since the store opened. */
    private enum Fate {
        IN_PLACE, DELETED, REPLACED
    }

    FilesInPlace(Path directory, Path lockFile) {
        this.directory = directory;
        this.lockFile = lockFile;
        this.lockKey = FileIo.keyOf(lockFile);
    }

    /** Adds a data file the store writes through {@code channel}, which holds {@code writtenLength} bytes at least. */
    FilesInPlace with(StoreChannel channel, LongSupplier writtenLength) {
        dataFiles.add(channel);
        writtenLengths.add(writtenLength);
        return this;
    }

    /**
     * Whether a look at the files is due: {@code interval} nanoseconds passed since the last one (0 for a checkpoint and
     * a close, which always look), or an interrupt closed a channel since (the spare channel that took its place may be
     * the last one to a deleted file); never after a refusal.
     */
    boolean due(long interval) {
        return !reported && (interval == 0 || System.nanoTime() - checkedAt >= interval || reopens() != reopensSeen);
    }

    /**
     * Looks at the files: null if every one is where the store found it; else the refusal of {@code action} ("Commit
     * 12", "The checkpoint"), which the caller throws after closing the store, once every data file deleted has been
     * written back (see the class javadoc).
     */
    StoreCorruptedException refusal(String action) {
        checkedAt = System.nanoTime();
        reopensSeen = reopens();
        StoreCorruptedException refusal = look(action + " was not made");
        reported = refusal != null;
        return refusal;
    }

    /**
     * Writes back the data files deleted under the store, as {@link #refusal} would, for a store that closes after
     * another failure, which would otherwise close the last channels to them; returns what it did, for the failure's
     * suppressed exceptions, or null if nothing was deleted (or a refusal said so already).
     */
    StoreCorruptedException writeBackBeforeClosing() {
        if (reported) {
            return null;
        }
        reported = true;
        return look("the store closes after a failure");
    }

    private int reopens() {
        int reopens = 0;
        for (StoreChannel file : dataFiles) {
            reopens += file.reopens();
        }
        return reopens;
    }

    /** What became of the files, and the data files deleted written back; {@code consequence} says what the store does. */
    private StoreCorruptedException look(String consequence) {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return StoreCorruptedException.changedUnderOpenStore(directory, "The directory " + directory + " of an open"
                + " store was deleted or replaced: " + consequence + ", nothing was written, and the store was closed."
                + " Close a store before deleting or moving its directory.");
        }
        List<StoreChannel> deleted = new ArrayList<>();
        StoreCorruptedException changed = null;
        for (int i = 0; i < dataFiles.size(); i++) {
            StoreChannel file = dataFiles.get(i);
            Fate fate = fate(file.file(), file.key());
            if (fate == Fate.DELETED) {
                deleted.add(file);
            } else if (changed == null) {
                changed = fate == Fate.REPLACED ? replaced(file.file(), consequence)
                    : cutShort(file, writtenLengths.get(i).getAsLong(), consequence);
            }
        }
        Fate lock = fate(lockFile, lockKey);
        if (lock != Fate.IN_PLACE) {
            String copies = deleted.isEmpty() ? "" : " " + copiedAside(deleted);
            return StoreCorruptedException.changedUnderOpenStore(lockFile, "The lock file " + lockFile + " was "
                + (lock == Fate.DELETED ? "deleted" : "replaced by another file") + " while the store in " + directory
                + " was open, so another process may have opened the store since: " + consequence + ", nothing was"
                + " written into the store, and the store was closed so as not to write over what such a process wrote."
                + copies + " Open the store again (it recovers every commit made before), and leave its lock file in"
                + " place while it is open.");
        }
        if (changed != null) {
            return deleted.isEmpty() ? changed : withCopiesAside(changed, deleted);
        }
        return deleted.isEmpty() ? null : writtenBack(deleted, consequence);
    }

    private StoreCorruptedException replaced(Path file, String consequence) {
        return StoreCorruptedException.changedUnderOpenStore(file, file + " was replaced by another file while the store"
            + " in " + directory + " was open: " + consequence + ", nothing was written, and the store was closed. What"
            + " the store wrote into that file went to the one that was replaced, which no longer has a name; opening"
            + " the store opens the files now in its directory, and the commits made since the last checkpoint may be"
            + " missing from them. Close a store before replacing its files.");
    }

    /** The refusal if {@code file} is shorter than the {@code written} bytes the store wrote into it; else null. */
    private StoreCorruptedException cutShort(StoreChannel file, long written, String consequence) {
        long length;
        try {
            length = file.size();
        } catch (IOException e) {
            return null; // the write that follows meets the failure, and reports it as a failed write
        }
        if (length >= written) {
            return null;
        }
        return StoreCorruptedException.changedUnderOpenStore(file.file(), file.file() + " is " + length + " bytes long,"
            + " shorter than the " + written + " bytes the store wrote into it: it was cut while the store in " + directory
            + " was open. " + capitalized(consequence) + ", nothing was written, and the store was closed. What was cut"
            + " off is lost unless a backup holds it: restore the store from a backup. Do not change a store's files"
            + " while it is open.");
    }

    private StoreCorruptedException withCopiesAside(StoreCorruptedException refusal, List<StoreChannel> deleted) {
        return StoreCorruptedException.changedUnderOpenStore(deleted.get(0).file(), refusal.getMessage() + " "
            + copiedAside(deleted));
    }

    /**
     * Copies the deleted files beside their names (a name followed by {@link #RESTORED}), where other files changed
     * too and putting them back under their names could mix two stores; says what it did.
     */
    private String copiedAside(List<StoreChannel> deleted) {
        StringBuilder said = new StringBuilder();
        for (StoreChannel file : deleted) {
            Path copy = copyPath(file);
            try {
                copy(file, copy);
                said.append(file.file()).append(" was deleted too; the store wrote what it held open to ").append(copy)
                    .append(": rename it to ").append(file.file().getFileName())
                    .append(" if no other process has opened the store. ");
            } catch (IOException e) {
                said.append(file.file()).append(" was deleted too, and copying what the store held open to ")
                    .append(copy).append(" failed (").append(e).append("). ");
            }
        }
        return said.toString().trim();
    }

    private StoreCorruptedException writtenBack(List<StoreChannel> deleted, String consequence) {
        String names = deleted.stream().map(file -> file.file().toString()).collect(Collectors.joining(", "));
        String what = names + (deleted.size() == 1 ? " was" : " were") + " deleted while the store in " + directory
            + " was open: " + consequence + ", and the store was closed. ";
        String it = deleted.size() == 1 ? "it" : "them";
        for (StoreChannel file : deleted) {
            Path copy = copyPath(file);
            try {
                copy(file, copy);
            } catch (IOException e) {
                return StoreCorruptedException.changedUnderOpenStore(file.file(), what + "Writing " + it + " back from"
                    + " the files the store held open failed (" + e + "), so the commits since the last checkpoint"
                    + " are lost: put " + it + " back from a backup. Close a store before deleting its files.");
            }
            try {
                link(copy, file.file());
            } catch (IOException e) {
                return StoreCorruptedException.changedUnderOpenStore(file.file(), what + "The store wrote " + file.file()
                    + " whole to " + copy + ", but could not give it its name (" + e + "): if another file has taken"
                    + " the name, move that one aside, then rename " + copy.getFileName() + " to "
                    + file.file().getFileName() + " and open the store again.");
            }
        }
        FileIo.forceDirectory(directory);
        return StoreCorruptedException.changedUnderOpenStore(deleted.get(0).file(), what + "The store still held " + it
            + " open, and wrote " + it + " back from there, with every commit made before: open the store again to go"
            + " on. Close a store before deleting its files.");
    }

    private static Path copyPath(StoreChannel file) {
        return file.file().resolveSibling(file.file().getFileName() + RESTORED);
    }

    /**
     * Copies the file that {@code file} holds open to {@code copy}, a new file, and forces it, on the store's own
     * thread, which no interrupt reaches; a copy cut short is deleted.
     */
    private static void copy(StoreChannel file, Path copy) throws IOException {
        try (FileChannel target = FileChannel.open(copy, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            try {
                file.callQuietly(source -> {
                    long size = source.size();
                    for (long at = 0; at < size; ) {
                        at += source.transferTo(at, size - at, target);
                    }
                    target.force(true);
                    return null;
                });
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(copy);
                throw e;
            }
        }
    }

    /** Gives {@code copy} the name {@code file}, refusing a name another file has taken. */
    private static void link(Path copy, Path file) throws IOException {
        try {
            Files.createLink(file, copy);
        } catch (UnsupportedOperationException e) {
            Files.move(copy, file); // no hard links here: a move, which refuses a name that is taken too
            return;
        }
        Files.delete(copy);
    }

    private static Fate fate(Path path, Object key) {
        try {
            Object now = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
            return key == null || key.equals(now) ? Fate.IN_PLACE : Fate.REPLACED;
        } catch (NoSuchFileException e) {
            return Fate.DELETED;
        } catch (IOException e) {
            return Fate.REPLACED; // something unreadable where the file was: not this store's file to write
        }
    }

    private static String capitalized(String phrase) {
        return Character.toUpperCase(phrase.charAt(0)) + phrase.substring(1);
    }
}
