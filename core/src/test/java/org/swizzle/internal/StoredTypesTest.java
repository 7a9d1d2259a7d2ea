package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

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
    void shouldStoreTheJdkValueAndCollectionTypes() {
        for (String value : List.of("java/lang/Boolean", "java/lang/Byte", "java/lang/Short", "java/lang/Character",
            "java/lang/Integer", "java/lang/Long", "java/lang/Float", "java/lang/Double", "java/lang/String",
            "java/math/BigInteger", "java/math/BigDecimal", "java/util/UUID", "java/time/Instant", "java/time/Duration",
            "java/time/Period", "java/time/LocalDate", "java/time/LocalTime", "java/time/LocalDateTime", "java/time/OffsetTime",
            "java/time/OffsetDateTime", "java/time/ZonedDateTime", "java/time/Year", "java/time/YearMonth",
            "java/time/MonthDay", "java/time/ZoneId", "java/time/ZoneOffset", "java/time/DayOfWeek", "java/time/Month")) {
            assertEquals(FieldKind.VALUE, StoredTypes.classify("L" + value + ";", FACTS), value);
            assertFalse(StoredTypes.isCollection(value), value);
        }
        for (String collection : List.of("java/util/Collection", "java/util/List", "java/util/Set", "java/util/Map",
            "java/util/SortedSet", "java/util/NavigableSet", "java/util/SortedMap", "java/util/NavigableMap",
            "java/util/SequencedCollection", "java/util/SequencedSet", "java/util/SequencedMap", // Java 21's (trial 68)
            "java/util/ArrayList", "java/util/LinkedList", "java/util/HashSet", "java/util/LinkedHashSet",
            "java/util/TreeSet", "java/util/HashMap", "java/util/LinkedHashMap", "java/util/TreeMap")) {
            assertEquals(FieldKind.MUTABLE_VALUE, StoredTypes.classify("L" + collection + ";", FACTS), collection);
            assertTrue(StoredTypes.isCollection(collection), collection);
        }
        assertFalse(StoredTypes.isCollection("java/util/Vector"));
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
