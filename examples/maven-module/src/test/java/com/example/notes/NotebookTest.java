package com.example.notes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;
import org.swizzle.internal.AgentOptions;

class NotebookTest {

    @TempDir
    Path directory;

    @Test
    void runsWithTheOptionsTheBuildEnhancedWith() {
        assertEquals("swizzle=node,barrier=card,card=256,checks=access,fault=object", AgentOptions.current().toString());
    }

    @Test
    void storesClosesReopensAndReadsBack() {
        try (ObjectStore store = ObjectStore.open(directory)) {
            Notebook notebook = store.root("notebook", Notebook.class, Notebook::new);
            notebook.add("shopping", "milk").tags().add("home");
            notebook.add("work", "write the report");
            store.commit();
            notebook.notes().get(1).edit("send the report");
            store.commit();
        }
        try (ObjectStore store = ObjectStore.open(directory)) {
            List<Note> notes = store.root("notebook", Notebook.class).notes();
            assertEquals(List.of("shopping: milk [home]", "work: send the report"),
                notes.stream().map(Note::toString).collect(Collectors.toList()));
        }
    }
}
