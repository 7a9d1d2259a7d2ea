package org.swizzle.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.swizzle.StoreCorruptedException;

/**
 * The object table entries that a read-only open found damaged and went past, so that the rest of a damaged store can
 * still be read and copied out: reading any object among them raises {@link StoreCorruptedException}, as the open of a
 * writable store does, which refuses the whole store instead. Kept whole up to a few; counted past them.
 */
public final class DamageFound {
    /** One place in the cluster file that failed its checks: its offset and what is wrong there. */
    public record Damage(long offset, String problem) {
    }

    private static final int KEPT = 10;

    private final Path file;
    private final List<Damage> first = new ArrayList<>();
    private long count;

    DamageFound(Path file) {
        this.file = file;
    }

    void add(long offset, String problem) {
        if (first.size() < KEPT) {
            first.add(new Damage(offset, problem));
        }
        count++;
    }

    /** The cluster file the damage is in. */
    public Path file() {
        return file;
    }

    /** How many entries, and places where two objects overlap, failed their checks; 0 for an intact store. */
    public long count() {
        return count;
    }

    /** The first few, as the open found them. */
    public List<Damage> first() {
        return Collections.unmodifiableList(first);
    }

    /** What was found, for a warning or the tool: the count and the file, then the first few, a line each. */
    public String describe() {
        StringBuilder text = new StringBuilder().append(count).append(count == 1 ? " place" : " places")
            .append(" in the object tables of ").append(file).append(count == 1 ? " fails its" : " fail their")
            .append(" checks:");
        for (Damage damage : first) {
            text.append(System.lineSeparator()).append("  at offset ").append(damage.offset()).append(": ")
                .append(damage.problem());
        }
        if (count > first.size()) {
            text.append(System.lineSeparator()).append("  and ").append(count - first.size()).append(" more");
        }
        return text.toString();
    }
}
