package org.swizzle.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.agrona.collections.LongArrayList;

/**
 * The address space the card table covers. Resident objects of a store get consecutive card
 * addresses as they fault in or are committed (their sizes spaced as in the store, so a card holds
 * about as many objects as the same bytes of a persistent heap would), in chunks owned by one store:
 * a commit scans only its own store's cards. Within a chunk addresses only grow, so the objects of a
 * dirty card are found by binary search.
 */
final class ResidentSpace {

    /** Bytes of address space per chunk; a multiple of every card size. */
    static final int CHUNK_BYTES = 1 << 16;

    /** Spacing bounds: large objects still take little space, so cards stay dense. */
    private static final int MIN_SPACING = 8;
    private static final int MAX_SPACING = 1024;

    /** Chunk 0 holds the sink card of transient objects (address 0) and is never handed out. */
    private static final AtomicLong NEXT_CHUNK = new AtomicLong(CHUNK_BYTES);

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

        /** Index of the first object at or after {@code address}. */
        int firstAtOrAfter(long address) {
            int found = Arrays.binarySearch(addresses, 0, count, address);
            return found >= 0 ? found : -found - 1;
        }
    }

    private final List<Chunk> chunks = new ArrayList<>();
    private Chunk current;

    /** Gives {@code object}, whose stored image has {@code storedLength} bytes, its card address. */
    long place(Persistable object, int storedLength) {
        int spacing = Math.min(MAX_SPACING, Math.max(MIN_SPACING, (storedLength + 7) & ~7));
        if (current == null || !current.fits(spacing)) {
            long base = NEXT_CHUNK.getAndAdd(CHUNK_BYTES);
            synchronized (CardTable.class) {
                CardTable.ensureCards((base + CHUNK_BYTES) >>> CardTable.SHIFT);
            }
            current = new Chunk(base);
            chunks.add(current);
        }
        return current.add(object, spacing);
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
                    if (object != null && object.$swz_state() == Persistable.RESIDENT && object.$swz_address() == chunk.addresses[i]) {
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
                if (object.$swz_state() == Persistable.RESIDENT && object.$swz_address() == chunk.addresses[i]) {
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
