package org.swizzle.it.regions;

import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.it.Phases;

/**
 * The phases of {@link RegionChecksTest}, each in a JVM of its own: every method of {@link Tally} is called on an
 * object that has not been touched since the store was opened (hollow under node marking), so that an access the
 * agent wrongly left unchecked writes into an object that its fault then fills over.
 */
public final class RegionChecksWorkload {

    private RegionChecksWorkload() {
    }

    public static void main(String[] args) throws Exception {
        Phases.run(args, Map.of(
            "build", RegionChecksWorkload::build,
            "change", RegionChecksWorkload::change,
            "verify", RegionChecksWorkload::verify));
    }

    /** A chain head → first → second → third, values 1, 10, 20, 30. */
    static void build(ObjectStore store) {
        Tally third = new Tally(30, null);
        Tally second = new Tally(20, third);
        Tally first = new Tally(10, second);
        store.setRoot("head", new Tally(1, first));
        store.commit();
    }

    static void change(ObjectStore store) {
        Tally head = store.root("head", Tally.class);
        Tally first = head.next;
        Tally second = first.next;
        Tally third = second.next;
        Tally.storeAcross(third, head);
        Tally.increment(second);
        Tally.scale(first);
        Phases.check("change", "third.value after storeAcross: " + third.value, third.value == 2);
        Phases.check("change", "second.value after increment: " + second.value, second.value == 23);
        Phases.check("change", "first.value after scale: " + first.value, first.value == 50);
        store.commit();
    }

    static void verify(ObjectStore store) {
        Tally first = store.root("head", Tally.class).next;
        Phases.check("verify", "first.value: " + first.value, first.value == 50);
        Phases.check("verify", "second.value: " + first.next.value, first.next.value == 23);
        Phases.check("verify", "third.value: " + first.next.next.value, first.next.next.value == 2);
        Phases.check("verify", "head.value: " + store.root("head", Tally.class).value, store.root("head", Tally.class).value == 1);
    }
}
