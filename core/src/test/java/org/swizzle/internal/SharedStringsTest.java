package org.swizzle.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;

import org.swizzle.store.LittleEndianBuffer;
import org.junit.jupiter.api.Test;

class SharedStringsTest {

    private final SharedStrings strings = new SharedStrings();

    @Test
    void shouldReturnTheSameInstanceForTheSameShortString() {
        String first = read("part-type3", 0);
        String second = read("part-type3", 7);

        assertEquals("part-type3", first);
        assertSame(first, second);
    }

    @Test
    void shouldGiveTheObjectsAReaderFillsOneInstanceOfAShortStringAndEachALongStringOfItsOwn() {
        TestReferences references = new TestReferences();
        ObjectWriter writer = new ObjectWriter(references);
        writer.reset();
        writer.field(SharedStringsTest.class, "value");
        String longer = "a string longer than the ones shared: " + "x".repeat(SharedStrings.MAX_LENGTH);
        for (String value : new String[] {"part-type3", "part-type3", longer, longer}) {
            writer.writeValue(new String(value.toCharArray()));
        }
        ObjectReader reader = new ObjectReader(references, strings);
        reader.reset(writer.buffer(), writer.length());

        Object first = reader.readValue();
        Object second = reader.readValue();
        Object firstLong = reader.readValue();
        Object secondLong = reader.readValue();

        assertEquals("part-type3", first);
        assertSame(first, second, "read twice, one instance");
        assertEquals(longer, firstLong);
        assertEquals(longer, secondLong);
        assertNotSame(firstLong, secondLong, "longer strings are not looked up");
    }

    @Test
    void shouldTellStringsOfTheSameSlotApart() {
        for (int i = 0; i < 20_000; i++) {
            String expected = "s" + i;
            assertEquals(expected, read(expected, i % 5));
        }
    }

    @Test
    void shouldReadEveryLatin1CharacterAndTheEmptyString() {
        StringBuilder all = new StringBuilder();
        for (char c = 0x80; c < 0x100 && all.length() < SharedStrings.MAX_LENGTH; c++) {
            all.append(c);
        }
        assertEquals(all.toString(), read(all.toString(), 3));
        assertSame(read(all.toString(), 0), read(all.toString(), 1));
        assertEquals("", read("", 0));
    }

    @Test
    void shouldMakeLongStringsAfresh() {
        String value = "x".repeat(SharedStrings.MAX_LENGTH + 1);

        String first = read(value, 0);
        String second = read(value, 0);

        assertEquals(value, first);
        assertNotSame(first, second);
    }

    private String read(String value, int offset) {
        byte[] latin1 = value.getBytes(StandardCharsets.ISO_8859_1);
        LittleEndianBuffer buffer = LittleEndianBuffer.of(new byte[offset + latin1.length + 4]);
        buffer.putBytes(offset, latin1);
        return strings.latin1(buffer, offset, latin1.length);
    }
}
