package org.swizzle.it.collections;

import java.util.Iterator;
import java.util.ListIterator;
import java.util.Map;
import java.util.Random;

/**
 * Random steps of an iterator or list iterator held across operations and commits: {@code next},
 * {@code previous}, {@code remove}, {@code ListIterator.set/add}, and {@code setValue} on the entry
 * an entry iterator returns. A step after the collection changed otherwise throws
 * {@code ConcurrentModificationException} alike in both twins, except in a tree, whose stale iterator is dropped
 * instead ({@link Handle#walksTree()}).
 */
final class IteratorOps {
    private IteratorOps() {
    }

    static Op draw(Random random) {
        int v = Draw.value(random);
        return switch (random.nextInt(6)) {
            case 0, 1 -> Op.<Iterator<?>>of("next()", Iterator::next);
            case 2 -> Op.<Iterator<?>>of("remove()", it -> {
                it.remove();
                return null;
            });
            case 3 -> Op.<Iterator<?>>of("next(); remove()", it -> {
                String next = shown(it.next());
                it.remove();
                return next;
            });
            case 4 -> Op.<Iterator<?>>of("next() setValue(" + v + ") if an entry", it -> {
                Object next = it.next();
                return next instanceof Map.Entry<?, ?> entry ? setValue(entry, v) : next;
            });
            default -> Op.<Iterator<?>>of("hasNext()", Iterator::hasNext);
        };
    }

    static Op drawList(Random random) {
        String s = Draw.string(random);
        return switch (random.nextInt(7)) {
            case 0 -> Op.<ListIterator<String>>of("previous()", ListIterator::previous);
            case 1, 2 -> Op.<ListIterator<String>>of("set(" + s + ")", it -> {
                it.set(s);
                return null;
            });
            case 3, 4 -> Op.<ListIterator<String>>of("add(" + s + ")", it -> {
                it.add(s);
                return it.nextIndex();
            });
            default -> draw(random);
        };
    }

    /** An element as text, taken before a removal that may change what a tree map's entry holds. */
    private static String shown(Object element) {
        return element instanceof Map.Entry<?, ?> entry ? entry.getKey() + "=" + entry.getValue() : String.valueOf(element);
    }

    @SuppressWarnings("unchecked")
    static Object setValue(Map.Entry<?, ?> entry, int value) {
        return ((Map.Entry<Object, Object>) entry).setValue(value);
    }
}
