package org.swizzle.it;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes a child's protocol lines to standard output, each with a single {@code write} call, so that
 * a line is in the output file before the child goes on, and a kill leaves whole lines only (or a
 * last line without its newline, which the parent ignores).
 */
public final class Announcer {
    private final OutputStream out;

    /** To standard output. */
    public Announcer() {
        this(new FileOutputStream(FileDescriptor.out));
    }

    /** To {@code out}, unbuffered. */
    public Announcer(OutputStream out) {
        this.out = out;
    }

    /** What a child runs: its work, which may throw anything. */
    public interface ChildBody {
        void run(Announcer out) throws Exception;
    }

    /**
     * Runs a child's {@code body}, then halts with 0 (no shutdown work that a kill would skip anyway); reports a
     * failure as {@code FAILED} with its stack trace and exits with 2.
     */
    public static void runChild(ChildBody body) {
        Announcer out = new Announcer();
        try {
            body.run(out);
            Runtime.getRuntime().halt(0);
        } catch (Throwable e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            out.say("FAILED " + e);
            out.say(trace.toString());
            System.exit(2);
        }
    }

    public void say(String line) {
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
