package org.swizzle.maven;

import java.io.File;
import java.util.List;

import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Enhances the project's compiled test classes ({@code target/test-classes}) in place, after their
 * compilation, with the same options as {@code enhance}: the tests run with no {@code -javaagent}.
 */
@Mojo(name = "enhance-test", defaultPhase = LifecyclePhase.PROCESS_TEST_CLASSES, threadSafe = true,
    requiresDependencyResolution = ResolutionScope.TEST)
public class EnhanceTestMojo extends AbstractEnhanceMojo {

    @Parameter(defaultValue = "${project.build.testOutputDirectory}", required = true, readonly = true)
    private File testClassesDirectory;

    @Parameter(defaultValue = "${project.testClasspathElements}", required = true, readonly = true)
    private List<String> testClasspathElements;

    @Override
    File classesDirectory() {
        return testClassesDirectory;
    }

    @Override
    List<String> classpathElements() {
        return testClasspathElements;
    }
}
