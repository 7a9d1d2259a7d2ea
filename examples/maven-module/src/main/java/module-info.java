/**
 * The notebook as a named module: Swizzle's one jar is the module {@code org.swizzle}, which declares what it
 * needs itself, so the application requires it alone, and opens the package of its persistent classes to it, which
 * reads and writes their fields.
 */
module com.example.notes {
    requires org.swizzle;

    exports com.example.notes;
    opens com.example.notes to org.swizzle;
}
