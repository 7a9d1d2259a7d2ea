package org.swizzle.it.bad;

/** A record, which cannot be @Persistent: a stored collection cannot hold one. */
public record PlainPoint(int x, int y) {
}
