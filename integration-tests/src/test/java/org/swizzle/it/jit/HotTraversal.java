package org.swizzle.it.jit;

import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.StoreOptions;

/**
 * The child JVM of {@link InliningTest}: stores a binary tree of links, reopens it confined to this thread
 * under a resident budget far smaller than the tree and traverses it until C2 compiles {@link #traverse}:
 * every traversal faults most links, so the fault path is as hot as it gets in the traversal's profile.
 */
public final class HotTraversal {

    private static final int DEPTH = 14;

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        try (ObjectStore store = ObjectStore.open(dir)) {
            store.setRoot("tree", build(1, DEPTH));
            store.commit();
        }
        // a budget far below the tree: every traversal faults most links, so the fault path is hot in the profile
        try (ObjectStore store = ObjectStore.open(dir, StoreOptions.builder().residentBudget(1_000).confined(true).build())) {
            Link tree = store.root("tree", Link.class);
            long sum = 0;
            for (int i = 0; i < 60; i++) {
                sum += traverse(tree);
            }
            System.out.println("SUM " + sum + " FAULTS " + store.stats().faults());
        }
    }

    private static Link build(int id, int depth) {
        Link link = new Link(id);
        link.x = id % 7;
        if (depth > 0) {
            link.left = build(2 * id, depth - 1);
            link.right = build(2 * id + 1, depth - 1);
        }
        return link;
    }

    /** The hot method: its inlining tree must hold every accessor and no fault path. */
    static long traverse(Link link) {
        if (link == null) {
            return 0;
        }
        return link.x + link.id + traverse(link.left) + traverse(link.right);
    }
}
