package org.swizzle.it.collections;

import java.util.Iterator;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random operations on the entry set of a map and on a single entry held across commits:
 * {@code removeIf}, {@code remove(entry)}, {@code setValue} on an entry found by key (through the
 * iterator, {@code toArray()} or a stream), removal through the iterator, and the entries (see {@link Slot#holdsEntries()}) and iterators (of ordered maps only) to hold.
 */
final class EntryOps {
    private EntryOps() {
    }

    static Op draw(Random random, boolean ordered, boolean holdsEntries) {
        String k = Draw.key(random);
        int v = Draw.value(random);
        return switch (random.nextInt(11)) {
            case 0, 1 -> Op.<Set<Map.Entry<String, Integer>>>of("removeIf(value % 4 == " + v % 4 + ")",
                entries -> entries.removeIf(entry -> entry.getValue() % 4 == v % 4));
            case 2 -> Op.<Set<Map.Entry<String, Integer>>>of("remove(" + k + "=" + v % 4 + ")", entries -> entries.remove(Map.entry(k, v % 4)));
            case 3, 4 -> Op.<Set<Map.Entry<String, Integer>>>of("entry " + k + " setValue(" + v + ")", entries -> {
                Map.Entry<String, Integer> entry = find(entries, k);
                return entry == null ? "absent" : entry.setValue(v);
            });
            case 5 -> Op.<Set<Map.Entry<String, Integer>>>of("iterator remove key > " + k, entries -> {
                int removed = 0;
                for (Iterator<Map.Entry<String, Integer>> it = entries.iterator(); it.hasNext(); ) {
                    if (it.next().getKey().compareTo(k) > 0) {
                        it.remove();
                        removed++;
                    }
                }
                return removed;
            });
            case 6 -> holdsEntries
                ? Op.<Set<Map.Entry<String, Integer>>>view("entry " + k, Kind.ENTRY, entries -> find(entries, k))
                : Op.<Set<Map.Entry<String, Integer>>>of("contains(" + k + "=" + v % 4 + ")", entries -> entries.contains(Map.entry(k, v % 4)));
            case 7 -> Op.<Set<Map.Entry<String, Integer>>>of("toArray() entry " + k + " setValue(" + v + ")", entries -> {
                for (Object element : entries.toArray()) {
                    if (element instanceof Map.Entry<?, ?> entry && entry.getKey().equals(k)) {
                        return IteratorOps.setValue(entry, v);
                    }
                }
                return "absent";
            });
            case 8 -> Op.<Set<Map.Entry<String, Integer>>>of("stream() entry " + k + " setValue(" + v + ")",
                entries -> entries.stream().filter(entry -> entry.getKey().equals(k)).findFirst().map(entry -> entry.setValue(v)).orElse(null));
            default -> ordered
                ? Op.<Set<Map.Entry<String, Integer>>>view("iterator()", Kind.ITERATOR, Set::iterator)
                : Op.<Set<Map.Entry<String, Integer>>>of("size()", Set::size);
        };
    }

    /** Operations on an entry held since it was found. */
    static Op drawEntry(Random random) {
        int v = Draw.value(random);
        return random.nextInt(4) == 0
            ? Op.<Map.Entry<String, Integer>>of("getValue()", Map.Entry::getValue)
            : Op.<Map.Entry<String, Integer>>of("setValue(" + v + ")", entry -> entry.setValue(v));
    }

    /** The entry of {@code key} in {@code entries}, found by iterating; null if there is none. */
    static Map.Entry<String, Integer> find(Set<Map.Entry<String, Integer>> entries, String key) {
        for (Map.Entry<String, Integer> entry : entries) {
            if (entry.getKey().equals(key)) {
                return entry;
            }
        }
        return null;
    }
}
