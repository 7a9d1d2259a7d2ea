package org.swizzle.it.tracked;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

import org.swizzle.it.InsideCommit;

/**
 * Every way the application can change a stored value through something it took from the object: the nine
 * patterns the issue measured lost, and the other mutators, bulk operations, views, views of views,
 * iterators and entries of each collection type, arrays held in locals, nested values, and values the
 * application made itself, and changes whose callbacks commit in the middle of them. Each pattern changes the
 * bag; the workload checks that it does.
 */
final class Patterns {

    private Patterns() {
    }

    static List<Pattern> all() {
        List<Pattern> all = new ArrayList<>();
        // the nine patterns of the issue
        all.add(Pattern.of("list.add", b -> b.list, l -> l.add("added")));
        all.add(Pattern.of("map.put", b -> b.map, m -> m.put("put", 99)));
        all.add(Pattern.of("array element store", b -> b.numbers, a -> a[1] += 1));
        all.add(Pattern.of("iterator.remove", b -> started(b.list.iterator()), Iterator::remove));
        all.add(Pattern.of("Map.Entry.setValue", b -> b.map.entrySet().iterator().next(), e -> e.setValue(e.getValue() + 100)));
        all.add(Pattern.of("map.keySet().remove(k)", b -> b.map.keySet(), keys -> keys.remove(first(keys))));
        all.add(Pattern.of("list.subList(0, 1).set(0, x)", b -> b.list, l -> l.subList(0, 1).set(0, "sub")));
        all.add(Pattern.of("list.replaceAll(f)", b -> b.list, l -> l.replaceAll(s -> s + "!")));
        all.add(Pattern.of("map.values().removeIf(p)", b -> b.map.values(), v -> {
            Integer min = Collections.min(v);
            v.removeIf(min::equals);
        }));
        addLists(all);
        addMaps(all);
        addSortedMaps(all);
        addSets(all);
        addCallbacksThatCommit(all); // before addNestedAndArrays replaces the list and the map by plain ones
        addNestedAndArrays(all);
        addSequenced(all);
        return all;
    }

    /** Commits the store; set by the workload, so that a callback of a change can commit in the middle of it. */
    static Runnable committer = () -> { };

    /** The array {@link #kept} made last, which a pattern changes after an object's field holds it. */
    private static int[] lastKept;

    /** A new array of names, which nothing but the caller holds: storing it in a field watches nothing. */
    private static String[] names(int length) {
        String[] names = new String[length];
        for (int i = 0; i < length; i++) {
            names[i] = "named" + i;
        }
        return names;
    }

    /** A new array that this class keeps too: storing it in a field watches the object. */
    private static int[] kept(int length) {
        int[] numbers = new int[length];
        lastKept = numbers;
        return numbers;
    }

