package org.swizzle.store;

/** Runs test code with a system property set, putting back the value it had (or none) afterwards. */
final class SystemProperties {
    /** Test code that may throw. */
    interface Body {
        void run() throws Exception;
    }

    private SystemProperties() {
    }

    static void with(String name, String value, Body body) throws Exception {
        String before = System.getProperty(name);
        System.setProperty(name, value);
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }
}
