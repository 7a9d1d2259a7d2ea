package org.swizzle.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.swizzle.agent.SwizzleTransformer;
import org.swizzle.internal.AgentOptions;
import org.swizzle.internal.Enhancement;

/**
 * Build-time enhancement of one directory of compiled classes, in place, by the agent's own
 * {@link SwizzleTransformer}: {@code @Persistent} classes are enhanced and accesses to their stored fields
 * are rewritten in every class, exactly as the agent would at class loading. Persistent types are described
 * from class files over the directory and {@code classpath} (never loaded). Classes already enhanced with
 * the same options are left as they are; with other options the run fails. The options are recorded in
 * {@link AgentOptions#ENHANCED_RESOURCE} under the directory, for the runtime to run with them. No Maven
 * types here, so that tests drive it directly.
 */
public final class Enhancer {

    /** What one run did. */
    public record Result(List<String> enhanced, List<String> rewritten, List<String> alreadyEnhanced,
                         List<String> problems) {

        public boolean failed() {
            return !problems.isEmpty();
        }

        public String summary() {
            return "enhanced " + enhanced.size() + " persistent class(es), rewrote field accesses in " + rewritten.size()
                + " class(es), " + alreadyEnhanced.size() + " already enhanced";
        }
    }

    /** Where a multi-release jar keeps the classes of later Java versions. */
    private static final String VERSIONS = "META-INF/versions";

    private final AgentOptions options;
    private final Path classes;
    private final List<Path> classpath;

    /**
     * @param options   the agent options to enhance with
     * @param classes   the directory of class files to enhance in place
     * @param classpath what the classes compile against (other directories and jars); {@code classes} may be among them
     */
    public Enhancer(AgentOptions options, Path classes, List<Path> classpath) {
        this.options = options;
        this.classes = classes;
        this.classpath = classpath;
    }