    /** Changes whose function, predicate or comparator commits the first time it is called (see {@link InsideCommit}). */
    private static void addCallbacksThatCommit(List<Pattern> all) {
        for (String which : new String[] {"HashMap", "LinkedHashMap", "TreeMap"}) {
            java.util.function.Function<Bag, Map<String, Integer>> map = which.equals("HashMap") ? b -> b.map
                : which.equals("LinkedHashMap") ? b -> b.linkedMap : b -> b.tree;
            all.add(Pattern.committingInside(which + ".compute committing", map::apply, m -> {
                InsideCommit inside = new InsideCommit(committer);
                m.compute(first(m.keySet()), (k, v) -> inside.commit(v + 20));
            }));
            all.add(Pattern.committingInside(which + ".computeIfAbsent committing", map::apply, m -> {
                InsideCommit inside = new InsideCommit(committer);
                m.computeIfAbsent("ca" + m.size(), k -> inside.commit(11));
            }));
            all.add(Pattern.committingInside(which + ".computeIfPresent committing", map::apply, m -> {
                InsideCommit inside = new InsideCommit(committer);
                m.computeIfPresent(first(m.keySet()), (k, v) -> inside.commit(v - 3));
            }));
            all.add(Pattern.committingInside(which + ".merge committing", map::apply, m -> {
                InsideCommit inside = new InsideCommit(committer);
                m.merge(first(m.keySet()), 6, (a, b) -> inside.commit(a + b));
            }));
            all.add(Pattern.committingInside(which + ".replaceAll committing", map::apply, m -> {
                InsideCommit inside = new InsideCommit(committer);
                m.replaceAll((k, v) -> inside.commit(v + 2));
            }));
            all.add(Pattern.committingInside(which + ".values().removeIf committing", b -> map.apply(b).values(), v -> {
                InsideCommit inside = new InsideCommit(committer);
                Integer min = Collections.min(v);
                v.removeIf(value -> inside.commit(min.equals(value)));
            }));
        }
        all.add(Pattern.committingInside("TreeMap.compute committing, refill", b -> b.tree, m -> {
            InsideCommit inside = new InsideCommit(committer);
            for (String key : List.of("c1", "c2", "c3", "c4", "c5", "c6")) {
                m.compute(key, (k, v) -> inside.commit(v == null ? 1 : v + 1));
            }
        }));
        all.add(Pattern.committingInside("TreeMap.subMap().compute committing", b -> b.tree, m -> {
            InsideCommit inside = new InsideCommit(committer);
            m.subMap(m.firstKey(), true, m.lastKey(), true).compute(m.lastKey(), (k, v) -> inside.commit(v + 30));
        }));
        for (String which : new String[] {"ArrayList", "LinkedList"}) {
            java.util.function.Function<Bag, List<String>> list = which.equals("ArrayList") ? b -> b.list : b -> b.linked;
            all.add(Pattern.committingInside(which + ".replaceAll committing", list::apply, l -> {
                InsideCommit inside = new InsideCommit(committer);
                l.replaceAll(s -> inside.commit(s + "~"));
            }));
            all.add(Pattern.committingInside(which + ".removeIf committing", list::apply, l -> {
                InsideCommit inside = new InsideCommit(committer);
                String first = l.get(0);
                l.removeIf(s -> inside.commit(first.equals(s)));
            }));
            all.add(Pattern.committingInside(which + ".sort committing", list::apply, l -> {
                InsideCommit inside = new InsideCommit(committer);
                l.add("00");
                l.sort((a, b) -> inside.commit(a.compareTo(b)));
            }));
            all.add(Pattern.committingInside(which + ".subList().replaceAll committing", list::apply, l -> {
                InsideCommit inside = new InsideCommit(committer);
                l.subList(0, 2).replaceAll(s -> inside.commit(s + "^"));
            }));
        }
        for (String which : new String[] {"HashSet", "LinkedHashSet", "TreeSet"}) {
            java.util.function.Function<Bag, Set<String>> set = which.equals("HashSet") ? b -> b.set
                : which.equals("LinkedHashSet") ? b -> b.linkedSet : b -> b.sorted;
            all.add(Pattern.committingInside(which + ".removeIf committing", set::apply, s -> {
                InsideCommit inside = new InsideCommit(committer);
                String first = first(s);
                s.removeIf(e -> inside.commit(first.equals(e)));
            }));
        }
    }

