package org.swizzle.agent;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the agent decided about one class, once per class loader: not persistent, persistent and
 * enhanced (with its stored fields), or persistent but refused (with the reason). The same model
 * drives the enhancement of the class and the rewriting of accesses to its fields elsewhere.
 */
final class ClassModel {

    /** {@code REFUSED_FIELD}: refused because of some of its fields; {@code REFUSED}: because of the class itself. */
    enum Status { PLAIN, ENHANCED, REFUSED, REFUSED_FIELD }

    private final String internalName;
    private final Status status;
    private final String superName;
    private final boolean isAbstract;
    private final int firstIndex;
    private final List<StoredField> fields;
    private final Map<String, StoredField> fieldsByKey = new HashMap<>();
    private final Set<String> declaredFields;
    private final String refusal;

    private ClassModel(String internalName, Status status, String superName, boolean isAbstract, int firstIndex,
                       List<StoredField> fields, Set<String> declaredFields, String refusal) {
        this.internalName = internalName;
        this.status = status;
        this.superName = superName;
        this.isAbstract = isAbstract;
        this.firstIndex = firstIndex;
        this.fields = List.copyOf(fields);
        for (StoredField field : fields) {
            fieldsByKey.put(key(field.name(), field.descriptor()), field);
        }
        this.declaredFields = Set.copyOf(declaredFields);
        this.refusal = refusal;
    }

    static ClassModel plain(String internalName) {
        return new ClassModel(internalName, Status.PLAIN, null, false, 0, List.of(), Set.of(), null);
    }

    /**
     * An enhanced class whose own stored fields are {@code fields}, numbered from {@code firstIndex}
     * on; {@code declaredFields} are the {@link #key} of every field it declares, stored or not.
     */
    static ClassModel enhanced(String internalName, String superName, boolean isAbstract, int firstIndex,
                               List<StoredField> fields, Set<String> declaredFields) {
        return new ClassModel(internalName, Status.ENHANCED, superName, isAbstract, firstIndex, fields, declaredFields, null);
    }

    static ClassModel refused(String internalName, String superName, Set<String> declaredFields, String refusal) {
        return new ClassModel(internalName, Status.REFUSED, superName, false, 0, List.of(), declaredFields, refusal);
    }

    /** A class refused because one of its fields cannot be stored. */
    static ClassModel refusedForField(String internalName, String superName, Set<String> declaredFields, String refusal) {
        return new ClassModel(internalName, Status.REFUSED_FIELD, superName, false, 0, List.of(), declaredFields, refusal);
    }

    static String key(String fieldName, String descriptor) {
        return fieldName + ':' + descriptor;
    }

    String internalName() {
        return internalName;
    }

    String binaryName() {
        return internalName.replace('/', '.');
    }

    boolean isPersistent() {
        return status != Status.PLAIN;
    }

    boolean isEnhanced() {
        return status == Status.ENHANCED;
    }

    boolean isRefused() {
        return status == Status.REFUSED || status == Status.REFUSED_FIELD;
    }

    /** Whether the class was refused because of one of its fields rather than because of the class itself. */
    boolean isRefusedForField() {
        return status == Status.REFUSED_FIELD;
    }

    /** Why the class was refused; {@code null} unless {@link #isRefused()}. */
    String refusal() {
        return refusal;
    }

    /** The superclass (internal name), {@code null} for a plain class. */
    String superName() {
        return superName;
    }

    /** The topmost persistent class of its hierarchy, which carries the object state. */
    boolean isRoot() {
        return Contract.OBJECT.equals(superName);
    }

    boolean isAbstract() {
        return isAbstract;
    }

    /** The hierarchy-global index of the first own stored field: the number of stored fields above. */
    int firstIndex() {
        return firstIndex;
    }

    /** One past the last index of this class: where a subclass's numbering starts. */
    int nextIndex() {
        return firstIndex + fields.size();
    }

    /** The own stored fields, in declaration order. */
    List<StoredField> fields() {
        return fields;
    }

    boolean declares(String fieldName, String descriptor) {
        return declaredFields.contains(key(fieldName, descriptor));
    }

    /** The own stored field {@code fieldName:descriptor}, or {@code null}. */
    StoredField storedField(String fieldName, String descriptor) {
        return fieldsByKey.get(key(fieldName, descriptor));
    }

    @Override
    public String toString() {
        return internalName + " " + status + (refusal == null ? " " + fields : ": " + refusal);
    }
}
