package org.swizzle.it;

import java.nio.file.Path;

import org.swizzle.CommitNotAppliedException;
import org.swizzle.ObjectStore;
import org.swizzle.StoreException;
import org.swizzle.it.model.Holder;
import org.swizzle.it.model.Item;

/**
 * Child JVM of {@link FileSizeLimitTest}, under a limit smaller than the store's files: builds an index whose table
 * must grow past the limit, then commits one item more. Prints {@code INDEX} and {@code COMMIT} lines with what each
 * did: {@code COMMIT DURABLE} when the commit was reported durable but not applied, {@code COMMIT NOT MADE} when it
 * was refused before anything was logged, {@code COMMIT MADE} when it returned.
 */
public final class IndexUnderLimit {
    private IndexUnderLimit() {
    }

    public static void main(String[] args) {
        try (ObjectStore store = ObjectStore.open(Path.of(args[0]))) {
            try {
                System.out.println("INDEX MADE " + FileSizeLimitTest.byValue(store).size());
            } catch (StoreException e) {
                System.out.println("INDEX REFUSED " + e);
            }
            Holder holder = store.root("h", Holder.class);
            holder.items.add(new Item(-1, "added under the limit"));
            try {
                System.out.println("COMMIT MADE " + store.commit());
            } catch (CommitNotAppliedException e) {
                System.out.println("COMMIT DURABLE " + e.commitNumber() + " " + e);
            } catch (StoreException e) {
                System.out.println("COMMIT NOT MADE " + e);
            }
        }
        System.out.println("CLOSED");
    }
}
