/**
 * Swizzle as a named module: an application module needs only {@code requires org.swizzle;}. Compiled against
 * the shaded jar and added to it by the build (see the POM), as the module's packages exist only there.
 *
 * <p>Enhanced classes call the object manager ({@code org.swizzle.internal}) and make tracked collections
 * ({@code org.swizzle.internal.tracked}), so those are exported too; the relocated Agrona, Byte Buddy and ASM are
 * not. Before JDK 24 the store's buffers access memory through {@code sun.misc.Unsafe}, and on JDK 17 to 21 it
 * unmaps its files with {@code sun.misc.Unsafe.invokeCleaner}, hence {@code jdk.unsupported}. The jar is also the
 * {@code -javaagent}: when it is on the module path too, the JVM loads the agent from this module, so the agent's
 * package is exported to {@code java.instrument}, which calls its {@code premain} (and which the JVM resolves for
 * an agent). The other JDK modules serve parts Swizzle does not use on the module path (Agrona's code generation
 * and its process id lookup), so they are not resolved for it.
 */
module org.swizzle {
    requires jdk.unsupported;
    requires static java.compiler;
    requires static java.instrument;
    requires static java.management;

    exports org.swizzle;
    exports org.swizzle.internal;
    exports org.swizzle.internal.tracked;
    exports org.swizzle.agent to java.instrument;
}
