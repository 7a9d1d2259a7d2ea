package org.swizzle.it.collections;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.swizzle.NotPersistentException;
import org.swizzle.ObjectStore;
import org.swizzle.StoreException;
import org.swizzle.Persistent;
import org.swizzle.it.LoggedWarnings;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link CaughtReadFailureTest}: a shelf's set of tags, held by a map too, read while the map's other
 * key, a lookup whose hash reads the shelf's set, catches the failure of that read, as a hash with a fallback does.
 */
public final class CaughtReadFailureWorkload {

    static final int TAGS = 10;

    /**
     * A tag equal to another of the same name, whose hash throws once for the name {@link #failingOnce} gives, and every
     * time for the name {@link #failing} gives, and runs out of stack for {@link #overflowing}'s.
     */
    @Persistent
    public static class Tag {
        static String failingOnce;
        static String failing;
        static String overflowing;
        String name;

        Tag(String name) {
            this.name = name;
        }

        @Override
        public int hashCode() {
            if (name.equals(failingOnce) || name.equals(failing)) {
                failingOnce = null;
                throw new IllegalStateException(name + " cannot hash now");
            }
            if (name.equals(overflowing)) {
                throw new StackOverflowError(name + " cannot hash now");
            }
            return name.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tag && ((Tag) o).name.equals(name);
        }
    }

    @Persistent
    public static class Shelf {
        Set<Tag> tags = new HashSet<>();
    }

    /** A key hashed by the number of tags on its shelf, or 0 when they cannot be read. */
    @Persistent
    public static class Lookup {
        Shelf shelf;

        Lookup(Shelf shelf) {
            this.shelf = shelf;
        }

        @Override
        public int hashCode() {
            try {
                return shelf.tags.size();
            } catch (RuntimeException e) {
                return 0;
            }
        }
    }

    /** A member equal to another of the same name, whose hash keeps the set of its club as it finds it. */
    @Persistent
    public static class Member {
        static Set<Member> kept;
        static String failingOnce;
        String name;
        Club club;

        Member(String name, Club club) {
            this.name = name;
            this.club = club;
        }

        @Override
        public int hashCode() {
            kept = club.members;
            if (name.equals(failingOnce)) {
                failingOnce = null;
                throw new IllegalStateException(name + " cannot hash now");
            }
            return name.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Member && ((Member) o).name.equals(name);
        }
    }

    @Persistent
    public static class Club {
        Set<Member> members = new HashSet<>();
    }

    /**
     * A holder of groups of tags, in a set or in a list, hashed by how many it holds. The list, unlike the set, is filled
     * before the groups it holds: a failure in a group leaves it whole, holding a group part filled.
     */
    @Persistent
    public static class Holder {
        Collection<Set<Tag>> groups;

        Holder(Collection<Set<Tag>> groups) {
            this.groups = groups;
        }

        @Override
        public int hashCode() {
            return groups.size();
        }
    }

    @Persistent
    public static class Owner {
        Set<Holder> holders = new HashSet<>();
    }

    /** A key hashed by the number of holders its owner has, or 0 when they cannot be read. */
    @Persistent
    public static class OwnerLookup {
        Owner owner;

        OwnerLookup(Owner owner) {
            this.owner = owner;
        }

        @Override
        public int hashCode() {
            try {
                return owner.holders.size();
            } catch (RuntimeException e) {
                return 0;
            }
        }
    }

    /** A root whose map holds a holder's set of groups, then a lookup of the holder's owner. */
    @Persistent
    public static class Groups {
        Map<Object, Object> entries = new LinkedHashMap<>();
    }

    /**
     * A book with a title, its keys, and a note read after them, equal to another of the same number. Reading its keys
     * hashes them, and their hash reads their index, which holds the book: that read reads the book again, inside its own.
     */
    @Persistent
    public static class Book {
        int number;
        String title;
        Set<BookKey> keys = new HashSet<>();
        List<Set<BookKey>> chapters = new ArrayList<>();
        String note;

        Book(int number, String title, String note) {
            this.number = number;
            this.title = title;
            this.note = note;
        }

        @Override
        public int hashCode() {
            return number;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Book && ((Book) o).number == number;
        }
    }

