package org.swizzle.it;

import java.nio.file.Path;

import org.swizzle.NotEnhancedException;
import org.swizzle.ObjectStore;
import org.swizzle.it.model.Node;

/** Runs without the agent: storing or reading a persistent class must say how to attach it. */
public final class WithoutAgent {
    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
            try {
                if (args[1].equals("write")) {
                    store.setRoot("n", new Node("x"));
                } else {
                    store.root("a", Node.class);
                }
                System.out.println("NO EXCEPTION");
            } catch (NotEnhancedException e) {
                System.out.println("NotEnhancedException: " + e.getMessage());
            }
        }
    }
}
