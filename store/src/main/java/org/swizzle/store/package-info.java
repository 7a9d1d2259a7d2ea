/**
 * The segment store: bytes, OIDs and transactions, nothing of Java classes.
 *
 * <p>{@link org.swizzle.store.SegmentStore} is the entry point. Objects live in logical segments
 * (an object table of 256 slots followed by object bytes) inside clusters of a cluster file that is
 * mapped read-only; updates go first to a redo write-ahead log and are then applied to the cluster
 * file with positional writes. Objects that grow or shrink stay, relocate or move with their OID
 * unchanged, and the space they leave is reused (see {@code Placement} and {@code FreeSpace}).
 *
 * <p>Every persisted byte is covered by a CRC32C that is checked when it is read: the header page
 * and its two checkpoint slots, the segment directory's header and entries, each table entry and
 * each object's bytes (checked on every read), and each WAL block. A mismatch raises
 * {@link org.swizzle.StoreCorruptedException} naming the file and offset; a newer or unknown format
 * raises {@link org.swizzle.StoreFormatException}. The on-disk formats are described, byte by byte,
 * by the {@code *Descriptor} classes of this package.
 *
 * <p>{@link org.swizzle.store.Tool} verifies a store, prints its statistics and dumps objects;
 * {@link org.swizzle.store.CrashWindows} holds the test-only hooks of crash harnesses.
 */
package org.swizzle.store;
