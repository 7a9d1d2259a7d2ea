package org.swizzle.it;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.swizzle.ObjectStore;
import org.swizzle.it.model.AllTypes;
import org.swizzle.it.model.Blob;
import org.swizzle.it.model.Bird;
import org.swizzle.it.model.Circle;
import org.swizzle.it.model.Dog;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;
import org.swizzle.it.model.Node;
import org.swizzle.it.model.Shape;
import org.swizzle.it.model.Square;

/**
 * The child-JVM side of {@link RoundTripTest}: {@code write DIR SCENARIO} stores a scenario's
 * objects and commits; {@code update DIR SCENARIO} changes them and commits; {@code verify DIR
 * SCENARIO [updated]} checks, in a fresh JVM, what the store gives back, and prints VERIFIED.
 */
public final class RoundTrip {

    static final int MANY = 200_000;

    public static void main(String[] args) {
        String phase = args[0];
        Path dir = Path.of(args[1]);
        String scenario = args[2];
        try (ObjectStore store = ObjectStore.open(dir)) {
            switch (phase) {
                case "write": write(store, scenario); break;
                case "update": update(store, scenario); break;
                case "verify": verify(store, scenario, args.length > 3); break;
                default: throw new IllegalArgumentException(phase);
            }
        }
        System.out.println("VERIFIED " + phase + " " + scenario);
    }

    private static void write(ObjectStore store, String scenario) {
        switch (scenario) {
            case "allTypes":
                store.setRoot("all", AllTypes.sample());
                break;
            case "graph": {
                Node a = new Node("a");
                Node b = new Node("b");
                Node c = new Node("c");
                a.next = b;
                b.next = c;
                c.next = a;
                Node self = new Node("self");
                self.next = self;
                self.other = self;
                a.other = self;
                b.other = self;
                a.children.add(b);
                a.children.add(b);
                a.children.add(self);
                store.setRoot("a", a);
                store.setRoot("self", self);
                break;
            }
            case "polymorphism": {
                Holder holder = new Holder();
                Dog dog = new Dog("Rex", "collie");
                dog.barks = 3;
                holder.pet = dog;
                holder.shapes = new Shape[] {new Circle(1.0), new Square(2.0), null};
                store.setRoot("holder", holder);
                store.setRoot("bird", new Bird("Tweety"));
                break;
            }
            case "big": {
                Blob blob = new Blob();
                blob.text = bigText(false);
                blob.ints = new int[1_000_000];
                for (int i = 0; i < blob.ints.length; i++) {
                    blob.ints[i] = i * 31;
                }
                blob.bytes = new byte[300_000];
                Arrays.fill(blob.bytes, (byte) 0x5a);
                store.setRoot("blob", blob);
                break;
            }
            case "many": {
                Holder holder = new Holder();
                Item previous = null;
                for (int i = 0; i < MANY; i++) {
                    Item item = new Item(i, "item-" + i);
                    item.next = previous;
                    previous = item;
                    holder.items.add(item);
                }
                store.setRoot("many", holder);
                break;
            }
            default: throw new IllegalArgumentException(scenario);
        }
        store.commit();
    }

    private static void update(ObjectStore store, String scenario) {
        switch (scenario) {
            case "graph": {
                Node a = store.root("a", Node.class);
                a.name = "a2";
                a.next.next.name = "c2";
                a.children.remove(0);
                a.children.add(new Node("new child"));
                break;
            }
            case "big": {
                Blob blob = store.root("blob", Blob.class);
                blob.ints[999_999] = -1;
                blob.ints[0] = -2;
                blob.text = blob.text.substring(0, 10) + "CHANGED" + blob.text.substring(17);
                check(blob.text.equals(bigText(true)), "the update makes the updated text");
                break;
            }
            case "many": {
                Holder holder = store.root("many", Holder.class);
                for (int i = 0; i < MANY; i += 1000) {
                    holder.items.get(i).value = -i;
                }
                holder.items.add(new Item(MANY, "appended"));
                break;
            }
            default: throw new IllegalArgumentException(scenario);
        }
        store.commit();
    }

