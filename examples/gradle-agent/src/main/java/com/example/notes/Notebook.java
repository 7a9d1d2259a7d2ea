package com.example.notes;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** The root object of the store. */
@Persistent
public class Notebook {
    private final List<Note> notes = new ArrayList<>();

    public Note add(String title, String text) {
        Note note = new Note(title, text);
        notes.add(note);
        return note;
    }

    public List<Note> notes() {
        return notes;
    }
}
