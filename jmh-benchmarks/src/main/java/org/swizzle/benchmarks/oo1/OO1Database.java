package org.swizzle.benchmarks.oo1;

import java.util.SplittableRandom;

/**
 * One system under test holding the OO1 database: the heap (plain Java), Swizzle, or a peer. Every
 * operation is the OO1 one with a null procedure on {@code x}, {@code y} and {@code type} of each
 * part it reaches; what the procedures saw is in {@link #sink()}.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public interface OO1Database extends AutoCloseable {

    /** Parts in the database now. */
    int size();

    /** Looks the parts of {@code ids} up through the system's index; returns how many were found. */
    int lookup(int[] ids);

    /** Follows {@code to} connections depth first from part {@code id}; returns the visits (3,280 for depth 7). */
    int traverse(int id, int depth);

    /** Follows {@code from} connections (reverse traversal); returns the visits. */
    int reverse(int id, int depth);

    /**
     * Makes ready what {@link #lookup}{@code (ids)}, {@link #traverse} and {@link #reverse} from part {@code id}
     * read, before they are measured hot: by running them, unless the system can do it without running the
     * measured code.
     */
    default void warm(int[] ids, int id, int depth) {
        lookup(ids);
        traverse(id, depth);
        reverse(id, depth);
    }

    /** Makes ready what {@link #traverse} and the {@linkplain #update update traversal} from part {@code id} read, as {@link #warm} does. */
    default void warmTraversal(int id, int depth) {
        traverse(id, depth);
    }

    /**
     * The update traversal: like {@link #traverse} without the null procedure, incrementing {@code x}
     * and {@code y} of each visited part with probability {@code p} (one {@code random.nextDouble()}
     * per visit when {@code p < 1}, so that every system makes the same choices); returns the updates.
     */
    int update(int id, int depth, double p, SplittableRandom random);

    /** Adds the parts of {@code batch} (ids right after the last one) with their connections. */
    void insert(OO1Data batch);

    /** Makes every change since the last commit durable, in the system's own way. */
    void commit();

    /** What the null procedures saw. */
    long sink();

    @Override
    void close();
}
