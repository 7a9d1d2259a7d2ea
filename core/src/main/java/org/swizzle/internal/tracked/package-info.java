/**
 * The tracked collections: a subclass of each {@code java.util} collection Swizzle stores, which the object manager
 * gives persistent objects in place of the JDK's, and which reports every change made through itself, its views and
 * their iterators ({@link org.swizzle.internal.tracked.Tracked}). Each stored collection has one
 * {@link org.swizzle.internal.tracked.Attachment}: its OID, whether it changed, and what holds it, so that one
 * collection held by several objects stays one after a reload.
 *
 * <p>A large collection keeps its entries in pages, each a stored collection of its own, read when a lookup leads
 * to it and dirtied alone by a change ({@link org.swizzle.internal.tracked.Paged}): a {@code HashMap} in
 * {@link org.swizzle.internal.tracked.HashPages}, an {@code ArrayList} in
 * {@link org.swizzle.internal.tracked.ListPages}, a {@code TreeMap} in
 * {@link org.swizzle.internal.tracked.SortedEntries}, the other kinds inside one of those
 * ({@link org.swizzle.internal.tracked.Backed}). Their directories are stored in
 * {@link org.swizzle.internal.tracked.Sections}, and the pages in memory sit in
 * {@link org.swizzle.internal.tracked.PageSlot}s the resident budget may empty.
 */
package org.swizzle.internal.tracked;
