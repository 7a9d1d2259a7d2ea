/**
 * The segment store: bytes, OIDs and transactions, nothing of Java classes.
 *
 * <p>{@link org.swizzle.store.SegmentStore} is the entry point. Objects live in logical segments
 * (an object table of 256 slots followed by object bytes) inside clusters of a cluster file that is
 * mapped read-only; updates go first to a redo write-ahead log and are then applied to the cluster
 * file with positional writes. The on-disk formats are described, byte by byte, by the
 * {@code *Descriptor} classes of this package.
 */
package org.swizzle.store;
