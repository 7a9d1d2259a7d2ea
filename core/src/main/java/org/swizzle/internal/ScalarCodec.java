package org.swizzle.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;

/**
 * Boxes of primitives, {@code BigInteger}, {@code BigDecimal}, {@code UUID} and enum constants in the stored
 * format ({@link ValueKind#NULL} to {@link ValueKind#UUID}): a box's payload is its primitive as a field
 * of that type stores it, a boolean's is in its tag.
 */
final class ScalarCodec {

    private ScalarCodec() {
    }

    /** Writes {@code value} if it is the box of a primitive; returns false, having written nothing, if not. */
    static boolean writeBox(ObjectWriter out, Object value) {
        if (value instanceof Integer) {
            out.writeKind(ValueKind.INT);
            out.writeInt((Integer) value);
        } else if (value instanceof Long) {
            out.writeKind(ValueKind.LONG);
            out.writeLong((Long) value);
        } else if (value instanceof Boolean) {
            out.writeKind((Boolean) value ? ValueKind.TRUE : ValueKind.FALSE);
        } else if (value instanceof Double) {
            out.writeKind(ValueKind.DOUBLE);
            out.writeDouble((Double) value);
        } else if (value instanceof Float) {
            out.writeKind(ValueKind.FLOAT);
            out.writeFloat((Float) value);
        } else if (value instanceof Short) {
            out.writeKind(ValueKind.SHORT);
            out.writeShort((Short) value);
        } else if (value instanceof Byte) {
            out.writeKind(ValueKind.BYTE);
            out.writeByte((Byte) value);
        } else if (value instanceof Character) {
            out.writeKind(ValueKind.CHAR);
            out.writeChar((Character) value);
        } else {
            return false;
        }
        return true;
    }

    /**
     * Writes {@code value} if it is an enum constant, a BigInteger, a BigDecimal or a UUID; returns false,
     * having written nothing, if not.
     */
    static boolean writeOther(ObjectWriter out, Object value) {
        if (value instanceof Enum) {
            Enum<?> constant = (Enum<?>) value;
            out.writeKind(ValueKind.ENUM);
            out.writeInt(out.classIdOf(constant.getDeclaringClass()));
            StringCodec.write(out, constant.name());
        } else if (value instanceof BigInteger) {
            out.writeKind(ValueKind.BIG_INTEGER);
            writeBytes(out, ((BigInteger) value).toByteArray());
        } else if (value instanceof BigDecimal) {
            BigDecimal decimal = (BigDecimal) value;
            out.writeKind(ValueKind.BIG_DECIMAL);
            out.writeInt(decimal.scale());
            writeBytes(out, decimal.unscaledValue().toByteArray());
        } else if (value instanceof UUID) {
            out.writeKind(ValueKind.UUID);
            out.writeLong(((UUID) value).getMostSignificantBits());
            out.writeLong(((UUID) value).getLeastSignificantBits());
        } else {
            return false;
        }
        return true;
    }

    private static void writeBytes(ObjectWriter out, byte[] bytes) {
        out.writeInt(bytes.length);
        out.buffer().putBytes(out.claim(bytes.length), bytes);
    }

    static Object read(ValueKind kind, ObjectReader in) {
        switch (kind) {
            case NULL: return null;
            case TRUE: return Boolean.TRUE;
            case FALSE: return Boolean.FALSE;
            case BYTE: return in.readByte();
            case SHORT: return in.readShort();
            case CHAR: return in.readChar();
            case INT: return in.readInt();
            case LONG: return in.readLong();
            case FLOAT: return in.readFloat();
            case DOUBLE: return in.readDouble();
            case ENUM: return readEnum(in);
            case BIG_INTEGER: return readBigInteger(kind, in);
            case BIG_DECIMAL: {
                int scale = in.readInt();
                return new BigDecimal(readBigInteger(kind, in), scale);
            }
            case UUID: return new UUID(in.readLong(), in.readLong());
            default: throw new IllegalArgumentException(kind + " is not a scalar");
        }
    }

    private static BigInteger readBigInteger(ValueKind kind, ObjectReader in) {
        int length = in.readCount(kind);
        byte[] bytes = in.scratch(length);
        in.buffer().getBytes(in.take(length), bytes, 0, length);
        return new BigInteger(bytes, 0, length);
    }

    private static Object readEnum(ObjectReader in) {
        int classId = in.readInt();
        return in.enumConstant(classId, StringCodec.readNested(in));
    }

    /** The constant {@code name} of enum {@code type}, or the one renamed from it, for the value {@code in} is reading. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object enumConstant(Class<?> type, String name, ObjectReader in) {
        if (!type.isEnum()) {
            throw in.corrupt("class " + type.getName() + " stored as an enum is not an enum");
        }
        Object renamed = RenamedConstants.find(type, name); // first, so that a name claimed wrongly is refused
        if (renamed != null) {
            return renamed;
        }
        try {
            return Enum.valueOf((Class) type, name);
        } catch (IllegalArgumentException e) {
            throw new MissingEnumConstantException(type, name, in);
        }
    }
}
