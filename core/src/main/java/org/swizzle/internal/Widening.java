package org.swizzle.internal;

import org.swizzle.store.LittleEndianBuffer;
import org.swizzle.IncompatibleSchemaException;

/**
 * Reads a stored primitive or box into a field whose type is the same primitive boxed or unboxed,
 * or a wider one: Java's widening primitive conversions ({@code byte} to {@code short}; {@code byte},
 * {@code short} and {@code char} to {@code int}, {@code long}, {@code float}, {@code double};
 * {@code int} to {@code long}, {@code float}, {@code double}; {@code long} to {@code float},
 * {@code double}; {@code float} to {@code double}), each also from or to the boxes. The value read is
 * re-encoded as the running field's type and handed to the class's generated {@code $swz_read}. A value the
 * conversion rounds (an {@code int} or {@code long} made a {@code float}, a {@code long} a {@code double}) is refused:
 * it would read other than it was committed.
 */
final class Widening {

    /** The converted values are primitives and boxes: they never refer to a persistent object. */
    private static final ObjectReader.ReferenceSwizzler NO_REFERENCES = ObjectReader.ReferenceSwizzler.none("a converted value");

    private final char from;
    private final boolean fromBox;
    private final char to;
    private final boolean toBox;
    private final String field;
    private final String storedType;
    private final String currentType;

    private Widening(String field, String stored, String current) {
        this.from = primitive(stored);
        this.fromBox = stored.length() > 1;
        this.to = primitive(current);
        this.toBox = current.length() > 1;
        this.field = field;
        this.storedType = ReadPlan.typeName(stored);
        this.currentType = ReadPlan.typeName(current);
    }

    /**
     * The conversion from a field stored with descriptor {@code stored} into one of {@code current},
     * or {@code null} if there is none (or none is needed, the descriptors being equal).
     *
     * @param field the field as {@code Class.field}, for messages
     */
    static Widening of(String field, String stored, String current) {
        char from = primitive(stored);
        char to = primitive(current);
        if (stored.equals(current) || from == 0 || to == 0) {
            return null;
        }
        return from == to || widerThan(from).indexOf(to) >= 0 ? new Widening(field, stored, current) : null;
    }

    /** The primitives {@code primitive} widens to (JLS 5.1.2). */
    private static String widerThan(char primitive) {
        switch (primitive) {
            case 'B': return "SIJFD";
            case 'S': case 'C': return "IJFD";
            case 'I': return "JFD";
            case 'J': return "FD";
            case 'F': return "D";
            default: return "";
        }
    }

    /** Reads the stored value from {@code in} and sets field {@code target} of {@code object} to it, converted. */
    void read(Persistable object, int target, ObjectReader in) {
        Object value = fromBox ? in.readValue() : readPrimitive(in, from);
        if (value == null && !toBox) {
            throw new IncompatibleSchemaException("Field " + field + " was stored as " + storedType + " and is now "
                + currentType + ", but " + in.describe() + " holds null in it, which " + currentType
                + " cannot hold. Make the field " + storedType + " again (or another box), or set a value in every"
                + " object with the old class before changing the type.");
        }
        Object converted = convert(value);
        if (from != to && !isExact(value, converted)) {
            throw new IncompatibleSchemaException("Field " + field + " was stored as " + storedType + " and is now "
                + currentType + ", but " + in.describe() + " holds " + value + " in it, which a " + currentType
                + " cannot hold exactly: it would read " + converted + ", and the object's next commit would store that. "
                + (from == 'J' ? "Make the field " + storedType + " again: no wider primitive holds every long exactly."
                : "Make the field " + (toBox ? "Double" : "double") + " (which holds every " + storedType + " exactly), or "
                + storedType + " again."));
        }
        ObjectWriter out = new ObjectWriter(null, LittleEndianBuffer.of(new byte[16])); // boxes need no class ids
        if (toBox) {
            out.writeValue(converted);
        } else {
            writePrimitive(out, converted);
        }
        ObjectReader reencoded = new ObjectReader(NO_REFERENCES);
        reencoded.reset(out.buffer(), out.length());
        object.$swz_read(target, reencoded);
    }