    private static void addLists(List<Pattern> all) {
        all.add(Pattern.of("ArrayList.add(i, e)", b -> b.list, l -> l.add(1, "inserted")));
        all.add(Pattern.of("ArrayList.addAll", b -> b.list, l -> l.addAll(List.of("m", "n"))));
        all.add(Pattern.of("ArrayList.addAll(i, c)", b -> b.list, l -> l.addAll(0, List.of("o"))));
        all.add(Pattern.of("ArrayList.set", b -> b.list, l -> l.set(l.size() - 1, "last")));
        all.add(Pattern.of("ArrayList.remove(i)", b -> b.list, l -> l.remove(0)));
        all.add(Pattern.of("ArrayList.remove(o)", b -> b.list, l -> l.remove(l.get(l.size() - 1))));
        all.add(Pattern.of("ArrayList.removeAll", b -> b.list, l -> l.removeAll(List.of(l.get(0)))));
        all.add(Pattern.of("ArrayList.retainAll", b -> b.list, l -> l.retainAll(l.subList(1, l.size()))));
        all.add(Pattern.of("ArrayList.removeIf", b -> b.list, l -> {
            String first = l.get(0);
            l.removeIf(first::equals);
        }));
        all.add(Pattern.of("ArrayList.sort", b -> b.list, l -> {
            l.add("0");
            l.sort(Collections.reverseOrder());
        }));
        all.add(Pattern.of("Collections.reverse", b -> b.list, l -> {
            l.add("z");
            Collections.reverse(l);
        }));
        all.add(Pattern.of("ArrayList.listIterator().set", b -> started(b.list.listIterator()), it -> it.set("it-set")));
        all.add(Pattern.of("ArrayList.listIterator().add", b -> started(b.list.listIterator()), it -> it.add("it-add")));
        all.add(Pattern.of("ArrayList.subList taken early, set", b -> b.list.subList(0, 2), sub -> sub.set(1, "early")));
        all.add(Pattern.of("ArrayList.subList().add", b -> b.list, l -> l.subList(1, 2).add("sub-add")));
        all.add(Pattern.of("ArrayList.subList().clear", b -> b.list, l -> l.subList(0, 1).clear()));
        all.add(Pattern.of("ArrayList.subList().subList().set", b -> b.list, l -> l.subList(0, 3).subList(1, 2).set(0, "subsub")));
        all.add(Pattern.of("ArrayList.subList().listIterator().remove", b -> b.list,
            l -> removeFirst(l.subList(0, 2).listIterator())));
        all.add(Pattern.of("LinkedList.addFirst", b -> b.linked, l -> l.addFirst("first")));
        all.add(Pattern.of("LinkedList.addLast", b -> b.linked, l -> l.addLast("last")));
        all.add(Pattern.of("LinkedList.offerFirst", b -> b.linked, l -> l.offerFirst("offered")));
        all.add(Pattern.of("LinkedList.push", b -> b.linked, l -> l.push("pushed")));
        all.add(Pattern.of("LinkedList.pop", b -> b.linked, LinkedList::pop));
        all.add(Pattern.of("LinkedList.pollLast", b -> b.linked, LinkedList::pollLast));
        all.add(Pattern.of("LinkedList.removeFirstOccurrence", b -> b.linked, l -> l.removeFirstOccurrence(l.peekLast())));
        all.add(Pattern.of("LinkedList.descendingIterator().remove", b -> started(b.linked.descendingIterator()), Iterator::remove));
        all.add(Pattern.of("LinkedList.listIterator(1).add", b -> b.linked, l -> l.listIterator(1).add("at-1")));
        all.add(Pattern.of("LinkedList.subList().set", b -> b.linked, l -> l.subList(0, 1).set(0, "linked-sub")));
        all.add(Pattern.of("LinkedList.removeIf", b -> b.linked, l -> {
            String last = l.getLast();
            l.removeIf(last::equals);
        }));
    }

