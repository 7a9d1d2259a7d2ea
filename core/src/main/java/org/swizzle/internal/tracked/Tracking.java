package org.swizzle.internal.tracked;

/**
 * What generated code calls about tracked collections: the agent's {@code $swz_clear} detaches the
 * collections of an object before clearing its fields.
 */
public final class Tracking {

    private Tracking() {
    }

    /**
     * Detaches {@code value} and the collections nested in it, if it is a tracked collection of {@code owner}
     * (a field may hold another object's collection, which stays that object's).
     */
    public static void detach(Object owner, Object value) {
        if (value instanceof Tracked) {
            Attachment attachment = ((Tracked) value).attachment();
            if (attachment != null && attachment.owner() == owner) {
                attachment.detach();
            }
        }
    }
}
