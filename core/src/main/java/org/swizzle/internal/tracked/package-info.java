/**
 * The tracked collections: a subclass of each {@code java.util} collection Swizzle stores, which the object manager
 * reads stored collections as and the agent makes persistent classes create in place of the JDK's, and which reports
 * every change made through itself, its views and their iterators ({@link org.swizzle.internal.tracked.Tracked}).
 * Each stored collection has one {@link org.swizzle.internal.tracked.Attachment}: its OID, whether it changed, and the
 * stored things that hold it; the OID and the resident table keep one collection held by several objects one after a
 * reload.
 *
 * <p>A large collection keeps its entries in pages, each a stored collection of its own, read when a lookup leads
 * to it and dirtied alone by a change ({@link org.swizzle.internal.tracked.Paged}): a {@code HashMap} in
 * {@link org.swizzle.internal.tracked.HashPages}, an {@code ArrayList} in
 * {@link org.swizzle.internal.tracked.ListPages}. A {@code HashSet}, a {@code LinkedList}, a {@code TreeMap}
 * (searched through {@link org.swizzle.internal.tracked.SortedEntries}) and a {@code TreeSet} keep theirs in one of
 * those ({@link org.swizzle.internal.tracked.Backed}); a {@code LinkedHashMap} or {@code LinkedHashSet} is never paged.
 * The directories are stored in {@link org.swizzle.internal.tracked.Sections}, and the pages in memory sit in
 * {@link org.swizzle.internal.tracked.PageSlot}s the resident budget may empty.
 */
package org.swizzle.internal.tracked;
