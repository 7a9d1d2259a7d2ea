package org.swizzle.it.threads;

import org.swizzle.Persistent;

/**
 * A cell of the ring the thread-safety stress tests read and write. Every state it can be in satisfies
 * {@link #problem}: its name is {@code "c" + id}, its value is {@code id + n * version} with a version of at
 * least 1, and {@code next} is the cell after it. A field read before its object was published, or after
 * the object was cleared, breaks it.
 */
@Persistent
public class Cell {
    public int id;
    public String name;
    public long value;
    public Cell next;

    public Cell(int id, int n) {
        this.id = id;
        this.name = nameOf(id);
        this.value = valueOf(id, n, 1);
    }

    static String nameOf(int id) {
        return "c" + id;
    }

    /** The value of cell {@code id} of a ring of {@code n} at {@code version}. */
    static long valueOf(int id, int n, int version) {
        return id + (long) n * version;
    }

    /**
     * What is wrong with this cell of a ring of {@code n}, or {@code null}. Reads its own fields, which
     * {@code checks=entry} reads without a check after the one at entry, and the next cell's id, checked.
     */
    public String problem(int n) {
        int id = this.id;
        String name = this.name;
        long value = this.value;
        Cell next = this.next;
        if (name == null || !name.equals(nameOf(id))) {
            return "cell " + id + " is named " + name;
        }
        if (value <= id || value % n != id) {
            return "cell " + id + " has value " + value;
        }
        if (next == null || next.id != (id + 1) % n) {
            return "cell " + id + " is followed by " + (next == null ? "nothing" : "cell " + next.id);
        }
        return null;
    }

    /**
     * Reads this cell, runs {@code call} (which may commit or abort, re-hollowing this very cell), and
     * reads it again: under {@code checks=entry} the second reads must check again.
     *
     * @return what differs between the two reads, or {@code null}
     */
    public String readAround(Runnable call) {
        String before = name + "/" + value + "/" + next.id;
        call.run();
        String after = name + "/" + value + "/" + next.id;
        return before.equals(after) ? null : "cell " + id + " read " + before + " before the call, " + after + " after it";
    }

    /** Stores {@code changed} into this cell, runs {@code call} (an abort) and returns the value read after it. */
    public long changeAround(long changed, Runnable call) {
        value = changed;
        call.run();
        return value;
    }
}
