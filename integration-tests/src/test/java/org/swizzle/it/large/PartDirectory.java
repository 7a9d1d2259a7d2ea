package org.swizzle.it.large;

import org.swizzle.Persistent;

/** The root of the large OO1 database: buckets of parts by id. */
@Persistent
public class PartDirectory {
    int parts;
    PartBucket[] buckets;

    PartDirectory(int parts) {
        this.parts = parts;
        this.buckets = new PartBucket[(parts + PartBucket.SIZE - 1) / PartBucket.SIZE];
    }

    LargePart part(int id) {
        return buckets[(id - 1) / PartBucket.SIZE].parts[(id - 1) % PartBucket.SIZE];
    }
}
