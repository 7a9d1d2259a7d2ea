package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;
import org.swizzle.it.InsideCommit;
import org.swizzle.it.Phases;

/** The child JVM of {@link PagedSetTest}, which runs it as {@link Phases}. */
public final class PagedSetWorkload {

    static final int IDS = 20_000;
    static final int BATCH = 1_000;
    static final int NAMES = 2_000;
    static final int ITEMS = 600;
    /** The most entries a page of a paged map holds (HashPages.PAGE_CAPACITY). */
    static final int PAGE_CAPACITY = 256;
    /** The most a one-element add and its commit may log (the target for a 1,000,000-entry map). */
    static final long ADD_LOG_LIMIT = 8 * 1024;
    /**
     * The most a commit of a change to the set may compare: the image of a set a tenth its size (a flat set's commit
     * compares the whole set, about {@value #IDS} × 9 bytes).
     */
    static final long COMPARE_LIMIT = IDS / 10 * Long.BYTES;

    private final String phase;

    private PagedSetWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        PagedSetWorkload workload = new PagedSetWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "cold", workload::cold, "mutate", workload::mutate,
            "verify", workload::verify, "abort", workload::abort, "empty", workload::empty, "collect", workload::collect, "emptyVerify", workload::emptyVerify));
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }

    /** The sets built in commits of {@value #BATCH}. */
    private void build(ObjectStore store) {
        Tags tags = store.root("tags", Tags.class, Tags::new);
        tags.alias = tags.ids;
        long secondBatch = 0;
        long lastBatch = 0;
        for (int from = 0; from < IDS; from += BATCH) {
            for (long id = from; id < from + BATCH; id++) {
                tags.ids.add(id);
            }
            long before = store.stats().bytesCompared();
            store.commit();
            lastBatch = store.stats().bytesCompared() - before;
            if (from == BATCH) {
                secondBatch = lastBatch;
            }
        }
        System.out.println("batches of ascending elements compared " + secondBatch + " bytes (the second) and " + lastBatch
            + " (the last)");
        check("the last batch of ascending elements compared " + lastBatch + " bytes, more than a set a tenth this size"
            + " holds: a commit grew with the set", lastBatch <= COMPARE_LIMIT);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < NAMES; i++) {
            names.add("name-" + i);
        }
        tags.names.addAll(names.subList(0, NAMES / 5));
        store.commit(); // stored as one image, then moved into a map by the next adds
        tags.names.addAll(names.subList(NAMES / 5, NAMES));
        for (int i = 0; i < ITEMS; i++) {
            tags.items.add(new Item(i, "item-" + i));
        }
        store.commit();
        check("size " + tags.ids.size(), tags.ids.size() == IDS);
    }

    /** A cold lookup reads one page; a read-only pass logs nothing; one add logs about one page. */
    private void cold(ObjectStore store) {
        Tags tags = store.root("tags", Tags.class);
        long pagesBefore = store.stats().pagesRead();
        check("cold contains", tags.ids.contains(12_345L));
        check("a cold contains read " + (store.stats().pagesRead() - pagesBefore) + " pages, not 1",
            store.stats().pagesRead() - pagesBefore == 1);
        check("the alias is the same set", tags.alias == tags.ids);
        check("a missing element", !tags.ids.contains(-1L) && !tags.ids.contains("12345"));
        long sum = 0;
        int count = 0;
        for (long id : tags.ids) {
            sum += id;
            count++;
        }
        check("a full pass saw " + count + " elements", count == IDS && sum == (long) IDS * (IDS - 1) / 2);
        check("a stream saw them all", tags.ids.stream().mapToLong(Long::longValue).sum() == sum);
        check("toArray holds them all", tags.ids.toArray().length == IDS && tags.ids.toArray(new Long[0]).length == IDS);
        check("the names", tags.names.size() == NAMES && tags.names.contains("name-1999") && !tags.names.contains("name-2000"));
        check("the items, one image of persistent elements", tags.items.size() == ITEMS);
        long loggedBefore = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass logged " + (store.stats().bytesLogged() - loggedBefore) + " bytes",
            store.stats().bytesLogged() == loggedBefore);

        check("an element already there is not added again", !tags.ids.add(7L));
        check("a missing element is not removed", !tags.ids.remove(-7L));
        long comparedBefore = store.stats().bytesCompared();
        tags.ids.add((long) IDS);
        store.commit();
        long logged = store.stats().bytesLogged() - loggedBefore;
        long compared = store.stats().bytesCompared() - comparedBefore;
        System.out.println("one add and its commit compared " + compared + " bytes and logged " + logged);
        check("one add and its commit logged " + logged + " bytes", logged <= ADD_LOG_LIMIT);
        check("one add and its commit compared " + compared + " bytes, more than a set a tenth this size holds",
            compared <= COMPARE_LIMIT);
        tags.ids.remove((long) IDS);
        store.commit();
    }

    /**
     * Every way to change a set, applied to {@code set}: the stored one, or a plain model of it; {@code commit} commits
     * the store from inside one of the changes' callbacks (nothing for the model).
     */
    static void changeEveryWay(Set<Long> set, Runnable commit) {
        for (long id = 0; id < 2_000; id++) {
            set.remove(id * 7);
        }
        for (long id = 30_000; id < 31_000; id++) {
            set.add(id);
        }
        List<Long> more = new ArrayList<>();
        for (long id = 40_000; id < 40_500; id++) {
            more.add(id);
        }
        set.addAll(more);
        List<Long> fewer = new ArrayList<>();
        for (long id = 100; id < 300; id++) {
            fewer.add(id);
        }
        set.removeAll(fewer);
        InsideCommit removing = new InsideCommit(commit);
        set.removeIf(id -> removing.commit(id % 29 == 3));
        for (Iterator<Long> ids = set.iterator(); ids.hasNext(); ) {
            if (ids.next() % 13 == 1) {
                ids.remove();
            }
        }
        Set<Long> keep = new HashSet<>(set);
        keep.removeIf(id -> id % 17 == 2);
        set.retainAll(keep);
    }

    /** The stored set changed every way, committed, and the JVM killed. */
    private void mutate(ObjectStore store) {
        changeEveryWay(store.root("tags", Tags.class).ids, store::commit);
        store.commit();
        Phases.halt(phase);
    }

    /** A plain set of what {@link #build} and {@link #changeEveryWay} leave. */
    private static Set<Long> expected() {
        Set<Long> model = new HashSet<>();
        for (long id = 0; id < IDS; id++) {
            model.add(id);
        }
        changeEveryWay(model, () -> { });
        return model;
    }

    private void verify(ObjectStore store) {
        Tags tags = store.root("tags", Tags.class);
        Set<Long> expected = expected();
        Set<Long> ids = tags.ids;
        check("size " + ids.size() + ", expected " + expected.size(), ids.size() == expected.size());
        for (long id : expected) {
            if (!ids.contains(id)) {
                check("element " + id + " is missing", false);
                return;
            }
        }
        int seen = 0;
        for (long id : ids) {
            seen++;
            if (!expected.contains(id)) {
                check("iteration met element " + id + ", which was removed", false);
                return;
            }
        }
        check("iteration saw " + seen + " elements", seen == expected.size());
        check("the alias is the same set", tags.alias == ids);
        check("a set equal to its model and to its copy", ids.equals(expected) && expected.equals(ids)
            && ids.hashCode() == expected.hashCode() && ids.equals(new HashSet<>(ids)));
        @SuppressWarnings("unchecked")
        Set<Long> copy = (Set<Long>) tags.ids.clone();
        copy.add(-1L);
        check("a clone is a set of its own", copy.size() == expected.size() + 1 && !ids.contains(-1L));
        Phases.checkPagesLetGo(phase, store);
    }

    /** abort() after adds that split pages: the set is detached, and the field holds the committed one. */
    private void abort(ObjectStore store) {
        Tags tags = store.root("tags", Tags.class);
        HashSet<Long> before = tags.ids;
        before.add(-5L);
        for (long id = 50_000; id < 52_000; id++) {
            before.add(id);
        }
        store.abort();
        refused("add", () -> before.add(-6L));
        refused("remove", () -> before.remove(1L));
        refused("removeIf", () -> before.removeIf(id -> id == 2L));
        refused("an iterator's remove", () -> {
            Iterator<Long> ids = before.iterator();
            ids.next();
            ids.remove();
        });
        HashSet<Long> after = tags.ids;
        check("after abort the field holds another set", after != before);
        check("after abort no aborted element", !after.contains(-5L) && !after.contains(50_000L)
            && after.size() == expected().size());
    }

    private void refused(String what, Runnable change) {
        try {
            change.run();
            check(what + " on the set abort() reverted is refused", false);
        } catch (DetachedCollectionException expected) {
            check("the refusal names the set: " + expected.getMessage(), expected.getMessage().contains("java.util.HashSet"));
        }
    }

    /** The large set emptied and committed, and a few elements added after: its map and the map's pages are garbage. */
    private void empty(ObjectStore store) {
        Tags tags = store.root("tags", Tags.class);
        tags.ids.clear();
        store.commit();
        tags.ids.add(1L);
        tags.ids.add(2L);
        tags.ids.add(3L);
        store.commit();
        Phases.halt(phase);
    }

    /** In a JVM that never read the emptied set's map, the collector frees it and its pages. */
    private void collect(ObjectStore store) {
        long freed = store.collectGarbage();
        long least = IDS / PAGE_CAPACITY + 1;
        check("collectGarbage() freed " + freed + " stored things, not the map and its pages (at least " + least + ")",
            freed >= least);
        Phases.halt(phase);
    }

    private void emptyVerify(ObjectStore store) {
        Tags tags = store.root("tags", Tags.class);
        check("the emptied set holds " + tags.ids, tags.ids.equals(Set.of(1L, 2L, 3L)));
        check("the alias is the same set", tags.alias == tags.ids);
        check("the names", tags.names.size() == NAMES && tags.names.contains("name-0"));
        check("no unreachable objects", store.stats().objectsUnreachable() == 0);
    }
}
