package com.example.notes;

import java.nio.file.Path;

import org.swizzle.ObjectStore;

/**
 * {@code NotesApp DIR [TITLE TEXT]}: adds a note to the notebook stored in DIR when given one, then prints
 * every note stored so far, one a line.
 */
public final class NotesApp {

    private NotesApp() {
    }

    public static void main(String[] args) {
        Path directory = Path.of(args.length > 0 ? args[0] : "notes-db");
        try (ObjectStore store = ObjectStore.open(directory)) {
            Notebook notebook = store.root("notebook", Notebook.class, Notebook::new);
            if (args.length >= 3) {
                notebook.add(args[1], args[2]);
                store.commit();
            }
            notebook.notes().forEach(System.out::println);
        }
    }
}
