package org.swizzle.it;

import java.nio.file.Path;

import org.swizzle.ObjectStore;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;

/**
 * The child of {@link ProcessTest}'s kill test: commits forever, each commit adding one item and
 * setting the counter to the number of items, and prints {@code ACK n} after each commit returns.
 */
public final class Committer {
    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
            Holder holder = store.root("holder", Holder.class, Holder::new);
            Item counter = holder.items.isEmpty() ? null : holder.items.get(0);
            if (counter == null) {
                counter = new Item(0, "counter");
                holder.items.add(counter);
                store.commit();
            }
            while (true) {
                int n = holder.items.size();
                holder.items.add(new Item(n, "item " + n));
                counter.value = n;
                store.commit();
                System.out.println("ACK " + n);
                System.out.flush();
            }
        }
    }
}
