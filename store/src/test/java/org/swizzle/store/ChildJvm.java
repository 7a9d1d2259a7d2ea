package org.swizzle.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Child JVMs for the tests that kill a writer: started on this JVM's class path, killed with SIGKILL. */
final class ChildJvm {
    private ChildJvm() {
    }

    /** A child running {@code main} with {@code args}, small and quick to start, with the JVM {@code options} before. */
    static ProcessBuilder builder(Class<?> main, List<String> options, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx64m");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-Djava.util.logging.config.file=" + System.getProperty("java.util.logging.config.file", ""));
        command.addAll(options);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    /**
     * SIGKILL, like {@link Process#destroyForcibly()}, but through the handle, which leaves the pipe open so that
     * what the child printed just before dying can still be read; waits for the child to die.
     */
    static void kill(Process child) throws InterruptedException {
        child.toHandle().destroyForcibly();
        if (!child.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the child did not die");
        }
    }
}
