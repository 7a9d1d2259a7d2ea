package org.swizzle.agent;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.utility.OpenedClassReader;
import org.objectweb.asm.ClassReader;

/**
 * What the transformer learns from a class file's header and constant pool alone, without reading
 * its members or code: enough to decide cheaply that most classes need no change. Reads class files
 * of any version whose constant pool ASM understands, including versions newer than
 * it can rewrite.
 */
final class ClassFileScan {

    /** A {@code CONSTANT_Fieldref}: the field as the code names it, before resolution. */
    record FieldRef(String owner, String name, String descriptor) {
    }

    private static final int CONSTANT_UTF8 = 1;
    private static final int CONSTANT_FIELDREF = 9;
    private static final byte[] PERSISTENT = Contract.PERSISTENT_DESCRIPTOR.getBytes(StandardCharsets.UTF_8);
    private static final byte[] OPTIONS = Contract.OPTIONS.getBytes(StandardCharsets.UTF_8);
    private static final byte[] PREVIOUS_NAMES = Contract.PREVIOUS_NAMES_DESCRIPTOR.getBytes(StandardCharsets.UTF_8);

    private final int majorVersion;
    private final String superName;
    private final boolean mentionsPersistent;
    private final boolean mentionsOptions;
    private final boolean mentionsPreviousNames;
    private final List<FieldRef> fieldRefs;

    private ClassFileScan(int majorVersion, String superName, boolean mentionsPersistent, boolean mentionsOptions,
                          boolean mentionsPreviousNames, List<FieldRef> fieldRefs) {
        this.majorVersion = majorVersion;
        this.superName = superName;
        this.mentionsPersistent = mentionsPersistent;
        this.mentionsOptions = mentionsOptions;
        this.mentionsPreviousNames = mentionsPreviousNames;
        this.fieldRefs = fieldRefs;
    }

    /**
     * Scans {@code classFile}, which is left as it was.
     *
     * @throws IllegalArgumentException if the constant pool cannot be read
     */
    static ClassFileScan of(byte[] classFile) {
        int majorVersion = ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
        // experimental mode only relaxes ASM's version check; the pool layout is what we read
        ClassReader reader = OpenedClassReader.of(classFile, true);
        char[] buffer = new char[reader.getMaxStringLength()];
        boolean mentionsPersistent = false;
        boolean mentionsOptions = false;
        boolean mentionsPreviousNames = false;
        List<FieldRef> fieldRefs = new ArrayList<>();
        for (int index = 1; index < reader.getItemCount(); index++) {
            int offset = reader.getItem(index);
            if (offset == 0) {
                continue; // the unusable slot after a long or double
            }
            int tag = reader.readByte(offset - 1);
            if (tag == CONSTANT_FIELDREF) {
                int nameAndType = reader.getItem(reader.readUnsignedShort(offset + 2));
                fieldRefs.add(new FieldRef(reader.readClass(offset, buffer),
                    reader.readUTF8(nameAndType, buffer), reader.readUTF8(nameAndType + 2, buffer)));
            } else if (tag == CONSTANT_UTF8) {
                mentionsPersistent |= isUtf8(reader, offset, PERSISTENT);
                mentionsOptions |= isUtf8(reader, offset, OPTIONS);
                mentionsPreviousNames |= isUtf8(reader, offset, PREVIOUS_NAMES);
            }
        }
        return new ClassFileScan(majorVersion, reader.getSuperName(), mentionsPersistent, mentionsOptions,
            mentionsPreviousNames, fieldRefs);
    }

    private static boolean isUtf8(ClassReader reader, int offset, byte[] expected) {
        if (reader.readUnsignedShort(offset) != expected.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (reader.readByte(offset + 2 + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    int majorVersion() {
        return majorVersion;
    }

    /** Whether the class file is newer than ASM can rewrite. */
    boolean isNewerThanSupported() {
        return majorVersion > ClassFileVersion.latest().getMajorVersion();
    }

    /**
     * Whether the pool holds the name of the field enhancement records its options in: necessary for the
     * class to be enhanced already, so a class without it needs no look at its fields.
     */
    boolean mentionsOptions() {
        return mentionsOptions;
    }

    /** Whether the class may declare {@code @PreviousNames} (on itself or a field): its pool names the annotation. */
    boolean mentionsPreviousNames() {
        return mentionsPreviousNames;
    }

    /** The superclass (internal name); {@code null} for {@code java.lang.Object}. */
    String superName() {
        return superName;
    }

    /**
     * Whether the pool holds the descriptor of {@code @Persistent}: necessary, not sufficient, for the
     * class to carry the annotation itself.
     */
    boolean mentionsPersistent() {
        return mentionsPersistent;
    }

    List<FieldRef> fieldRefs() {
        return fieldRefs;
    }
}