    /** A key hashed by the number of entries its index has, or 0 when they cannot be read. */
    @Persistent
    public static class BookKey {
        BookIndex index;

        BookKey(BookIndex index) {
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
    }

    /** An index of the book, then a tag. */
    @Persistent
    public static class BookIndex {
        Set<Object> entries = new LinkedHashSet<>();
    }

    /** A root of its own, made in the same commit as the catalogue: its neighbour in a segment or cluster. */
    @Persistent
    public static class Counter {
        int count;
    }

    /** The root: its map holds the shelf's set, then the lookup, in this order. */
    @Persistent
    public static class Catalogue {
        Map<Object, Object> entries = new LinkedHashMap<>();
        Shelf shelf;
        Club club;
        Club copy;
    }

    private final String phase;

    private CaughtReadFailureWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        CaughtReadFailureWorkload workload = new CaughtReadFailureWorkload(args[0]);
        Phases.run(args, Map.ofEntries(Map.entry("build", workload::build),
            Map.entry("readAfterCaughtFailure", workload::readAfterCaughtFailure), Map.entry("check", workload::check),
            Map.entry("storeKeptSet", workload::storeKeptSet), Map.entry("checkClub", workload::checkClub),
            Map.entry("readBesideFailingKey", workload::readBesideFailingKey),
            Map.entry("readBesideOverflowingKey", workload::readBesideOverflowingKey),
            Map.entry("checkCounter", workload::checkCounter),
            Map.entry("readGroupsAfterCaughtFailure", workload::readGroupsAfterCaughtFailure),
            Map.entry("checkGroups", workload::checkGroups),
            Map.entry("readWatchedAfterCaughtFailure", workload::readWatchedAfterCaughtFailure),
            Map.entry("checkWatched", workload::checkWatched),
            Map.entry("readBookAfterCaughtFailure", workload::readBookAfterCaughtFailure),
            Map.entry("checkBook", workload::checkBook)));
    }

    private void build(ObjectStore store) {
        Catalogue catalogue = buildCatalogue(store, "catalogue");
        buildCatalogue(store, "watchedCatalogue").entries.put("numbers", new int[] {1, 2, 3});
        Club club = new Club();
        for (int i = 0; i < TAGS; i++) {
            club.members.add(new Member("m" + i, club));
        }
        catalogue.club = club;
        store.root("counter", Counter.class, Counter::new).count = 1;
        buildGroups(store, "groups", new HashSet<>());
        buildGroups(store, "listedGroups", new ArrayList<>());
        buildBook(store);
        store.commit();
        Phases.halt(phase);
    }

    private static Catalogue buildCatalogue(ObjectStore store, String root) {
        Catalogue catalogue = store.root(root, Catalogue.class, Catalogue::new);
        Shelf shelf = new Shelf();
        for (int i = 0; i < TAGS; i++) {
            shelf.tags.add(new Tag("t" + i));
        }
        catalogue.shelf = shelf;
        catalogue.entries.put("tags", shelf.tags);
        catalogue.entries.put(new Lookup(shelf), "lookup");
        return catalogue;
    }

    /**
     * The map's read meets the set as a value and leaves it to fill after; the lookup's hash reads the shelf, which holds
     * the set, so the set is filled then, and a tag's hash throws. The lookup catches it and the map's read went on: the
     * map held the set with the tags read before the throw, and a commit of the map stored that set so. The read of the
     * map fails instead, and reads whole once the tag can hash. Where the catalogue is read with another object (in its
     * segment or cluster, or as a target of it under {@code swizzle=eager}), that read fails, the catalogue stays unread,
     * and the map reads whole at its touch, the tag's failure spent.
     */
    private void readAfterCaughtFailure(ObjectStore store) {
        readAfterCaughtFailure(store, "catalogue");
    }

    /**
     * The same with a map that holds an array too, which makes it watched, compared with its committed bytes at every
     * commit: the map the failed read filled and watched stayed watched once that read forgot it, and the next commit
     * wrote it, part read, over the map's committed contents.
     */
    private void readWatchedAfterCaughtFailure(ObjectStore store) {
        readAfterCaughtFailure(store, "watchedCatalogue");
    }

