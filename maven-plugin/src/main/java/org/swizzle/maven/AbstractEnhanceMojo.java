package org.swizzle.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.codehaus.plexus.util.xml.Xpp3Dom;
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

    /** This goal's execution, whose plugin and execution hold the configuration as the POM gives it. */
    @Parameter(defaultValue = "${mojoExecution}", required = true, readonly = true)
    private MojoExecution execution;

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
        refuseUnknownKeys();
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

    /**
     * Refuses a key of the plugin's {@code <configuration>} (the plugin's own or its execution's) that names no
     * parameter of the goal: Maven 3.8 drops such a key without a word, so a misspelled option ({@code <barier>})
     * would enhance with the default instead.
     */
    private void refuseUnknownKeys() throws MojoFailureException {
        Set<String> parameters = execution.getMojoDescriptor().getParameterMap().keySet();
        Plugin plugin = execution.getPlugin();
        PluginExecution own = plugin.getExecutionsAsMap().get(execution.getExecutionId());
        for (Object configuration : new Object[] {plugin.getConfiguration(), own == null ? null : own.getConfiguration()}) {
            if (!(configuration instanceof Xpp3Dom)) {
                continue;
            }
            for (Xpp3Dom key : ((Xpp3Dom) configuration).getChildren()) {
                if (!parameters.contains(key.getName())) {
                    throw new MojoFailureException("Unknown key <" + key.getName() + "> in the <configuration> of"
                        + " swizzle-maven-plugin, which Maven would ignore: the classes would be enhanced without it. "
                        + AgentOptions.validList() + " And skip=false|true.");
                }
            }
        }
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