    /** A primitive field of type {@code primitive} (its descriptor) read from {@code in}, boxed. */
    static Object readPrimitive(ObjectReader in, char primitive) {
        switch (primitive) {
            case 'Z': return in.readBoolean();
            case 'B': return in.readByte();
            case 'S': return in.readShort();
            case 'C': return in.readChar();
            case 'I': return in.readInt();
            case 'J': return in.readLong();
            case 'F': return in.readFloat();
            default: return in.readDouble();
        }
    }

    /** {@code value}, a box of the stored type or null, as a box of the running field's type. */
    private Object convert(Object value) {
        return value == null || from == to ? value : convert(value, to);
    }

    /**
     * {@code value}, a box read from a collection, as a box of class {@code box} when Java widens the one primitive to
     * the other; null when it does not (another class, a narrower or the same primitive).
     */
    static Object widenBox(Object value, Class<?> box) {
        char from = primitive(value.getClass().descriptorString());
        char to = primitive(box.descriptorString());
        return from != 0 && to != 0 && widerThan(from).indexOf(to) >= 0 ? convert(value, to) : null;
    }

    /**
     * Whether {@code widened}, what {@link #widenBox} made of {@code value}, is the same number: not so where an
     * {@code int} or {@code long} became a {@code float}, or a {@code long} a {@code double}, and was rounded.
     */
    static boolean isExact(Object value, Object widened) {
        if (!(widened instanceof Float || widened instanceof Double) || value instanceof Float) {
            return true;
        }
        long original = value instanceof Character ? (Character) value : ((Number) value).longValue();
        double read = ((Number) widened).doubleValue(); // a float's value exactly
        return read < 0x1p63 && (long) read == original; // 2^63, Long.MAX_VALUE rounded, casts back to Long.MAX_VALUE
    }

    /** {@code value}, a numeric box or a {@code Character}, as a box of primitive {@code to} (its descriptor). */
    private static Object convert(Object value, char to) {
        Number number = value instanceof Character ? Integer.valueOf((Character) value) : (Number) value;
        switch (to) {
            case 'S': return number.shortValue();
            case 'I': return number.intValue();
            case 'J': return number.longValue();
            case 'F': return number.floatValue();
            default: return number.doubleValue();
        }
    }

    /** Writes {@code value}, a box of the running field's type, as a primitive field of that type stores it. */
    private void writePrimitive(ObjectWriter out, Object value) {
        switch (to) {
            case 'Z': out.writeBoolean((Boolean) value); break;
            case 'B': out.writeByte((Byte) value); break;
            case 'S': out.writeShort((Short) value); break;
            case 'C': out.writeChar((Character) value); break;
            case 'I': out.writeInt((Integer) value); break;
            case 'J': out.writeLong((Long) value); break;
            case 'F': out.writeFloat((Float) value); break;
            default: out.writeDouble((Double) value); break;
        }
    }

    /** The primitive descriptor of a primitive or box descriptor, or 0 for any other type. */
    private static char primitive(String descriptor) {
        if (descriptor.length() == 1) {
            return "ZBSCIJFD".indexOf(descriptor.charAt(0)) >= 0 ? descriptor.charAt(0) : 0;
        }
        switch (descriptor) {
            case "Ljava/lang/Boolean;": return 'Z';
            case "Ljava/lang/Byte;": return 'B';
            case "Ljava/lang/Short;": return 'S';
            case "Ljava/lang/Character;": return 'C';
            case "Ljava/lang/Integer;": return 'I';
            case "Ljava/lang/Long;": return 'J';
            case "Ljava/lang/Float;": return 'F';
            case "Ljava/lang/Double;": return 'D';
            default: return 0;
        }
    }
}
