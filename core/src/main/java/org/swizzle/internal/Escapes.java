package org.swizzle.internal;

/**
 * The slow path of the accessors of array fields: an array was handed to code that may write it (a load
 * not proven read-only, or a store of an array the caller keeps), and element stores run no barrier, so
 * the object is watched: compared with its committed bytes at every commit until it is reloaded.
 */
public final class Escapes {

    private Escapes() {
    }

    /**
     * Called when {@code owner.$swz_flags} is 0 and {@code array}, a primitive array of its field, stays in the
     * method that loaded it, whose element stores mark pages ({@link ArrayEdits}): the owner is watched unless the
     * array's pages are marked for it (see {@link PageMarks}), or will be by the commit that stores it.
     */
    public static void kept(Persistable owner, Object array) {
        Object context = owner.$swz_context();
        if (context == OpenStores.CLOSED_STORE) {
            return; // no commit will compare it
        }
        boolean marked = array != null && (context == null ? PageMarks.keepUnstored(owner, array)
            : ((ObjectManager) context).keeps(owner, array));
        if (!marked) {
            array(owner);
        }
    }

    /** Called when {@code owner.$swz_flags} is 0. */
    public static void array(Persistable owner) {
        Object context = owner.$swz_context();
        if (context == OpenStores.CLOSED_STORE) {
            return; // no commit will compare it
        }
        if (context != null) {
            ((ObjectManager) context).watch(owner);
        } else {
            // transient: the commit that stores it writes it whole and watches it if it holds arrays
            owner.$swz_flags(Persistable.WATCHED);
        }
    }
}
