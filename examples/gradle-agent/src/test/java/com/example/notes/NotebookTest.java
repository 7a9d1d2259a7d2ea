package com.example.notes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.ObjectStore;

class NotebookTest {

    @TempDir
    Path directory;

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

    @Test
    void anotherJvmReadsWhatThisOneStored() throws Exception {
        try (ObjectStore store = ObjectStore.open(directory)) {
            store.root("notebook", Notebook.class, Notebook::new).add("from the test JVM", "hello");
            store.commit();
        }
        List<String> lines = runInNewJvm(directory.toString(), "from the child JVM", "hi");
        assertEquals(List.of("from the test JVM: hello", "from the child JVM: hi"), lines);
        try (ObjectStore store = ObjectStore.open(directory)) {
            assertEquals(2, store.root("notebook", Notebook.class).notes().size());
        }
    }

    /** Runs {@link NotesApp} in a new JVM on this test's class path, with the agent as Surefire passes it to this JVM. */
    static List<String> runInNewJvm(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-javaagent:" + System.getProperty("swizzle.agent"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(NotesApp.class.getName());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), output);
        return output.lines().collect(Collectors.toList());
    }
}
