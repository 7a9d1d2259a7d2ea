package org.swizzle.store;

import java.util.List;

/**
 * What the layer that reads objects found about the store's references, for {@code verify} to report with the
 * checks of its own bytes: this module reads no object's fields, so it cannot tell a stored reference that names
 * no stored object (what a collector that freed a reachable object would leave) from any other bytes.
 *
 * @param checked    the objects, collections and roots whose references were read
 * @param problems   each reference that names no stored object from a root or an object a root reaches, and each
 *                   holder whose references could not be read
 * @param garbage    each reference that names no stored object from an object no root reaches: what a collection
 *                   cycle that was cut short leaves (it frees in steps), which the next cycle frees
 * @param notChecked why no reference could be read (a store with commits not yet applied, or damaged), or null
 */
public record ReferenceFindings(long checked, List<String> problems, List<String> garbage, String notChecked) {

    /** Nothing was asked: the store's own tool, which reads no object. */
    public static final ReferenceFindings NONE = new ReferenceFindings(0, List.of(), List.of(), null);

    public ReferenceFindings {
        problems = List.copyOf(problems);
        garbage = List.copyOf(garbage);
    }

    /** No reference could be read, for the reason {@code why}. */
    public static ReferenceFindings notChecked(String why) {
        return new ReferenceFindings(0, List.of(), List.of(), why);
    }
}
