package org.swizzle.agent;

/**
 * Classes the agent never transforms: the JDK, Byte Buddy, Swizzle's own runtime and API, and test
 * or build tooling. Their code cannot touch a persistent field, or must not be rewritten if it does.
 */
final class IgnoredTypes {

    private static final String[] PREFIXES = {
        "java/", "javax/", "jdk/", "sun/", "com/sun/", "net/bytebuddy/",
        "org/swizzle/agent/", "org/swizzle/internal/", "org/swizzle/store/", "org/junit/", "org/apache/maven/"
    };

    private static final String API_PACKAGE = "org/swizzle/";

    private IgnoredTypes() {
    }

    static boolean isIgnored(String internalName) {
        for (String prefix : PREFIXES) {
            if (internalName.startsWith(prefix)) {
                return true;
            }
        }
        return internalName.startsWith(API_PACKAGE) && internalName.indexOf('/', API_PACKAGE.length()) < 0;
    }
}
