package org.swizzle.it.collections;

import java.util.Collection;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Random operations on a set of keys (a set field, a key set, a head, tail, sub- or descending set
 * or a view of one) and on the values view of a map: mutators, bulk removals, {@code removeIf},
 * removal through an iterator, {@code pollFirst}/{@code pollLast}, and the sub-sets and iterators
 * to hold (iterators of ordered sets only). Adding to a key set or values view is refused alike by
 * both twins.
 */
final class SetOps {
    private SetOps() {
    }

    static Op draw(Random random, Set<String> model, boolean ordered) {
        String k = Draw.key(random);
        int draw = Draw.size(model) > 20 ? 1 + random.nextInt(3) : random.nextInt(16);
        return switch (draw) {
            case 0, 1 -> Op.<Set<String>>of("add(" + k + ")", set -> set.add(k));
            case 2 -> Op.<Set<String>>of("remove(" + k + ")", set -> set.remove(k));
            case 3 -> {
                Set<String> gone = Draw.keys(random);
                yield Op.<Set<String>>of("removeAll(" + gone + ")", set -> set.removeAll(gone));
            }
            case 4 -> {
                int seed = random.nextInt(3);
                yield Op.<Set<String>>of("removeIf(picked " + seed + ")", set -> set.removeIf(e -> Draw.picked(e, seed)));
            }
            case 5 -> {
                int seed = random.nextInt(3);
                yield Op.<Set<String>>of("iterator remove picked " + seed, set -> {
                    int removed = 0;
                    for (Iterator<String> it = set.iterator(); it.hasNext(); ) {
                        if (Draw.picked(it.next(), seed)) {
                            it.remove();
                            removed++;
                        }
                    }
                    return removed;
                });
            }
            case 6 -> {
                Set<String> kept = Draw.keys(random);
                Draw.keys(random).forEach(kept::add);
                yield Op.<Set<String>>of("retainAll(" + kept + ")", set -> set.retainAll(kept));
            }
            case 7 -> {
                Set<String> more = Draw.keys(random);
                yield Op.<Set<String>>of("addAll(" + more + ")", set -> set.addAll(more));
            }
            case 8 -> random.nextInt(4) == 0
                ? Op.<Set<String>>of("clear()", set -> {
                    set.clear();
                    return null;
                })
                : Op.<Set<String>>of("add(" + k + ")", set -> set.add(k));
            case 9 -> ordered
                ? Op.<Set<String>>view("iterator()", Kind.ITERATOR, Set::iterator)
                : Op.<Set<String>>of("contains(" + k + ")", set -> set.contains(k));
            default -> model instanceof NavigableSet<?> ? navigable(random, k) : Op.<Set<String>>of("add(" + k + ")", set -> set.add(k));
        };
    }

    private static Op navigable(Random random, String k) {
        boolean inclusive = random.nextBoolean();
        String to = Draw.key(random);
        return switch (random.nextInt(7)) {
            case 0 -> Op.<NavigableSet<String>>view("headSet(" + k + ", " + inclusive + ")", Kind.SET, set -> set.headSet(k, inclusive));
            case 1 -> Op.<NavigableSet<String>>view("tailSet(" + k + ", " + inclusive + ")", Kind.SET, set -> set.tailSet(k, inclusive));
            case 2 -> Op.<NavigableSet<String>>view("subSet(" + k + ", " + inclusive + ", " + to + ", false)", Kind.SET,
                set -> set.subSet(k, inclusive, to, false));
            case 3 -> Op.<NavigableSet<String>>view("descendingSet()", Kind.SET, NavigableSet::descendingSet);
            case 4 -> Op.<NavigableSet<String>>of("pollFirst()", NavigableSet::pollFirst);
            case 5 -> Op.<NavigableSet<String>>of("pollLast()", NavigableSet::pollLast);
            default -> Op.<NavigableSet<String>>view("descendingIterator()", Kind.ITERATOR, NavigableSet::descendingIterator);
        };
    }

    /** Operations on the values of a map: value order only matters in an ordered map. */
    static Op drawValues(Random random, boolean ordered) {
        int v = Draw.value(random);
        return switch (random.nextInt(8)) {
            case 0 -> Op.<Collection<Integer>>of("removeIf(v % 3 == " + v % 3 + ")", values -> values.removeIf(e -> e % 3 == v % 3));
            case 1 -> Op.<Collection<Integer>>of("removeAll([" + v + ", " + (v + 1) % 40 + "])",
                values -> values.removeAll(Set.of(v, (v + 1) % 40)));
            case 2 -> Op.<Collection<Integer>>of("iterator remove v < " + v / 4, values -> {
                int removed = 0;
                for (Iterator<Integer> it = values.iterator(); it.hasNext(); ) {
                    if (it.next() < v / 4) {
                        it.remove();
                        removed++;
                    }
                }
                return removed;
            });
            case 3 -> Op.<Collection<Integer>>of("add(" + v + ")", values -> values.add(v));
            case 4 -> Op.<Collection<Integer>>of("retainAll(v >= " + v / 4 + ")",
                values -> values.retainAll(IntStream.range(v / 4, 40).boxed().toList()));
            case 5 -> ordered
                ? Op.<Collection<Integer>>of("remove(" + v + ")", values -> values.remove(v))
                : Op.<Collection<Integer>>of("contains(" + v + ")", values -> values.contains(v));
            case 6 -> ordered
                ? Op.<Collection<Integer>>view("iterator()", Kind.ITERATOR, Collection::iterator)
                : Op.<Collection<Integer>>of("size()", Collection::size);
            default -> random.nextInt(4) == 0
                ? Op.<Collection<Integer>>of("clear()", values -> {
                    values.clear();
                    return null;
                })
                : Op.<Collection<Integer>>of("removeIf(v > " + (20 + v / 2) + ")", values -> values.removeIf(e -> e > 20 + v / 2));
        };
    }
}
