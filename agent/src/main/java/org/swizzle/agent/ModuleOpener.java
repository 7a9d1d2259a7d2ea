package org.swizzle.agent;

import java.lang.instrument.Instrumentation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Opens the JDK packages Chronicle Map reaches into (its documented {@code --add-opens} and
 * {@code --add-exports} list for Java 17+) to the class path, so that applications need no flags.
 * Packages a JDK does not have are skipped, as is {@code jdk.compiler} when it is not in the image.
 * {@code jdk.unsupported/sun.misc} is missing on purpose: the JDK exports and opens it already.
 */
final class ModuleOpener {

    static final Map<String, List<String>> CHRONICLE_PACKAGES = Map.of(
        "java.base", List.of("java.lang", "java.lang.reflect", "java.io", "java.nio", "java.util",
            "sun.nio.ch", "jdk.internal.misc", "jdk.internal.ref", "jdk.internal.util"),
        "jdk.compiler", List.of("com.sun.tools.javac", "com.sun.tools.javac.file"));

    private ModuleOpener() {
    }

    /** Opens (and so exports) the packages to {@code target}, normally the system class loader's unnamed module. */
    static void openForChronicle(Instrumentation instrumentation, Module target) {
        CHRONICLE_PACKAGES.forEach((moduleName, packages) -> ModuleLayer.boot().findModule(moduleName)
            .ifPresent(module -> open(instrumentation, module, packages, target)));
    }

    private static void open(Instrumentation instrumentation, Module module, List<String> packages, Module target) {
        Map<String, Set<Module>> access = new LinkedHashMap<>();
        for (String name : packages) {
            if (module.getPackages().contains(name)) {
                access.put(name, Set.of(target));
            }
        }
        try {
            instrumentation.redefineModule(module, Set.of(), access, access, Set.of(), Map.of());
        } catch (RuntimeException refused) {
            System.err.println("swizzle-agent: could not open " + access.keySet() + " of module " + module.getName()
                + " (" + refused + "); Chronicle Map may then need --add-opens " + module.getName() + "/<package>=ALL-UNNAMED");
        }
    }
}
