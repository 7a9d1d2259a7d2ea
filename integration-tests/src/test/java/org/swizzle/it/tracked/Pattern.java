package org.swizzle.it.tracked;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One way to change a bag through a value taken from it earlier: {@code take} reads the value (a
 * collection, a view, an iterator, an entry, an array) and may change the bag; {@code change} changes it
 * later, after one or more commits, through that value alone.
 */
final class Pattern {

    final String name;
    /** Whether {@code change} commits from inside a callback of the change it makes (see {@link Patterns#committer}). */
    final boolean commitsInside;
    private final Function<Bag, Object> take;
    private final Consumer<Object> change;

    private Pattern(String name, boolean commitsInside, Function<Bag, Object> take, Consumer<Object> change) {
        this.name = name;
        this.commitsInside = commitsInside;
        this.take = take;
        this.change = change;
    }

    @SuppressWarnings("unchecked")
    static <T> Pattern of(String name, Function<Bag, T> take, Consumer<T> change) {
        return new Pattern(name, false, take::apply, value -> change.accept((T) value));
    }

    /** A pattern whose change commits from inside one of its callbacks, before the change is made. */
    @SuppressWarnings("unchecked")
    static <T> Pattern committingInside(String name, Function<Bag, T> take, Consumer<T> change) {
        return new Pattern(name, true, take::apply, value -> change.accept((T) value));
    }

    Object take(Bag bag) {
        return take.apply(bag);
    }

    void change(Object taken) {
        change.accept(taken);
    }
}
