package org.swizzle.benchmarks.oo7;

import org.swizzle.Persistent;

/** The module's manual: one long text (100 KB on the small database). */
@Persistent
public class Manual {
    int id;
    String title;
    String text;
    Module module;

    Manual(int id, String title, String text, Module module) {
        this.id = id;
        this.title = title;
        this.text = text;
        this.module = module;
    }
}
