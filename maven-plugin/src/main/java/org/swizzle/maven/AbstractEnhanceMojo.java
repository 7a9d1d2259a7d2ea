package org.swizzle.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.swizzle.internal.AgentOptions;

/** The configuration both goals share: the agent's options, and the run itself. */
abstract class AbstractEnhanceMojo extends AbstractMojo {

    /** Swizzling: {@code node} (default), {@code edge}, {@code none}, {@code eager}; as the agent's {@code swizzle=}. */
    @Parameter(property = "swizzle.swizzle")
    private String swizzle;

    /** Write barrier: {@code remset} (default), {@code card}, {@code object}, {@code none}; as the agent's {@code barrier=}. */
    @Parameter(property = "swizzle.barrier")
    private String barrier;

    /** Card size in bytes under {@code barrier=card}: 512 (default) or another power of two from 16 to 4096. */
    @Parameter(property = "swizzle.card")
    private String card;

    /** Residency checks: {@code access} (default) or {@code entry}; as the agent's {@code checks=}. */
    @Parameter(property = "swizzle.checks")
    private String checks;

    /** Fault unit: {@code object} (default), {@code segment}, {@code cluster}; as the agent's {@code fault=}. */
    @Parameter(property = "swizzle.fault")
    private String fault;

    /** Skips the enhancement. */
    @Parameter(property = "swizzle.skip", defaultValue = "false")
    private boolean skip;

    /** The directory of class files to enhance in place. */
    abstract File classesDirectory();

    /** What the classes compile against. */
    abstract List<String> classpathElements();

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Swizzle enhancement skipped");
            return;
        }
        AgentOptions options = options();
        List<Path> classpath = new ArrayList<>();
        for (String element : classpathElements()) {
            classpath.add(Path.of(element));
        }
        Enhancer.Result result;
        try {
            result = new Enhancer(options, classesDirectory().toPath(), classpath).run();
        } catch (IOException failure) {
            throw new MojoExecutionException("Swizzle could not enhance " + classesDirectory() + ": " + failure, failure);
        }
        if (result.failed()) {
            throw new MojoFailureException("Swizzle could not enhance " + classesDirectory() + ":\n  "
                + String.join("\n  ", result.problems()));
        }
        getLog().info("Swizzle (" + options + "): " + result.summary() + " in " + classesDirectory());
    }

    AgentOptions options() throws MojoFailureException {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("swizzle", swizzle);
        given.put("barrier", barrier);
        given.put("card", card);
        given.put("checks", checks);
        given.put("fault", fault);
        StringBuilder arguments = new StringBuilder();
        given.forEach((key, value) -> {
            if (value != null && !value.isBlank()) {
                arguments.append(arguments.length() == 0 ? "" : ",").append(key).append('=').append(value.trim());
            }
        });
        try {
            return AgentOptions.parse(arguments.toString());
        } catch (IllegalArgumentException invalid) {
            throw new MojoFailureException(invalid.getMessage(), invalid);
        }
    }
}
