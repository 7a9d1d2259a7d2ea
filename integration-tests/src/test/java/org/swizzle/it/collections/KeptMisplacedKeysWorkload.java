package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.swizzle.IncompatibleSchemaException;
import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.StoreException;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link KeptMisplacedKeysTest}: books that hold a key hashed by the size of its index, which holds the
 * book and a tag whose hash throws once. Hashing the key while the book is read reads the book again, inside its own
 * read; the tag's failure clears the book, the key's hash catches it and hashes 0, and the book's read is refused,
 * leaving resident the collection the key went into with that hash.
 */
public final class KeptMisplacedKeysWorkload {

    /** Whether the book's first read is refused: not where its index is read first, as its neighbour, which spends the tag's failure. */
    static final String REFUSAL_EXPECTED = "swizzle.it.refusalExpected";

    /** The roots, each a book whose key is in one shape of collection: a set, a map's keys, or a set inside a list. */
    private static final List<String> BOOKS = List.of("keyed", "paged", "chaptered");

    /** A tag whose hash throws once when its name is {@link #failingOnce}. */
    @Persistent
    public static class Tag {
        static String failingOnce;
        String name;

        Tag(String name) {
            this.name = name;
        }

        @Override
        public int hashCode() {
            if (name.equals(failingOnce)) {
                failingOnce = null;
                throw new IllegalStateException(name + " cannot hash now");
            }
            return name.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tag && ((Tag) o).name.equals(name);
        }
    }

    /** The book, then its tag. */
    @Persistent
    public static class Index {
        Set<Object> entries = new LinkedHashSet<>();
    }

    /** A key equal to another of the same name, hashed by the number of entries its index has, or 0 when they cannot be read. */
    @Persistent
    public static class Key {
        String name;
        Index index;

        Key(String name, Index index) {
            this.name = name;
            this.index = index;
        }

        @Override
        public int hashCode() {
            try {
                return index.entries.size();
            } catch (RuntimeException e) {
                return 0;
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key && ((Key) o).name.equals(name);
        }
    }

    /** A book equal to another of the same number, its title the name of its root and of its key. */
    @Persistent
    public static class Book {
        int number;
        String title;
        Set<Key> keys = new HashSet<>();
        Map<Key, String> pages = new HashMap<>();
        List<Set<Key>> chapters = new ArrayList<>();

        Book(int number, String title) {
            this.number = number;
            this.title = title;
        }

        @Override
        public int hashCode() {
            return number;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Book && ((Book) o).number == number;
        }

        /** The keys of the collection its key is in. */
        Collection<Key> held() {
            switch (title) {
                case "keyed": return keys;
                case "paged": return pages.keySet();
                default: return chapters.get(0);
            }
        }

        void addEqualKey() {
            Key equal = new Key(title, held().iterator().next().index);
            if (title.equals("paged")) {
                pages.put(equal, "page again");
            } else {
                held().add(equal);
            }
        }
    }

    private final String phase;

    private KeptMisplacedKeysWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        KeptMisplacedKeysWorkload workload = new KeptMisplacedKeysWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "readAfterRefusal", workload::readAfterRefusal,
            "check", workload::check));
    }

    private void build(ObjectStore store) {
        for (int i = 0; i < BOOKS.size(); i++) {
            String root = BOOKS.get(i);
            Book book = new Book(i, root);
            Index index = new Index();
            index.entries.add(book);
            index.entries.add(new Tag(root));
            Key key = new Key(root, index);
            switch (root) {
                case "keyed": book.keys.add(key); break;
                case "paged": book.pages.put(key, "page"); break;
                default: book.chapters.add(new HashSet<>(Set.of(key))); break;
            }
            store.root(root, Book.class, () -> book);
        }
        store.commit();
        Phases.halt(phase);
    }

    /**
     * The refused read's collection stays resident, and the retry takes it as it is: only the check of the notes the
     * refusal kept places its key again. Without it, {@code contains} missed the key, an equal one added went in beside
     * it, and the commit stored both, which made the book unreadable.
     */
    private void readAfterRefusal(ObjectStore store) {
        for (String root : BOOKS) {
            Tag.failingOnce = root;
            Book book = store.root(root, Book.class);
            try {
                Phases.check(phase, root + "'s read is refused where its tag's hash threw, not read whole: " + book.title,
                    !Boolean.getBoolean(REFUSAL_EXPECTED));
            } catch (StoreException e) {
                Phases.check(phase, "the refusal has the tag's failure as its cause: " + e, e.getMessage().contains("is refused")
                    && e.getCause() instanceof IllegalStateException && e.getCause().getMessage().contains("cannot hash now"));
            }
            Tag.failingOnce = null; // not spent where the book was read, whole, as a neighbour of another
            Phases.check(phase, root + " reads whole at its retry: " + book.title, root.equals(book.title));
            checkFindsItsKey(book);
            book.addEqualKey();
            Phases.check(phase, root + " holds one key after an equal one is added: " + book.held(), book.held().size() == 1);
        }
        store.commit();
        Phases.halt(phase);
    }

    private void check(ObjectStore store) {
        for (String root : BOOKS) {
            try {
                Book book = store.root(root, Book.class);
                Phases.check(phase, root + " stored one key: " + book.held(), book.held().size() == 1);
                checkFindsItsKey(book);
            } catch (IncompatibleSchemaException e) { // the two equal keys a duplicating add stored
                Phases.check(phase, root + " reads: " + e.getMessage(), false);
            }
        }
    }

    private void checkFindsItsKey(Book book) {
        Key key = book.held().iterator().next();
        Phases.check(phase, book.title + "'s collection finds its key, and an equal one", book.held().contains(key)
            && book.held().contains(new Key(book.title, key.index)));
    }
}
