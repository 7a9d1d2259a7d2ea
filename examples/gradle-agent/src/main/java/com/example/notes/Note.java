package com.example.notes;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** A plain class made persistent by the annotation; the agent enhances it as it loads. */
@Persistent
public class Note {
    private final String title;
    private String text;
    private final List<String> tags = new ArrayList<>();

    public Note(String title, String text) {
        this.title = title;
        this.text = text;
    }

    public String title() {
        return title;
    }

    public String text() {
        return text;
    }

    public void edit(String newText) {
        text = newText;
    }

    public List<String> tags() {
        return tags;
    }

    @Override
    public String toString() {
        return title + ": " + text + (tags.isEmpty() ? "" : " " + tags);
    }
}