    private void checkWatched(ObjectStore store) {
        Catalogue catalogue = store.root("watchedCatalogue", Catalogue.class);
        checkTags(catalogue);
        Phases.check(phase, "the map holds what was added, and its array: " + catalogue.entries.keySet(),
            "added".equals(catalogue.entries.get("more")) && catalogue.entries.get("numbers") instanceof int[]
            && ((int[]) catalogue.entries.get("numbers"))[2] == 3);
    }

    private void readAfterCaughtFailure(ObjectStore store, String root) {
        List<String> warnings = LoggedWarnings.during(() -> readAfterCaughtFailureOf(store, root));
        Phases.check(phase, "a read that failed where a key's hash threw is no warning, as the data is sound: " + warnings,
            warnings.isEmpty());
        store.commit();
        Phases.halt(phase);
    }

    private void readAfterCaughtFailureOf(ObjectStore store, String root) {
        Catalogue catalogue = store.root(root, Catalogue.class);
        Tag.failingOnce = "t" + (TAGS - 1);
        try {
            Object tags = catalogue.entries.get("tags");
            Phases.check(phase, "the map's read fails where a tag's hash threw, or reads whole, not " + tags,
                tags instanceof Set && ((Set<?>) tags).size() == TAGS && Tag.failingOnce == null);
        } catch (StoreException e) {
            Phases.check(phase, "the failure has the tag's as its cause: " + e, e.getCause() instanceof IllegalStateException
                && e.getCause().getMessage().contains("cannot hash now"));
        } catch (IllegalStateException e) {
            Phases.check(phase, "the read throws what the tag's hash threw: " + e, e.getMessage().contains("cannot hash now"));
        }
        checkTags(catalogue);
        catalogue.entries.put("more", "added");
    }

    /**
     * A member's hash keeps its club's set, which the read of the club is filling, and a later member's hash throws: the
     * set the hash kept holds the members read before. Stored in another club, a commit would store that part as the
     * club's members; it refuses it instead, naming both fields. (Where the club was read with another object and failed
     * there, the club's set reads whole at its touch, and the set kept last is that one, which a commit stores.)
     */
    private void storeKeptSet(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Member.failingOnce = "m" + (TAGS - 1);
        try {
            int size = catalogue.club.members.size();
            Phases.check(phase, "the club's read fails where a member's hash threw, or reads whole, not " + size + " members",
                size == TAGS && Member.failingOnce == null);
        } catch (IllegalStateException e) {
            Phases.check(phase, "the read throws what the hash threw: " + e, e.getMessage().contains("cannot hash now"));
        }
        Set<Member> kept = Member.kept;
        Club copy = new Club();
        copy.members = kept;
        catalogue.copy = copy;
        boolean partial = kept != catalogue.club.members;
        try {
            store.commit();
            Phases.check(phase, "a commit refuses the set whose read failed, held " + kept.size() + " members", !partial);
        } catch (NotPersistentException e) {
            Phases.check(phase, "a commit refuses only a set whose read failed: " + e, partial);
            Phases.check(phase, "the refusal names both fields: " + e, e.getMessage().contains("Club.members")
                && e.getMessage().contains("read failed"));
        }
        catalogue.copy = null;
        store.commit();
        Phases.halt(phase);
    }

    private void checkClub(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Phases.check(phase, "the club has " + TAGS + " members: " + catalogue.club.members.size(),
            catalogue.club.members.size() == TAGS && catalogue.copy == null);
        for (Member member : catalogue.club.members) {
            Phases.check(phase, member.name + " is in its club's set", member.club == catalogue.club
                && catalogue.club.members.contains(new Member(member.name, catalogue.club)));
        }
    }

    /**
     * A tag's hash throws every time, and the counter, which reaches no tag, is read and changed: under {@code fault=segment}
     * or {@code cluster} its fault reads the shelf and the catalogue with it, whose sets hold the tag, and the tag's
     * exception made the counter unreadable and unwritable until the hash worked. Those neighbours stay unread now, and
     * the tag's exception reaches the code that touches them (as the cause of the map's refusal, where the lookup's hash
     * caught it).
     */
    private void readBesideFailingKey(ObjectStore store) {
        Tag.failing = "t3";
        readBesideFailingKey(store, 1, IllegalStateException.class);
    }

