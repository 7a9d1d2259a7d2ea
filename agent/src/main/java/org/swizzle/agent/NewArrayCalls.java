package org.swizzle.agent;

import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Calls that return an array made for the caller, which nothing else holds: the JDK's copies
 * ({@link JdkArrayCalls#returnsNewArray}) and the static and private methods of the class being enhanced that
 * {@link ArrayAccesses} proved return one (it adds them to {@code own} as it proves them). Storing such a result in a
 * field is a fresh store, as storing {@code new int[n]} is: {@code this.data = Arrays.copyOf(data, n)} in a method
 * that grows an array, or {@code p.payload = payload(size)} with a helper of the same class, no longer watches the
 * owner.
 */
final class NewArrayCalls {

    /** Methods of the class being enhanced, by name and descriptor, that return a new array nothing else holds. */
    private final Set<String> own;
    private final String owner;

    NewArrayCalls(String owner, Set<String> own) {
        this.owner = owner;
        this.own = own;
    }

    /** Whether {@code insn} is a call that returns a new array nothing else holds. */
    boolean returnsNewArray(AbstractInsnNode insn) {
        if (!(insn instanceof MethodInsnNode)) {
            return false;
        }
        MethodInsnNode call = (MethodInsnNode) insn;
        if (call.owner.equals(owner)) {
            return call.getOpcode() != Opcodes.INVOKEINTERFACE && own.contains(call.name + call.desc);
        }
        return JdkArrayCalls.returnsNewArray(call);
    }
}
