package org.swizzle.it.copies;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** A persistent class whose {@code clone()} is {@code Object.clone()}, as most are written. */
@Persistent
public class Sheet implements Cloneable {
    int value;
    String name;
    Sheet next;
    int[] cells = new int[3];
    List<String> tags = new ArrayList<>();

    Sheet(int value, String name) {
        this.value = value;
        this.name = name;
    }

    @Override
    public Sheet clone() {
        try {
            return (Sheet) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    /** A copy of another sheet, made by a call of its {@code clone()}. */
    Sheet copyOf(Sheet other) throws CloneNotSupportedException {
        return other.clone();
    }

    @Override
    public String toString() {
        return name + ":" + value;
    }
}
