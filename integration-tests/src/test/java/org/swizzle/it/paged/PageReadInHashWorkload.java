package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/** The child JVM of {@link PageReadInHashTest}. */
public final class PageReadInHashWorkload {

    static final int ENTRIES = 2_000;

    /** A dictionary of word lists, large enough to be stored in pages. */
    @Persistent
    public static class Dictionary {
        Map<String, List<String>> words = new HashMap<>();
    }

    /** A key hashed by the number of words its dictionary lists under its letter. */
    @Persistent
    public static class Letter {
        String letter;
        Dictionary dictionary;

        Letter(String letter, Dictionary dictionary) {
            this.letter = letter;
            this.dictionary = dictionary;
        }

        @Override
        public int hashCode() {
            return dictionary.words.get(letter).size();
        }
    }

    @Persistent
    public static class Index {
        Set<Letter> letters = new HashSet<>();
        List<Letter> inOrder = new ArrayList<>();
    }

    private final String phase;

    private PageReadInHashWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        PageReadInHashWorkload workload = new PageReadInHashWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "read", workload::read));
    }

    private void build(ObjectStore store) {
        Dictionary dictionary = new Dictionary();
        for (int i = 0; i < ENTRIES; i++) {
            List<String> words = new ArrayList<>();
            for (int j = 0; j <= i % 7; j++) {
                words.add("w" + i + "." + j);
            }
            dictionary.words.put("k" + i, words);
        }
        Index index = store.root("index", Index.class, Index::new);
        for (int i = 0; i < ENTRIES; i += 97) {
            Letter letter = new Letter("k" + i, dictionary);
            index.inOrder.add(letter);
            index.letters.add(letter);
        }
        store.commit();
        Phases.halt(phase);
    }

    /**
     * Reading the set hashes each letter, which reads a page of the dictionary and the word list it holds: a hash that
     * saw that list empty, before the set's read filled it, put the letter where no lookup finds it.
     */
    private void read(ObjectStore store) {
        Index index = store.root("index", Index.class);
        Phases.check(phase, "the set holds every letter: " + index.letters.size(), index.letters.size() == index.inOrder.size());
        for (Letter letter : index.inOrder) {
            int i = Integer.parseInt(letter.letter.substring(1));
            Phases.check(phase, letter.letter + " lists " + (i % 7 + 1) + " words: " + letter.dictionary.words.get(letter.letter),
                letter.dictionary.words.get(letter.letter).size() == i % 7 + 1);
            Phases.check(phase, "the set finds " + letter.letter, index.letters.contains(letter));
        }
        Phases.halt(phase);
    }
}
