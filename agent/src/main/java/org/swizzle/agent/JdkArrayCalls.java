package org.swizzle.agent;

import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * What JDK methods are known to do with arrays, for {@link ArrayAccesses}, where any other call lets an array escape and
 * watches its owner:
 * <ul>
 * <li>those that only read an array passed to them: they neither write it nor keep it past the call (or keep it only
 * where nothing can write it, as a stream does), so passing an array field to one is a read-only use.
 * {@code Arrays.toString} in a {@code toString()} or a log line was the common case: it pinned every object it printed
 * in memory and made every commit compare them;</li>
 * <li>those that only write an array and keep nothing of it ({@code Arrays.fill}, {@code sort}, {@code setAll}, the
 * destination of {@code System.arraycopy}): harmless to an array made in the method before it is stored, which
 * {@code Arrays.fill(big, x); o.big = big;} would otherwise have watched, its owner kept in memory until the store
 * closed;</li>
 * <li>those that return a new array nothing else holds ({@code Arrays.copyOf}, an array's {@code clone()},
 * {@code String.toCharArray()} and {@code getBytes}): storing the result is storing an array made there.</li>
 * </ul>
 */
final class JdkArrayCalls {

    /** The static methods of {@code java.util.Arrays} that read every array they take. */
    private static final Set<String> ARRAYS = Set.of("toString", "deepToString", "hashCode", "deepHashCode", "equals",
        "deepEquals", "compare", "compareUnsigned", "mismatch", "binarySearch", "copyOf", "copyOfRange", "stream");
    /** The static methods of {@code java.util.Arrays} that write the array they take first and keep nothing of it. */
    private static final Set<String> ARRAYS_WRITING = Set.of("fill", "sort", "parallelSort", "setAll", "parallelSetAll");
    /** The static methods of {@code java.util.Arrays} that return a new array. */
    private static final Set<String> ARRAYS_MAKING = Set.of("copyOf", "copyOfRange");
    /** The methods of {@code java.lang.String} that return a new array. */
    private static final Set<String> STRING_MAKING = Set.of("toCharArray", "getBytes");
    /** The static methods of {@code java.lang.String} that copy the characters they take. */
    private static final Set<String> STRING = Set.of("valueOf", "copyValueOf");

    private JdkArrayCalls() {
    }

    /** Whether {@code call} returns a new array, which nothing but its caller holds. */
    static boolean returnsNewArray(MethodInsnNode call) {
        switch (call.owner) {
            case "java/util/Arrays":
                return call.getOpcode() == Opcodes.INVOKESTATIC && ARRAYS_MAKING.contains(call.name);
            case "java/lang/String":
                return call.getOpcode() == Opcodes.INVOKEVIRTUAL && STRING_MAKING.contains(call.name);
            default:
                return call.owner.startsWith("[") && "clone".equals(call.name);
        }
    }

    /** Whether {@code use}, a call, only writes the array it takes as operand {@code operand}, keeping nothing of it. */
    static boolean writes(AbstractInsnNode use, int operand) {
        if (!(use instanceof MethodInsnNode) || use.getOpcode() != Opcodes.INVOKESTATIC) {
            return false;
        }
        MethodInsnNode call = (MethodInsnNode) use;
        return "java/util/Arrays".equals(call.owner) && ARRAYS_WRITING.contains(call.name) && operand == 0
            || "java/lang/System".equals(call.owner) && "arraycopy".equals(call.name) && operand == 2;
    }

    /** Whether {@code use}, a call, only reads the array it takes as operand {@code operand}. */
    static boolean reads(AbstractInsnNode use, int operand) {
        if (!(use instanceof MethodInsnNode)) {
            return false;
        }
        MethodInsnNode call = (MethodInsnNode) use;
        switch (call.owner) {
            case "java/util/Arrays":
                return call.getOpcode() == Opcodes.INVOKESTATIC && ARRAYS.contains(call.name);
            case "java/lang/String": // new String(chars), new String(bytes, charset), String.valueOf(chars): copies
                return call.getOpcode() == Opcodes.INVOKESPECIAL ? "<init>".equals(call.name) && operand == 1
                    : call.getOpcode() == Opcodes.INVOKESTATIC && STRING.contains(call.name);
            case "java/lang/System": // the source of System.arraycopy; its destination is written
                return call.getOpcode() == Opcodes.INVOKESTATIC && "arraycopy".equals(call.name) && operand == 0;
            default:
                return false;
        }
    }
}
