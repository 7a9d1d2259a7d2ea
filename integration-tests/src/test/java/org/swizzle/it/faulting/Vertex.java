package org.swizzle.it.faulting;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.swizzle.Persistent;

/**
 * The vertex of the faulting tests: primitive and string fields, a reference field ({@code next}), an
 * array of references ({@code edges}), a list of references ({@code list}) and an interface-typed
 * reference ({@code tag}). Its methods read and write fields of {@code this} (the accesses that
 * {@code checks=entry} leaves unchecked) and of other objects (which stay checked).
 */
@Persistent
public class Vertex implements Labelled {
    public int id;
    public String name;
    public long weight;
    public Vertex next;
    public Vertex[] edges = new Vertex[3];
    public List<Vertex> list = new ArrayList<>();
    public Labelled tag;

    public Vertex(int id) {
        this.id = id;
        this.name = "v" + id;
        this.weight = weightOf(id);
    }

    /** The weight a vertex is created with. */
    public static long weightOf(int id) {
        return id * 1_000_003L + 7;
    }

    public String kind() {
        return "vertex";
    }

    @Override
    public String label() {
        return name + "#" + id;
    }

    /** Reads three fields of {@code this} and calls an overridden method. */
    public String describe() {
        return kind() + ":" + name + ":" + id + ":" + weight;
    }

    /** Loads {@code this.next} (unchecked under checks=entry) and dereferences it (checked). */
    public int nextId() {
        return next == null ? -1 : next.id;
    }

    /** Reads a field of {@code this} and the same field of another instance of the class, which must stay checked. */
    public boolean sameId(Vertex other) {
        return id == other.id;
    }

    /** Writes a field of {@code this}: the write barrier must still note it. */
    public void rename(String newName) {
        this.name = newName;
    }

    /** A lambda whose body reads {@code this.name} later, when {@code this} may have turned hollow again. */
    public Supplier<String> nameLater() {
        return () -> name;
    }

    @Override
    public String toString() {
        return "Vertex(" + id + ")";
    }
}