    /** The same with a tag's hash that runs out of stack, as a chain of keys thousands deep may. */
    private void readBesideOverflowingKey(ObjectStore store) {
        Tag.overflowing = "t3";
        readBesideFailingKey(store, 3, StackOverflowError.class);
    }

    private void readBesideFailingKey(ObjectStore store, int count, Class<? extends Throwable> thrownByHash) {
        List<String> warnings = LoggedWarnings.during(() -> readBesideFailingKeyOf(store, count, thrownByHash));
        Phases.check(phase, "the failure reaches the code that touches the shelf, and no warning before: " + warnings,
            warnings.isEmpty());
        Phases.halt(phase);
    }

    private void readBesideFailingKeyOf(ObjectStore store, int count, Class<? extends Throwable> thrownByHash) {
        Counter counter = store.root("counter", Counter.class);
        Phases.check(phase, "the counter reads " + count + ": " + counter.count, counter.count == count);
        counter.count++;
        store.commit();
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        try {
            int size = catalogue.shelf.tags.size();
            Phases.check(phase, "the shelf's read fails where t3's hash throws, not " + size, false);
        } catch (RuntimeException | StackOverflowError e) { // the lookup's hash catches an exception: the map's read refuses
            Throwable thrown = e instanceof StoreException ? e.getCause() : e;
            Phases.check(phase, "the read throws what the hash threw: " + e, thrownByHash.isInstance(thrown)
                && thrown.getMessage().contains("t3 cannot hash now"));
        }
        counter.count++;
        store.commit();
    }

    private void checkCounter(ObjectStore store) {
        Counter counter = store.root("counter", Counter.class);
        Phases.check(phase, "the counter reads 5: " + counter.count, counter.count == 5);
        checkTags(store.root("catalogue", Catalogue.class));
    }

    private static void buildGroups(ObjectStore store, String root, Collection<Set<Tag>> held) {
        held.add(new HashSet<>(Set.of(new Tag("g0"))));
        Holder holder = new Holder(held);
        Owner owner = new Owner();
        owner.holders.add(holder);
        Groups groups = store.root(root, Groups.class, Groups::new);
        groups.entries.put("groups", held);
        groups.entries.put(new OwnerLookup(owner), "owner");
    }

    /**
     * The map's read meets the holder's set of groups as a value and leaves it to fill after; the lookup's hash reads the
     * owner's set of holders, whose read fills the groups for the holder's hash, and the group's for its own, where g0's
     * hash throws: the read of the owner's set failed only the group, and the set of groups, part filled under it, went
     * on in the map empty, changes to it ignored, so that a group added then was lost. The map's read fails instead. In
     * a list, the groups are filled after it, in the read of the owner's set, which fails them: the list, whole, went on
     * in the map holding an empty group.
     */
    private void readGroupsAfterCaughtFailure(ObjectStore store) {
        readGroupsAfterCaughtFailure(store, "groups");
        readGroupsAfterCaughtFailure(store, "listedGroups");
        store.commit();
        Phases.halt(phase);
    }

    private void readGroupsAfterCaughtFailure(ObjectStore store, String root) {
        Groups groups = store.root(root, Groups.class);
        Tag.failingOnce = "g0";
        try {
            Object held = groups.entries.get("groups");
            Phases.check(phase, "the map's read fails where g0's hash threw, or reads whole, not " + held,
                held instanceof Collection && ((Collection<?>) held).size() == 1
                && ((Collection<?>) held).contains(new HashSet<>(Set.of(new Tag("g0")))) && Tag.failingOnce == null);
        } catch (StoreException e) {
            Phases.check(phase, "the failure has g0's as its cause: " + e, e.getCause() instanceof IllegalStateException
                && e.getCause().getMessage().contains("g0 cannot hash now"));
        } catch (IllegalStateException e) {
            Phases.check(phase, "the read throws what g0's hash threw: " + e, e.getMessage().contains("g0 cannot hash now"));
        }
        @SuppressWarnings("unchecked")
        Collection<Set<Tag>> held = (Collection<Set<Tag>>) groups.entries.get("groups");
        Phases.check(phase, root + " holds g0's group: " + held, held.size() == 1
            && held.iterator().next().contains(new Tag("g0")));
        held.add(new HashSet<>(Set.of(new Tag("g1"))));
    }