    private static void verify(ObjectStore store, String scenario, boolean updated) {
        switch (scenario) {
            case "allTypes": {
                AllTypes all = store.root("all", AllTypes.class);
                check(all.notStoredTransient == null, "transient field must not be stored, got " + all.notStoredTransient);
                check(AllTypes.sample().describe().equals(all.describe()),
                    "round trip differs:\nexpected " + AllTypes.sample().describe() + "\nactual   " + all.describe());
                break;
            }
            case "graph": {
                Node a = store.root("a", Node.class);
                Node self = store.root("self", Node.class);
                check(a.next.next.next == a, "cycle a->b->c->a must close on the same instance");
                check(self.next == self && self.other == self, "self references must be the same instance");
                check(a.other == self && a.next.other == self, "shared references must be one instance");
                check(a.name.equals(updated ? "a2" : "a") && a.next.next.name.equals(updated ? "c2" : "c"), "names " + a.name);
                List<String> children = new ArrayList<>();
                a.children.forEach(child -> children.add(child.name));
                check(children.equals(updated ? List.of("b", "self", "new child") : List.of("b", "b", "self")), "children " + children);
                check(a.children.get(updated ? 0 : 1) == a.next, "list elements keep identity");
                check(store.rootNames().equals(new java.util.LinkedHashSet<>(List.of("a", "self"))), "root names " + store.rootNames());
                break;
            }
            case "polymorphism": {
                Holder holder = store.root("holder", Holder.class);
                check(holder.pet instanceof Dog, "subclass kept: " + holder.pet);
                Dog dog = (Dog) holder.pet;
                check(dog.name().equals("Rex") && dog.breed.equals("collie") && dog.barks == 3 && dog.sound().equals("woof x3"),
                    "dog state " + dog.name() + " " + dog.breed + " " + dog.barks);
                check(holder.shapes[0] instanceof Circle && holder.shapes[1] instanceof Square && holder.shapes[2] == null,
                    "interface-typed array " + Arrays.toString(holder.shapes));
                check(holder.shapes.getClass() == Shape[].class, "array component type kept");
                check(Math.abs(holder.shapes[0].area() + holder.shapes[1].area() - (Math.PI + 4)) < 1e-9, "areas");
                Bird bird = store.root("bird", Bird.class);
                check(bird.flies && bird.name().equals("Tweety") && bird.sound().equals("tweet"), "bird");
                break;
            }
            case "big": {
                Blob blob = store.root("blob", Blob.class);
                check(blob.text.length() == 1 << 20, "1 MB string length " + blob.text.length());
                check(blob.text.equals(bigText(updated)), "big text differs from " + blob.text.substring(0, 20));
                check(blob.ints.length == 1_000_000, "int[] length");
                for (int i = 1; i < 999_999; i++) {
                    if (blob.ints[i] != i * 31) {
                        throw new AssertionError("ints[" + i + "] = " + blob.ints[i]);
                    }
                }
                check(blob.ints[0] == (updated ? -2 : 0) && blob.ints[999_999] == (updated ? -1 : 999_999 * 31), "updated ends");
                check(blob.bytes.length == 300_000 && blob.bytes[299_999] == 0x5a, "bytes");
                break;
            }
            case "many": {
                Holder holder = store.root("many", Holder.class);
                check(holder.items.size() == MANY + (updated ? 1 : 0), "size " + holder.items.size());
                long sum = 0;
                for (int i = 0; i < MANY; i++) {
                    Item item = holder.items.get(i);
                    int expected = updated && i % 1000 == 0 ? -i : i;
                    if (item.value != expected || !item.label.equals("item-" + i)) {
                        throw new AssertionError("item " + i + " = " + item.value + " " + item.label);
                    }
                    if (i > 0 && item.next != holder.items.get(i - 1)) {
                        throw new AssertionError("item " + i + " next is not the same instance as item " + (i - 1));
                    }
                    sum += item.value;
                }
                check(!updated || holder.items.get(MANY).label.equals("appended"), "appended item");
                System.out.println("sum " + sum);
                break;
            }
            default: throw new IllegalArgumentException(scenario);
        }
    }

    /** A 1 Mi-char string with non-Latin-1 characters sprinkled in. */
    static String bigText(boolean updated) {
        StringBuilder text = new StringBuilder(1 << 20);
        for (int i = 0; text.length() < (1 << 20); i++) {
            text.append((char) ('a' + i % 26)).append(i % 1000 == 0 ? "\u00e9\u4e2d" : "");
        }
        text.setLength(1 << 20);
        if (updated) {
            text.replace(10, 17, "CHANGED");
        }
        return text.toString();
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }
}
