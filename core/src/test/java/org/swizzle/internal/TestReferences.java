package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

/**
 * References and class ids for values written and read without a store: class ids in the order the
 * classes are met, {@code Object} first, and at most one referenced object, with a given OID and class id.
 */
final class TestReferences implements ObjectWriter.ReferenceResolver, ObjectReader.ReferenceSwizzler {

    private final List<Class<?>> classes = new ArrayList<>(List.of(Object.class));
    private final Persistable referenced;
    private final long oid;
    private final int classId;

    /** No references: writing or reading one fails the test. */
    TestReferences() {
        this(null, 0, 0);
    }

    TestReferences(Persistable referenced, long oid, int classId) {
        this.referenced = referenced;
        this.oid = oid;
        this.classId = classId;
    }

    /** Forgets the class ids given so far. */
    void forgetClasses() {
        classes.subList(1, classes.size()).clear();
    }

    @Override
    public long oidOf(Object object, ObjectWriter from) {
        assertSame(referenced(), object);
        return oid;
    }

    @Override
    public int classIdOf(Class<?> type) {
        if (!classes.contains(type)) {
            classes.add(type);
        }
        return classes.indexOf(type);
    }

    @Override
    public int classIdOf(Persistable object) {
        assertSame(referenced(), object);
        return classId;
    }

    @Override
    public Object swizzle(long oid, int classId) {
        assertEquals(this.oid, oid);
        assertEquals(this.classId, classId);
        return referenced();
    }

    @Override
    public Class<?> classOf(int classId) {
        return classes.get(classId);
    }

    @Override
    public String describe() {
        return "test value";
    }

    private Persistable referenced() {
        if (referenced == null) {
            throw new AssertionError("no references here");
        }
        return referenced;
    }
}
