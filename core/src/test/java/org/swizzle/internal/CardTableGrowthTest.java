package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Threads mark cards while another grows the card table, as writers on resident objects do while a fault
 * places objects in a new chunk of the resident space: every card marked is dirty once the table has grown.
 * (With a table replaced by a grown copy, a mark made into the old array after its copy was lost.)
 */
class CardTableGrowthTest {

    private static final int MARKERS = 2;
    /** The cards marked: existing before the growth starts, far above any chunk the other tests place. */
    private static final long FIRST_CARD = 1L << 19;
    private static final long CARDS = 1L << 19;
    /** The growth: from the marked cards up to this many cards, one step at a time. */
    private static final long GROWN = 1L << 25;

    @Test
    void shouldKeepEveryMarkMadeWhileTheTableGrows() throws Exception {
        synchronized (CardTable.class) {
            CardTable.ensureCards(FIRST_CARD + CARDS);
        }
        long dirtyBefore = 0;
        for (long card = FIRST_CARD; card < FIRST_CARD + CARDS; card++) {
            dirtyBefore += CardTable.isDirty(card) ? 1 : 0;
        }
        assertEquals(0, dirtyBefore, "the cards to mark start clean");

        CyclicBarrier start = new CyclicBarrier(MARKERS + 1);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int m = 0; m < MARKERS; m++) {
            int marker = m;
            threads.add(new Thread(() -> {
                try {
                    start.await(30, TimeUnit.SECONDS);
                    for (long card = FIRST_CARD + marker; card < FIRST_CARD + CARDS; card += MARKERS) {
                        CardTable.mark(card << CardTable.SHIFT);
                        for (int spin = 0; spin < 20; spin++) {
                            Thread.onSpinWait(); // spreads the marks over the growth
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "marker-" + m));
        }
        Thread grower = new Thread(() -> {
            try {
                start.await(30, TimeUnit.SECONDS);
                for (long limit = FIRST_CARD + CARDS + (1 << 16); limit <= GROWN; limit += limit / 4) {
                    synchronized (CardTable.class) {
                        CardTable.ensureCards(limit);
                    }
                    Thread.sleep(10);
                }
            } catch (Throwable e) {
                failures.add(e);
            }
        }, "grower");
        threads.add(grower);
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
            assertTrue(!thread.isAlive(), thread.getName() + " finished");
        }
        assertTrue(failures.isEmpty(), "no thread failed: " + failures);

        long lost = 0;
        long firstLost = -1;
        for (long card = FIRST_CARD; card < FIRST_CARD + CARDS; card++) {
            if (!CardTable.isDirty(card)) {
                lost++;
                firstLost = firstLost < 0 ? card : firstLost;
            }
        }
        assertEquals(0, lost, "marks lost while the table grew (first: card " + firstLost + ")");
        for (long card = FIRST_CARD; card < FIRST_CARD + CARDS; card++) {
            CardTable.clean(card);
        }
    }
}
