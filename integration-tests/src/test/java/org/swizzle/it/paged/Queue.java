package org.swizzle.it.paged;

import java.util.LinkedList;

import org.swizzle.Persistent;

/** The root of {@link PagedLinkedListTest}: large linked lists, each kept in a paged list of its own. */
@Persistent
public class Queue {
    LinkedList<Long> jobs = new LinkedList<>();
    /** Persistent elements: a list keeps references to them in its chunks, whatever their hashes. */
    LinkedList<Item> items = new LinkedList<>();
    /** The same list as {@link #jobs}: sharing survives a reload. */
    LinkedList<Long> alias;
}
