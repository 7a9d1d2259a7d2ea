package org.swizzle.samples.hello;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;

/**
 * Sample 1: the smallest Swizzle program. Each run adds a greeting to a persistent guest book
 * and prints every greeting stored by earlier runs.
 *
 * <pre>
 * java -javaagent:agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar \
 *      -cp samples/target/swizzle-samples-0.1.0-SNAPSHOT-all.jar org.swizzle.samples.hello.HelloStore hello-db
 * </pre>
 */
public final class HelloStore {

    /** The root: a plain class, made persistent by the annotation and the agent. */
    @Persistent
    public static class GuestBook {
        List<String> greetings = new ArrayList<>();
        int visits;
    }

    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : "hello-db");
        try (ObjectStore store = ObjectStore.open(dir)) {
            GuestBook book = store.root("guests", GuestBook.class, GuestBook::new);
            book.visits++;
            book.greetings.add("hello #" + book.visits + " from " + System.getProperty("user.name", "someone"));
            long commit = store.commit();
            System.out.println("Commit " + commit + " to " + dir.toAbsolutePath() + "; the guest book holds:");
            book.greetings.forEach(greeting -> System.out.println("  " + greeting));
        }
    }
}
