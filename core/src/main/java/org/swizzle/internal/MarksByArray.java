package org.swizzle.internal;

/**
 * The {@link PageMarks} of each registered array, found by the array's identity with no lock and no allocation, so
 * that an element store into a large array, from any thread, pays a hash and a probe or two: an open-addressing
 * table of marks (which hold their array weakly). A registration fills a free slot, or the slot of the array's old
 * marks, and publishes the table again through its volatile field; when the slots in use, those of arrays the
 * garbage collector took included, would pass half the table, it is replaced by one sized for the live marks, so
 * that registering the arrays of n objects faulted in one after another costs O(n), not O(n²). A slot is only ever
 * filled or given new marks for the same array, never emptied, so a reader probing the table as it changes finds
 * the array's old or new marks, or none if it was not registered yet. Registrations are rare: an object with a large
 * array faulted in, or a commit storing a large array for the first time.
 */
final class MarksByArray {

    private static final int MIN_CAPACITY = 16;

    private static volatile PageMarks[] table = new PageMarks[MIN_CAPACITY];
    /** The slots of {@link #table} in use, those whose array is gone included. */
    private static int occupied;

    private MarksByArray() {
    }

    /** The marks of {@code array}, or null if none are registered. */
    static PageMarks of(Object array) {
        PageMarks[] marks = table;
        int mask = marks.length - 1;
        for (int i = System.identityHashCode(array) & mask; ; i = (i + 1) & mask) {
            PageMarks found = marks[i];
            if (found == null || found.array() == array) {
                return found;
            }
        }
    }

    /** Registers {@code marks} for its array, in place of any the array had. */
    static synchronized void put(PageMarks marks) {
        Object array = marks.array();
        PageMarks[] current = table;
        int mask = current.length - 1;
        for (int i = System.identityHashCode(array) & mask; current[i] != null; i = (i + 1) & mask) {
            if (current[i].array() == array) {
                current[i] = marks;
                table = current; // publishes the slot to readers that read the table after it
                return;
            }
        }
        if (2 * (occupied + 1) > current.length) {
            current = rebuilt(other -> true, 1);
        }
        insert(current, array, marks);
        table = current;
    }

    /** Drops the marks {@code store} registered: it is closed. */
    static synchronized void removeAll(PagedArrays store) {
        table = rebuilt(other -> !other.belongsTo(store), 0);
    }

    /** A new table of the marks {@code keep} accepts whose arrays are alive, with room for {@code more}. */
    private static PageMarks[] rebuilt(java.util.function.Predicate<PageMarks> keep, int more) {
        PageMarks[] old = table;
        int live = more;
        for (PageMarks other : old) {
            live += other != null && other.array() != null && keep.test(other) ? 1 : 0;
        }
        int capacity = MIN_CAPACITY;
        while (capacity < 4 * live) {
            capacity <<= 1;
        }
        PageMarks[] rebuilt = new PageMarks[capacity];
        occupied = 0;
        for (PageMarks other : old) {
            Object held = other == null ? null : other.array();
            if (held != null && keep.test(other)) {
                insert(rebuilt, held, other);
            }
        }
        return rebuilt;
    }

    private static void insert(PageMarks[] into, Object array, PageMarks marks) {
        int mask = into.length - 1;
        int i = System.identityHashCode(array) & mask;
        while (into[i] != null) {
            i = (i + 1) & mask;
        }
        into[i] = marks;
        occupied++;
    }
}
