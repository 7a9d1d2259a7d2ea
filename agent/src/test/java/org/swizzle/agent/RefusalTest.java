package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.swizzle.UnsupportedClassException;
import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.internal.Enhancement;
import org.swizzle.internal.Persistable;
import org.swizzle.internal.StoredTypes;

class RefusalTest {

    private final EnhancingClassLoader loader = new EnhancingClassLoader();

    @Test
    void shouldRefuseUnsupportedFieldTypeNamingClassFieldAndType() {
        String expected = StoredTypes.refusal("org.swizzle.fixtures.WithThread", "worker", "java.lang.Thread");

        String err = StdErr.capture(() -> loader.fixture("WithThread"));

        assertEquals(expected, Enhancement.refusal("org.swizzle.fixtures.WithThread"));
        assertTrue(err.contains("[swizzle] " + expected), err);
        assertUnchanged("WithThread");
    }

    @Test
    void shouldRefuseObjectField() {
        StdErr.capture(() -> loader.fixture("WithObject"));

        assertEquals(StoredTypes.refusal("org.swizzle.fixtures.WithObject", "anything", "java.lang.Object"),
            Enhancement.refusal("org.swizzle.fixtures.WithObject"));
        assertUnchanged("WithObject");
    }

    @Test
    void shouldRefuseNonPersistentSuperclass() {
        StdErr.capture(() -> loader.fixture("OnPlainBase"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.OnPlainBase");
        assertNotNull(refusal);
        assertTrue(refusal.contains("org.swizzle.fixtures.OnPlainBase") && refusal.contains("org.swizzle.fixtures.PlainBase")
            && refusal.contains("neither java.lang.Object nor @Persistent"), refusal);
        assertUnchanged("OnPlainBase");
    }

    @Test
    void shouldRefuseEnum() {
        StdErr.capture(() -> loader.fixture("Color"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.Color");
        assertNotNull(refusal);
        assertTrue(refusal.contains("is an enum"), refusal);
    }

    @Test
    void shouldNotRewriteAccessesToFieldsOfRefusedClass() {
        StdErr.capture(() -> loader.fixture("RefusedEditor"));

        assertArrayEquals(EnhancingClassLoader.originalBytes(EnhancingClassLoader.FIXTURES + "RefusedEditor"),
            loader.definedBytes("RefusedEditor"));
    }

    @Test
    void shouldReportAFieldRefusalAsUnsupportedFieldTypeAndAClassRefusalAsUnsupportedClass() {
        StdErr.capture(() -> loader.fixture("WithThread"));
        StdErr.capture(() -> loader.fixture("OnPlainBase"));

        assertInstanceOf(UnsupportedFieldTypeException.class, Enhancement.refusalException("org.swizzle.fixtures.WithThread"));
        assertInstanceOf(UnsupportedClassException.class, Enhancement.refusalException("org.swizzle.fixtures.OnPlainBase"));
    }

    @Test
    void shouldRefuseAnInnerClassOfANonPersistentClass() {
        StdErr.capture(() -> loader.fixture("PlainOuter$Inner"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.PlainOuter$Inner");
        assertNotNull(refusal);
        assertTrue(refusal.contains("inner class of org.swizzle.fixtures.PlainOuter, which is not @Persistent"), refusal);
        assertInstanceOf(UnsupportedClassException.class, Enhancement.refusalException("org.swizzle.fixtures.PlainOuter$Inner"));
        assertUnchanged("PlainOuter$Inner");
    }

    @Test
    void shouldStoreTheEnclosingInstanceOfAnInnerClassOfAPersistentClass() throws ReflectiveOperationException {
        Class<?> inner = loader.fixture("Outer$Inner");

        assertTrue(Persistable.class.isAssignableFrom(inner));
        java.lang.reflect.Method fields = inner.getDeclaredMethod("$swz_fields");
        fields.setAccessible(true);
        assertTrue(java.util.Arrays.asList((String[]) fields.invoke(null)).contains("this$0"));
    }

    private void assertUnchanged(String fixture) {
        assertFalse(Persistable.class.isAssignableFrom(loader.fixture(fixture)));
        assertArrayEquals(EnhancingClassLoader.originalBytes(EnhancingClassLoader.FIXTURES + fixture), loader.definedBytes(fixture));
    }
}
