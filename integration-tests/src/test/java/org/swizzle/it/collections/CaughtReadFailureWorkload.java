package org.swizzle.it.collections;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.swizzle.NotPersistentException;
import org.swizzle.ObjectStore;
import org.swizzle.StoreException;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link CaughtReadFailureTest}: a shelf's set of tags, held by a map too, read while the map's other
 * key, a lookup whose hash reads the shelf's set, catches the failure of that read, as a hash with a fallback does.
 */
public final class CaughtReadFailureWorkload {

    static final int TAGS = 10;

    /** A tag equal to another of the same name, whose hash throws once for the name {@link #failingOnce} gives. */
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
        Phases.run(args, Map.of("build", workload::build, "readAfterCaughtFailure", workload::readAfterCaughtFailure,
            "check", workload::check, "storeKeptSet", workload::storeKeptSet, "checkClub", workload::checkClub));
    }

    private void build(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class, Catalogue::new);
        Shelf shelf = new Shelf();
        for (int i = 0; i < TAGS; i++) {
            shelf.tags.add(new Tag("t" + i));
        }
        catalogue.shelf = shelf;
        catalogue.entries.put("tags", shelf.tags);
        catalogue.entries.put(new Lookup(shelf), "lookup");
        Club club = new Club();
        for (int i = 0; i < TAGS; i++) {
            club.members.add(new Member("m" + i, club));
        }
        catalogue.club = club;
        store.commit();
        Phases.halt(phase);
    }

    /**
     * The map's read meets the set as a value and leaves it to fill after; the lookup's hash reads the shelf, which holds
     * the set, so the set is filled then, and a tag's hash throws. The lookup catches it and the map's read went on: the
     * map held the set with the tags read before the throw, and a commit of the map stored that set so. The read of the
     * map fails instead, and reads whole once the tag can hash. (Where the shelf is read first, with the catalogue in
     * its segment, the tag's exception reaches the getter as it is.)
     */
    private void readAfterCaughtFailure(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Tag.failingOnce = "t" + (TAGS - 1);
        try {
            int size = catalogue.entries.size();
            Phases.check(phase, "the map's read fails where a tag's hash threw, not " + size + " entries with tags "
                + catalogue.entries.get("tags"), false);
        } catch (StoreException e) {
            Phases.check(phase, "the failure has the tag's as its cause: " + e, e.getCause() instanceof IllegalStateException
                && e.getCause().getMessage().contains("cannot hash now"));
        } catch (IllegalStateException e) {
            Phases.check(phase, "the read throws what the tag's hash threw: " + e, e.getMessage().contains("cannot hash now"));
        }
        checkTags(catalogue);
        catalogue.entries.put("more", "added");
        store.commit();
        Phases.halt(phase);
    }

    /**
     * A member's hash keeps its club's set, which the read of the club is filling, and a later member's hash throws: the
     * set the hash kept holds the members read before. Stored in another club, a commit would store that part as the
     * club's members; it refuses it instead, naming both fields.
     */
    private void storeKeptSet(ObjectStore store) {
        Catalogue catalogue = store.root("catalogue", Catalogue.class);
        Member.failingOnce = "m" + (TAGS - 1);
        try {
            int size = catalogue.club.members.size();
            Phases.check(phase, "the club's read fails where a member's hash threw, not " + size + " members", false);
        } catch (IllegalStateException e) {
            Phases.check(phase, "the read throws what the hash threw: " + e, e.getMessage().contains("cannot hash now"));
        }
        Club copy = new Club();
        copy.members = Member.kept;
        catalogue.copy = copy;
        try {
            store.commit();
            Phases.check(phase, "a commit refuses the set whose read failed, held " + Member.kept.size() + " members", false);
        } catch (NotPersistentException e) {
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
