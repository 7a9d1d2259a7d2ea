package org.swizzle.store;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.swizzle.InvalidOptionException;
import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreException;
import org.swizzle.StoreFormatException;
import org.swizzle.StoreIOException;
import org.swizzle.StoreVersionException;

/**
 * The store's command-line tool. Run it with the store jar and Agrona on the class path:
 *
 * <pre>
 * java -cp swizzle-store.jar:agrona.jar org.swizzle.store.Tool verify DIR
 * java -cp ... org.swizzle.store.Tool stats  DIR
 * java -cp ... org.swizzle.store.Tool dump   DIR OID
 * java -cp ... org.swizzle.store.Tool reindex DIR
 * java -cp ... org.swizzle.store.Tool compact DIR
 * </pre>
 *
 * <ul>
 * <li>{@code verify} checks every checksum and invariant and prints a report, with each problem's
 * file and offset;</li>
 * <li>{@code stats} prints sizes, object, segment and cluster counts, free space (and how much of it
 * {@code compact} could give back) and the WAL's state;</li>
 * <li>{@code dump} prints an object's table entry and its bytes in hex;</li>
 * <li>{@code reindex} marks the store's hash indexes stale, so that the application rebuilds them
 * from the objects when it next opens them (their keys come from application code);</li>
 * <li>{@code compact} moves the objects and tables of the clusters at the end of the cluster file into
 * free space lower down and cuts the file, giving the disk space back (see {@link SegmentStore#compact});
 * it prints the file's length and allocated bytes before and after. Its commits move the store's last
 * commit on, so hash indexes are rebuilt from the objects when the application next opens them.</li>
 * <li>{@code recover} opens the store for writing and closes it: it replays the commits a crash left in the
 * log, as the application's next open would, so that the commands that read without writing see them.</li>
 * </ul>
 *
 * <p>{@code verify}, {@code stats} and {@code dump} write nothing, not even the lock file: they
 * take a shared lock on it, as a read-only open does (none if there is no lock file), so they
 * refuse a store that a process has open for writing, and work on a read-only backup. A WAL left by
 * a crash is reported as blocks pending replay, not replayed ({@code recover} replays it). {@code reindex}
 * takes the store's lock, as a writable open does, and deletes index markers only. {@code compact} opens the store
 * for writing, which takes its lock and replays a log a crash left. Progress of long runs goes to the
 * error stream.
 *
 * <p>Exit codes: {@value #CLEAN} clean, {@value #DAMAGED} damaged, {@value #USAGE} wrong arguments, no such store or
 * object, store locked, I/O error, {@value #OTHER_VERSION} a store file written by a version of Swizzle this one does not read
 * (a newer one, or an older one whose log holds commits): no damage, the version that wrote it reads it.
 */
public final class Tool {
    public static final int CLEAN = 0;
    public static final int DAMAGED = 1;
    public static final int USAGE = 2;
    public static final int OTHER_VERSION = 3;

    /** The commands, a line each, for the usage text of this tool and of a front end that adds its own. */
    public static final String COMMANDS = String.join(System.lineSeparator(),
        "  verify DIR          check every checksum and invariant of the store in DIR",
        "  stats DIR           print sizes, counts, free space, what compact could give back and WAL state",
        "  dump DIR OID        print an object's table entry and bytes",
        "  reindex DIR         mark the hash indexes stale: the application rebuilds them from the objects",
        "  compact DIR         move objects out of the clusters at the end of the file and cut it (store closed)",
        "  recover DIR         replay the commits a crash left in the log, as the next writable open does (store closed)");
    /** The meaning of the exit codes. */
    public static final String EXIT_CODES = "exit codes: 0 clean, 1 damaged, 2 usage error, no store, store locked,"
        + " commits to recover first or I/O error, 3 written by a version of Swizzle this one does not read (no damage)";

    private static final String USAGE_TEXT = String.join(System.lineSeparator(),
        "usage: java -cp swizzle-store.jar:agrona.jar org.swizzle.store.Tool COMMAND DIR [OID]", COMMANDS, EXIT_CODES);

    private Tool() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** What to say when {@code args} name no command this tool or a front end of it knows: none, or an unknown one. */
    public static String noSuchCommand(String[] args) {
        return args.length == 0 ? "No command given." : "Unknown command \"" + args[0] + "\".";
    }

