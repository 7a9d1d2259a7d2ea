package org.swizzle.it.crash;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes a child's protocol lines to standard output, each with a single {@code write} call, so that
 * a line is in the output file before the child goes on, and a kill leaves whole lines only (or a
 * last line without its newline, which the parent ignores).
 */
final class Announcer {
    private final OutputStream out;

    /** To standard output. */
    Announcer() {
        this(new FileOutputStream(FileDescriptor.out));
    }

    /** To {@code out}, unbuffered. */
    Announcer(OutputStream out) {
        this.out = out;
    }

    void say(String line) {
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
