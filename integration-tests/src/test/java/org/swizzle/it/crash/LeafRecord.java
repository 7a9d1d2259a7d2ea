package org.swizzle.it.crash;

/** The plain-Java model of a {@link Leaf}: {@code next} is an id, {@link Model#NONE} for null. */
final class LeafRecord {
    final int id;
    String text;
    long stamp;
    int next = Model.NONE;

    LeafRecord(int id) {
        this.id = id;
    }

    /** A copy, for the undo log. */
    LeafRecord copy() {
        LeafRecord copy = new LeafRecord(id);
        copy.text = text;
        copy.stamp = stamp;
        copy.next = next;
        return copy;
    }
}
