package org.swizzle.internal.tool;

import java.lang.reflect.Array;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.swizzle.internal.StoreBrowser;

/**
 * One line of text for a decoded stored value: strings and chars quoted, a reference as {@code #OID class},
 * an enum constant as {@code Class.NAME}, arrays and collections with their size and their first
 * {@value #ELEMENTS} elements.
 */
final class ValueText {

    /** Elements shown of an array or a collection; the rest are counted. */
    static final int ELEMENTS = 20;
    /** Chars shown of a string; the rest are counted. */
    static final int CHARS = 200;

    private ValueText() {
    }

    static String of(Object value) {
        StringBuilder text = new StringBuilder();
        append(text, value);
        return text.toString();
    }

    private static void append(StringBuilder text, Object value) {
        if (value == null) {
            text.append("null");
        } else if (value instanceof String) {
            appendString(text, (String) value);
        } else if (value instanceof Character) {
            text.append('\'');
            appendChar(text, (Character) value);
            text.append('\'');
        } else if (value instanceof StoreBrowser.Reference) {
            StoreBrowser.Reference reference = (StoreBrowser.Reference) value;
            text.append('#').append(reference.oid()).append(' ').append(reference.className());
        } else if (value instanceof StoreBrowser.EnumConstant) {
            StoreBrowser.EnumConstant constant = (StoreBrowser.EnumConstant) value;
            text.append(constant.className()).append('.').append(constant.name());
        } else if (value.getClass().isArray()) {
            appendArray(text, value);
        } else if (value instanceof StoreBrowser.PagedCollection) {
            StoreBrowser.PagedCollection paged = (StoreBrowser.PagedCollection) value;
            text.append(paged.type()).append('(').append(paged.size()).append(") in ").append(paged.pages().size())
                .append(" pages [");
            appendElements(text, paged.pages().iterator(), paged.pages().size());
            text.append(']');
            if (!paged.sections().isEmpty()) {
                text.append(", directory sections [");
                appendElements(text, paged.sections().iterator(), paged.sections().size());
                text.append(']');
            }
        } else if (value instanceof StoreBrowser.PagedArray) {
            StoreBrowser.PagedArray paged = (StoreBrowser.PagedArray) value;
            text.append(paged.type().replace("[]", "[" + paged.length() + "]")).append(" in ").append(paged.pages().size())
                .append(" pages [");
            appendElements(text, paged.pages().iterator(), paged.pages().size());
            text.append(']');
        } else if (value instanceof StoreBrowser.KeptIn) {
            StoreBrowser.KeptIn kept = (StoreBrowser.KeptIn) value;
            text.append(kept.what()).append(": ");
            append(text, kept.collection());
        } else if (value instanceof StoreBrowser.DirectorySection) {
            List<StoreBrowser.Reference> pages = ((StoreBrowser.DirectorySection) value).pages();
            text.append("directory section of ").append(pages.size()).append(" pages [");
            appendElements(text, pages.iterator(), pages.size());
            text.append(']');
        } else if (value instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) value;
            text.append(platformName(map)).append('(').append(map.size()).append(") {");
            appendElements(text, map.entrySet().iterator(), map.size());
            text.append('}');
        } else if (value instanceof Collection) {
            Collection<?> collection = (Collection<?>) value;
            text.append(platformName(collection)).append('(').append(collection.size()).append(") [");
            appendElements(text, collection.iterator(), collection.size());
            text.append(']');
        } else if (value instanceof Map.Entry) {
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) value;
            append(text, entry.getKey());
            text.append('=');
            append(text, entry.getValue());
        } else {
            text.append(value);
        }
    }

    private static void appendArray(StringBuilder text, Object array) {
        int length = Array.getLength(array);
        Class<?> component = array.getClass().getComponentType();
        text.append(component.isPrimitive() ? component.getName() : "").append('[').append(length).append("] {");
        int shown = Math.min(length, ELEMENTS);
        for (int i = 0; i < shown; i++) {
            if (i > 0) {
                text.append(", ");
            }
            append(text, Array.get(array, i));
        }
        more(text, length - shown);
        text.append('}');
    }

    private static void appendElements(StringBuilder text, Iterator<?> elements, int size) {
        int shown = 0;
        while (elements.hasNext() && shown < ELEMENTS) {
            if (shown > 0) {
                text.append(", ");
            }
            append(text, elements.next());
            shown++;
        }
        more(text, size - shown);
    }

    private static void more(StringBuilder text, int left) {
        if (left > 0) {
            text.append(", ... ").append(left).append(" more");
        }
    }

    private static void appendString(StringBuilder text, String value) {
        text.append('"');
        int shown = Math.min(value.length(), CHARS);
        for (int i = 0; i < shown; i++) {
            appendChar(text, value.charAt(i));
        }
        text.append('"');
        if (shown < value.length()) {
            text.append(" ... ").append(value.length() - shown).append(" more chars");
        }
    }

    private static void appendChar(StringBuilder text, char c) {
        switch (c) {
            case '"': text.append("\\\""); break;
            case '\'': text.append("\\'"); break;
            case '\\': text.append("\\\\"); break;
            case '\n': text.append("\\n"); break;
            case '\t': text.append("\\t"); break;
            case '\r': text.append("\\r"); break;
            default:
                if (c < 0x20 || Character.isSurrogate(c) || c == 0x7F) {
                    text.append(String.format("\\u%04x", (int) c));
                } else {
                    text.append(c);
                }
        }
    }

    /** The JDK class a stored collection is read as a subclass of ({@code ArrayList} for the tracked one). */
    private static String platformName(Object collection) {
        Class<?> type = collection.getClass();
        while (!type.getName().startsWith("java.")) {
            type = type.getSuperclass();
        }
        return type.getSimpleName();
    }
}
