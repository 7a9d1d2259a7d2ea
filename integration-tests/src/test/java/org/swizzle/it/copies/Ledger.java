package org.swizzle.it.copies;

/** A subclass whose {@code clone()} calls its persistent superclass's, which calls {@code Object.clone()}. */
public class Ledger extends Sheet {
    long total;

    Ledger(int value, String name, long total) {
        super(value, name);
        this.total = total;
    }

    @Override
    public Ledger clone() {
        return (Ledger) super.clone();
    }
}