    /** The OID {@code text} gives a command, or null when it is no number, once {@code err} was told so. */
    public static Long oid(String text, PrintStream err) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            err.println("OID must be a number, found \"" + text + "\" (" + e.getMessage() + ")");
            return null;
        }
    }

    /** Runs the tool as {@link #main} does, printing to {@code out} and {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, ReferenceFindings.NONE);
    }

    /** As {@link #run(String[], PrintStream, PrintStream)}, with what the object layer found for {@code verify} to report. */
    public static int run(String[] args, PrintStream out, PrintStream err, ReferenceFindings references) {
        if (requireKnownBuffers(err) != CLEAN) {
            return USAGE;
        }
        String wrong = args.length == 0 || !isCommand(args[0]) ? noSuchCommand(args) : argumentsProblem(args);
        if (wrong != null) {
            err.println(wrong);
            err.println(USAGE_TEXT);
            return USAGE;
        }
        Path directory = Path.of(args[1]);
        int noStore = requireStore(directory, out, err);
        if (noStore != CLEAN) {
            return noStore;
        }
        Long oid = args.length == 3 ? oid(args[2], err) : Long.valueOf(0);
        if (oid == null) {
            return USAGE;
        }
        if (args[0].equals("compact")) {
            return new CompactCommand(directory, out, err).run();
        }
        if (args[0].equals("recover")) {
            return new RecoverCommand(directory, out, err).run();
        }
        StoreLock lock;
        try {
            lock = args[0].equals("reindex") ? StoreLock.acquire(directory) : StoreLock.acquireShared(directory);
        } catch (StoreException e) {
            err.println(e.getMessage());
            return USAGE;
        }
        try (lock) {
            if (args[0].equals("reindex")) {
                lock.markOpen();
                return new ReindexCommand(directory, out, err).run();
            }
            return inspect(args[0], directory, oid, out, err, references);
        } catch (IOException e) {
            err.println("Cannot release the lock of " + directory + ": " + e);
            return USAGE;
        }
    }

    /**
     * {@link #CLEAN} unless {@code -Dswizzle.buffers} names no implementation of the buffers, which no store's opening takes
     * ({@link LittleEndianBuffer#requireKnownImplementation}): then says so and returns {@link #USAGE}, before any store
     * is read, so that the refusal is never reported as damage.
     */
    public static int requireKnownBuffers(PrintStream err) {
        try {
            LittleEndianBuffer.requireKnownImplementation();
            return CLEAN;
        } catch (InvalidOptionException e) {
            err.println(e.getMessage());
            return USAGE;
        }
    }

    /**
     * {@link #CLEAN} if {@code directory} holds a store. If not, says so and returns {@link #USAGE}, the tool never creating
     * one, or, when the directory holds the remains of a store whose cluster file is missing, says on {@code out} that
     * the store cannot be read and returns {@link #DAMAGED}, as an open refuses it.
     */
    public static int requireStore(Path directory, PrintStream out, PrintStream err) {
        if (StoreInspection.isStore(directory)) {
            return CLEAN;
        }
        StoreCorruptedException remains = null;
        if (Files.isDirectory(directory)) {
            try (StoreLock lock = StoreLock.acquireShared(directory)) {
                remains = StoreDirectory.remainsOfAStore(directory, lock);
            } catch (StoreException e) {
                err.println(e.getMessage());
                return USAGE;
            } catch (IOException e) {
                err.println("Cannot read the directory " + directory + ": " + e);
                return USAGE;
            }
        }
        if (remains != null) {
            return damaged(directory, "be read", remains, out);
        }
        if (!Files.exists(directory)) {
            err.println("There is no Swizzle store in " + directory + ": the directory does not exist.");
        } else if (!Files.isDirectory(directory)) {
            err.println(StoreDirectory.isAFile(directory));
        } else {
            err.println("There is no Swizzle store in " + directory + ": " + directory.resolve(ClusterFileDescriptor.FILE_NAME)
                + " does not exist.");
        }
        return USAGE;
    }

    /**
     * Says that the store in {@code directory} cannot {@code be} ("be compacted"), and why; returns {@link #DAMAGED}, or
     * {@link #OTHER_VERSION} if {@code why} is a store version this one does not read, which is no damage.
     */
    private static int damaged(Path directory, String be, StoreException why, PrintStream out) {
        out.println("The store in " + directory + " cannot " + be + ": " + why.getMessage());
        if (why instanceof StoreVersionException) {
            out.println("result         OTHER VERSION: not damaged, but not readable by this version of Swizzle");
            return OTHER_VERSION;
        }
        out.println("result         DAMAGED");
        return DAMAGED;
    }

    /**
     * Reports {@code e}, which a command that opens the store met: a damaged store ({@link #DAMAGED}), a
     * store version this one does not read ({@link #OTHER_VERSION}), or anything else, a lock or an I/O error ({@link #USAGE}).
     */
    public static int failed(Path directory, String be, StoreException e, PrintStream out, PrintStream err) {
        if (e instanceof StoreCorruptedException || e instanceof StoreFormatException) {
            return damaged(directory, be, e, out);
        }
        err.println(e.getMessage());
        return USAGE;
    }

    /**
     * What is wrong with the number of arguments {@code args} give command {@code args[0]}, one of these {@link #isCommand
     * commands}, as a sentence; null if nothing is.
     */
    public static String argumentsProblem(String[] args) {
        boolean takesOid = args[0].equals("dump");
        int found = args.length - 1;
        if (found == (takesOid ? 2 : 1)) {
            return null;
        }
        return args[0] + " takes " + (takesOid ? "DIR OID" : "DIR") + ", found " + found + " argument"
            + (found == 1 ? "" : "s") + ".";
    }

    /** Whether {@code command} is one of this tool's. */
    public static boolean isCommand(String command) {
        return command.equals("verify") || command.equals("stats") || command.equals("dump") || command.equals("reindex")
            || command.equals("compact") || command.equals("recover");
    }

    private static int inspect(String command, Path directory, long oid, PrintStream out, PrintStream err,
                               ReferenceFindings references) throws IOException {
        Problems problems = new Problems();
        StoreInspection store;
        try {
            store = StoreInspection.open(directory, problems);
        } catch (StoreIOException e) {
            err.println(e.getMessage());
            return USAGE;
        } catch (StoreException e) {
            return damaged(directory, "be read", e, out);
        }
        try (store) {
            switch (command) {
                case "verify":
                    return new VerifyCommand(store, out, err, references).run();
                case "stats":
                    return new StatsCommand(store, out, err).run();
                default:
                    return new DumpCommand(store, out, oid).run();
            }
        }
    }
}
