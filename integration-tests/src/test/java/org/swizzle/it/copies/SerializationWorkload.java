package org.swizzle.it.copies;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.it.Phases;

/** The child JVM of {@link SerializationTest}, which runs it as {@link Phases}. */
public final class SerializationWorkload {

    private static final String STORED = "a:1 cells=7,2 tags=[t] next=(memo:2 cells=1,2 tags=[] note=four extra=0)";

    private final String phase;

    private SerializationWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        SerializationWorkload workload = new SerializationWorkload(args[0]);
        Phases.run(args, Map.of("write", workload::write, "copy", workload::copy, "verify", workload::verify));
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
        Phases.check(phase, what, holds);
    }
}
