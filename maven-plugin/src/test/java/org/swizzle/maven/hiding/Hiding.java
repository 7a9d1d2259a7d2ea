package org.swizzle.maven.hiding;

import org.swizzle.Persistent;

/** Refused at enhancement: {@link Sub#x} hides the stored field {@link Base#x}. */
public class Hiding {

    @Persistent
    public static class Base {
        int x;
    }

    public static class Sub extends Base {
        int x;
    }
}
