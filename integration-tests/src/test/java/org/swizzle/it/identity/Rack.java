package org.swizzle.it.identity;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** The root of the resident-budget scenario: more holders than the smallest budget keeps resident. */
@Persistent
public class Rack {
    List<Holder> holders;

    Rack(List<Holder> holders) {
        this.holders = new ArrayList<>(holders);
    }
}