    private void checkGroups(ObjectStore store) {
        for (String root : List.of("groups", "listedGroups")) {
            @SuppressWarnings("unchecked")
            Collection<Set<Tag>> held = (Collection<Set<Tag>>) store.root(root, Groups.class).entries.get("groups");
            Phases.check(phase, root + " holds the group added: " + held, held.size() == 2
                && held.contains(new HashSet<>(Set.of(new Tag("g0")))) && held.contains(new HashSet<>(Set.of(new Tag("g1")))));
        }
    }

    private static void buildBook(ObjectStore store) {
        Book book = new Book(7, "Moby-Dick", "first edition");
        BookIndex index = new BookIndex();
        index.entries.add(book);
        index.entries.add(new Tag("b0"));
        BookKey key = new BookKey(index);
        book.keys.add(key);
        book.chapters.add(new HashSet<>(Set.of(key)));
        store.root("book", Book.class, () -> book);
    }

    /**
     * The book's read reads its keys, whose hash reads the index, whose read hashes the book: a fault inside the book's
     * own read, which reads and publishes the book, before b0's hash throws. That failed read made the book hollow again,
     * clearing its fields; the key's hash caught the failure, and the book's first read went on and published the book
     * with its number and title, read before its keys, cleared: a change to the book then stored its title as null. The
     * book's read fails instead, and reads whole at the next touch.
     */
    private void readBookAfterCaughtFailure(ObjectStore store) {
        Tag.failingOnce = "b0";
        Book book = store.root("book", Book.class);
        try {
            String title = book.title;
            Phases.check(phase, "the book's read fails where b0's hash threw, or reads whole, not " + title + " " + book.number,
                "Moby-Dick".equals(title) && book.number == 7 && Tag.failingOnce == null);
        } catch (StoreException e) {
            Phases.check(phase, "the failure has b0's as its cause: " + e, e.getCause() instanceof IllegalStateException
                && e.getCause().getMessage().contains("b0 cannot hash now"));
        } catch (IllegalStateException e) {
            Phases.check(phase, "the read throws what b0's hash threw: " + e, e.getMessage().contains("b0 cannot hash now"));
        }
        checkBook(book, "first edition");
        book.note = "second edition";
        store.commit();
        Phases.halt(phase);
    }

    private void checkBook(ObjectStore store) {
        checkBook(store.root("book", Book.class), "second edition");
    }

    private void checkBook(Book book, String note) {
        Phases.check(phase, "the book reads whole: " + book.number + " " + book.title + " " + book.note + " " + book.keys,
            book.number == 7 && "Moby-Dick".equals(book.title) && note.equals(book.note) && book.keys.size() == 1);
        BookKey key = book.keys.iterator().next();
        Phases.check(phase, "the index holds the book and b0: " + key.index.entries,
            key.index.entries.size() == 2 && key.index.entries.contains(book) && key.index.entries.contains(new Tag("b0")));
        Phases.check(phase, "the book's set finds its key", book.keys.contains(key));
        Phases.check(phase, "the book's chapter finds its key: " + book.chapters, book.chapters.size() == 1
            && book.chapters.get(0).size() == 1 && book.chapters.get(0).contains(key));
    }

    private void check(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        checkTags(catalogue);
        Phases.check(phase, "the map holds what was added: " + catalogue.entries.keySet(), "added".equals(catalogue.entries.get("more")));
    }

    private void checkTags(Catalogue catalogue) {
        Object tags = catalogue.entries.get("tags");
        Phases.check(phase, "the map holds the shelf's set of " + TAGS + " tags: " + tags,
            tags == catalogue.shelf.tags && catalogue.shelf.tags.size() == TAGS);
        for (int i = 0; i < TAGS; i++) {
            Phases.check(phase, "the set finds t" + i, catalogue.shelf.tags.contains(new Tag("t" + i)));
        }
    }
}
