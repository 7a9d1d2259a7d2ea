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
 * The files of a writable open store as it found them (each one's file key: its device and inode), so that a commit or
 * a checkpoint notices a file deleted or replaced under the open store before it writes. Otherwise it would write into a
 * file that no longer has a name, report success, and lose every commit since the last checkpoint when the store
 * closes; and a lock file deleted lets another process open the store beside this one.
 *
 * <p>What {@link #refusal} does about a change: a lock file gone or replaced means another process may have the store
 * open now, so nothing is written; a data file replaced is another file, not this store's to write over; a data file
 * deleted, with the lock file in place, is written back from the channel the store holds open, so that no commit is
 * lost. Each way the store is then closed, and the refusal says what happened and what to do.
 */
final class FilesInPlace {
    /**
     * The longest a commit that does not force its log goes without a look at the files: about 11 µs of system calls,
     * three times such a commit's own cost. A file deleted meanwhile is written back with what those commits wrote.
     */
    static final long UNFORCED_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Follows a file's name in the copy written back before it takes the name. */
    static final String RESTORED = ".restored";

    private final Path directory;
    private final Path lockFile;
    private final Object lockKey;
    private final List<StoreChannel> dataFiles = new ArrayList<>();
    /** For each of {@link #dataFiles}, the length below which the store has written into it. */
    private final List<LongSupplier> writtenLengths = new ArrayList<>();
    private long checkedAt = System.nanoTime();


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
     * Null if every file is where the store found it; else the refusal of {@code action} ("Commit 12", "The
     * checkpoint"), which the caller throws after closing the store, once every data file deleted has been written back
     * where the lock file says no other process can have opened the store. An action that does not {@code force} what
     * it writes looks at the files once in {@link #UNFORCED_CHECK_NANOS} only.
     */
    StoreCorruptedException refusal(String action, boolean force) {
        long now = System.nanoTime();
        if (!force && now - checkedAt < UNFORCED_CHECK_NANOS) {
            return null;
        }
        checkedAt = now;
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return StoreCorruptedException.changedUnderOpenStore(directory, "The directory " + directory + " of an open"
                + " store was deleted or replaced: " + action + " was not made, nothing was written, and the store was"
                + " closed. Close a store before deleting or moving its directory.");
        }
        Fate lock = fate(lockFile, lockKey);
        if (lock != Fate.IN_PLACE) {
            return StoreCorruptedException.changedUnderOpenStore(lockFile, "The lock file " + lockFile + " was "
                + describe(lock) + " while the store in " + directory + " was open, so another process may have opened"
                + " the store since: " + action + " was not made, nothing was written, and the store was closed so as"
                + " not to write over what such a process wrote. Open the store again (it recovers every commit made"
                + " before), and leave its lock file in place while it is open.");
        }
        List<StoreChannel> deleted = new ArrayList<>();
        for (int i = 0; i < dataFiles.size(); i++) {
            StoreChannel file = dataFiles.get(i);
            Fate fate = fate(file.file(), file.key());
            if (fate == Fate.REPLACED) {
                return StoreCorruptedException.changedUnderOpenStore(file.file(), file.file() + " was replaced by another"
                    + " file while the store in " + directory + " was open: " + action + " was not made, nothing was"
                    + " written, and the store was closed. What the store wrote into that file went to the one that was"
                    + " replaced, which no longer has a name; opening the store opens the files now in its directory."
                    + " Close a store before replacing its files.");
            }
            if (fate == Fate.DELETED) {
                deleted.add(file);
            } else {
                StoreCorruptedException cut = cutShort(file, writtenLengths.get(i).getAsLong(), action);
                if (cut != null) {
                    return cut;
                }
            }
        }
        return deleted.isEmpty() ? null : writeBack(deleted, action);
    }

    /** The refusal of {@code action} if {@code file} is shorter than the {@code written} bytes the store wrote into it. */
    private StoreCorruptedException cutShort(StoreChannel file, long written, String action) {
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
            + " was open. " + action + " was not made, nothing was written, and the store was closed. What was cut off"
            + " is lost unless a backup holds it: restore the store from a backup. Do not change a store's files while"
            + " it is open.");
    }

    private StoreCorruptedException writeBack(List<StoreChannel> deleted, String action) {
        String names = deleted.stream().map(file -> file.file().toString()).collect(Collectors.joining(", "));
        String what = names + (deleted.size() == 1 ? " was" : " were") + " deleted while the store in " + directory
            + " was open: " + action + " was not made, and the store was closed. ";
        try {
            for (StoreChannel file : deleted) {
                writeBack(file);
            }
            FileIo.forceDirectory(directory);
        } catch (IOException e) {
            return StoreCorruptedException.changedUnderOpenStore(deleted.get(0).file(), what + "Writing "
                + (deleted.size() == 1 ? "it" : "them") + " back from the files the store held open failed (" + e
                + "): a copy that was made has the name followed by " + RESTORED + "; rename it to the name, or put the"
                + " file back from a backup, before opening the store again. Close a store before deleting its files.");
        }
        return StoreCorruptedException.changedUnderOpenStore(deleted.get(0).file(), what + "The store still held "
            + (deleted.size() == 1 ? "it" : "them") + " open, and wrote " + (deleted.size() == 1 ? "it" : "them")
            + " back from there, with every commit made before: open the store again to go on. Close a store before"
            + " deleting its files.");
    }

    /**
     * Copies the file that {@code file} still holds open to a new file beside it, forced, then links that one in
     * under the file's name, which fails if something took the name meanwhile: nothing is written over, and the copy
     * is left for the message to name.
     */
    private static void writeBack(StoreChannel file) throws IOException {
        Path copy = file.file().resolveSibling(file.file().getFileName() + RESTORED);
        try (FileChannel target = FileChannel.open(copy, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            file.run(source -> {
                long size = source.size();
                for (long at = target.position(); at < size; ) {
                    at += source.transferTo(at, size - at, target);
                }
            });
            target.force(true);
        }
        try {
            Files.createLink(file.file(), copy);
        } catch (UnsupportedOperationException e) {
            Files.move(copy, file.file()); // no hard links here: a move, which refuses a name that is taken too
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

    private static String describe(Fate fate) {
        return fate == Fate.DELETED ? "deleted" : "replaced by another file";
    }
}
