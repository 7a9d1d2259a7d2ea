package org.swizzle.it.model;

public enum Color {
    RED, GREEN, BLUE
}
