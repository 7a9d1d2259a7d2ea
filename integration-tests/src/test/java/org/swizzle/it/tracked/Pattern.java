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
    private final Function<Bag, Object> take;
    private final Consumer<Object> change;

    private Pattern(String name, Function<Bag, Object> take, Consumer<Object> change) {
        this.name = name;
        this.take = take;
        this.change = change;
    }

    @SuppressWarnings("unchecked")
    static <T> Pattern of(String name, Function<Bag, T> take, Consumer<T> change) {
        return new Pattern(name, take::apply, value -> change.accept((T) value));
    }

    Object take(Bag bag) {
        return take.apply(bag);
    }

    void change(Object taken) {
        change.accept(taken);
    }
}
