package org.swizzle.internal;

/**
 * The one-byte tags of embedded values in the stored object format. A value is a tag followed by
 * its payload; lengths and counts are 4-byte ints, little-endian like everything Agrona writes.
 */
final class ValueTag {
    static final byte NULL = 0;
    static final byte TRUE = 1;
    static final byte FALSE = 2;
    static final byte BYTE = 3;
    static final byte SHORT = 4;
    static final byte CHAR = 5;
    static final byte INT = 6;
    static final byte LONG = 7;
    static final byte FLOAT = 8;
    static final byte DOUBLE = 9;
    /** length, one byte per char (all chars below 256). */
    static final byte STRING_LATIN1 = 10;
    /** length, two bytes per char: any Java string, unpaired surrogates included. */
    static final byte STRING_UTF16 = 11;
    /** class id of the enum, then the constant's name as a string value. */
    static final byte ENUM = 12;
    static final byte BIG_INTEGER = 13;
    static final byte BIG_DECIMAL = 14;
    static final byte UUID = 15;
    static final byte INSTANT = 20;
    static final byte DURATION = 21;
    static final byte PERIOD = 22;
    static final byte LOCAL_DATE = 23;
    static final byte LOCAL_TIME = 24;
    static final byte LOCAL_DATE_TIME = 25;
    static final byte OFFSET_TIME = 26;
    static final byte OFFSET_DATE_TIME = 27;
    static final byte ZONED_DATE_TIME = 28;
    static final byte YEAR = 29;
    static final byte YEAR_MONTH = 30;
    static final byte MONTH_DAY = 31;
    static final byte ZONE_OFFSET = 32;
    static final byte ZONE_REGION = 33;
    /** OID (8 bytes) and class id (4 bytes) of a persistent object. */
    static final byte REFERENCE = 40;
    static final byte BOOLEAN_ARRAY = 50;
    static final byte BYTE_ARRAY = 51;
    static final byte SHORT_ARRAY = 52;
    static final byte CHAR_ARRAY = 53;
    static final byte INT_ARRAY = 54;
    static final byte LONG_ARRAY = 55;
    static final byte FLOAT_ARRAY = 56;
    static final byte DOUBLE_ARRAY = 57;
    /** class id of the component type, length, then each element as a value. */
    static final byte OBJECT_ARRAY = 58;
    static final byte ARRAY_LIST = 60;
    static final byte LINKED_LIST = 61;
    static final byte HASH_SET = 62;
    static final byte LINKED_HASH_SET = 63;
    static final byte TREE_SET = 64;
    static final byte HASH_MAP = 65;
    static final byte LINKED_HASH_MAP = 66;
    static final byte TREE_MAP = 67;

    private ValueTag() {
    }
}
