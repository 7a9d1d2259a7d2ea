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
    /**
     * Levels of nesting of sets that are each other's elements, which Java's own {@code hashCode} recurses through (it
     * runs out of the default stack at about 10,000); the reader ran out at about 2,000.
     */
    static final int KEY_DEPTH = 3_000;
    /** Levels of nesting of the lists of a map's key: {@code ArrayList.hashCode} takes two frames a level, interpreted. */
    static final int LIST_KEY_DEPTH = 2_000;

    /** A list of lists {@link #DEPTH} deep, a map whose values nest as deep, and sets keyed by collections. */
    @Persistent
    public static class Document {
        List<Object> body = new ArrayList<>();
        Map<String, Object> tree = new HashMap<>();
        List<Set<List<String>>> keyedByLists = new ArrayList<>();
        List<Set<Tag>> keyedByTags = new ArrayList<>();
        /** Each level a set holding the level below and its number, {@link #KEY_DEPTH} deep. */
        Set<Object> nestedSets = new HashSet<>();
        /** One entry, whose key is a list holding its number and the level below, {@link #LIST_KEY_DEPTH} deep. */
        Map<List<Object>, String> keyedByNestedList = new HashMap<>();
        /** A set of one {@link Tag}, then that tag's list: the set is read first, and hashes the tag, which reads the list. */
        List<Object> keysBeforeTheirLists = new ArrayList<>();
        /** A set of one {@link Phrase}, then the list its list holds: the set's read hashes the phrase, which reads both. */
        List<Object> keysBeforeTheirNestedLists = new ArrayList<>();
        /**
         * A list of lists, then a set holding it, a map keyed by it, and a set of a {@link Phrase} holding it: the list
         * is read first as an element, without the list it holds, and must not be hashed as the set's element, the
         * map's key, or in the phrase's hash, before that one is read.
         */
        List<Object> sharedKeysBeforeTheirLists = new ArrayList<>();
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

    /** A persistent key whose hash and equality read the lists its list holds. */
    @Persistent
    public static class Phrase {
        List<List<String>> parts = new ArrayList<>();

        @Override
        public boolean equals(Object o) {
            return o instanceof Phrase && ((Phrase) o).parts.equals(parts);
        }

        @Override
        public int hashCode() {
            return parts.hashCode();
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
        document.nestedSets = nestedSets(KEY_DEPTH);
        document.keyedByNestedList.put(nestedList(LIST_KEY_DEPTH), "found");
        Tag shared = new Tag();
        shared.words = new ArrayList<>(List.of("shared", "words"));
        document.keysBeforeTheirLists.add(new HashSet<>(Set.of(shared)));
        document.keysBeforeTheirLists.add(shared.words);
        Phrase phrase = new Phrase();
        List<String> words = new ArrayList<>(List.of("nested", "words"));
        phrase.parts.add(words);
        document.keysBeforeTheirNestedLists.add(new HashSet<>(Set.of(phrase)));
        document.keysBeforeTheirNestedLists.add(words);
        List<List<String>> listOfLists = new ArrayList<>();
        listOfLists.add(new ArrayList<>(List.of("inner", "words")));
        document.sharedKeysBeforeTheirLists.add(listOfLists);
        document.sharedKeysBeforeTheirLists.add(new HashSet<>(Set.of(listOfLists)));
        document.sharedKeysBeforeTheirLists.add(new HashMap<>(Map.of(listOfLists, "value")));
        Phrase sharing = new Phrase();
        sharing.parts = listOfLists;
        document.sharedKeysBeforeTheirLists.add(new HashSet<>(Set.of(sharing)));
        store.commit();
        Phases.halt(phase);
    }

    /** Sets nested {@code depth} deep: each holds the one below and its level; the bottom one holds "bottom". */
    private static Set<Object> nestedSets(int depth) {
        Set<Object> set = new HashSet<>(Set.of("bottom"));
        for (int i = 0; i < depth; i++) {
            Set<Object> outer = new HashSet<>();
            outer.add(i);
            outer.add(set);
            set = outer;
        }
        return set;
    }

    /** Lists nested {@code depth} deep: each holds its level and the one below. */
    private static List<Object> nestedList(int depth) {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < depth; i++) {
            List<Object> outer = new ArrayList<>();
            outer.add(i);
            outer.add(list);
            list = outer;
        }
        return list;
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

    @SuppressWarnings("unchecked")
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
        Set<Object> set = document.nestedSets;
        for (int level = KEY_DEPTH - 1; level >= 0; level--) {
            Set<Object> below = null;
            for (Object element : set) {
                if (element instanceof Set) {
                    below = (Set<Object>) element;
                }
            }
            if (!set.contains(level) || below == null || !set.contains(below)) {
                Phases.check(phase, "the set of level " + level + " finds its number and the set below it: " + set.size(), false);
                return;
            }
            set = below;
        }
        Phases.check(phase, "the bottom set holds \"bottom\": " + set, set.equals(Set.of("bottom")));
        Phases.check(phase, "a map finds its entry by an equal key of lists nested " + LIST_KEY_DEPTH + " deep",
            "found".equals(document.keyedByNestedList.get(nestedList(LIST_KEY_DEPTH))));
        Set<Phrase> phrases = (Set<Phrase>) document.keysBeforeTheirNestedLists.get(0);
        Phrase expected = new Phrase();
        expected.parts.add(List.of("nested", "words"));
        Phases.check(phase, "a set read before the list its persistent key's list holds finds the key: " + phrases.size(),
            phrases.contains(expected));
        List<List<String>> shared = List.of(List.of("inner", "words"));
        List<Object> sharing = document.sharedKeysBeforeTheirLists;
        Set<Object> sharedSet = (Set<Object>) sharing.get(1);
        Map<Object, String> sharedMap = (Map<Object, String>) sharing.get(2);
        Phases.check(phase, "a set whose element, a list of lists, was read first as a list's element finds it: " + sharedSet,
            sharedSet.contains(shared) && sharedSet.contains(sharing.get(0)) && sharedSet.iterator().next() == sharing.get(0));
        Phases.check(phase, "a map whose key, a list of lists, was read first as a list's element finds it: " + sharedMap,
            "value".equals(sharedMap.get(shared)) && sharedMap.keySet().iterator().next() == sharing.get(0));
        Phrase sharingPhrase = new Phrase();
        sharingPhrase.parts.add(List.of("inner", "words"));
        Set<Phrase> sharedPhrases = (Set<Phrase>) sharing.get(3);
        Phases.check(phase, "a set of persistent keys whose list of lists was read first finds its key",
            sharedPhrases.contains(sharingPhrase) && sharedPhrases.iterator().next().parts == sharing.get(0));
        Set<Tag> keys = (Set<Tag>) document.keysBeforeTheirLists.get(0);
        Phases.check(phase, "a set read before the list its persistent key's hash reads finds the key: " + keys.size(),
            keys.contains(new Tag("shared", "words")) && keys.iterator().next().words == document.keysBeforeTheirLists.get(1));
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
