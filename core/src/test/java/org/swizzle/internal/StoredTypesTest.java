package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class StoredTypesTest {

    private static final StoredTypes.TypeFacts FACTS = new StoredTypes.TypeFacts() {
        @Override
        public boolean isPersistent(String name) {
            return name.equals("app/Part");
        }

        @Override
        public boolean isEnum(String name) {
            return name.equals("app/Color");
        }

        @Override
        public boolean isInterface(String name) {
            return name.equals("app/Shape");
        }
    };

    @Test
    void shouldClassifyEveryStoredKind() {
        assertEquals(FieldKind.INT, StoredTypes.classify("I", FACTS));
        assertEquals(FieldKind.BOOLEAN, StoredTypes.classify("Z", FACTS));
        assertEquals(FieldKind.VALUE, StoredTypes.classify("Ljava/lang/String;", FACTS));
        assertEquals(FieldKind.VALUE, StoredTypes.classify("Ljava/time/LocalDate;", FACTS));
        assertEquals(FieldKind.VALUE, StoredTypes.classify("Lapp/Color;", FACTS));
        assertEquals(FieldKind.REFERENCE, StoredTypes.classify("Lapp/Part;", FACTS));
        assertEquals(FieldKind.REFERENCE, StoredTypes.classify("Lapp/Shape;", FACTS));
        assertEquals(FieldKind.MUTABLE_VALUE, StoredTypes.classify("[I", FACTS));
        assertEquals(FieldKind.MUTABLE_VALUE, StoredTypes.classify("[[Lapp/Part;", FACTS));
        assertEquals(FieldKind.MUTABLE_VALUE, StoredTypes.classify("Ljava/util/List;", FACTS));
        assertEquals(FieldKind.MUTABLE_VALUE, StoredTypes.classify("Ljava/util/TreeMap;", FACTS));
    }

    @Test
    void shouldRefuseEverythingElse() {
        assertNull(StoredTypes.classify("Ljava/lang/Object;", FACTS));
        assertNull(StoredTypes.classify("Ljava/lang/Thread;", FACTS));
        assertNull(StoredTypes.classify("Ljava/util/Date;", FACTS));
        assertNull(StoredTypes.classify("Lapp/Plain;", FACTS));
        assertNull(StoredTypes.classify("[Ljava/lang/Object;", FACTS));
        assertNull(StoredTypes.classify("Ljava/util/function/Function;", FACTS));
    }
}
