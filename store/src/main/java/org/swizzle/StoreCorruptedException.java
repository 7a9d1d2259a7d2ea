package org.swizzle;

import java.nio.file.Path;

/**
 * A store file failed a check (a bad magic number, a checksum mismatch, a reference to an object
 * that does not exist), or is missing while the store's other files are there. Nothing is repaired or dropped silently; the message names the file and the
 * offset so the damage can be inspected.
 */
public class StoreCorruptedException extends StoreException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;

    public StoreCorruptedException(Path file, long offset, String problem) {
        this(problem + " in " + file + " at offset " + offset
            + ". The store is damaged; restore it from a backup, or keep a copy of the files to investigate.", file, offset);
    }

    private StoreCorruptedException(String message, Path file, long offset) {
        super(message);
        this.file = file;
        this.offset = offset;
    }

    /**
     * A place in the object tables of cluster file {@code file} that fails its checks (an entry, or two objects that
     * overlap), which refuses a writable open: a read-only open goes past it, so that the other objects can be read.
     */
    public static StoreCorruptedException inObjectTable(Path file, long offset, String problem) {
        return new StoreCorruptedException(problem + " in " + file + " at offset " + offset + ". The store is damaged;"
            + " restore it from a backup, or keep a copy of the files to investigate. A read-only open of the store goes"
            + " past this and reads its other objects, to copy out what you need.", file, offset);
    }

    /**
     * {@code refusal}, of a writable open, told that the {@code commits} commits the log held were applied and
     * checkpointed before it: a read-only open reads them with the rest, where it refuses a log with commits to apply.
     */
    public static StoreCorruptedException afterReplay(StoreCorruptedException refusal, int commits) {
        return new StoreCorruptedException(refusal.getMessage() + " Before refusing, this open applied the " + commits
            + (commits == 1 ? " commit" : " commits") + " that the log held and checkpointed the store: they are in its files"
            + " now, for a read-only open to read.", refusal.file, refusal.offset);
    }

    /**
     * A store file that is missing while others of the store are present ({@code evidence} says which);
     * {@link #offset()} is 0. Nothing was created in its place.
     */
    public static StoreCorruptedException missingFile(Path file, String evidence) {
        return new StoreCorruptedException("The store file " + file + " is missing, while " + evidence
            + ". Nothing was created or changed: put the file back from a backup of this store, then open it again.",
            file, 0);
    }

    /**
     * A store file, or the store's directory, deleted or replaced while the store was open, found before a commit or a
     * checkpoint wrote into it; {@code problem} says what happened, what the store did, and what to do. {@link #offset()}
     * is 0.
     */
    public static StoreCorruptedException changedUnderOpenStore(Path file, String problem) {
        return new StoreCorruptedException(problem, file, 0);
    }

    /**
     * A log and a cluster file that name different stores ({@code logStore} in the log's header at {@code offset},
     * {@code clusterStore} in the cluster file's newest checkpoint): one of them was put beside the other from another
     * store, and which one cannot be told. Nothing of the log was used.
     */
    public static StoreCorruptedException ofAnotherStore(Path log, long offset, String logStore, Path clusterFile,
                                                         String clusterStore) {
        return new StoreCorruptedException(log + " and " + clusterFile + " belong to different stores: the log's header"
            + " names store " + logStore + " (at offset " + offset + "), the cluster file's checkpoint store " + clusterStore
            + ". One of them was copied in from another store. Nothing of the log was replayed and nothing was changed:"
            + " put back this store's own " + log.getFileName() + " and " + clusterFile.getFileName() + ", both from the"
            + " copy of the directory they were taken with, then open the store again.", log, offset);
    }

    /**
     * A WAL block at {@code offset} damaged otherwise than by a crash ({@code problem} says how that shows): its commit
     * and every later one cannot be replayed; nothing was changed.
     */
    public static StoreCorruptedException damagedWalBlock(Path wal, long offset, String problem) {
        return new StoreCorruptedException("The WAL block at offset " + offset + " of " + wal + " fails its checks ("
            + problem + "). Neither its commit nor any after it can be replayed, and nothing was changed. Restore the"
            + " store from a backup; or, to open it without those commits, cut " + wal + " to " + offset + " bytes on a"
            + " copy of the store and open the copy.", wal, offset);
    }

    /** The damaged file. */
    public Path file() {
        return file;
    }

    /** The byte offset in {@link #file()} where the damage was found. */
    public long offset() {
        return offset;
    }
}
