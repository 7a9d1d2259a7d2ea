package org.swizzle.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.swizzle.internal.AgentOptions;

/**
 * A child-first class loader for the test fixtures that runs each fixture class file through a
 * {@link SwizzleTransformer}, as the JVM would with the agent attached. Everything else comes from
 * the parent, so the core classes are shared with the test.
 */
public final class EnhancingClassLoader extends ClassLoader {

    public static final String FIXTURES = "org.swizzle.fixtures.";

    private final SwizzleTransformer transformer;
    private final Map<String, byte[]> definedBytes = new ConcurrentHashMap<>();

    public EnhancingClassLoader() {
        this(new SwizzleTransformer(AgentOptions.parse("")));
    }

    public EnhancingClassLoader(SwizzleTransformer transformer) {
        super(EnhancingClassLoader.class.getClassLoader());
        this.transformer = transformer;
    }

    /** The fixture class {@code simpleName}, enhanced. */
    public Class<?> fixture(String simpleName) {
        try {
            return loadClass(FIXTURES + simpleName);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The class file defined for {@code simpleName}: the transformed one, or the original if unchanged. */
    public byte[] definedBytes(String simpleName) {
        if (!definedBytes.containsKey(FIXTURES + simpleName)) {
            fixture(simpleName);
        }
        return definedBytes.get(FIXTURES + simpleName);
    }

    /** Transforms and defines a class file made by the test, in the fixtures' package and loader. */
    public Class<?> define(String binaryName, byte[] classFile) {
        byte[] transformed = transformer.transform(this, binaryName.replace('.', '/'), classFile.clone());
        byte[] bytes = transformed == null ? classFile : transformed;
        definedBytes.put(binaryName, bytes);
        return defineClass(binaryName, bytes, 0, bytes.length);
    }

    /** The fixture's class file as compiled. */
    public static byte[] originalBytes(String binaryName) {
        String resource = binaryName.replace('.', '/') + ".class";
        try (InputStream in = EnhancingClassLoader.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("No class file " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(FIXTURES)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                byte[] original = originalBytes(name);
                byte[] transformed = transformer.transform(this, name.replace('.', '/'), original.clone());
                byte[] bytes = transformed == null ? original : transformed;
                definedBytes.put(name, bytes);
                loaded = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }
}
