package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.swizzle.store.LittleEndianBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.swizzle.IncompatibleSchemaException;
import org.swizzle.ObjectStore;
import org.swizzle.StoreCorruptedException;
import org.swizzle.store.SegmentStore;
import org.swizzle.store.StoreConfig;
import org.swizzle.store.Transaction;

/** Class catalogs crafted or damaged on disk: reported as damage, never as a user error, and no class initialized. */
class CatalogDamageTest {

    @TempDir
    Path dir;

    @Test
    void shouldReportACatalogNamingAPlatformClassForObjectsAsCorrupt() {
        craft(catalog("java.lang.Runtime", 0));

        try (ObjectStore store = ObjectStore.open(dir)) {
            StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> store.root("r", Object.class));
            assertTrue(e.getMessage().contains("java.lang.Runtime") && e.getMessage().contains("class catalog"), e.getMessage());
        }
    }

    @Test
    void shouldNotInitializeAnEnumTheCatalogNamesForObjects() {
        craft(catalog(Signal.Watched.class.getName(), 0));

        try (ObjectStore store = ObjectStore.open(dir)) {
            IncompatibleSchemaException e = assertThrows(IncompatibleSchemaException.class, () -> store.root("r", Object.class));
            assertTrue(e.getMessage().contains(Signal.Watched.class.getName()) && e.getMessage().contains("not @Persistent"),
                e.getMessage());
        }
        assertFalse(Signal.initialized, "opening the store and resolving its catalog ran the enum's static initializer");
    }

    @Test
    void shouldReportAFieldCountPastTheCatalogAsCorruptNotRunOutOfMemory() {
        craft(catalog(Signal.Watched.class.getName(), Integer.MAX_VALUE));

        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> ObjectStore.open(dir).close());
        assertTrue(e.getMessage().contains("field count " + Integer.MAX_VALUE), e.getMessage());
    }

    @Test
    void shouldReportANegativeNameLengthAsCorrupt() {
        LittleEndianBuffer bytes = catalog("x", 0);
        bytes.putInt(12, -5);
        craft(bytes);

        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> ObjectStore.open(dir).close());
        assertTrue(e.getMessage().contains("string length -5"), e.getMessage());
    }

    /** A catalog of one class, {@code className}, with one shape of {@code fieldCount} fields (none written). */
    private static LittleEndianBuffer catalog(String className, int fieldCount) {
        LittleEndianBuffer bytes = LittleEndianBuffer.of(new byte[256]);
        int position = 0;
        bytes.putInt(position, 1); // format
        bytes.putInt(position + 4, 1); // classes
        bytes.putInt(position + 8, 1); // id
        position += 12;
        position += bytes.putStringUtf8(position, className);
        bytes.putInt(position, 1); // shapes
        bytes.putInt(position + 4, fieldCount);
        return LittleEndianBuffer.of(bytes.byteArray(), 0, position + 8);
    }

    /** A store whose catalog is {@code catalog} and whose root "r" is an object of class id 1. */
    private void craft(LittleEndianBuffer catalog) {
        try (SegmentStore store = SegmentStore.open(dir, StoreConfig.defaults())) {
            Transaction transaction = store.begin();
            long oid = transaction.newObject();
            LittleEndianBuffer roots = LittleEndianBuffer.of(new byte[64]);
            byte[] name = "r".getBytes(StandardCharsets.ISO_8859_1);
            roots.putInt(0, 1);
            roots.putByte(4, ValueKind.STRING_LATIN1.tag());
            roots.putInt(5, name.length);
            roots.putBytes(9, name);
            roots.putLong(9 + name.length, oid);
            roots.putInt(17 + name.length, 1);
            transaction.put(SegmentStore.CATALOG_OID, 0, catalog, 0, catalog.capacity());
            transaction.put(SegmentStore.ROOTS_OID, 0, roots, 0, 21 + name.length);
            transaction.put(oid, 1, LittleEndianBuffer.of(new byte[2]), 0, 2);
            transaction.commit(1);
        }
    }
}
