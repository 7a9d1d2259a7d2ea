package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;
import org.swizzle.it.InsideCommit;
import org.swizzle.it.Phases;

/** The child JVM of {@link PagedLinkedListTest}, which runs it as {@link Phases}. */
public final class PagedLinkedListWorkload {

    static final int JOBS = 20_000;
    static final int BATCH = 1_000;
    static final int ITEMS = 3_000;
    /** The most elements a chunk of a paged list holds (ListPages.CHUNK_CAPACITY). */
    static final int CHUNK_CAPACITY = 512;
    /** The most a one-element change and its commit may log (the target for a 1,000,000-entry collection). */
    static final long CHANGE_LOG_LIMIT = 8 * 1024;
    /**
     * The most a commit of a change to the list may compare: the image of a list a tenth its size (a list stored whole
     * compares the whole list, about {@value #JOBS} × 9 bytes).
     */
    static final long COMPARE_LIMIT = JOBS / 10 * Long.BYTES;

    private final String phase;

    private PagedLinkedListWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        PagedLinkedListWorkload workload = new PagedLinkedListWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "cold", workload::cold, "mutate", workload::mutate,
            "verify", workload::verify, "abort", workload::abort, "empty", workload::empty, "collect", workload::collect,
            "emptyVerify", workload::emptyVerify));
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }

    /** The lists built in commits of {@value #BATCH}, the jobs at the tail as a queue takes them. */
    private void build(ObjectStore store) {
        Queue queue = store.root("queue", Queue.class, Queue::new);
        queue.alias = queue.jobs;
        long lastBatch = 0;
        for (int from = 0; from < JOBS; from += BATCH) {
            for (long job = from; job < from + BATCH; job++) {
                queue.jobs.offerLast(job);
            }
            long before = store.stats().bytesCompared();
            store.commit();
            lastBatch = store.stats().bytesCompared() - before;
        }
        System.out.println("the last batch of " + BATCH + " jobs compared " + lastBatch + " bytes");
        check("the last batch of jobs compared " + lastBatch + " bytes, more than a list a tenth this size holds:"
            + " a commit grew with the list", lastBatch <= COMPARE_LIMIT);
        for (int i = 0; i < ITEMS; i++) {
            queue.items.add(new Item(i, "item-" + i));
        }
        store.commit();
        check("size " + queue.jobs.size(), queue.jobs.size() == JOBS);
    }

    /** Cold reads of either end and of an index read a chunk each; a read-only pass logs nothing; a poll logs one chunk. */
    private void cold(ObjectStore store) {
        Queue queue = store.root("queue", Queue.class);
        long pagesBefore = store.stats().pagesRead();
        check("the head", queue.jobs.peekFirst() == 0L && queue.jobs.getFirst() == 0L);
        check("the tail", queue.jobs.peekLast() == JOBS - 1L);
        check("index 12,345", queue.jobs.get(12_345) == 12_345L);
        long read = store.stats().pagesRead() - pagesBefore;
        check("reading the head, the tail and one index read " + read + " chunks, not 3", read == 3);
        check("the alias is the same list", queue.alias == queue.jobs);
        Item item = queue.items.get(ITEMS / 2);
        check("a persistent element " + item, item.id == ITEMS / 2 && item.name.equals("item-" + ITEMS / 2));
        long sum = 0;
        long previous = -1;
        boolean ordered = true;
        for (long job : queue.jobs) {
            sum += job;
            ordered &= job == previous + 1;
            previous = job;
        }
        check("a full pass in order", ordered && sum == (long) JOBS * (JOBS - 1) / 2);
        check("a stream saw them all", queue.jobs.stream().mapToLong(Long::longValue).sum() == sum);
        check("a backwards pass from the tail", queue.jobs.descendingIterator().next() == JOBS - 1L);
        long loggedBefore = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass logged " + (store.stats().bytesLogged() - loggedBefore) + " bytes",
            store.stats().bytesLogged() == loggedBefore);

        long comparedBefore = store.stats().bytesCompared();
        queue.jobs.offerLast((long) JOBS);
        store.commit();
        long logged = store.stats().bytesLogged() - loggedBefore;
        long compared = store.stats().bytesCompared() - comparedBefore;
        System.out.println("one offer and its commit compared " + compared + " bytes and logged " + logged);
        check("one offer and its commit logged " + logged + " bytes", logged <= CHANGE_LOG_LIMIT);
        check("one offer and its commit compared " + compared + " bytes", compared <= COMPARE_LIMIT);
        check("the offered job is polled last", queue.jobs.pollLast() == JOBS);
        store.commit();
        loggedBefore = store.stats().bytesLogged();
        check("the head is polled first", queue.jobs.pollFirst() == 0L);
        store.commit();
        logged = store.stats().bytesLogged() - loggedBefore;
        System.out.println("one poll of the head and its commit logged " + logged);
        check("one poll of the head and its commit logged " + logged + " bytes", logged <= CHANGE_LOG_LIMIT);
        queue.jobs.addFirst(0L);
        store.commit();
    }

    /**
     * Every way to change a linked list, as a list and as a deque, applied to {@code list}: the stored one, or a plain
     * model of it; {@code commit} commits the store from inside one of the changes' callbacks (nothing for the model).
     */
    static void changeEveryWay(LinkedList<Long> list, Runnable commit) {
        for (int i = 0; i < 1_500; i++) {
            list.pollFirst();
        }
        for (long job = 30_000; job < 31_000; job++) {
            list.addFirst(job);
            list.offerLast(job + 1_000);
        }
        list.push(-1L);
        list.pop();
        list.removeLast();
        list.add(5_000, -2L);
        list.set(6_000, -3L);
        list.remove(7_000);
        list.remove((Object) 9_000L);
        list.removeLastOccurrence(9_001L);
        List<Long> more = new ArrayList<>();
        for (long job = 40_000; job < 40_500; job++) {
            more.add(job);
        }
        list.addAll(more);
        list.addAll(100, more.subList(0, 50));
        list.removeAll(List.of(100L, 200L, 300L));
        InsideCommit removing = new InsideCommit(commit);
        list.removeIf(job -> removing.commit(job % 29 == 3));
        for (ListIterator<Long> jobs = list.listIterator(); jobs.hasNext(); ) {
            long job = jobs.next();
            if (job % 13 == 1) {
                jobs.remove();
            } else if (job % 17 == 2) {
                jobs.set(-job);
            } else if (job % 19 == 4) {
                jobs.add(job * 1_000);
            }
        }
        for (Iterator<Long> backwards = list.descendingIterator(); backwards.hasNext(); ) {
            if (backwards.next() % 23 == 5) {
                backwards.remove();
            }
        }
        list.subList(2_000, 2_600).clear();
        list.subList(3_000, 3_100).replaceAll(job -> job + 1);
        InsideCommit replacing = new InsideCommit(commit);
        list.replaceAll(job -> replacing.commit(job % 31 == 0 ? job + 31 : job));
    }

    /** The stored list changed every way, committed, and the JVM killed. */
    private void mutate(ObjectStore store) {
        changeEveryWay(store.root("queue", Queue.class).jobs, store::commit);
        store.commit();
        Phases.halt(phase);
    }

    /** A plain list of what {@link #build} and {@link #changeEveryWay} leave. */
    private static LinkedList<Long> expected() {
        LinkedList<Long> model = new LinkedList<>();
        for (long job = 0; job < JOBS; job++) {
            model.add(job);
        }
        changeEveryWay(model, () -> { });
        return model;
    }

    private void verify(ObjectStore store) {
        Queue queue = store.root("queue", Queue.class);
        LinkedList<Long> expected = expected();
        LinkedList<Long> jobs = queue.jobs;
        check("size " + jobs.size() + ", expected " + expected.size(), jobs.size() == expected.size());
        int index = 0;
        for (long job : jobs) {
            if (job != expected.get(index)) {
                check("index " + index + " holds " + job + ", expected " + expected.get(index), false);
                return;
            }
            index++;
        }
        check("the head " + jobs.peekFirst() + " and the tail " + jobs.peekLast(),
            jobs.peekFirst().equals(expected.peekFirst()) && jobs.peekLast().equals(expected.peekLast()));
        check("the alias is the same list", queue.alias == jobs);
        check("a list equal to its model and to its copy", jobs.equals(expected) && expected.equals(jobs)
            && jobs.hashCode() == expected.hashCode() && jobs.equals(new ArrayList<>(jobs)));
        check("the items", queue.items.size() == ITEMS && queue.items.getLast().id == ITEMS - 1);
        Phases.checkPagesLetGo(phase, store);
    }

    /** abort() after polls and offers that change chunks: the list is detached, and the field holds the committed one. */
    private void abort(ObjectStore store) {
        Queue queue = store.root("queue", Queue.class);
        LinkedList<Long> before = queue.jobs;
        long head = before.pollFirst();
        for (long job = 50_000; job < 52_000; job++) {
            before.offerLast(job);
        }
        store.abort();
        refused("offer", () -> before.offer(-6L));
        refused("poll", before::poll);
        refused("set", () -> before.set(1, 2L));
        refused("an iterator's remove", () -> {
            Iterator<Long> jobs = before.iterator();
            jobs.next();
            jobs.remove();
        });
        LinkedList<Long> after = queue.jobs;
        check("after abort the field holds another list", after != before);
        check("after abort the polled head is back: " + after.peekFirst(), after.peekFirst() == head);
        check("after abort no offered job", after.size() == expected().size() && after.getLast() != 51_999L);
        queue.jobs.removeIf(job -> {
            store.abort();
            return true;
        });
        store.commit();
        queue.jobs.replaceAll(job -> {
            store.abort();
            return -job;
        });
        store.commit();
        queue.jobs.sort((a, b) -> {
            store.abort();
            return Long.compare(b, a);
        });
        store.commit();
        check("no change made after an abort from its function was committed", queue.jobs.equals(expected()));
    }

    private void refused(String what, Runnable change) {
        try {
            change.run();
            check(what + " on the list abort() reverted is refused", false);
        } catch (DetachedCollectionException expected) {
            check("the refusal names the list: " + expected.getMessage(), expected.getMessage().contains("java.util.LinkedList"));
        }
    }

    /** The large list emptied and committed, and a few jobs added after: its list and that list's chunks are garbage. */
    private void empty(ObjectStore store) {
        Queue queue = store.root("queue", Queue.class);
        queue.jobs.clear();
        store.commit();
        queue.jobs.add(1L);
        queue.jobs.add(2L);
        queue.jobs.add(3L);
        store.commit();
        Phases.halt(phase);
    }

    /** In a JVM that never read the emptied list's list, the collector frees it and its chunks. */
    private void collect(ObjectStore store) {
        long freed = store.collectGarbage();
        long least = JOBS / CHUNK_CAPACITY + 1;
        check("collectGarbage() freed " + freed + " stored things, not the list and its chunks (at least " + least + ")",
            freed >= least);
        Phases.halt(phase);
    }

    private void emptyVerify(ObjectStore store) {
        Queue queue = store.root("queue", Queue.class);
        check("the emptied list holds " + queue.jobs, queue.jobs.equals(List.of(1L, 2L, 3L)));
        check("the alias is the same list", queue.alias == queue.jobs);
        check("the items", queue.items.size() == ITEMS && queue.items.getFirst().id == 0);
        check("no unreachable objects", store.stats().objectsUnreachable() == 0);
    }
}
