package org.swizzle.internal;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.internal.tracked.Paged;

/**
 * The checks of pages read inside a read in progress that met a fill in progress, which run the application's code on
 * what the pages hold (a sorted map's keys, stored in chunks, compared): in such a cycle a key's {@code compareTo} may
 * read a set the read is still filling, and find keys out of order that are not, or in order that are not. They run
 * again once the outermost read is whole, and a page refused then is let go; if the read fails, their pages are let
 * go unchecked, to be read and checked again at their next use.
 */
final class PageChecks {

    private final List<Paged.ReadCheck> waiting = new ArrayList<>();
    private boolean running;

    /** Keeps {@code check} for the end of the read in progress. */
    void add(Paged.ReadCheck check) {
        waiting.add(check);
    }

    /**
     * Runs every check kept, and those the reads they make add, each whatever the others did, letting go of each page
     * refused; throws the first failure, with the others suppressed in it. Nested in a run, does nothing: the run goes
     * on to what was added.
     */
    void runAll() {
        if (running) {
            return;
        }
        running = true;
        Throwable failure = null;
        try {
            for (int i = 0; i < waiting.size(); i++) {
                Paged.ReadCheck check = waiting.get(i);
                try {
                    check.check();
                } catch (RuntimeException | Error e) {
                    check.letGo();
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
        } finally {
            waiting.clear();
            running = false;
        }
        if (failure != null) {
            throw OutOfLine.rethrow(failure);
        }
    }

    /** Whether the checks are running: a read one of them makes is nested in the read they check. */
    boolean isRunning() {
        return running;
    }

    /** The read failed: lets each page kept for a check go unchecked. Nested in a run, does nothing (the run goes on). */
    void letGoAll() {
        if (running) {
            return;
        }
        for (Paged.ReadCheck check : waiting) {
            check.letGo();
        }
        waiting.clear();
    }
}
