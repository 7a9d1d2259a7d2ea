package org.swizzle.it.faulting;

import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.StoreClosedException;

/**
 * Child JVM: a root vertex read, its store closed, then its {@code next} followed. Prints {@code FOLLOWED id} when the
 * load gives the target (node marking keeps the target's Java object in the field), {@code REFUSED message} when it is
 * refused (edge marking and no swizzling look the target up in the closed store).
 */
public final class FollowAfterClose {

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        try (ObjectStore store = ObjectStore.open(dir)) {
            Vertex root = new Vertex(1);
            root.next = new Vertex(2);
            store.setRoot("root", root);
            store.commit();
        }
        ObjectStore store = ObjectStore.open(dir);
        Vertex root = store.root("root", Vertex.class);
        int id = root.id; // read, unchanged
        store.close();
        try {
            Vertex next = root.next;
            System.out.println("FOLLOWED " + (next == null ? "null" : "a vertex") + " from " + id);
        } catch (StoreClosedException e) {
            System.out.println("REFUSED " + e.getMessage());
        }
    }
}
