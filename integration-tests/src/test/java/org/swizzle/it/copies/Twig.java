package org.swizzle.it.copies;

/** A subclass with no fields of its own whose {@code clone()} calls {@code Object.clone()} through its superclass. */
public class Twig extends Plain {

    Twig(int count, String label) {
        super(count, label);
    }

    @Override
    public Twig clone() {
        try {
            return (Twig) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }
}
