package org.swizzle.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

import org.agrona.collections.LongArrayList;

/**
 * The address space the card table covers. Resident objects of a store get consecutive card
 * addresses as they fault in or are committed (their sizes spaced as in the store, so a card holds
 * about as many objects as the same bytes of a persistent heap would), in chunks owned by one store:
 * a commit scans only its own store's cards. Within a chunk addresses only grow, so the objects of a
 * dirty card are found by binary search.
 *
 * <p>An entry goes stale when its object is re-hollowed, or faulted again at another address. Once the entries
 * have grown to twice those found live by the last sweep, the next chunk opened sweeps first: stale entries are
 * dropped (so the space no longer holds the hollow objects the resident table holds weakly), and chunks left
 * empty give their address range back, cards cleaned, for any store to reuse, as a closing store gives back
 * all of its own. Entries and address space thus stay proportional to the resident objects, not to the
 * faults ever made.
 */
final class ResidentSpace {

    /** Bytes of address space per chunk; a multiple of every card size. */
    static final int CHUNK_BYTES = 1 << 16;

    /** Spacing bounds: large objects still take little space, so cards stay dense. */
    private static final int MIN_SPACING = 8;
    private static final int MAX_SPACING = 1024;

    /** Entries a sweep may leave to the next without counting: small spaces are not swept at all. */
    private static final int SWEEP_SLACK = 4096;

    /** Chunk 0 holds the sink card of transient objects (address 0) and is never handed out. Guarded by CardTable.class. */
    private static long nextChunk = CHUNK_BYTES;
    /** Address ranges given back, cards clean. Guarded by CardTable.class. */
    private static final ArrayDeque<Long> FREE_CHUNKS = new ArrayDeque<>();

    private static final class Chunk {
        final long base;
        Persistable[] objects = new Persistable[64];
        long[] addresses = new long[64];
        int count;
        long top;

        Chunk(long base) {
            this.base = base;
            this.top = base;
        }

        boolean fits(int spacing) {
            return top + spacing <= base + CHUNK_BYTES;
        }

        long add(Persistable object, int spacing) {
            if (count == objects.length) {
                objects = Arrays.copyOf(objects, count * 2);
                addresses = Arrays.copyOf(addresses, count * 2);
            }
            long address = top;
            objects[count] = object;
            addresses[count] = address;
            count++;
            top += spacing;
            return address;
        }

        /** Drops the entries of objects no longer resident at their address here; returns how many are left. */
        int dropStale() {
            int kept = 0;
            for (int i = 0; i < count; i++) {
                Persistable object = objects[i];
                if (isResidentAt(object, addresses[i])) {
                    objects[kept] = object;
                    addresses[kept] = addresses[i];
                    kept++;
                }
            }
            Arrays.fill(objects, kept, count, null);
            count = kept;
            if (objects.length > 64 && kept < objects.length / 4) {
                objects = Arrays.copyOf(objects, Math.max(64, kept * 2));
                addresses = Arrays.copyOf(addresses, objects.length);
            }
            return kept;
        }

        /** Index of the first object at or after {@code address}. */
        int firstAtOrAfter(long address) {
            int found = Arrays.binarySearch(addresses, 0, count, address);
            return found >= 0 ? found : -found - 1;
        }
    }

    private final List<Chunk> chunks = new ArrayList<>();
    private Chunk current;
    /** Entries in all chunks, and those the last sweep found live. */
    private long entries;
    private long liveAtSweep;

    /** Gives {@code object}, whose stored image has {@code storedLength} bytes, its card address. */
    long place(Persistable object, int storedLength) {
        int spacing = Math.min(MAX_SPACING, Math.max(MIN_SPACING, (storedLength + 7) & ~7));
        if (current == null || !current.fits(spacing)) {
            if (entries > 2 * liveAtSweep + SWEEP_SLACK) {
                sweep();
            }
            current = new Chunk(takeChunk());
            chunks.add(current);
        }
        entries++;
        return current.add(object, spacing);
    }

