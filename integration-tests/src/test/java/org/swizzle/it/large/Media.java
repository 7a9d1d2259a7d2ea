package org.swizzle.it.large;

import org.swizzle.Persistent;

/** The persistent superclass of {@link Recording}: fixed-size fields declared a class above. */
@Persistent
public class Media {
    double rating;
    boolean favourite;
}
