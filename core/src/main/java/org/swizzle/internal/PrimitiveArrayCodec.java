package org.swizzle.internal;

import java.lang.reflect.Array;

import org.swizzle.store.LittleEndianBuffer;

/**
 * Arrays of primitives in the stored format ({@link ValueKind#BOOLEAN_ARRAY} to {@link ValueKind#DOUBLE_ARRAY}):
 * the length, then the elements as their primitive fields store them, moved with one memory copy. A large array
 * in a field of an object is stored in pages instead ({@link ValueKind#ARRAY_PAGES}), each page a stored thing of
 * its own holding a slice of the array as an array value, so that a commit of a changed element puts about one
 * page rather than the array, and compares no more than the array's bytes, one page at a time, in place.
 */
final class PrimitiveArrayCodec {

    /** An array in a field of an object is stored in pages from this many bytes of elements on. */
    static final int PAGED_FROM = 1 << 16;
    /** The bytes of elements a page of a paged array holds (the last page fewer). */
    static final int PAGE_BYTES = 1 << 15;
    /** The bytes of a page's image before its elements: its kind's tag and its count. */
    private static final int PAGE_HEADER = 1 + Integer.BYTES;

    /** The directory of a paged array as an image lists it: the kind of its elements, its length and its pages. */
    record Directory(ValueKind element, int length, long[] pages) {
    }

    private PrimitiveArrayCodec() {
    }

    /** Writes {@code array}, an array of a primitive type: in pages if it is large and a field of an object holds it. */
    static void write(ObjectWriter out, Object array) {
        ValueKind kind = kindOf(array);
        int length = Array.getLength(array);
        if (out.writesField() && isPaged(kind, length)) {
            writePaged(out, array);
        } else {
            out.writeKind(kind);
            out.writeInt(length);
            putElements(out.buffer(), out.claim((long) length * kind.unit()), array, 0, length);
        }
    }

    /** Puts the {@code count} elements of {@code array}, of any primitive type, from element {@code from} at {@code index}. */
    private static void putElements(LittleEndianBuffer buffer, int index, Object array, int from, int count) {
        if (array instanceof byte[]) {
            buffer.putBytes(index, (byte[]) array, from, count);
        } else if (array instanceof boolean[]) {
            buffer.putBooleans(index, (boolean[]) array, from, count);
        } else {
            buffer.putPrimitives(index, array, from, count);
        }
    }

    /** Fills the {@code count} elements of {@code array}, of any primitive type, from element {@code from} from {@code index}. */
    private static void getElements(LittleEndianBuffer buffer, int index, Object array, int from, int count) {
        if (array instanceof byte[]) {
            buffer.getBytes(index, (byte[]) array, from, count);
        } else if (array instanceof boolean[]) {
            buffer.getBooleans(index, (boolean[]) array, from, count);
        } else {
            buffer.getPrimitives(index, array, from, count);
        }
    }

    /** Whether a field's array of {@code length} elements of {@code kind} is stored in pages. */
    static boolean isPaged(ValueKind kind, int length) {
        return (long) length * kind.unit() >= PAGED_FROM;
    }

    /** The kind of the value {@code array}, an array of a primitive type, is stored as. */
    static ValueKind kindOf(Object array) {
        if (array instanceof int[]) {
            return ValueKind.INT_ARRAY;
        } else if (array instanceof long[]) {
            return ValueKind.LONG_ARRAY;
        } else if (array instanceof double[]) {
            return ValueKind.DOUBLE_ARRAY;
        } else if (array instanceof byte[]) {
            return ValueKind.BYTE_ARRAY;
        } else if (array instanceof boolean[]) {
            return ValueKind.BOOLEAN_ARRAY;
        } else if (array instanceof char[]) {
            return ValueKind.CHAR_ARRAY;
        } else if (array instanceof short[]) {
            return ValueKind.SHORT_ARRAY;
        }
        return ValueKind.FLOAT_ARRAY;
    }

