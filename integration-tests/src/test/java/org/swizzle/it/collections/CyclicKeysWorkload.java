package org.swizzle.it.collections;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link CyclicKeysTest}: two nodes, each in the other's set, whose hash reads the size of their own
 * set, and the same with sorted sets whose order reads it.
 */
public final class CyclicKeysWorkload {

    /** A node hashed by its name and whether its set holds anything, which its set's first element made true. */
    @Persistent
    public static class Node {
        String name;
        Set<Node> peers = new HashSet<>();

        Node(String name) {
            this.name = name;
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + Math.min(peers.size(), 1);
        }

        @Override
        public boolean equals(Object o) {
            return o == this;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A node ordered by the size of its sorted set, then its name. */
    @Persistent
    public static class Ranked implements Comparable<Ranked> {
        String name;
        Set<Ranked> peers = new TreeSet<>();

        Ranked(String name) {
            this.name = name;
        }

        @Override
        public int compareTo(Ranked other) {
            int bySize = Integer.compare(Math.min(peers.size(), 1), Math.min(other.peers.size(), 1));
            return bySize != 0 ? bySize : name.compareTo(other.name);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A node in its own set, hashed by the size of that set. */
    @Persistent
    public static class Member {
        String name;
        Set<Member> set = new HashSet<>();

        Member(String name) {
            this.name = name;
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + set.size();
        }

        @Override
        public boolean equals(Object o) {
            return o == this;
        }
    }

    @Persistent
    public static class Pair {
        Node first;
        Node second;
        Ranked firstRanked;
        Ranked secondRanked;
        Member member;
    }

    private final String phase;

    private CyclicKeysWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        CyclicKeysWorkload workload = new CyclicKeysWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "firstToSecond", workload::firstToSecond,
            "secondToFirst", workload::secondToFirst, "commitAfterReading", workload::commitAfterReading));
    }

    private void build(ObjectStore store) {
        Pair pair = store.root("pair", Pair.class, Pair::new);
        Node first = new Node("first");
        Node second = new Node("second");
        first.peers.add(new Node("filler of first")); // each set holds something before the other node goes in
        second.peers.add(new Node("filler of second"));
        first.peers.add(second);
        second.peers.add(first);
        pair.first = first;
        pair.second = second;
        Ranked firstRanked = new Ranked("first");
        Ranked secondRanked = new Ranked("second");
        firstRanked.peers.add(new Ranked("filler of first"));
        secondRanked.peers.add(new Ranked("filler of second"));
        firstRanked.peers.add(secondRanked);
        secondRanked.peers.add(firstRanked);
        pair.firstRanked = firstRanked;
        pair.secondRanked = secondRanked;
        Member member = new Member("member");
        member.set.add(member);
        member.set = new HashSet<>(member.set); // hashed again, by the size its set has now
        pair.member = member;
        store.commit();
        Phases.halt(phase);
    }

    /** Reads the first node's sets first. */
    private void firstToSecond(ObjectStore store) {
        Pair pair = store.root("pair", Pair.class);
        boolean firstHoldsSecond = pair.first.peers.contains(pair.second);
        boolean secondHoldsFirst = pair.second.peers.contains(pair.first);
        boolean rankedFirstHoldsSecond = pair.firstRanked.peers.contains(pair.secondRanked);
        boolean rankedSecondHoldsFirst = pair.secondRanked.peers.contains(pair.firstRanked);
        check(pair, firstHoldsSecond, secondHoldsFirst, rankedFirstHoldsSecond, rankedSecondHoldsFirst);
        checkFaultedOnce(store);
    }

    /**
     * No object was made resident twice, the cycle's nested faults included: at most the 10 stored (the pair, four
     * nodes, their four fillers and the member; the default faults 9 of them, fault units may bring the member too).
     */
    private void checkFaultedOnce(ObjectStore store) {
        long faulted = store.stats().objectsFaulted();
        Phases.check(phase, "at most 10 objects faulted, each once: " + faulted + " faulted, " + store.stats().objectsResident()
            + " resident", faulted >= 9 && faulted <= 10 && store.stats().objectsResident() == faulted);
    }

    /** The node in its own set: found there, once; read first, its set is rebuilt around it. */
    private void checkMember(Pair pair) {
        Member member = pair.member;
        Phases.check(phase, "a node hashed by the size of its own set finds itself there: " + member.set.size(),
            member.set.contains(member) && member.set.size() == 1 && !member.set.add(member) && member.set.size() == 1);
    }

    /** Reads the second node's sets first. */
    private void secondToFirst(ObjectStore store) {
        Pair pair = store.root("pair", Pair.class);
        boolean secondHoldsFirst = pair.second.peers.contains(pair.first);
        boolean firstHoldsSecond = pair.first.peers.contains(pair.second);
        boolean rankedSecondHoldsFirst = pair.secondRanked.peers.contains(pair.firstRanked);
        boolean rankedFirstHoldsSecond = pair.firstRanked.peers.contains(pair.secondRanked);
        check(pair, firstHoldsSecond, secondHoldsFirst, rankedFirstHoldsSecond, rankedSecondHoldsFirst);
        checkFaultedOnce(store);
    }

    /** Reads both, adds what a set did not find (nothing, now), and commits: a read logs nothing. */
    private void commitAfterReading(ObjectStore store) {
        Pair pair = store.root("pair", Pair.class);
        checkMember(pair);
        pair.second.peers.add(pair.first);
        pair.first.peers.add(pair.second);
        pair.secondRanked.peers.add(pair.firstRanked);
        pair.firstRanked.peers.add(pair.secondRanked);
        long before = store.stats().bytesLogged();
        store.commit();
        Phases.check(phase, "a commit after reading the sets logs nothing: " + (store.stats().bytesLogged() - before) + " bytes",
            store.stats().bytesLogged() == before);
        check(pair, pair.first.peers.contains(pair.second), pair.second.peers.contains(pair.first),
            pair.firstRanked.peers.contains(pair.secondRanked), pair.secondRanked.peers.contains(pair.firstRanked));
    }

    private void check(Pair pair, boolean firstHoldsSecond, boolean secondHoldsFirst, boolean rankedFirstHoldsSecond,
                       boolean rankedSecondHoldsFirst) {
        Phases.check(phase, "the first node's set finds the second: " + pair.first.peers, firstHoldsSecond);
        Phases.check(phase, "the second node's set finds the first: " + pair.second.peers, secondHoldsFirst);
        Phases.check(phase, "the first node's sorted set finds the second: " + pair.firstRanked.peers, rankedFirstHoldsSecond);
        Phases.check(phase, "the second node's sorted set finds the first: " + pair.secondRanked.peers, rankedSecondHoldsFirst);
        Phases.check(phase, "each set holds two nodes: " + pair.first.peers + " " + pair.second.peers,
            pair.first.peers.size() == 2 && pair.second.peers.size() == 2 && pair.firstRanked.peers.size() == 2
                && pair.secondRanked.peers.size() == 2);
    }
}
