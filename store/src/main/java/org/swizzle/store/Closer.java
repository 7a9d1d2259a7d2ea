package org.swizzle.store;

/** Closes resources after a failure without losing the failure or the close's own errors. */
public final class Closer {
    private Closer() {
    }

    /** Closes each non-null resource, adding its failure to {@code failure}'s suppressed list; returns {@code failure}. */
    public static <T extends Throwable> T closeAfter(T failure, AutoCloseable... resources) {
        for (AutoCloseable resource : resources) {
            if (resource != null) {
                try {
                    resource.close();
                } catch (Exception e) {
                    failure.addSuppressed(e);
                }
            }
        }
        return failure;
    }
}
