package org.swizzle.it.paged;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.swizzle.DetachedCollectionException;
import org.swizzle.ObjectStore;
import org.swizzle.it.InsideCommit;
import org.swizzle.it.Phases;

/** The child JVM of {@link PagedTreeMapTest}, which runs it as {@link Phases}. */
public final class PagedTreeMapWorkload {

    static final int ENTRIES = 20_000;
    static final int ACCOUNTS = 5_000;
    static final int BATCH = 1_000;
    /** The most a one-entry change and its commit may log (the target for a 1,000,000-entry collection). */
    static final long CHANGE_LOG_LIMIT = 8 * 1024;
    /**
     * The most a commit of a change to the map may compare: the image of a map a tenth its size (a map stored whole
     * compares the whole map, about {@value #ENTRIES} × 20 bytes).
     */
    static final long COMPARE_LIMIT = ENTRIES / 10 * 20;
    /** The most chunks a cold lookup may read: those of a binary search over the list's 79 chunks, and one more. */
    static final long LOOKUP_CHUNKS = 8;

    private final String phase;

    private PagedTreeMapWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        PagedTreeMapWorkload workload = new PagedTreeMapWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "cold", workload::cold, "mutate", workload::mutate,
            "verify", workload::verify, "abort", workload::abort));
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }

    /** The {@code i}th key put: the keys 0 to {@value #ENTRIES} - 1, in no order. */
    private static long key(int i) {
        return (i * 7_919L) % ENTRIES;
    }

    /** The map and set built in commits of {@value #BATCH}, keys in no order, so that each commit changes chunks all over. */
    private void build(ObjectStore store) {
        Ledger ledger = store.root("ledger", Ledger.class, Ledger::new);
        ledger.alias = ledger.entries;
        long lastBatch = 0;
        for (int from = 0; from < ENTRIES; from += BATCH) {
            for (int i = from; i < from + BATCH; i++) {
                ledger.entries.put(key(i), "entry-" + key(i));
            }
            long before = store.stats().bytesCompared();
            store.commit();
            lastBatch = store.stats().bytesCompared() - before;
        }
        System.out.println("the last batch of " + BATCH + " entries compared " + lastBatch + " bytes");
        for (int i = 0; i < ACCOUNTS; i++) {
            ledger.accounts.add("account-" + (i * 7_919L) % ACCOUNTS); // each account once, in no order
        }
        for (int i = 0; i < 400; i++) {
            ledger.large.add("nested-" + i);
        }
        ledger.nested.add(ledger.large);
        store.commit(); // stored small: the map it moves into below is stored after the hash set
        for (int i = 400; i < 1_000; i++) {
            ledger.large.add("nested-" + i);
        }
        ledger.nested.add(new HashSet<>(Set.of(ledger.large)));
        store.commit();
        check("size " + ledger.entries.size(), ledger.entries.size() == ENTRIES);
        check("accounts " + ledger.accounts.size(), ledger.accounts.size() == ACCOUNTS);
    }

    /** A cold lookup reads the chunks of a binary search; a read-only pass logs nothing; a put logs one chunk. */
    private void cold(ObjectStore store) {
        Ledger ledger = store.root("ledger", Ledger.class);
        Object large = ledger.nested.get(0);
        check("a hash set holding a large sorted set finds it: its map was read before the set was hashed",
            ((Set<?>) ledger.nested.get(1)).contains(large) && ((Set<?>) large).size() == 1_000);
        long pagesBefore = store.stats().pagesRead();
        check("a cold get", "entry-12345".equals(ledger.entries.get(12_345L)));
        long read = store.stats().pagesRead() - pagesBefore;
        System.out.println("a cold get read " + read + " chunks");
        check("a cold get read " + read + " chunks, more than a binary search passes", read >= 1 && read <= LOOKUP_CHUNKS);
        check("the alias is the same map", ledger.alias == ledger.entries);
        check("navigation", ledger.entries.firstKey() == 0L && ledger.entries.lastKey() == ENTRIES - 1L
            && ledger.entries.ceilingKey(100L) == 100L && ledger.entries.higherKey(100L) == 101L
            && ledger.entries.headMap(500L).size() == 500 && ledger.entries.descendingMap().firstKey() == ENTRIES - 1L);
        long previous = -1;
        boolean ordered = true;
        for (Map.Entry<Long, String> entry : ledger.entries.entrySet()) {
            ordered &= entry.getKey() == previous + 1 && entry.getValue().equals("entry-" + entry.getKey());
            previous = entry.getKey();
        }
        check("a full pass in key order", ordered && previous == ENTRIES - 1);
        check("the accounts in order", ledger.accounts.first().equals("account-0") && ledger.accounts.contains("account-4999")
            && ledger.accounts.size() == ACCOUNTS);
        long loggedBefore = store.stats().bytesLogged();
        store.commit();
        check("a read-only pass logged " + (store.stats().bytesLogged() - loggedBefore) + " bytes",
            store.stats().bytesLogged() == loggedBefore);

        long comparedBefore = store.stats().bytesCompared();
        ledger.entries.put(9_999L, "changed");
        ledger.entries.put(ENTRIES + 0L, "added");
        store.commit();
        long logged = store.stats().bytesLogged() - loggedBefore;
        long compared = store.stats().bytesCompared() - comparedBefore;
        System.out.println("a put of one value and one entry and their commit compared " + compared + " bytes and logged " + logged);
        check("a put of one value and one entry and their commit logged " + logged + " bytes", logged <= CHANGE_LOG_LIMIT);
        check("a put of one value and one entry and their commit compared " + compared + " bytes", compared <= COMPARE_LIMIT);
        ledger.entries.put(9_999L, "entry-9999");
        ledger.entries.remove(ENTRIES + 0L);
        store.commit();
    }

    /**
     * Every way to change a sorted map and set, through themselves and their views, applied to {@code entries} and
     * {@code accounts}: the stored ones, or plain models; {@code commit} commits the store from inside a callback.
     */
    static void changeEveryWay(NavigableMap<Long, String> entries, NavigableSet<String> accounts, Runnable commit) {
        for (long key = 0; key < 3_000; key += 3) {
            entries.remove(key);
        }
        for (long key = 30_000; key < 31_000; key++) {
            entries.put(key, "late-" + key);
        }
        entries.pollFirstEntry();
        entries.pollLastEntry();
        entries.subMap(5_000L, 5_400L).clear();
        entries.headMap(8_000L, true).tailMap(7_000L, false).entrySet().removeIf(entry -> entry.getKey() % 7 == 0);
        for (Map.Entry<Long, String> entry : entries.tailMap(12_000L).entrySet()) {
            if (entry.getKey() % 5 == 0) {
                entry.setValue("set-" + entry.getKey());
            }
        }
        for (Iterator<Long> keys = entries.descendingMap().headMap(18_000L).keySet().iterator(); keys.hasNext(); ) {
            if (keys.next() % 11 == 1) {
                keys.remove();
            }
        }
        entries.descendingKeySet().subSet(15_000L, true, 14_000L, true).removeIf(key -> key % 2 == 0);
        InsideCommit replacing = new InsideCommit(commit);
        entries.replaceAll((key, value) -> replacing.commit(key % 13 == 0 ? value + "!" : value));
        entries.merge(9_001L, "+merged", String::concat);
        entries.compute(40_000L, (key, value) -> "computed");
        entries.computeIfPresent(9_002L, (key, value) -> null);
        entries.values().removeIf(value -> value.endsWith("77"));

        for (int i = 0; i < 1_000; i++) {
            accounts.remove("account-" + i * 5);
        }
        accounts.add("zz-new");
        accounts.headSet("account-2", true).add("account-1-added");
        accounts.pollFirst();
        accounts.subSet("account-3", "account-4").removeIf(account -> account.endsWith("9"));
        for (Iterator<String> names = accounts.descendingIterator(); names.hasNext(); ) {
            if (names.next().endsWith("11")) {
                names.remove();
            }
        }
    }

    private void mutate(ObjectStore store) {
        Ledger ledger = store.root("ledger", Ledger.class);
        changeEveryWay(ledger.entries, ledger.accounts, store::commit);
        store.commit();
        Phases.halt(phase);
    }

    private static TreeMap<Long, String> expectedEntries() {
        TreeMap<Long, String> model = new TreeMap<>();
        for (long key = 0; key < ENTRIES; key++) {
            model.put(key, "entry-" + key);
        }
        changeEveryWay(model, expectedAccountsBefore(), () -> { });
        return model;
    }

    private static TreeSet<String> expectedAccountsBefore() {
        TreeSet<String> model = new TreeSet<>();
        for (int i = 0; i < ACCOUNTS; i++) {
            model.add("account-" + i);
        }
        return model;
    }

    private static TreeSet<String> expectedAccounts() {
        TreeSet<String> accounts = expectedAccountsBefore();
        TreeMap<Long, String> entries = new TreeMap<>();
        for (long key = 0; key < ENTRIES; key++) {
            entries.put(key, "entry-" + key);
        }
        changeEveryWay(entries, accounts, () -> { });
        return accounts;
    }

    private void verify(ObjectStore store) {
        Ledger ledger = store.root("ledger", Ledger.class);
        TreeMap<Long, String> expected = expectedEntries();
        check("size " + ledger.entries.size() + ", expected " + expected.size(), ledger.entries.size() == expected.size());
        Iterator<Map.Entry<Long, String>> wanted = expected.entrySet().iterator();
        for (Map.Entry<Long, String> entry : ledger.entries.entrySet()) {
            Map.Entry<Long, String> next = wanted.next();
            if (!next.equals(entry)) {
                check("met " + entry + " where " + next + " was expected", false);
                return;
            }
        }
        check("the map equals its model", ledger.entries.equals(expected) && expected.equals(ledger.entries)
            && ledger.entries.hashCode() == expected.hashCode());
        check("the alias is the same map", ledger.alias == ledger.entries);
        TreeSet<String> accounts = expectedAccounts();
        check("the accounts " + ledger.accounts.size() + ", expected " + accounts.size(),
            new ArrayList<>(ledger.accounts).equals(new ArrayList<>(accounts)));
        Phases.checkPagesLetGo(phase, store);
    }

    /** abort() after puts and removals: the map and set are detached, and the fields hold the committed ones. */
    private void abort(ObjectStore store) {
        Ledger ledger = store.root("ledger", Ledger.class);
        TreeMap<Long, String> before = ledger.entries;
        TreeSet<String> accountsBefore = ledger.accounts;
        long first = before.firstKey();
        before.remove(first);
        for (long key = 50_000; key < 52_000; key++) {
            before.put(key, "aborted");
        }
        accountsBefore.add("aborted");
        store.abort();
        refused("put", () -> before.put(-6L, "x"));
        refused("a sub-map's clear", () -> before.headMap(100L).clear());
        refused("an entry's setValue", () -> before.entrySet().iterator().next().setValue("y"));
        refused("an add to the set", () -> accountsBefore.add("again"));
        TreeMap<Long, String> after = ledger.entries;
        check("after abort the field holds another map", after != before);
        check("after abort the removed key is back", after.firstKey() == first);
        check("after abort no aborted entry", after.size() == expectedEntries().size() && !after.containsKey(50_000L));
        check("after abort no aborted account", !ledger.accounts.contains("aborted"));
        abortFromInside(store, ledger);
    }

    /**
     * An abort made from the function of a change detaches the collection, and the rest of the change is dropped:
     * the commit after it writes nothing of it, which the verify phase after this one checks.
     */
    private void abortFromInside(ObjectStore store, Ledger ledger) {
        long first = ledger.entries.firstKey();
        ledger.entries.compute(first, (key, value) -> {
            store.abort();
            return "computed after abort";
        });
        store.commit();
        ledger.entries.merge(first, "+", (value, more) -> {
            store.abort();
            return "merged after abort";
        });
        store.commit();
        ledger.entries.replaceAll((key, value) -> {
            store.abort();
            return "replaced after abort";
        });
        store.commit();
        ledger.entries.values().removeIf(value -> {
            store.abort();
            return true;
        });
        store.commit();
        ledger.accounts.removeIf(account -> {
            store.abort();
            return true;
        });
        store.commit();
        check("no change made after an abort from its function was committed: " + ledger.entries.get(first),
            ledger.entries.get(first).equals(expectedEntries().get(first)) && ledger.entries.size() == expectedEntries().size()
                && ledger.accounts.size() == expectedAccounts().size());
    }

    private void refused(String what, Runnable change) {
        try {
            change.run();
            check(what + " on the collection abort() reverted is refused", false);
        } catch (DetachedCollectionException expected) {
            check("the refusal names the collection: " + expected.getMessage(), expected.getMessage().contains("java.util.Tree"));
        }
    }
}
