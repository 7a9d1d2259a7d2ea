package org.swizzle.benchmarks.oo7;

import java.nio.file.Path;

import org.swizzle.benchmarks.oo1.Forks;
import org.swizzle.internal.Enhancement;

/**
 * The systems a fork can run OO7 on, and how each makes and opens a database. The model classes are the
 * same for all three: enhanced by the agent in the Swizzle fork, plain in the others. So EclipseStore's
 * files must be written by a JVM without the agent (enhanced classes have fields of their own), and
 * Swizzle's by one with it; {@link #requireAgent} says which.
 */
public enum OO7Engine {
    /** The model on the heap, no agent, no files: the limit for hot work. */
    JAVA(false),
    /** Swizzle with the agent options of the fork, commits forced to disk (the default). */
    SWIZZLE(true),
    /** EclipseStore embedded storage, whole graph loaded at start, a {@code Storer} per commit. */
    ECLIPSE_STORE(false);

    private final boolean agent;

    OO7Engine(boolean agent) {
        this.agent = agent;
    }

    /** Whether the engine keeps files (all but {@link #JAVA}). */
    public boolean hasFiles() {
        return this != JAVA;
    }

    /** Whether this JVM can make and open the engine's databases: the agent is attached exactly when the engine needs it. */
    public boolean canRunHere() {
        return agent == Enhancement.isAgentInstalled();
    }

    /** A new database in the empty directory {@code dir} (ignored by {@link #JAVA}) holding {@code module}, not yet committed. */
    OO7Database create(Path dir, Module module) {
        requireAgent();
        switch (this) {
            case JAVA:
                return new HeapDatabase(module);
            case SWIZZLE:
                return SwizzleDatabase.create(dir, module);
            case ECLIPSE_STORE:
                return EclipseStoreDatabase.create(dir, module);
            default:
                throw new IllegalStateException("Unknown engine " + this);
        }
    }

    /** Opens the database in {@code dir}; {@link #JAVA} keeps none, so it is given the module to hold. */
    OO7Database open(Path dir, Module heapModule) {
        requireAgent();
        switch (this) {
            case JAVA:
                return new HeapDatabase(heapModule);
            case SWIZZLE:
                return SwizzleDatabase.open(dir);
            case ECLIPSE_STORE:
                return EclipseStoreDatabase.open(dir);
            default:
                throw new IllegalStateException("Unknown engine " + this);
        }
    }

    private void requireAgent() {
        if (!canRunHere()) {
            throw new IllegalStateException(this + (agent
                ? " needs the agent: run the benchmark's Swizzle fork from the repository root, so that -javaagent:"
                    + Forks.AGENT_JAR + " resolves"
                : " runs without the agent: the agent would enhance the model classes, giving them fields of its own"));
        }
    }
}
