package org.swizzle.it;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Starts real, separate JVMs on the test class path, with or without the packaged agent, the way a
 * user's application starts: persistence is only proven when another process reads what one wrote.
 */
public final class Jvm {

    /** The packaged agent jar, as the build passes it to the tests. */
    public static final Path AGENT = Path.of(System.getProperty("swizzle.agent.jar", "../agent/target/swizzle-agent.jar"));

    private final List<String> command = new ArrayList<>();
    private String classPath = System.getProperty("java.class.path");
    /** The largest file the JVM may write, in bytes, or 0 for no limit. */
    private long fileSizeLimit;

    private Jvm() {
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xshare:auto");
        command.add("-XX:TieredStopAtLevel=1");
    }

    /** A JVM with the agent attached, with {@code options} (may be empty). */
    public static Jvm withAgent(String options) {
        Jvm jvm = new Jvm();
        jvm.command.add("-javaagent:" + AGENT.toAbsolutePath() + (options.isEmpty() ? "" : "=" + options));
        return jvm;
    }

    public static Jvm withAgent() {
        return withAgent("");
    }

    public static Jvm withoutAgent() {
        return new Jvm();
    }

    /** Puts {@code first} before the test class path (to run another version of a class). */
    public Jvm prependClassPath(Path first) {
        classPath = first.toAbsolutePath() + File.pathSeparator + classPath;
        return this;
    }

    /** Leaves out the class path entries whose path contains {@code part} (to run without a library). */
    public Jvm withoutClassPath(String part) {
        classPath = Arrays.stream(classPath.split(File.pathSeparator)).filter(entry -> !entry.contains(part))
            .collect(Collectors.joining(File.pathSeparator));
        return this;
    }

    /** Lets the JVM compile with C2, as applications run: the tests' JVMs stop at C1 to start fast. */
    public Jvm withC2() {
        command.remove("-XX:TieredStopAtLevel=1");
        return this;
    }

    /**
     * Starts the JVM under a limit on the size of the files it writes (the POSIX shell's {@code ulimit -f}, whose unit
     * is 512 bytes): a write past it fails with {@code EFBIG}, which the JVM, ignoring {@code SIGXFSZ}, reports as an
     * {@code IOException}, as it would a full disk's {@code ENOSPC}.
     */
    public Jvm fileSizeLimit(long bytes) {
        fileSizeLimit = bytes;
        return this;
    }

    public Jvm jvmOption(String option) {
        command.add(option);
        return this;
    }

    /** Starts {@code main} with {@code args}; standard output and error go to {@code log}. */
    public Process start(Path log, Class<?> main, String... args) {
        return start(log, main.getName(), args);
    }

    /** Starts the class named {@code main}, which may exist only on a prepended class path. */
    public Process start(Path log, String main, String... args) {
        List<String> all = new ArrayList<>();
        if (fileSizeLimit > 0) {
            all.addAll(List.of("/bin/sh", "-c", "ulimit -f " + fileSizeLimit / 512 + " && exec \"$@\"", "sh"));
        }
        all.addAll(command);
        all.add("-cp");
        all.add(classPath);
        all.add(main);
        all.addAll(Arrays.asList(args));
        try {
            return new ProcessBuilder(all).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code main} to its end (at most two minutes) and returns its exit code and output. */
    public Result run(Class<?> main, String... args) {
        return run(main.getName(), args);
    }

    /** Runs the class named {@code main} to its end (at most two minutes). */
    public Result run(String main, String... args) {
        try {
            Path log = Files.createTempFile("swizzle-jvm", ".log");
            try {
                Process process = start(log, main, args);
                if (!process.waitFor(120, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                    throw new AssertionError(main + " " + String.join(" ", args)
                        + " did not finish in 120 s; output:\n" + Files.readString(log));
                }
                return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** What a finished JVM left. */
    public static final class Result {
        public final int exitCode;
        public final String output;

        Result(int exitCode, String output) {
            this.exitCode = exitCode;
            this.output = output;
        }

        /** Asserts a zero exit code, showing the output otherwise. */
        public Result ok() {
            if (exitCode != 0) {
                throw new AssertionError("child JVM exited with " + exitCode + "; output:\n" + output);
            }
            return this;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + ":\n" + output;
        }
    }
}
