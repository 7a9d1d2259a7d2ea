package org.swizzle.it.faulting;

import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.it.Phases;
import org.swizzle.it.model.Node;

/**
 * The child JVM of {@link DamagedNeighbourTest}: a chain {@code a → b → c}, {@code a.other = c}, rooted at {@code a}
 * and at {@code c}, all three in one segment. Once {@code b}'s bytes are damaged, {@code a} and {@code c} still read,
 * under every fault unit and swizzling scheme, and {@code b} is refused as corrupt where it is reached.
 */
public final class DamagedNeighbourWorkload {

    private DamagedNeighbourWorkload() {
    }

    public static void main(String[] args) throws Exception {
        Phases.run(args, Map.of("build", DamagedNeighbourWorkload::build, "read", DamagedNeighbourWorkload::read));
    }

    private static void build(ObjectStore store) {
        Node a = new Node("a");
        Node b = new Node("b");
        Node c = new Node("c");
        a.next = b;
        b.next = c;
        a.other = c;
        store.setRoot("first", a);
        store.setRoot("third", c);
        store.commit();
    }

    private static void read(ObjectStore store) {
        Node c = store.root("third", Node.class);
        Phases.check("read", "c's name: " + c.name, "c".equals(c.name));
        Node a = store.root("first", Node.class);
        Phases.check("read", "a's name: " + a.name, "a".equals(a.name));
        Phases.check("read", "a.other is c", a.other == c);
        Phases.checkCorrupt("read", "b's name", () -> a.next.name, "fails");
        Phases.check("read", "c's name, again: " + c.name, "c".equals(c.name));
    }
}
