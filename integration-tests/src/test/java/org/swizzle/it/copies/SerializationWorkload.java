package org.swizzle.it.copies;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;

import org.swizzle.ObjectStore;

/**
 * The child JVM of {@link SerializationTest}: {@code PHASE DIR} runs one phase on the store in {@code DIR} and prints
 * {@code FAIL phase: what} for each check that did not hold, then {@code DONE phase}.
 */
public final class SerializationWorkload {

    private static final String STORED = "a:1 cells=7,2 tags=[t] next=(memo:2 cells=1,2 tags=[] note=four extra=0)";

    private final String phase;

    private SerializationWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        SerializationWorkload workload = new SerializationWorkload(args[0]);
        try (ObjectStore store = ObjectStore.open(Path.of(args[1]))) {
            switch (args[0]) {
                case "write": workload.write(store); break;
                case "copy": workload.copy(store); break;
                case "verify": workload.verify(store); break;
                default: throw new IllegalArgumentException(args[0]);
            }
        }
        System.out.println("DONE " + args[0]);
    }

    private void write(ObjectStore store) {
        Doc a = new Doc(1, "a");
        a.cells[0] = 7;
        a.tags.add("t");
        a.next = new Memo(2, "memo", "four");
        store.setRoot("a", a);
        store.setRoot("card", new Card("card", 5));
        store.commit();
        check("stored as " + a, STORED.equals(a.toString()));
    }

    /** Serializes the root while it and what it refers to are hollow, and stores the copy beside it. */
    private void copy(ObjectStore store) throws IOException, ClassNotFoundException {
        Doc a = store.root("a", Doc.class);
        Doc copy = (Doc) roundTrip(a); // nothing of a has been touched yet
        Object card = roundTrip(store.root("card", Card.class));
        check("the copy of a hollow object whose class writes itself has its stored values: " + card,
            "card:5".equals(card.toString()));
        check("the copy of a hollow object has its stored values: " + copy,
            "a:1 cells=7,2 tags=[t] next=(memo:2 cells=1,2 tags=[] note=four extra=4)".equals(copy.toString()));
        check("the copy is another object, and so is what it refers to", copy != a && copy.next != a.next);
        check("the original is unchanged: " + a, STORED.equals(a.toString()));
        copy.value = 3;
        copy.next.value = 4;
        store.setRoot("copy", copy);
        store.commit();
    }

    private void verify(ObjectStore store) {
        Doc a = store.root("a", Doc.class);
        Doc copy = store.root("copy", Doc.class);
        check("the original after a reload: " + a, STORED.equals(a.toString()));
        check("the stored copy after a reload: " + copy,
            "a:3 cells=7,2 tags=[t] next=(memo:4 cells=1,2 tags=[] note=four extra=0)".equals(copy.toString()));
        check("two objects each", copy != a && copy.next != a.next && copy.tags != a.tags);
    }

    private static Object roundTrip(Object object) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    private void check(String what, boolean holds) {
        if (!holds) {
            System.out.println("FAIL " + phase + ": " + what);
        }
    }
}
