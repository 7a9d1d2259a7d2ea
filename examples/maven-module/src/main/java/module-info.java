/**
 * The notebook as a named module. Swizzle is the automatic module {@code org.swizzle}; an automatic module
 * cannot declare what it requires, so the application names the JDK module Swizzle's store needs for
 * {@code sun.misc.Unsafe} (through Agrona, relocated inside it): launched with {@code --module}, only the
 * modules that something requires are resolved.
 */
module com.example.notes {
    requires org.swizzle;
    requires jdk.unsupported;

    exports com.example.notes;
}
