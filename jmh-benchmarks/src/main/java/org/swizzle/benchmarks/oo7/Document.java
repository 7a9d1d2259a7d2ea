package org.swizzle.benchmarks.oo7;

import org.swizzle.Persistent;

/** A composite part's documentation: a title and a text (2,000 bytes on the small database). */
@Persistent
public class Document {
    int id;
    String title;
    String text;
    CompositePart part;

    Document(int id, String title, String text, CompositePart part) {
        this.id = id;
        this.title = title;
        this.text = text;
        this.part = part;
    }
}
