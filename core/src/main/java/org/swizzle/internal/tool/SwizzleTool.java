package org.swizzle.internal.tool;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.StringJoiner;

import org.swizzle.ReadOnlyStoreException;
import org.swizzle.StoreException;
import org.swizzle.internal.StoreBrowser;
import org.swizzle.store.DamageFound;
import org.swizzle.store.ReferenceFindings;
import org.swizzle.store.Tool;

/**
 * The command-line tool of the one jar ({@code java -jar swizzle-<version>.jar COMMAND DIR ...}): the store's
 * {@link Tool} commands, which see bytes, and these, which see objects as the store's class catalog describes them,
 * with none of the application's classes on the class path:
 *
 * <ul>
 * <li>{@code roots DIR}: the named roots, with the OID and class of each one's object;</li>
 * <li>{@code objects DIR [CLASS]}: the stored objects and collections (of one class, named in full or by its simple
 * name) with OID, length and class, then counts and bytes per class;</li>
 * <li>{@code show DIR OID}: an object's class and its fields' names, types and values (references as OID and class);
 * a collection's elements;</li>
 * <li>{@code collect DIR}: frees what no root reaches ({@code ObjectStore.collectGarbage()}) and prints what it freed.</li>
 * </ul>
 *
 * <p>{@code roots}, {@code objects} and {@code show} open the store read-only and write nothing, not even the lock
 * file; {@code collect} opens it for writing. Exit codes are the store tool's: {@value Tool#CLEAN} done,
 * {@value Tool#DAMAGED} damaged store, {@value Tool#USAGE} wrong arguments, no store or object, store locked,
 * {@value Tool#OTHER_VERSION} a store written by a version of Swizzle this one does not read.
 */
public final class SwizzleTool {

    private static final String USAGE_TEXT = "usage: java -jar swizzle-<version>.jar COMMAND DIR [ARG]"
        + System.lineSeparator() + Command.usage() + System.lineSeparator() + Tool.COMMANDS + System.lineSeparator()
        + Tool.EXIT_CODES;

    private SwizzleTool() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the tool as {@link #main} does, printing to {@code out} and {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (Tool.requireKnownBuffers(err) != Tool.CLEAN) {
            return Tool.USAGE;
        }
        if (args.length > 0 && Tool.isCommand(args[0])) {
            String wrong = Tool.argumentsProblem(args);
            if (wrong != null) {
                err.println(wrong);
                err.println(USAGE_TEXT);
                return Tool.USAGE;
            }
            return Tool.run(args, out, err, args[0].equals("verify") ? references(Path.of(args[1])) : ReferenceFindings.NONE);
        }
        Command command = args.length > 0 ? Command.named(args[0]) : null;
        if (command == null || !command.takes(args.length - 1)) {
            err.println(command == null ? Tool.noSuchCommand(args) : command.wrongArguments(args.length - 1));
            err.println(USAGE_TEXT);
            return Tool.USAGE;
        }
        Path directory = Path.of(args[1]);
        int noStore = Tool.requireStore(directory, out, err);
        if (noStore != Tool.CLEAN) {
            return noStore;
        }
        Long oid = command == Command.SHOW ? Tool.oid(args[2], err) : Long.valueOf(0);
        if (oid == null) {
            return Tool.USAGE;
        }
        try {
            if (command == Command.COLLECT) {
                CollectCommand.run(directory, out);
                return Tool.CLEAN;
            }
            try (StoreBrowser store = StoreBrowser.open(directory)) {
                switch (command) {
                    case ROOTS: RootsCommand.run(store, out); break;
                    case OBJECTS: ObjectsCommand.run(store, args.length == 3 ? args[2] : null, out); break;
                    default: ShowCommand.run(store, oid, out); break;
                }
                return damageWentPast(store, out);
            }
        } catch (ReadOnlyStoreException e) {
            err.println(commitsToReplay(directory, args[0]));
            return Tool.USAGE;
        } catch (StoreException e) {
            return Tool.failed(directory, command == Command.COLLECT ? "be collected" : "be read", e, out, err);
        }
    }

    /**
     * {@link Tool#CLEAN}, or, where the open went past damaged object table entries to read the rest, {@link Tool#DAMAGED}
     * after saying what it went past.
     */
    private static int damageWentPast(StoreBrowser store, PrintStream out) {
        DamageFound damage = store.damageFound();
        if (damage.count() == 0) {
            return Tool.CLEAN;
        }
        out.println();
        out.println("The store in " + store.directory() + " is damaged: " + damage.describe());
        out.println("What is above reads past them; reading an object at one of those places fails. Run verify for the"
            + " whole report.");
        out.println("result         DAMAGED");
        return Tool.DAMAGED;
    }

    /**
     * Why {@code command} cannot read the objects of the store in {@code directory}: its log holds commits that a crash
     * left unapplied, which only a writable open replays, and this tool reads without writing.
     */
    private static String commitsToReplay(Path directory, String command) {
        return "The log of the store in " + directory + " holds commits not applied yet: the last process to write the"
            + " store did not close it (it crashed or was killed, or it still runs). " + command + " reads the store"
            + " without writing, so it cannot replay them and would not see them. Once no process has the store open,"
            + " run `recover " + directory + "` with this tool (or open the store in the application): it replays them,"
            + " and then " + command + " reads every commit.";
    }

    /** The commands that see objects: the arguments each takes after its name, and what it does, for the usage. */
    private enum Command {
        ROOTS("DIR", "the named roots, with the OID and class of each one's object"),
        OBJECTS("DIR [CLASS]", "the stored objects and collections (of one class) with OID, length and class;"
            + " counts per class"),
        SHOW("DIR OID", "an object's class and each field's name, type and value"),
        COLLECT("DIR", "free what no root reaches (ObjectStore.collectGarbage) and print what was freed");

        /** The arguments after the command's name, as the usage names them: those in brackets may be left out. */
        private final String arguments;
        private final String description;

        Command(String arguments, String description) {
            this.arguments = arguments;
            this.description = description;
        }

        /** The command of that name, or null if there is none. */
        static Command named(String name) {
            for (Command command : values()) {
                if (command.commandName().equals(name)) {
                    return command;
                }
            }
            return null;
        }

        /** The usage lines of every command. */
        static String usage() {
            StringJoiner lines = new StringJoiner(System.lineSeparator());
            for (Command command : values()) {
                lines.add(String.format("  %-19s %s", command.commandName() + " " + command.arguments, command.description));
            }
            return lines.toString();
        }

        boolean takes(int count) {
            String[] named = arguments.split(" ");
            long optional = Arrays.stream(named).filter(argument -> argument.startsWith("[")).count();
            return count >= named.length - optional && count <= named.length;
        }

        /** Says that the command takes other arguments than the {@code found} it was given. */
        String wrongArguments(int found) {
            return commandName() + " takes " + arguments + ", found " + found + " argument" + (found == 1 ? "" : "s") + ".";
        }

        String commandName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What {@code verify} reports of the references in the store in {@code directory}, read through a read-only open
     * that ends before verify locks the store; why they could not be read, if so (verify reports the damage itself).
     */
    private static ReferenceFindings references(Path directory) {
        try (StoreBrowser store = StoreBrowser.open(directory)) {
            return store.findDanglingReferences();
        } catch (ReadOnlyStoreException e) {
            return ReferenceFindings.notChecked(commitsToReplay(directory, "verify"));
        } catch (RuntimeException e) {
            return ReferenceFindings.notChecked(e.getMessage() != null ? e.getMessage() : e.toString());
        }
    }
}