    public Result run() throws IOException {
        List<String> enhanced = new ArrayList<>();
        List<String> rewritten = new ArrayList<>();
        List<String> already = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(classes)) {
            return new Result(enhanced, rewritten, already, problems);
        }
        Map<Path, byte[]> changed = new LinkedHashMap<>();
        Map<String, String> unenhancedDependencies = new HashMap<>();
        String configured = options.toString();
        try (URLClassLoader classFiles = new URLClassLoader(urls(), ClassLoader.getPlatformClassLoader())) {
            SwizzleTransformer transformer = new SwizzleTransformer(options);
            for (Path file : classFiles()) {
                String internalName = internalName(file);
                String binaryName = internalName.replace('/', '.');
                byte[] original = Files.readAllBytes(file);
                String recorded = SwizzleTransformer.enhancedOptions(original);
                if (recorded != null) {
                    int version = Enhancement.recordedVersion(recorded);
                    String enhancedWith = enhancedWith(recorded);
                    if (enhancedWith == null) {
                        problems.add(binaryName + " was enhanced by another version of Swizzle (enhancement " + version
                            + "; this one makes " + Enhancement.VERSION + "); rebuild it from its sources (mvn clean).");
                    } else if (enhancedWith.equals(configured)) {
                        already.add(binaryName);
                    } else {
                        problems.add(binaryName + " was enhanced with options " + enhancedWith + " but the configured"
                            + " options are " + configured + "; rebuild it from its sources (mvn clean).");
                    }
                    continue;
                }
                for (String owner : transformer.accessedPersistentClasses(classFiles, internalName, original)) {
                    String problem = unenhancedDependencies.computeIfAbsent(owner, o -> dependencyProblem(classFiles, o));
                    if (!problem.isEmpty()) {
                        problems.add(binaryName + " reads or writes stored fields of " + problem);
                    }
                }
                String before = Enhancement.refusal(binaryName);
                byte[] result = transformer.transform(classFiles, internalName, original);
                String refusal = Enhancement.refusal(binaryName);
                if (refusal != null && !refusal.equals(before)) {
                    problems.add(refusal);
                }
                if (result != null && !Arrays.equals(result, original)) {
                    changed.put(file, result);
                    (SwizzleTransformer.enhancedOptions(result) != null ? enhanced : rewritten).add(binaryName);
                }
            }
        }
        if (!problems.isEmpty()) {
            return new Result(enhanced, rewritten, already, problems); // nothing written: the build fails as it was
        }
        // written after every class was transformed, so that the type pool described only the class files as compiled
        for (Map.Entry<Path, byte[]> entry : changed.entrySet()) {
            Files.write(entry.getKey(), entry.getValue());
        }
        if (!enhanced.isEmpty() || !rewritten.isEmpty() || !already.isEmpty()) {
            Path resource = classes.resolve(AgentOptions.ENHANCED_RESOURCE);
            Files.createDirectories(resource.getParent());
            Files.write(resource, (configured + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return new Result(enhanced, rewritten, already, problems);
    }

    /**
     * What is wrong with persistent class {@code owner} (internal name) for classes whose accesses to its fields call
     * its accessors: nothing ({@code ""}) when it is among the classes this run enhances or was enhanced with the
     * configured options; else that it is not enhanced where it is compiled, or with other options, and what to do.
     */
    private String dependencyProblem(ClassLoader classFiles, String owner) {
        if (Files.isRegularFile(classes.resolve(owner + ".class"))) {
            return "";
        }
        URL location = classFiles.getResource(owner + ".class");
        if (location == null) {
            return "";
        }
        byte[] classFile;
        try (var in = location.openStream()) {
            classFile = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + location + ": " + e, e);
        }
        String recorded = SwizzleTransformer.enhancedOptions(classFile);
        String name = owner.replace('/', '.');
        String configured = options.toString();
        if (recorded == null) {
            return "persistent class " + name + " (" + location + "), which is not enhanced: without the agent, the"
                + " accessors these rewritten accesses call do not exist at run time. Enhance the module that compiles "
                + name + " with the Swizzle plugin too, with the same options, or run this application with the agent"
                + " (-javaagent) instead of the plugin.";
        }
        String enhancedWith = enhancedWith(recorded);
        if (enhancedWith == null) {
            enhancedWith = "enhancement " + Enhancement.recordedVersion(recorded);
        }
        return enhancedWith.equals(configured) ? "" : "persistent class " + name + " (" + location + "), which was"
            + " enhanced with " + enhancedWith + " where this build enhances with " + configured + ": give both builds the"
            + " same options and Swizzle version.";
    }

    /**
     * The options, in {@code AgentOptions.toString()} form, that a class's recorded enhancement ({@link
     * SwizzleTransformer#enhancedOptions}) names, or null if another version of Swizzle enhanced it.
     */
    private static String enhancedWith(String recorded) {
        return Enhancement.recordedVersion(recorded) == Enhancement.VERSION
            ? AgentOptions.parse(Enhancement.recordedOptions(recorded)).toString() : null;
    }

    private URL[] urls() {
        List<URL> urls = new ArrayList<>();
        try {
            urls.add(classes.toUri().toURL());
            for (Path element : classpath) {
                if (!element.toAbsolutePath().normalize().equals(classes.toAbsolutePath().normalize()) && Files.exists(element)) {
                    urls.add(element.toUri().toURL());
                }
            }
        } catch (MalformedURLException impossible) {
            throw new IllegalArgumentException(impossible);
        }
        return urls.toArray(new URL[0]);
    }

    private List<Path> classFiles() throws IOException {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(Files::isRegularFile)
                .filter(file -> file.getFileName().toString().endsWith(".class"))
                .filter(file -> !file.getFileName().toString().equals("module-info.class"))
                .filter(file -> !isUnder(file, "META-INF") || isUnder(file, VERSIONS)) // a jar's versioned classes only
                .sorted()
                .collect(Collectors.toList());
        } catch (UncheckedIOException failure) {
            throw failure.getCause();
        }
    }

    private boolean isUnder(Path file, String folder) {
        return classes.relativize(file).startsWith(folder);
    }

    /**
     * The class's internal name; for a multi-release variant ({@code META-INF/versions/N/...}) the name of the
     * class it stands for, which its field accesses must be rewritten for like any other class's.
     */
    private String internalName(Path file) {
        Path relative = classes.relativize(file);
        if (relative.startsWith(VERSIONS)) {
            relative = relative.subpath(3, relative.getNameCount());
        }
        String name = relative.toString().replace(file.getFileSystem().getSeparator(), "/");
        return name.substring(0, name.length() - ".class".length());
    }
}