    private static void addMaps(List<Pattern> all) {
        for (String which : new String[] {"HashMap", "LinkedHashMap"}) {
            java.util.function.Function<Bag, Map<String, Integer>> map = which.equals("HashMap") ? b -> b.map : b -> b.linkedMap;
            all.add(Pattern.of(which + ".putIfAbsent", map::apply, m -> m.putIfAbsent("absent" + m.size(), 1)));
            all.add(Pattern.of(which + ".remove(k, v)", map::apply, m -> {
                String key = first(m.keySet());
                m.remove(key, m.get(key));
            }));
            all.add(Pattern.of(which + ".replace(k, v)", map::apply, m -> m.replace(first(m.keySet()), -1)));
            all.add(Pattern.of(which + ".replace(k, old, new)", map::apply, m -> {
                String key = first(m.keySet());
                m.replace(key, m.get(key), -2);
            }));
            all.add(Pattern.of(which + ".replaceAll", map::apply, m -> m.replaceAll((k, v) -> v + 1)));
            all.add(Pattern.of(which + ".compute", map::apply, m -> m.compute(first(m.keySet()), (k, v) -> v + 10)));
            all.add(Pattern.of(which + ".computeIfAbsent", map::apply, m -> m.computeIfAbsent("cia" + m.size(), k -> 7)));
            all.add(Pattern.of(which + ".computeIfPresent", map::apply, m -> m.computeIfPresent(first(m.keySet()), (k, v) -> v * 3 + 1)));
            all.add(Pattern.of(which + ".merge", map::apply, m -> m.merge(first(m.keySet()), 5, Integer::sum)));
            all.add(Pattern.of(which + ".putAll", map::apply, m -> m.putAll(Map.of("all1", 1, "all2", 2))));
            all.add(Pattern.of(which + ".remove(k)", map::apply, m -> m.remove(first(m.keySet()))));
            all.add(Pattern.of(which + ".keySet().removeIf", b -> map.apply(b).keySet(), keys -> {
                String key = first(keys);
                keys.removeIf(key::equals);
            }));
            all.add(Pattern.of(which + ".keySet().retainAll", b -> map.apply(b).keySet(),
                keys -> keys.retainAll(new TreeSet<>(keys).tailSet(first(keys), false))));
            all.add(Pattern.of(which + ".keySet().iterator().remove", b -> started(map.apply(b).keySet().iterator()), Iterator::remove));
            all.add(Pattern.of(which + ".values().remove", b -> map.apply(b).values(), v -> v.remove(Collections.max(v))));
            all.add(Pattern.of(which + ".values().removeAll", b -> map.apply(b).values(), v -> v.removeAll(List.of(Collections.max(v)))));
            all.add(Pattern.of(which + ".entrySet().removeIf", b -> map.apply(b).entrySet(), entries -> {
                String key = first(keysOf(entries));
                entries.removeIf(e -> e.getKey().equals(key));
            }));
            all.add(Pattern.of(which + ".entrySet().iterator().remove", b -> started(map.apply(b).entrySet().iterator()), Iterator::remove));
            all.add(Pattern.of(which + ".clear then put", map::apply, m -> {
                m.clear();
                m.putAll(Map.of("a", 1, "b", 2, "c", 3, "d", 4, "e", 5, "f", 6, "g", 7));
            }));
            all.add(Pattern.of(which + ".entrySet().forEach(setValue)", b -> map.apply(b).entrySet(),
                entries -> entries.forEach(e -> e.setValue(e.getValue() + 1000))));
            all.add(Pattern.of(which + ".entrySet().stream() setValue", b -> map.apply(b).entrySet(),
                entries -> entries.stream().forEach(e -> e.setValue(e.getValue() - 7))));
            all.add(Pattern.of(which + ".entrySet().toArray() setValue", b -> map.apply(b).entrySet(), entries -> {
                @SuppressWarnings("unchecked")
                Map.Entry<String, Integer> entry = (Map.Entry<String, Integer>) entries.toArray()[0];
                entry.setValue(entry.getValue() + 3);
            }));
        }
    }

