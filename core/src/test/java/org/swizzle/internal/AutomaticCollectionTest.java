package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.swizzle.CommitNotAppliedException;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreException;
import org.swizzle.StoreIOException;

/** When the store's own collection thread runs a cycle, how it stops, and how its failure reaches the application. */
class AutomaticCollectionTest {

    private static final long MIB = 1 << 20;

    @Test
    void shouldStartACycleOnceTheUsedBytesReachTwiceTheLiveOnes() throws Exception {
        Semaphore cycles = new Semaphore(0);
        AutomaticCollection automatic = new AutomaticCollection("test-collector", stop -> cycles.release(), 10 * MIB);
        try {
            automatic.committed(19 * MIB);
            assertEquals(0, cycles.availablePermits(), "10 MiB live, 19 MiB used: not yet");
            automatic.committed(20 * MIB);
            assertTrue(cycles.tryAcquire(10, TimeUnit.SECONDS), "20 MiB used for 10 MiB live: a cycle runs");

            automatic.cycleEnded(MIB);
            automatic.committed(MIB + AutomaticCollection.MIN_GROWTH - 1);
            automatic.committed(MIB + AutomaticCollection.MIN_GROWTH - 1);
            assertEquals(0, cycles.availablePermits(), "a small store waits for the least growth");
            automatic.committed(MIB + AutomaticCollection.MIN_GROWTH);
            assertTrue(cycles.tryAcquire(10, TimeUnit.SECONDS), "and then collects");
        } finally {
            automatic.stop();
        }
    }

    @Test
    void shouldStopBetweenTwoStepsWhenTheStoreCloses() throws Exception {
        Semaphore running = new Semaphore(0);
        AtomicInteger steps = new AtomicInteger();
        AutomaticCollection automatic = new AutomaticCollection("test-collector", stop -> {
            running.release();
            while (!stop.getAsBoolean()) {
                steps.incrementAndGet();
                Thread.onSpinWait();
            }
        }, 0);
        automatic.committed(AutomaticCollection.MIN_GROWTH);
        assertTrue(running.tryAcquire(10, TimeUnit.SECONDS));
        automatic.stop();
        int after = steps.get();
        Thread.sleep(50); // a thread still stepping would count on meanwhile
        assertEquals(after, steps.get(), "no step runs once stop() returned");
        assertDoesNotThrow(automatic::rethrowFailure);
    }

    /**
     * A cycle whose own commit is durable but closed the store (its checkpoint failed) is reported as the store closed:
     * the commit's advice not to make its changes again is not for the application's commit that meets it.
     */
    @Test
    void shouldReportACycleCommitThatClosedTheStoreAsTheStoreClosed() throws Exception {
        CommitNotAppliedException failure = new CommitNotAppliedException(7, "Commit 7 is durable ... Do not commit the"
            + " same changes again", new StoreIOException("Cannot force", null));
        AutomaticCollection automatic = new AutomaticCollection("test-collector", stop -> {
            throw failure;
        }, 0);
        try {
            automatic.committed(AutomaticCollection.MIN_GROWTH);
            StoreClosedException raised = awaitFailure(automatic, StoreClosedException.class);
            assertNotNull(raised, "reported to a commit within 10 s");
            assertSame(failure, raised.getCause());
            assertTrue(raised.getMessage().contains("automatic collection's commit 7")
                && raised.getMessage().contains("Nothing of this commit was made"), raised.getMessage());
        } finally {
            automatic.stop();
        }
    }

    @Test
    void shouldReportAFailedCycleToTheNextCommitOnceAndStopCollecting() throws Exception {
        StoreIOException failure = new StoreIOException("disk full while freeing", new java.io.IOException("No space left on device"));
        AtomicInteger cycles = new AtomicInteger();
        AutomaticCollection automatic = new AutomaticCollection("test-collector", stop -> {
            cycles.incrementAndGet();
            throw failure;
        }, 0);
        try {
            automatic.committed(AutomaticCollection.MIN_GROWTH);
            StoreIOException raised = awaitFailure(automatic, StoreIOException.class);
            assertSame(failure, raised, "the cycle's own exception reaches the application");
            assertDoesNotThrow(automatic::rethrowFailure, "once");
            automatic.committed(100 * AutomaticCollection.MIN_GROWTH);
            Thread.sleep(50);
            assertEquals(1, cycles.get(), "no cycle starts after a failure");
        } finally {
            automatic.stop();
        }
    }

    /**
     * A failure of the collection thread that no commit met is thrown by {@code close()}, once, as what it is then: a
     * cycle's commit that closed the store says that recovery applies it; any other failure, whose own advice (commit
     * again, say) no longer holds, says that the store is closed and the application's commits kept.
     */
    @Test
    void shouldGiveAFailureNoCommitMetToClose() throws Exception {
        Throwable durable = takenAtClose(new CommitNotAppliedException(9, "Commit 9 is durable ...",
            new StoreIOException("Cannot force", null)));
        assertSame(StoreClosedException.class, durable.getClass());
        assertTrue(durable.getMessage().contains("automatic collection's commit 9")
            && durable.getMessage().contains("recovery applies"), durable.getMessage());
        Throwable other = takenAtClose(new StoreIOException("Commit 12 was not made ... free space, then commit again", null));
        assertSame(StoreException.class, other.getClass());
        assertTrue(other.getMessage().contains("automatic collection stopped")
            && other.getMessage().contains("The store is now closed"), other.getMessage());
    }

    /** What {@code close()} is given, once, after a cycle threw {@code failure}, its cause. */
    private static Throwable takenAtClose(RuntimeException failure) throws InterruptedException {
        AutomaticCollection automatic = new AutomaticCollection("test-collector", stop -> {
            throw failure;
        }, 0);
        try {
            automatic.committed(AutomaticCollection.MIN_GROWTH);
            Throwable taken = awaitTaken(automatic, true);
            assertNotNull(taken, "taken within 10 s");
            assertSame(failure, taken.getCause());
            assertNull(automatic.takeFailure(true), "once");
            return taken;
        } finally {
            automatic.stop();
        }
    }

    /** A cycle that found the store closed by a failure the application met has nothing to add at {@code close()}. */
    @Test
    void shouldGiveCloseNothingOfACycleThatFoundTheStoreClosed() throws Exception {
        AtomicInteger cycles = new AtomicInteger();
        AutomaticCollection automatic = new AutomaticCollection("test-collector", stop -> {
            cycles.incrementAndGet();
            throw new StoreClosedException("The store in /tmp/x is closed", null);
        }, 0);
        try {
            automatic.committed(AutomaticCollection.MIN_GROWTH);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (cycles.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            automatic.stop();
            assertEquals(1, cycles.get());
            assertNull(automatic.takeFailure(true));
        } finally {
            automatic.stop();
        }
    }

    /** What {@code rethrowFailure} throws once the collection thread failed, as the next commit meets it; null after 10 s. */
    private static <T extends RuntimeException> T awaitFailure(AutomaticCollection automatic, Class<T> type)
        throws InterruptedException {
        Throwable taken = awaitTaken(automatic, false);
        if (taken == null || type.isInstance(taken)) {
            return type.cast(taken);
        }
        AutomaticCollection.rethrow(taken);
        throw new AssertionError(taken);
    }

    /** What the application is to meet once the collection thread failed, taken once; null after 10 s. */
    private static Throwable awaitTaken(AutomaticCollection automatic, boolean closing) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Throwable taken = automatic.takeFailure(closing);
            if (taken != null) {
                return taken;
            }
            Thread.sleep(1);
        }
        return null;
    }
}
