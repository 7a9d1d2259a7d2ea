package org.swizzle.it.model;

import org.swizzle.Persistent;

@Persistent
public class Item {
    public int value;
    public String label;
    public Item next;

    public Item(int value, String label) {
        this.value = value;
        this.label = label;
    }
}