    private static void addSortedMaps(List<Pattern> all) {
        all.add(Pattern.of("TreeMap.put", b -> b.tree, m -> m.put("tp" + m.size(), 1)));
        all.add(Pattern.of("TreeMap.pollFirstEntry", b -> b.tree, NavigableMap::pollFirstEntry));
        all.add(Pattern.of("TreeMap.pollLastEntry", b -> b.tree, NavigableMap::pollLastEntry));
        all.add(Pattern.of("TreeMap.headMap().clear", b -> b.tree, m -> m.headMap(m.firstKey(), true).clear()));
        all.add(Pattern.of("TreeMap.tailMap().put", b -> b.tree, m -> m.tailMap(m.firstKey()).put(m.lastKey() + "x", 5)));
        all.add(Pattern.of("TreeMap.subMap().remove", b -> b.tree, m -> m.subMap(m.firstKey(), true, m.lastKey(), true).remove(m.lastKey())));
        all.add(Pattern.of("TreeMap.descendingMap().put", b -> b.tree, m -> m.descendingMap().put("desc" + m.size(), 8)));
        all.add(Pattern.of("TreeMap.navigableKeySet().pollFirst", b -> b.tree.navigableKeySet(), NavigableSet::pollFirst));
        all.add(Pattern.of("TreeMap.descendingKeySet().remove", b -> b.tree.descendingKeySet(), keys -> keys.remove(keys.first())));
        all.add(Pattern.of("TreeMap.keySet().iterator().remove", b -> started(b.tree.keySet().iterator()), Iterator::remove));
        all.add(Pattern.of("TreeMap.headMap().entrySet() setValue", b -> b.tree, m -> {
            Map.Entry<String, Integer> entry = m.headMap(m.lastKey(), true).entrySet().iterator().next();
            entry.setValue(entry.getValue() + 50);
        }));
        all.add(Pattern.of("TreeMap.subMap().headMap().remove (view of a view)", b -> b.tree,
            m -> m.subMap(m.firstKey(), true, m.lastKey(), true).headMap(m.lastKey()).remove(m.firstKey())));
        all.add(Pattern.of("TreeMap.descendingMap().values().removeIf", b -> b.tree.descendingMap().values(), v -> {
            Integer max = Collections.max(v);
            v.removeIf(max::equals);
        }));
        all.add(Pattern.of("TreeMap.compute refill", b -> b.tree, m -> {
            for (String key : List.of("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8")) {
                m.compute(key, (k, v) -> v == null ? 1 : v + 1);
            }
        }));
    }

    private static void addSets(List<Pattern> all) {
        for (String which : new String[] {"HashSet", "LinkedHashSet", "TreeSet"}) {
            java.util.function.Function<Bag, Set<String>> set = which.equals("HashSet") ? b -> b.set
                : which.equals("LinkedHashSet") ? b -> b.linkedSet : b -> b.sorted;
            all.add(Pattern.of(which + ".add", set::apply, s -> s.add("s" + s.size())));
            all.add(Pattern.of(which + ".addAll", set::apply, s -> s.addAll(List.of("u" + s.size(), "v" + s.size()))));
            all.add(Pattern.of(which + ".remove", set::apply, s -> s.remove(first(s))));
            all.add(Pattern.of(which + ".removeIf", set::apply, s -> {
                String first = first(s);
                s.removeIf(first::equals);
            }));
            all.add(Pattern.of(which + ".iterator().remove", b -> started(set.apply(b).iterator()), Iterator::remove));
            all.add(Pattern.of(which + ".retainAll", set::apply, s -> s.retainAll(new TreeSet<>(s).tailSet(first(s), false))));
            all.add(Pattern.of(which + ".removeAll", set::apply, s -> s.removeAll(List.of(first(s)))));
            all.add(Pattern.of(which + ".refill", set::apply, s -> s.addAll(List.of("a", "b", "c", "d", "e", "f", "g"))));
        }
        all.add(Pattern.of("TreeSet.pollFirst", b -> b.sorted, NavigableSet::pollFirst));
        all.add(Pattern.of("TreeSet.pollLast", b -> b.sorted, NavigableSet::pollLast));
        all.add(Pattern.of("TreeSet.headSet().clear", b -> b.sorted, s -> s.headSet(s.first(), true).clear()));
        all.add(Pattern.of("TreeSet.tailSet().remove", b -> b.sorted, s -> s.tailSet(s.first()).remove(s.last())));
        all.add(Pattern.of("TreeSet.subSet().add", b -> b.sorted, s -> s.subSet("a", "zz").add("m" + s.size())));
        all.add(Pattern.of("TreeSet.descendingSet().remove", b -> b.sorted.descendingSet(), s -> s.remove(s.first())));
        all.add(Pattern.of("TreeSet.descendingIterator().remove", b -> started(b.sorted.descendingIterator()), Iterator::remove));
        all.add(Pattern.of("TreeSet.subSet().headSet().remove (view of a view)", b -> b.sorted,
            s -> s.subSet(s.first(), true, s.last(), true).headSet(s.last()).remove(s.first())));
        all.add(Pattern.of("TreeSet.refill", b -> b.sorted, s -> s.addAll(List.of("a", "b", "c", "d", "e", "f", "g"))));
    }

