package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Map;

import org.swizzle.store.LittleEndianBuffer;
import org.junit.jupiter.api.Test;
import org.swizzle.IncompatibleSchemaException;

/** Which stored types {@link Widening} converts: Java's widening primitive conversions, boxed or not. */
class WideningTest {

    @Test
    void shouldConvertEveryWideningPrimitiveConversion() {
        String[][] widenings = {{"B", "SIJFD"}, {"S", "IJFD"}, {"C", "IJFD"}, {"I", "JFD"}, {"J", "FD"}, {"F", "D"}};
        for (String[] widening : widenings) {
            for (char to : widening[1].toCharArray()) {
                assertNotNull(Widening.of("C.f", widening[0], String.valueOf(to)), widening[0] + " to " + to);
            }
        }
    }

    @Test
    void shouldConvertBetweenAPrimitiveAndItsBoxAndToWiderBoxes() {
        assertNotNull(Widening.of("C.f", "Ljava/lang/Integer;", "I"));
        assertNotNull(Widening.of("C.f", "I", "Ljava/lang/Integer;"));
        assertNotNull(Widening.of("C.f", "Z", "Ljava/lang/Boolean;"));
        assertNotNull(Widening.of("C.f", "Ljava/lang/Character;", "J"));
        assertNotNull(Widening.of("C.f", "S", "Ljava/lang/Long;"));
    }

    @Test
    void shouldNotConvertNarrowingOrUnrelatedTypes() {
        String[][] refused = {{"J", "I"}, {"D", "F"}, {"C", "S"}, {"S", "C"}, {"B", "C"}, {"Z", "I"}, {"I", "Z"},
            {"Ljava/lang/Long;", "I"}, {"I", "Ljava/lang/String;"}, {"Ljava/lang/String;", "I"}, {"I", "I"}};
        for (String[] pair : refused) {
            assertNull(Widening.of("C.f", pair[0], pair[1]), pair[0] + " to " + pair[1]);
        }
    }

    @Test
    void shouldReadStoredValuesAsTheWiderTypeBoxedOrNot() {
        Map<Character, Object> stored = Map.of('B', (byte) -7, 'S', (short) -300, 'C', '\uffff', 'I', Integer.MIN_VALUE,
            'J', Long.MIN_VALUE, 'F', 1.1f); // the int and the long are powers of two: a float holds them exactly
        Map<Character, String> wider = Map.of('B', "BSIJFD", 'S', "SIJFD", 'C', "CIJFD", 'I', "IJFD", 'J', "JFD", 'F', "FD");
        for (Map.Entry<Character, String> pair : wider.entrySet()) {
            char from = pair.getKey();
            for (char to : pair.getValue().toCharArray()) {
                Object expected = widened(stored.get(from), to);
                for (int boxes = 0; boxes < 4; boxes++) {
                    String storedType = descriptor(from, (boxes & 1) != 0);
                    String currentType = descriptor(to, (boxes & 2) != 0);
                    if (!storedType.equals(currentType)) {
                        assertEquals(expected, read(storedType, currentType, stored.get(from)), storedType + " to " + currentType);
                    }
                }
            }
        }
        assertEquals(true, read("Z", "Ljava/lang/Boolean;", true));
        assertEquals(false, read("Ljava/lang/Boolean;", "Z", false));
    }

