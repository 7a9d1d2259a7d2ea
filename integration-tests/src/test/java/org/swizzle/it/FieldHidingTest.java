package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.UnsupportedClassException;

/**
 * A subclass field that hides a stored field of a persistent superclass (legal Java) is refused when the
 * class is enhanced, since stored fields are told apart by name; fields that are not stored share names freely.
 */
class FieldHidingTest {

    @Persistent
    public static class Base {
        public int x;
        public long n;
        public transient String note;
        public static int count;
        public Base other;
    }

    public static class HidesX extends Base {
        public int x;
    }

    public static class HidesNWithAnotherType extends Base {
        public int n;
    }

    /** Hides only fields {@link Base} does not store, and {@link Base#x} with a field it does not store. */
    public static class HidesUnstored extends Base {
        public String note;
        public int count;
        public transient int x;
    }

    @TempDir
    Path dir;

    @Test
    void shouldRefuseASubclassThatHidesAStoredFieldBeforeStoringAnyOfItsObjects() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            UnsupportedClassException e = assertThrows(UnsupportedClassException.class, () -> store.setRoot("h", new HidesX()));
            assertEquals("Cannot enhance @Persistent class " + HidesX.class.getName() + ": its field x hides the stored field"
                + " x of its superclass " + Base.class.getName() + ", and stored fields are told apart by name alone, so"
                + " their values would be mixed up. Rename " + HidesX.class.getName() + ".x, or make one of the two fields"
                + " transient or static.", e.getMessage());
            e = assertThrows(UnsupportedClassException.class, () -> store.setRoot("n", new HidesNWithAnotherType()));
            assertTrue(e.getMessage().contains(HidesNWithAnotherType.class.getName() + ": its field n hides the stored"
                + " field n of its superclass " + Base.class.getName()), e.getMessage());

            Base base = new Base();
            base.other = new HidesX();
            store.setRoot("b", base);
            assertThrows(UnsupportedClassException.class, store::commit, "reached through a reference");
        }
    }

    @Test
    void shouldStoreASubclassThatHidesOnlyFieldsThatAreNotStored() {
        try (ObjectStore store = ObjectStore.open(dir)) {
            HidesUnstored sub = new HidesUnstored();
            ((Base) sub).x = 1;
            sub.x = 10;
            sub.n = 2;
            ((Base) sub).note = "not stored";
            sub.note = "stored";
            sub.count = 3;
            store.setRoot("s", sub);
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(dir)) {
            HidesUnstored sub = store.root("s", HidesUnstored.class);
            assertEquals(1, ((Base) sub).x);
            assertEquals(0, sub.x, "transient");
            assertEquals(2, sub.n);
            assertNull(((Base) sub).note, "transient");
            assertEquals("stored", sub.note);
            assertEquals(3, sub.count);
        }
    }
}