    private static void addNestedAndArrays(List<Pattern> all) {
        all.add(Pattern.of("nested list add", b -> b.groups.get(0), g -> g.add("g" + g.size())));
        all.add(Pattern.of("nested list iterator remove", b -> {
            List<String> group = b.groups.get(1);
            group.add("n" + group.size());
            return started(group.iterator());
        }, Iterator::remove));
        all.add(Pattern.of("nested list added by the application, then changed", b -> {
            List<String> group = new ArrayList<>(List.of("new-group"));
            b.groups.add(group);
            return group;
        }, g -> g.add("later")));
        all.add(Pattern.of("array inside a list", b -> b.vectors.get(0), v -> v[0] += 5));
        all.add(Pattern.of("array added to a list, then changed", b -> {
            int[] vector = {7, 7};
            b.vectors.add(vector);
            return vector;
        }, v -> v[1] = 8));
        all.add(Pattern.of("list in a map value", b -> b.index.get("p"), l -> l.add(l.size())));
        all.add(Pattern.of("list put into a map by the application, then changed", b -> {
            List<Integer> values = new ArrayList<>();
            b.index.put("r" + b.index.size(), values);
            return values;
        }, l -> l.add(5)));
        all.add(Pattern.of("String[] element store", b -> b.names, a -> a[0] = a[0] + "+"));
        all.add(Pattern.of("array field replaced, new array changed", b -> {
            int[] numbers = Arrays.copyOf(b.numbers, b.numbers.length + 1);
            b.numbers = numbers;
            return numbers;
        }, a -> a[a.length - 1] = 77));
        all.add(Pattern.of("array field replaced by one filled through a local, changed through the field", b -> {
            int[] numbers = new int[b.numbers.length + 1];
            for (int i = 0; i < b.numbers.length; i++) {
                numbers[i] = b.numbers[i];
            }
            numbers[b.numbers.length] = 12;
            b.numbers = numbers;
            return b;
        }, bag -> bag.numbers[0] += 40));
        all.add(Pattern.of("array field replaced by one filled through a local, written through it after a commit", b -> {
            int[] numbers = new int[b.numbers.length + 1];
            for (int i = 0; i < b.numbers.length; i++) {
                numbers[i] = b.numbers[i];
            }
            b.numbers = numbers;
            committer.run();
            numbers[numbers.length - 1] = 99;
            return b;
        }, bag -> bag.numbers[0] -= 1));
        all.add(Pattern.of("array field replaced by one a helper made, changed through the field", b -> {
            String[] names = names(b.names.length + 1);
            for (int i = 0; i < b.names.length; i++) {
                names[i] = b.names[i];
            }
            b.names = names;
            return b;
        }, bag -> bag.names[bag.names.length - 1] += "*"));
        all.add(Pattern.of("array field replaced by one a helper made and kept, changed where the helper kept it", b -> {
            int[] numbers = kept(b.numbers.length + 1);
            for (int i = 0; i < b.numbers.length; i++) {
                numbers[i] = b.numbers[i];
            }
            b.numbers = numbers;
            return lastKept;
        }, a -> a[a.length - 1] = 55));
        all.add(Pattern.of("list field replaced by a plain list, changed", b -> {
            ArrayList<String> list = new ArrayList<>(b.list);
            b.list = list;
            return list;
        }, l -> l.add("plain")));
        all.add(Pattern.of("map field replaced by a plain map, changed", b -> {
            java.util.HashMap<String, Integer> map = new java.util.HashMap<>(b.map);
            b.map = map;
            return map;
        }, m -> m.put("plain", 1)));
    }

