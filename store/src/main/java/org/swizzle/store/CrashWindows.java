package org.swizzle.store;

/**
 * Test-only hooks that hold a commit or a checkpoint still at the moments a crash is most
 * interesting, so that a crash harness killing the process at random lands there often. Never set
 * the property in production.
 *
 * <p>The system property {@value #PROPERTY}, read once when this class loads, gives the pause in
 * milliseconds (default 0: off). When it is on, the store sleeps that long
 * <ol>
 * <li>{@link #afterWalWrite()}: after a commit's WAL block is written, before it is forced;</li>
 * <li>{@link #afterWalForce()}: after the force (the commit is durable), before it is applied
 * (without {@code syncOnCommit}, right after the first pause);</li>
 * <li>{@link #midApply()}: halfway through applying a commit's records to the cluster file;</li>
 * <li>{@link #beforeWalReset()}: in a checkpoint, after the cluster file and the new checkpoint
 * slot are forced, before the WAL is reset;</li>
 * <li>{@link #beforeCut()}: at the end of a compaction, after the checkpoint that records the lowered
 * allocated end, before the cluster file is cut there.</li>
 * </ol>
 * When it is off, each hook is a test of a {@code static final int} against 0, which the JIT folds
 * away.
 *
 * <p>The system property {@value #FAIL_AFTER_APPLY_PROPERTY} names a commit number: once that commit is durable and
 * applied, {@link #afterApply} throws the {@link OutOfMemoryError} a JVM short of memory could throw there, for tests
 * of what the layers above do with a failure that follows a durable commit.
 */
public final class CrashWindows {
    /** The system property holding the pause in milliseconds. */
    public static final String PROPERTY = "swizzle.store.crashWindows";

    /** The system property naming the commit after whose apply {@link #afterApply} throws. */
    public static final String FAIL_AFTER_APPLY_PROPERTY = "swizzle.store.failAfterApply";

    private static final int MILLIS = parse(System.getProperty(PROPERTY));
    private static final long FAIL_AFTER_APPLY = Long.getLong(FAIL_AFTER_APPLY_PROPERTY, 0);

    private CrashWindows() {
    }

    /** The pause in milliseconds, 0 when the windows are off. */
    public static int millis() {
        return MILLIS;
    }

    static void afterWalWrite() {
        if (MILLIS > 0) {
            pause();
        }
    }

    static void afterWalForce() {
        if (MILLIS > 0) {
            pause();
        }
    }

    static void midApply() {
        if (MILLIS > 0) {
            pause();
        }
    }

    static void beforeWalReset() {
        if (MILLIS > 0) {
            pause();
        }
    }

    /** Throws an {@link OutOfMemoryError} after commit {@code commitNumber}, durable and applied, if it is the one named. */
    static void afterApply(long commitNumber) {
        if (FAIL_AFTER_APPLY != 0 && commitNumber == FAIL_AFTER_APPLY) {
            throw new OutOfMemoryError("simulated after commit " + commitNumber + " was applied ("
                + FAIL_AFTER_APPLY_PROPERTY + ")");
        }
    }

    static void beforeCut() {
        if (MILLIS > 0) {
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(MILLIS);
        } catch (InterruptedException e) {
            // Keep the interrupt for the caller; the window is just shorter.
            Thread.currentThread().interrupt();
        }
    }

    static int parse(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            int millis = Integer.parseInt(value.trim());
            if (millis < 0) {
                throw new IllegalArgumentException(PROPERTY + " must be a number of milliseconds of at least 0, found "
                    + value);
            }
            return millis;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + " must be a number of milliseconds, found \"" + value + '"', e);
        }
    }
}
