package org.swizzle.it.faulting;

/** An application interface: {@link Vertex#tag} holds persistent objects of several classes through it. */
public interface Labelled {
    String label();
}
