package org.swizzle.maven;

import java.io.File;
import java.util.List;

import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Enhances the project's compiled classes ({@code target/classes}) in place, after compilation: the
 * {@code @Persistent} classes get what the Swizzle agent would add at class loading, and every class's
 * accesses to their stored fields are rewritten, so the application runs with no {@code -javaagent}.
 */
@Mojo(name = "enhance", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true,
    requiresDependencyResolution = ResolutionScope.COMPILE)
public class EnhanceMojo extends AbstractEnhanceMojo {

    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true, readonly = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.compileClasspathElements}", required = true, readonly = true)
    private List<String> classpathElements;

    @Override
    File classesDirectory() {
        return classesDirectory;
    }

    @Override
    List<String> classpathElements() {
        return classpathElements;
    }
}
