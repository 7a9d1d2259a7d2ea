package org.swizzle.store;

import org.agrona.collections.Long2LongHashMap;

/**
 * What recovery learns in a first pass over the blocks it is about to replay, and needs before it
 * writes anything: the last commit of the log, the highest allocated end (the cluster file is grown
 * and mapped that far first), for each object that a block images or frees, the last commit that
 * does, and for each segment that a block releases, the last commit that does.
 *
 * <p>A PATCH names no offset (see {@link WalDescriptor}): it is written where its object's table
 * entry says the object lies. After a crash, the cluster file may already hold what later blocks
 * wrote, entries included. An entry that a later PATCH wrote still gives the object's place, length
 * and class id; one that a later IMAGE or FREE wrote may not, so a PATCH of an object that a later
 * block images or frees is skipped: that IMAGE rewrites the object whole, and its entry; that FREE
 * empties its entry.
 *
 * <p>Likewise, a segment's directory entry may already be the one a later RELEASE wrote: the segment has no
 * table, and the space its table had may hold objects that later blocks placed there. A record of a block
 * that writes into the table of such a segment is skipped: the RELEASE comes after every object of the
 * segment is freed, so nothing the record wrote would be read.
 *
 * <p>A SPLICE moves its object as an IMAGE does, but it is built from the object's old bytes, so it is no
 * reason to skip the PATCHes and SPLICEs of the object before it: they write the bytes it reads. It is
 * skipped, as a PATCH is, when a later block images or frees its object. A PATCH followed by a SPLICE of
 * its object is written where that SPLICE reads the object ({@link #spliceSources}), not where the
 * object's entry, which the SPLICE rewrote, says.
 */
final class ReplayPlan {
    private static final long NONE = 0;

    private final Long2LongHashMap lastRewrite = new Long2LongHashMap(NONE);
    private final Long2LongHashMap lastRelease = new Long2LongHashMap(NONE);
    private final SpliceSources spliceSources = new SpliceSources();
    private long lastCommit;
    private long allocatedEnd;
    private int blocks;

    /** A plan for a store whose checkpoint allocated up to {@code allocatedEnd}. */
    ReplayPlan(long allocatedEnd) {
        this.allocatedEnd = allocatedEnd;
    }

    /** Adds the block of {@code commit}, whose records {@code records} is at the start of (and checks on the way). */
    void add(long commit, WalRecords records) {
        while (records.next()) {
            if (records.type() == WalDescriptor.IMAGE || records.type() == WalDescriptor.FREE) {
                lastRewrite.put(records.oid(), commit);
            } else if (records.type() == WalDescriptor.RELEASE) {
                lastRelease.put(records.oid(), commit);
            } else if (records.type() == WalDescriptor.SPLICE) {
                spliceSources.add(records.oid(), commit, records.oldPosition(), records.oldLength());
            } else if (records.type() == WalDescriptor.ALLOCATOR) {
                allocatedEnd = Math.max(allocatedEnd, records.position());
            }
        }
        lastCommit = commit;
        blocks++;
    }

    /** Whether a block after that of {@code commit} images or frees {@code oid}. */
    boolean rewrittenAfter(long oid, long commit) {
        return lastRewrite.get(oid) > commit;
    }

    /** Where the SPLICEs of the log read their objects' old bytes. */
    SpliceSources spliceSources() {
        return spliceSources;
    }

    /** Whether the block of {@code commit} or a later one releases {@code segment}. */
    boolean releasedFrom(long segment, long commit) {
        return lastRelease.get(segment) >= commit;
    }

    /** The last commit of the log: no table entry may name a later one. */
    long lastCommit() {
        return lastCommit;
    }

    /** How far the blocks allocate: the cluster file must be mapped that far before they are replayed. */
    long allocatedEnd() {
        return allocatedEnd;
    }

    /** The blocks to replay. */
    int blocks() {
        return blocks;
    }
}
