package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link DeepNestingTest}: collections nested far deeper than a reader recursing once per level has
 * stack for, and keys whose hash reads the collections they hold, all read back in a new JVM.
 */
public final class DeepNestingWorkload {

    /** Levels of nesting: a recursion per level ran out of the default stack at about 1,500. */
    static final int DEPTH = 20_000;

    /** A list of lists {@link #DEPTH} deep, a map whose values nest as deep, and sets keyed by collections. */
    @Persistent
    public static class Document {
        List<Object> body = new ArrayList<>();
        Map<String, Object> tree = new HashMap<>();
        List<Set<List<String>>> keyedByLists = new ArrayList<>();
        List<Set<Tag>> keyedByTags = new ArrayList<>();
    }

    /** A persistent key whose hash and equality read the list it holds. */
    @Persistent
    public static class Tag {
        List<String> words = new ArrayList<>();

        Tag(String... words) {
            this.words.addAll(List.of(words));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tag && ((Tag) o).words.equals(words);
        }

        @Override
        public int hashCode() {
            return Objects.hash(words);
        }
    }

    private final String phase;

    private DeepNestingWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        DeepNestingWorkload workload = new DeepNestingWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "verify", workload::verify, "deepen", workload::deepen,
            "verifyDeeper", workload::verifyDeeper));
    }

    private void build(ObjectStore store) {
        Document document = store.root("document", Document.class, Document::new);
        List<Object> list = document.body;
        Map<String, Object> map = document.tree;
        for (int i = 0; i < DEPTH; i++) {
            List<Object> inner = new ArrayList<>();
            list.add("level " + i);
            list.add(inner);
            list = inner;
            Map<String, Object> child = new HashMap<>();
            map.put("child", child);
            map.put("level", i);
            map = child;
        }
        Set<List<String>> lists = new HashSet<>();
        lists.add(new ArrayList<>(List.of("a", "b")));
        lists.add(new ArrayList<>(List.of("c")));
        document.keyedByLists.add(lists);
        Set<Tag> tags = new HashSet<>();
        tags.add(new Tag("red", "green"));
        tags.add(new Tag("blue"));
        document.keyedByTags.add(tags);
        store.commit();
        Phases.halt(phase);
    }

    private void verify(ObjectStore store) {
        checkDepth(store.root("document", Document.class), DEPTH);
    }

    /** One more level at the bottom of each, read from the store first. */
    private void deepen(ObjectStore store) {
        Document document = store.root("document", Document.class);
        List<Object> list = bottom(document.body);
        list.add("level " + DEPTH);
        list.add(new ArrayList<>());
        Map<String, Object> map = document.tree;
        while (map.containsKey("child")) {
            map = child(map);
        }
        map.put("level", DEPTH);
        map.put("child", new HashMap<>());
        store.commit();
        Phases.halt(phase);
    }

    private void verifyDeeper(ObjectStore store) {
        checkDepth(store.root("document", Document.class), DEPTH + 1);
    }

    private void checkDepth(Document document, int depth) {
        int levels = 0;
        for (List<Object> list = document.body; !list.isEmpty(); list = next(list)) {
            if (!list.get(0).equals("level " + levels)) {
                Phases.check(phase, "list level " + levels + " holds " + list.get(0), false);
                return;
            }
            levels++;
        }
        Phases.check(phase, "the lists nest " + levels + " deep, not " + depth, levels == depth);
        levels = 0;
        for (Map<String, Object> map = document.tree; map.containsKey("child"); map = child(map)) {
            if (!Integer.valueOf(levels).equals(map.get("level"))) {
                Phases.check(phase, "map level " + levels + " holds " + map.get("level"), false);
                return;
            }
            levels++;
        }
        Phases.check(phase, "the maps nest " + levels + " deep, not " + depth, levels == depth);
        Set<List<String>> lists = document.keyedByLists.get(0);
        Phases.check(phase, "a set of lists finds its lists: " + lists,
            lists.contains(List.of("a", "b")) && lists.contains(List.of("c")) && lists.size() == 2);
        Set<Tag> tags = document.keyedByTags.get(0);
        Phases.check(phase, "a set of persistent keys whose hash reads their lists finds them",
            tags.contains(new Tag("red", "green")) && tags.contains(new Tag("blue")) && tags.size() == 2);
    }

    private static List<Object> bottom(List<Object> top) {
        List<Object> list = top;
        while (!list.isEmpty()) {
            list = next(list);
        }
        return list;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> next(List<Object> list) {
        return (List<Object>) list.get(1);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> child(Map<String, Object> map) {
        return (Map<String, Object>) map.get("child");
    }
}
