package org.swizzle.it.identity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import org.swizzle.Persistent;

/**
 * The root of the keys scenario: persistent objects as keys and elements of hash and sorted collections, with
 * the identity hash code {@link Part} inherits, an equals and hashCode of their fields ({@link Code}), and a
 * natural order of their fields ({@link Rank}).
 */
@Persistent
public class Keyring {
    List<Part> parts = new ArrayList<>();
    Map<Part, String> byPart = new HashMap<>();
    Set<Part> picked = new HashSet<>();
    Map<Code, Integer> byCode = new HashMap<>();
    TreeMap<Rank, String> ranked = new TreeMap<>();

    /** A key equal to any other of the same text. */
    @Persistent
    public static class Code {
        String text;

        Code(String text) {
            this.text = text;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Code && ((Code) other).text.equals(text);
        }

        @Override
        public int hashCode() {
            return Objects.hash(text);
        }
    }

    /** A key ordered by its number. */
    @Persistent
    public static class Rank implements Comparable<Rank> {
        int number;

        Rank(int number) {
            this.number = number;
        }

        @Override
        public int compareTo(Rank other) {
            return Integer.compare(number, other.number);
        }

        @Override
        public String toString() {
            return "rank " + number;
        }
    }
}