    /** Entries held, live or stale: what the space costs in memory. */
    long entries() {
        return entries;
    }

    /** Chunks held: the address space this store takes, in {@link #CHUNK_BYTES}. */
    int chunks() {
        return chunks.size();
    }

    /** Drops stale entries and gives back the chunks left without one; see the class comment. */
    void sweep() {
        long live = 0;
        for (Iterator<Chunk> each = chunks.iterator(); each.hasNext(); ) {
            Chunk chunk = each.next();
            int kept = chunk.dropStale();
            live += kept;
            if (kept == 0 && chunk != current) {
                each.remove();
                giveBack(chunk);
            }
        }
        entries = live;
        liveAtSweep = live;
    }

    /** Gives every chunk back, for a store that closes. */
    void release() {
        for (Chunk chunk : chunks) {
            giveBack(chunk);
        }
        chunks.clear();
        current = null;
        entries = 0;
        liveAtSweep = 0;
    }

    private static long takeChunk() {
        synchronized (CardTable.class) {
            Long reused = FREE_CHUNKS.pollLast();
            if (reused != null) {
                return reused;
            }
            long base = nextChunk;
            nextChunk += CHUNK_BYTES;
            CardTable.ensureCards((base + CHUNK_BYTES) >>> CardTable.SHIFT);
            return base;
        }
    }

    /**
     * Cleans the chunk's cards and makes its range free. A mark that lands there later, from a writer that read
     * a re-hollowed object's old address, only makes a commit look at a card for nothing.
     */
    private static void giveBack(Chunk chunk) {
        long firstCard = chunk.base >>> CardTable.SHIFT;
        long endCard = (chunk.base + CHUNK_BYTES) >>> CardTable.SHIFT;
        synchronized (CardTable.class) {
            for (long card = firstCard; card < endCard; card++) {
                CardTable.clean(card);
            }
            FREE_CHUNKS.addLast(chunk.base);
        }
    }

    private static boolean isResidentAt(Persistable object, long address) {
        return object != null && object.$swz_state() == Persistable.RESIDENT && object.$swz_address() == address;
    }

    /**
     * Hands every resident object in a dirty card to {@code action} and adds the dirty cards to {@code dirtyCards}.
     * Hollow objects (re-hollowed, or never filled) are skipped: they hold no update.
     */
    void forEachInDirtyCards(Consumer<Persistable> action, LongArrayList dirtyCards) {
        int cardBytes = 1 << CardTable.SHIFT;
        for (Chunk chunk : chunks) {
            long firstCard = chunk.base >>> CardTable.SHIFT;
            long endCard = (chunk.top + cardBytes - 1) >>> CardTable.SHIFT;
            for (long card = firstCard; card < endCard; card++) {
                if (!CardTable.isDirty(card)) {
                    continue;
                }
                dirtyCards.addLong(card);
                long end = (card + 1) << CardTable.SHIFT;
                for (int i = chunk.firstAtOrAfter(card << CardTable.SHIFT); i < chunk.count && chunk.addresses[i] < end; i++) {
                    Persistable object = chunk.objects[i];
                    if (isResidentAt(object, chunk.addresses[i])) {
                        action.accept(object);
                    }
                }
            }
        }
    }

    /** Hands every resident object to {@code action}: the candidates when there is no barrier. */
    void forEachResident(Consumer<Persistable> action) {
        for (Chunk chunk : chunks) {
            for (int i = 0; i < chunk.count; i++) {
                Persistable object = chunk.objects[i];
                if (isResidentAt(object, chunk.addresses[i])) {
                    action.accept(object);
                }
            }
        }
    }

    /** Cleans the cards a commit or abort has dealt with. */
    static void clean(LongArrayList cards) {
        for (int i = 0; i < cards.size(); i++) {
            CardTable.clean(cards.getLong(i));
        }
    }

    /** Marks {@code object}'s card dirty, as its barrier would. */
    static void dirty(Persistable object) {
        CardTable.dirty(object.$swz_address() >>> CardTable.SHIFT);
    }
}
