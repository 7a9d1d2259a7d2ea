/**
 * The notebook as a named module: Swizzle's one jar is the module {@code org.swizzle}, which declares what it
 * needs itself, so the application requires it alone.
 */
module com.example.notes {
    requires org.swizzle;

    exports com.example.notes;
}