    /** The directory of {@code array}: the pages the object manager gives it ({@link ObjectWriter#arrayPages}). */
    private static void writePaged(ObjectWriter out, Object array) {
        ValueKind element = kindOf(array);
        long[] pages = out.arrayPages(array, element);
        out.writeKind(ValueKind.ARRAY_PAGES);
        out.writeByte(element.tag());
        out.writeInt(Array.getLength(array));
        out.writeInt(pages.length);
        for (long page : pages) {
            out.writeLong(page);
        }
    }

    /** The elements of a page of an array of {@code element}s: the last page of an array may hold fewer. */
    static int pageLength(ValueKind element) {
        return PAGE_BYTES / element.unit();
    }

    /** The pages of an array of {@code length} {@code element}s. */
    static int pageCount(ValueKind element, int length) {
        return (int) (((long) length + pageLength(element) - 1) / pageLength(element));
    }

    /**
     * Writes the image of the page of {@code array} that holds its {@code count} elements from {@code from} at the
     * start of {@code image}; returns its length.
     */
    static int writePage(LittleEndianBuffer image, ValueKind element, Object array, int from, int count) {
        int length = pageImageLength(element, count);
        image.ensureCapacity(length);
        image.putByte(0, element.tag());
        image.putInt(1, count);
        putElements(image, PAGE_HEADER, array, from, count);
        return length;
    }

    /** The length of the image of a page of {@code count} {@code element}s. */
    static int pageImageLength(ValueKind element, int count) {
        return PAGE_HEADER + count * element.unit();
    }

    /**
     * Fills the {@code count} elements of {@code array} from {@code from} from a page's image of {@code length} bytes;
     * returns what is wrong with the image if it is not that page's, else null.
     */
    static String readPage(LittleEndianBuffer image, int length, ValueKind element, Object array, int from, int count) {
        if (length < PAGE_HEADER || image.getByte(0) != element.tag()) {
            return "is not a page of " + element.unit() + "-byte elements of kind " + element;
        }
        int stored = image.getInt(1);
        if (stored != count || length != pageImageLength(element, count)) {
            return "holds " + stored + " elements in " + length + " bytes where the array has " + count + " elements";
        }
        getElements(image, PAGE_HEADER, array, from, count);
        return null;
    }

    /** A new array of {@code length} {@code element}s. */
    static Object newArray(ValueKind element, int length) {
        switch (element) {
            case BOOLEAN_ARRAY: return new boolean[length];
            case BYTE_ARRAY: return new byte[length];
            case SHORT_ARRAY: return new short[length];
            case CHAR_ARRAY: return new char[length];
            case INT_ARRAY: return new int[length];
            case LONG_ARRAY: return new long[length];
            case FLOAT_ARRAY: return new float[length];
            case DOUBLE_ARRAY: return new double[length];
            default: throw new IllegalArgumentException(element + " is not a primitive array");
        }
    }

    /**
     * The directory of a paged array, after its tag; its pages are checked against its length, not yet read.
     */
    static Directory readDirectory(ObjectReader in) {
        ValueKind element = ValueKind.of(in.readByte());
        if (element == null || element.codec() != ValueKind.Codec.PRIMITIVE_ARRAY || element == ValueKind.ARRAY_PAGES) {
            throw in.corrupt("a paged array's elements are of no primitive kind");
        }
        int length = in.readInt();
        int count = in.readCount(ValueKind.ARRAY_PAGES);
        if (length < 0 || count != pageCount(element, length)) {
            throw in.corrupt("a paged array of " + length + " elements lists " + count + " pages");
        }
        long[] pages = new long[count];
        for (int i = 0; i < count; i++) {
            pages[i] = in.readLong();
        }
        return new Directory(element, length, pages);
    }

    static Object read(ValueKind kind, ObjectReader in) {
        if (kind == ValueKind.ARRAY_PAGES) {
            return in.pagedArray(readDirectory(in));
        }
        int length = in.readCount(kind); // checked against the bytes left before allocating
        int at = in.take(length * kind.unit());
        Object array = newArray(kind, length);
        getElements(in.buffer(), at, array, 0, length);
        return array;
    }
}
