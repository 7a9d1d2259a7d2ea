package org.swizzle.internal;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.swizzle.CommitNotAppliedException;
import org.swizzle.StoreClosedException;
import org.swizzle.StoreException;

/**
 * Starts collection cycles by itself, for a store opened with {@code StoreOptions.automaticCollection}: once
 * the store's used bytes reach twice the bytes the last cycle found reached (and exceed them by at least
 * {@link #MIN_GROWTH}), a daemon thread of the store runs a cycle in the collector's bounded steps, so the
 * committing thread never pays for it and the store settles at about twice its live bytes, plus what the
 * application made garbage while the last cycle ran.
 *
 * <p>Locking: {@link #committed} is called under the object manager's lock and takes this object's monitor
 * briefly; the thread takes the manager's lock only step by step and never while holding this monitor.
 */
final class AutomaticCollection {

    /** The least growth that starts a cycle, so a small store is not traced at every commit. */
    static final long MIN_GROWTH = 4L << 20;

    private final String threadName;
    private final Consumer<BooleanSupplier> cycle;
    private Thread thread;
    private long baseline;
    private boolean requested;
    private boolean stopping;
    private Throwable failure;

    /**
     * @param cycle runs one whole collection cycle, step by step, until it ends or the supplier says to stop
     */
    AutomaticCollection(String threadName, Consumer<BooleanSupplier> cycle, long usedBytes) {
        this.threadName = threadName;
        this.cycle = cycle;
        this.baseline = usedBytes;
    }

    /**
     * A cycle ended, having kept {@code reachedBytes} of the objects that existed when it started (what the
     * application held then; what it made during the cycle may be garbage already): the next one starts when the
     * used bytes reach twice that.
     */
    synchronized void cycleEnded(long reachedBytes) {
        baseline = reachedBytes;
    }

    /** A commit left {@code usedBytes} used: starts a cycle if they have grown enough and none is running. */
    synchronized void committed(long usedBytes) {
        if (stopping || failure != null || usedBytes - baseline < Math.max(baseline, MIN_GROWTH)) {
            return;
        }
        requested = true;
        if (thread == null) {
            thread = new Thread(this::run, threadName);
            thread.setDaemon(true);
            thread.start();
        } else {
            notifyAll();
        }
    }

    /**
     * Throws what made the collection thread stop, once: the store's next commit reports it rather than
     * the thread's death going unnoticed (see {@link #takeFailure}).
     */
    void rethrowFailure() {
        rethrow(takeFailure(false));
    }

    /**
     * What made the collection thread stop, as the application is to meet it, once; null if nothing did. A commit of
     * the collection's own that is durable but closed the store is reported as the store closed: that commit's advice,
     * not to make its changes again, is not the caller's to follow. {@code closing}: met by {@code close()}, which
     * no commit came before, rather than by a commit; a cycle that found the store closed by another call's failure,
     * which that call reported, has nothing to add to it there.
     */
    synchronized Throwable takeFailure(boolean closing) {
        Throwable raised = failure;
        if (raised == null) {
            return null;
        }
        failure = null;
        stopping = true;
        if (closing && raised instanceof StoreClosedException) {
            return null;
        }
        if (raised instanceof CommitNotAppliedException) {
            return new StoreClosedException("The automatic collection's commit " + ((CommitNotAppliedException) raised)
                .commitNumber() + " closed the store (" + raised.getMessage() + "). " + (closing
                ? "close() discarded what was not committed, as it always does: open the store again, and recovery applies"
                    + " the collection's commit."
                : "Nothing of this commit was made: open the store again and make its changes again."), raised);
        }
        if (closing && !(raised instanceof Error)) { // its advice (commit again, say) no longer holds: the store is closed
            return new StoreException("The automatic collection stopped at a failure no commit reported (" + raised
                + "). The store is now closed; every commit of the application's that returned is kept.", raised);
        }
        return raised;
    }

    /** Throws {@code failure}, a {@link RuntimeException} or an {@link Error} from {@link #takeFailure}, if not null. */
    static void rethrow(Throwable failure) {
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        if (failure != null) {
            throw (RuntimeException) failure;
        }
    }

    /** Stops the thread between two steps and waits for it; called without the manager's lock. */
    void stop() {
        Thread running;
        synchronized (this) {
            stopping = true;
            notifyAll();
            running = thread;
        }
        if (running == null || running == Thread.currentThread()) {
            return;
        }
        boolean interrupted = false;
        while (running.isAlive()) {
            try {
                running.join();
            } catch (InterruptedException e) {
                interrupted = true; // the stop must finish before the store closes; the interrupt is restored below
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        while (awaitRequest()) {
            try {
                cycle.accept(this::isStopping);
            } catch (RuntimeException | Error e) {
                synchronized (this) {
                    failure = e;
                }
                return;
            }
        }
    }

    private synchronized boolean awaitRequest() {
        while (!requested && !stopping) {
            try {
                wait();
            } catch (InterruptedException e) {
                stopping = true;
            }
        }
        requested = false;
        return !stopping;
    }

    private synchronized boolean isStopping() {
        return stopping;
    }
}
