package org.swizzle.maven.refused;

import org.swizzle.Persistent;

/** A persistent class the agent refuses: a Thread cannot be stored. */
@Persistent
public class WithThread {
    Thread worker;
}
