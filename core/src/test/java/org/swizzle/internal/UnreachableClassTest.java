package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.swizzle.UnsupportedClassException;

/** What Swizzle says when it cannot reach what enhancement added to a class (see {@link Enhancement#unreachable}). */
class UnreachableClassTest {

    /** A class of a named module whose package is not open to Swizzle (here {@code java.base}'s, these tests' Swizzle on the class path). */
    @Test
    void shouldNameTheLineToAddToAModuleThatKeepsThePackageClosed() {
        IllegalAccessException cause = new IllegalAccessException("closed");
        RuntimeException refused = Enhancement.unreachable(Thread.class, "read the stored fields", cause);
        UnsupportedClassException unsupported = assertInstanceOf(UnsupportedClassException.class, refused);
        assertSame(cause, unsupported.getCause());
        String message = unsupported.getMessage();
        assertTrue(message.contains("read the stored fields of persistent class java.lang.Thread")
            && message.contains("its module java.base does not open package java.lang")
            && message.contains("Add `opens java.lang;` to the module-info.java of java.base"), message);
    }

    /**
     * A class of a package that is not open to Swizzle is refused before anything of it is read, even where the
     * package is exported (as {@code java.lang} is): Swizzle could not reach its fields that are not public.
     */
    @Test
    void shouldRefuseAClassWhosePackageIsNotOpenBeforeReadingIt() {
        UnsupportedClassException refused = assertThrows(UnsupportedClassException.class,
            () -> Enhancement.requireOpen(Thread.class));
        assertTrue(refused.getMessage().contains("Cannot read and write the fields of persistent class java.lang.Thread")
            && refused.getMessage().contains("Add `opens java.lang;`"), refused.getMessage());
        assertDoesNotThrow(() -> Enhancement.requireOpen(UnreachableClassTest.class), "a class on the class path");
    }

    /** A class Swizzle may reach: the failure is its own, not the application's to fix. */
    @Test
    void shouldReportAFailureOnAReachableClassAsSwizzlesOwn() {
        RuntimeException failure = Enhancement.unreachable(UnreachableClassTest.class, "make a hollow instance",
            new IllegalAccessException("unexpected"));
        assertInstanceOf(IllegalStateException.class, failure);
        assertTrue(failure.getMessage().contains("make a hollow instance of enhanced class " + UnreachableClassTest.class.getName()),
            failure.getMessage());
    }
}