    @Test
    void shouldRefuseAValueTheConversionWouldRound() {
        String[][] rounding = {{"I", "F"}, {"Ljava/lang/Integer;", "Ljava/lang/Float;"}, {"I", "Ljava/lang/Float;"}};
        for (String[] pair : rounding) {
            assertEquals(16_777_216f, read(pair[0], pair[1], 16_777_216));
            IncompatibleSchemaException refused = assertThrows(IncompatibleSchemaException.class,
                () -> read(pair[0], pair[1], 16_777_217), pair[0] + " to " + pair[1]);
            assertTrue(refused.getMessage().contains("holds 16777217 in it, which a " + ReadPlan.typeName(pair[1])
                + " cannot hold exactly: it would read 1.6777216E7"), refused.getMessage());
            assertTrue(refused.getMessage().contains("Make the field " + (pair[1].length() > 1 ? "Double" : "double")),
                refused.getMessage());
        }
        assertEquals((double) (1L << 53), read("J", "D", 1L << 53));
        assertEquals(9.007199254740991E15, read("J", "D", (1L << 53) - 1));
        assertThrows(IncompatibleSchemaException.class, () -> read("J", "D", (1L << 53) + 1));
        assertThrows(IncompatibleSchemaException.class, () -> read("Ljava/lang/Long;", "F", (1L << 24) + 1));
        IncompatibleSchemaException refused = assertThrows(IncompatibleSchemaException.class,
            () -> read("J", "Ljava/lang/Double;", Long.MAX_VALUE));
        assertTrue(refused.getMessage().contains("Make the field long again"), refused.getMessage());
        assertEquals(16_777_217d, read("I", "D", 16_777_217));
    }

    @Test
    void shouldReadNullIntoABoxAndRefuseItForAPrimitive() {
        assertNull(read("Ljava/lang/Integer;", "Ljava/lang/Long;", null));
        assertThrows(IncompatibleSchemaException.class, () -> read("Ljava/lang/Integer;", "J", null));
    }

    /** {@code value} stored in a field of type {@code stored}, read back into one of type {@code current}. */
    private static Object read(String stored, String current, Object value) {
        ObjectWriter out = new ObjectWriter(null, LittleEndianBuffer.growable(16));
        out.reset();
        if (stored.length() > 1) {
            out.writeValue(value);
        } else {
            writePrimitive(out, value);
        }
        ObjectReader in = new ObjectReader(ObjectReader.ReferenceSwizzler.none("a stored value"));
        in.reset(out.buffer(), out.length());
        Object[] read = new Object[1];
        Persistable object = (Persistable) Proxy.newProxyInstance(Persistable.class.getClassLoader(),
            new Class<?>[] {Persistable.class}, (proxy, method, args) -> {
                if (method.getName().equals("$swz_read")) {
                    ObjectReader field = (ObjectReader) args[1];
                    read[0] = current.length() > 1 ? field.readValue() : Widening.readPrimitive(field, current.charAt(0));
                    return null;
                }
                return method.getName().equals("$swz_oid") ? 1L : null;
            });
        Widening.of("C.f", stored, current).read(object, 0, in);
        assertEquals(out.length(), in.position(), "the stored value is read whole");
        return read[0];
    }

    private static void writePrimitive(ObjectWriter out, Object value) {
        if (value instanceof Boolean) {
            out.writeBoolean((Boolean) value);
        } else if (value instanceof Character) {
            out.writeChar((Character) value);
        } else if (value instanceof Byte) {
            out.writeByte((Byte) value);
        } else if (value instanceof Short) {
            out.writeShort((Short) value);
        } else if (value instanceof Integer) {
            out.writeInt((Integer) value);
        } else if (value instanceof Long) {
            out.writeLong((Long) value);
        } else {
            out.writeFloat((Float) value);
        }
    }

    /** {@code value} converted to primitive {@code type} as Java widens it, boxed. */
    private static Object widened(Object value, char type) {
        Number number = value instanceof Character ? (int) (Character) value : (Number) value;
        switch (type) {
            case 'B': return number.byteValue();
            case 'C': return value;
            case 'S': return number.shortValue();
            case 'I': return number.intValue();
            case 'J': return number.longValue();
            case 'F': return number.floatValue();
            default: return number.doubleValue();
        }
    }

    private static String descriptor(char primitive, boolean boxed) {
        if (!boxed) {
            return String.valueOf(primitive);
        }
        String box = Map.of('Z', "Boolean", 'B', "Byte", 'S', "Short", 'C', "Character", 'I', "Integer", 'J', "Long",
            'F', "Float", 'D', "Double").get(primitive);
        return "Ljava/lang/" + box + ";";
    }
}
