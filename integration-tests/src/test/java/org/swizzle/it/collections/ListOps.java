package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Random operations on a list of strings (an {@code ArrayList} or {@code LinkedList} field, a
 * sub-list, an inner list of the nested field) and on the list of lists itself: mutators, bulk
 * operations, {@code sort}, {@code replaceAll}, the {@code Collections} algorithms (which write
 * through {@code set} and list iterators), deque operations of {@code LinkedList}, removal through
 * an iterator, and the sub-lists and iterators to hold.
 */
final class ListOps {
    private ListOps() {
    }

    static Op draw(Random random, List<String> model) {
        int size = Draw.size(model);
        String s = Draw.string(random);
        int i = Draw.index(random, size);
        int draw = size > 30 ? 4 + random.nextInt(4) : random.nextInt(28);
        return switch (draw) {
            case 0, 1 -> Op.<List<String>>of("add(" + s + ")", list -> list.add(s));
            case 2 -> Op.<List<String>>of("add(" + i + ", " + s + ")", list -> {
                list.add(i, s);
                return null;
            });
            case 3 -> Op.<List<String>>of("set(" + i + ", " + s + ")", list -> list.set(i, s));
            case 4 -> Op.<List<String>>of("remove(" + i + ")", list -> list.remove(i));
            case 5 -> Op.<List<String>>of("remove(" + s + ")", list -> list.remove(s));
            case 6 -> Op.<List<String>>of("subList(" + i / 2 + ", " + i + ").clear()", list -> {
                list.subList(i / 2, i).clear();
                return null;
            });
            case 7 -> {
                int seed = random.nextInt(3);
                yield Op.<List<String>>of("iterator remove picked " + seed, list -> {
                    int removed = 0;
                    for (Iterator<String> it = list.iterator(); it.hasNext(); ) {
                        if (Draw.picked(it.next(), seed)) {
                            it.remove();
                            removed++;
                        }
                    }
                    return removed;
                });
            }
            case 8 -> {
                List<String> more = Draw.strings(random);
                yield Op.<List<String>>of("addAll(" + more + ")", list -> list.addAll(more));
            }
            case 9 -> {
                List<String> more = Draw.strings(random);
                yield Op.<List<String>>of("addAll(" + i + ", " + more + ")", list -> list.addAll(i, more));
            }
            case 10 -> {
                List<String> gone = Draw.strings(random);
                yield Op.<List<String>>of("removeAll(" + gone + ")", list -> list.removeAll(gone));
            }
            case 11 -> {
                Set<String> kept = allStringsBut(Draw.strings(random));
                yield Op.<List<String>>of("retainAll(all but " + allStringsBut(kept) + ")", list -> list.retainAll(kept));
            }
            case 12 -> {
                int seed = random.nextInt(3);
                yield Op.<List<String>>of("removeIf(picked " + seed + ")", list -> list.removeIf(e -> Draw.picked(e, seed)));
            }
            case 13 -> Op.<List<String>>of("replaceAll(next)", list -> {
                list.replaceAll(Draw::next);
                return null;
            });
            case 14 -> {
                boolean reversed = random.nextBoolean();
                yield Op.<List<String>>of(reversed ? "sort(reversed)" : "sort(null)", list -> {
                    list.sort(reversed ? Comparator.reverseOrder() : null);
                    return null;
                });
            }
            case 15 -> random.nextInt(4) == 0
                ? Op.<List<String>>of("clear()", list -> {
                    list.clear();
                    return null;
                })
                : Op.<List<String>>of("add(" + s + ")", list -> list.add(s));
            case 16, 17 -> Op.<List<String>>view("subList(" + i / 2 + ", " + i + ")", Kind.LIST, list -> list.subList(i / 2, i));
            case 18, 19 -> Op.<List<String>>view("listIterator(" + i + ")", Kind.LIST_ITERATOR, list -> list.listIterator(i));
            case 20 -> Op.<List<String>>view("iterator()", Kind.ITERATOR, List::iterator);
            case 21 -> Op.<List<String>>of("Collections.reverse", list -> {
                Collections.reverse(list);
                return null;
            });
            case 22 -> Op.<List<String>>of("Collections.swap(" + i / 2 + ", " + i + ")", list -> {
                Collections.swap(list, i / 2, i);
                return null;
            });
            case 23 -> Op.<List<String>>of("Collections.rotate(" + (i - 2) + ")", list -> {
                Collections.rotate(list, i - 2);
                return null;
            });
            case 24 -> {
                long seed = random.nextLong();
                yield Op.<List<String>>of("Collections.shuffle(seed " + seed + ")", list -> {
                    Collections.shuffle(list, new Random(seed));
                    return null;
                });
            }
            default -> model instanceof Deque<?> ? deque(random, s) : Op.<List<String>>of("add(" + s + ")", list -> list.add(s));
        };
    }

    private static Op deque(Random random, String s) {
        return switch (random.nextInt(6)) {
            case 0 -> Op.<Deque<String>>of("addFirst(" + s + ")", deque -> {
                deque.addFirst(s);
                return null;
            });
            case 1 -> Op.<Deque<String>>of("offerLast(" + s + ")", deque -> deque.offerLast(s));
            case 2 -> Op.<Deque<String>>of("pollFirst()", Deque::pollFirst);
            case 3 -> Op.<Deque<String>>of("removeLast()", Deque::removeLast);
            case 4 -> Op.<Deque<String>>of("push(" + s + ")", deque -> {
                deque.push(s);
                return null;
            });
            default -> Op.<Deque<String>>view("descendingIterator()", Kind.ITERATOR, Deque::descendingIterator);
        };
    }

    /**
     * Random operations on the list of lists: inner lists added or replaced (only if {@code newLists}),
     * removed, sorted, or taken to hold.
     */
    static Op drawNested(Random random, List<List<String>> model, boolean newLists) {
        int size = Draw.size(model);
        int i = Draw.index(random, size);
        List<String> inner = Draw.strings(random);
        int draw = size > 8 || !newLists ? 3 + random.nextInt(8) : random.nextInt(11);
        return switch (draw) {
            case 0 -> Op.<List<List<String>>>of("add(" + inner + ")", lists -> lists.add(new ArrayList<>(inner)));
            case 1 -> Op.<List<List<String>>>of("add(" + i + ", " + inner + ")", lists -> {
                lists.add(i, new ArrayList<>(inner));
                return null;
            });
            case 2 -> Op.<List<List<String>>>of("set(" + i + ", " + inner + ")", lists -> String.valueOf(lists.set(i, new ArrayList<>(inner))));
            case 3 -> Op.<List<List<String>>>of("remove(" + i + ")", lists -> String.valueOf(lists.remove(i)));
            case 4 -> Op.<List<List<String>>>of("removeIf(size > 3)", lists -> lists.removeIf(list -> list.size() > 3));
            case 5 -> Op.<List<List<String>>>of("sort(by size)", lists -> {
                lists.sort(Comparator.comparingInt(List::size));
                return null;
            });
            default -> Op.<List<List<String>>>view("get(" + i + ")", Kind.LIST, lists -> lists.get(i));
        };
    }

    private static Set<String> allStringsBut(Iterable<String> excluded) {
        Set<String> all = new TreeSet<>();
        for (int i = 0; i < 20; i++) {
            all.add(String.format("s%02d", i));
        }
        excluded.forEach(all::remove);
        return all;
    }
}
