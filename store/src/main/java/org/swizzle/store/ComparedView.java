package org.swizzle.store;

import java.nio.ByteBuffer;

/**
 * A reused view of part of a buffer's memory, for {@link ByteBuffer#mismatch}, which the JIT compiles to a vectorized
 * comparison: made again only when the memory changes, so that comparing a long image allocates nothing.
 */
final class ComparedView {
    private Object of;
    private ByteBuffer view;

    /** {@code length} bytes of {@code memory} from {@code from}, as the view's position and limit. */
    ByteBuffer of(ByteBuffer memory, int from, int length) {
        if (of != memory) {
            of = memory;
            view = memory.duplicate();
        }
        return range(from, length);
    }

    /** {@code length} bytes of {@code memory} from {@code from}, as the view's position and limit. */
    ByteBuffer of(byte[] memory, int from, int length) {
        if (of != memory) {
            of = memory;
            view = ByteBuffer.wrap(memory);
        }
        return range(from, length);
    }

    /** {@code length} bytes of {@code window} from its index {@code index}, over the array or buffer under it. */
    ByteBuffer of(LittleEndianBuffer window, int index, int length) {
        int from = window.windowOffset() + index;
        byte[] array = window.byteArray();
        return array != null ? of(array, from, length) : of(window.byteBuffer(), from, length);
    }

    private ByteBuffer range(int from, int length) {
        view.clear();
        return view.position(from).limit(from + length);
    }
}