    /** Java 21's sequenced-collection methods, called reflectively where the runtime has them. */
    private static void addSequenced(List<Pattern> all) {
        if (method(List.class, "removeLast") == null) {
            return;
        }
        all.add(Pattern.of("ArrayList.removeLast (Java 21)", b -> b.list, l -> invoke(l, "removeLast")));
        all.add(Pattern.of("ArrayList.addFirst (Java 21)", b -> b.list, l -> invoke(l, "addFirst", "seq")));
        all.add(Pattern.of("ArrayList.reversed().remove(0) (Java 21)", b -> b.list, l -> ((List<?>) invoke(l, "reversed")).remove(0)));
        all.add(Pattern.of("LinkedHashSet.addFirst (Java 21)", b -> b.linkedSet, s -> invoke(s, "addFirst", "front" + s.size())));
        all.add(Pattern.of("LinkedHashSet.removeLast (Java 21)", b -> b.linkedSet, s -> invoke(s, "removeLast")));
        all.add(Pattern.of("LinkedHashSet.reversed().iterator().remove (Java 21)", b -> b.linkedSet,
            s -> removeFirst(((Collection<?>) invoke(s, "reversed")).iterator())));
        all.add(Pattern.of("LinkedHashMap.sequencedKeySet().remove (Java 21)", b -> b.linkedMap,
            m -> ((Collection<?>) invoke(m, "sequencedKeySet")).remove(first(m.keySet()))));
        all.add(Pattern.of("LinkedHashMap.reversed().replaceAll (Java 21)", b -> b.linkedMap, m -> {
            @SuppressWarnings("unchecked")
            Map<String, Integer> reversed = (Map<String, Integer>) invoke(m, "reversed");
            reversed.replaceAll((BiFunction<String, Integer, Integer>) (k, v) -> v + 9);
        }));
        all.add(Pattern.of("LinkedHashMap.putFirst (Java 21)", b -> b.linkedMap, m -> invoke(m, "putFirst", "pf" + m.size(), 4)));
    }

    private static <T extends Iterator<?>> T started(T iterator) {
        iterator.next();
        return iterator;
    }

    private static void removeFirst(Iterator<?> iterator) {
        iterator.next();
        iterator.remove();
    }

    /** The smallest key: the same element in a stored value and its model, whatever their hash order. */
    private static String first(Collection<String> values) {
        return new TreeSet<>(values).first();
    }

    private static Collection<String> keysOf(Set<Map.Entry<String, Integer>> entries) {
        List<String> keys = new ArrayList<>();
        entries.forEach(e -> keys.add(e.getKey()));
        return keys;
    }

    private static Method method(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Object invoke(Object target, String name, Object... arguments) {
        for (Method candidate : target.getClass().getMethods()) {
            if (candidate.getName().equals(name) && candidate.getParameterCount() == arguments.length) {
                try {
                    candidate.setAccessible(true);
                    return candidate.invoke(target, arguments);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                } catch (InvocationTargetException e) {
                    throw new IllegalStateException(name + " failed", e.getCause());
                }
            }
        }
        throw new IllegalStateException("no " + name + " on " + target.getClass());
    }
}
