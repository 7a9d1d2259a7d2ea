package org.swizzle.it.collections;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes the child's protocol lines to standard output, each with one unbuffered {@code write}, so
 * that a line is in the output file before the child goes on and a SIGKILL leaves whole lines only
 * (or a last line without its newline, which {@link ChildOutput} ignores).
 */
final class Lines {
    private final FileOutputStream out = new FileOutputStream(FileDescriptor.out);

    void say(String line) {
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
