package org.swizzle.agent;

import org.swizzle.internal.Enhancement;

/**
 * The names generated code links against: the core's internal types and the members the agent
 * adds to persistent classes. One place, so that the generators and the rewriter cannot disagree.
 */
final class Contract {

    static final String OBJECT = "java/lang/Object";
    static final String PERSISTENT_DESCRIPTOR = "Lorg/swizzle/Persistent;";
    static final String PERSISTENT = "org.swizzle.Persistent";
    static final String PREVIOUS_NAMES = "org.swizzle.PreviousNames";
    static final String PREVIOUS_NAMES_DESCRIPTOR = "Lorg/swizzle/PreviousNames;";

    static final String PERSISTABLE = "org/swizzle/internal/Persistable";
    static final String HOLLOW = "org/swizzle/internal/Hollow";
    static final String FAULTS = "org/swizzle/internal/Faults";
    static final String CARD_TABLE = "org/swizzle/internal/CardTable";
    static final String OBJECT_WRITER = "org/swizzle/internal/ObjectWriter";
    static final String OBJECT_READER = "org/swizzle/internal/ObjectReader";
    static final String REFERENCES = "org/swizzle/internal/References";
    static final String ESCAPES = "org/swizzle/internal/Escapes";
    /** The element stores of edits of primitive array fields: {@code store(T[] array, int index, T value)}. */
    static final String ARRAY_EDITS = "org/swizzle/internal/ArrayEdits";
    static final String ARRAY_EDIT_STORE = "store";
    /** {@code Escapes.kept(owner, array)}: a primitive array kept in a local, watched unless its pages are marked. */
    static final String ESCAPE_KEPT = "kept";
    static final String ESCAPE_KEPT_DESCRIPTOR = "(L" + PERSISTABLE + ";Ljava/lang/Object;)V";
    static final String COPIES = "org/swizzle/internal/Copies";
    static final String BEFORE_CLONE = "beforeClone";
    static final String BEFORE_CLONE_DESCRIPTOR = "(Ljava/lang/Object;)V";
    static final String CLONED = "cloned";
    static final String CLONED_DESCRIPTOR = "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;";
    static final String BEFORE_SERIALIZATION = "beforeSerialization";
    static final String BEFORE_SERIALIZATION_DESCRIPTOR = "(Ljava/lang/Object;)V";
    /** The private method Java serialization calls, if a class declares it, to write the class's fields. */
    static final String WRITE_OBJECT = "writeObject";
    static final String WRITE_OBJECT_DESCRIPTOR = "(Ljava/io/ObjectOutputStream;)V";
    /** {@code Object.clone()}, whose calls in persistent classes are wrapped by {@code Copies}. */
    static final String CLONE = "clone";
    static final String CLONE_DESCRIPTOR = "()Ljava/lang/Object;";
    static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    /** {@code VarHandle.acquireFence()}, which completes a residency check. */
    static final String ACQUIRE_FENCE = "acquireFence";
    /** {@code VarHandle.storeStoreFence()}, between a setter's two stores into a field that keeps a stored reference. */
    static final String STORE_STORE_FENCE = "storeStoreFence";
    static final String VAR_HANDLE_DESCRIPTOR = "Ljava/lang/invoke/VarHandle;";
    /** {@code VarHandle.compareAndSet}, called with the exact types of the field's owner and type. */
    static final String COMPARE_AND_SET = "compareAndSet";
    static final String CLASS_INIT = "<clinit>";
    /** Each stored java.util collection type, with the tracked subclass a persistent class's {@code new} makes instead. */
    static final java.util.Map<String, String> TRACKED_TYPES = java.util.Map.of(
        "java/util/ArrayList", "org/swizzle/internal/tracked/TrackedArrayList",
        "java/util/LinkedList", "org/swizzle/internal/tracked/TrackedLinkedList",
        "java/util/HashMap", "org/swizzle/internal/tracked/TrackedHashMap",
        "java/util/LinkedHashMap", "org/swizzle/internal/tracked/TrackedLinkedHashMap",
        "java/util/TreeMap", "org/swizzle/internal/tracked/TrackedTreeMap",
        "java/util/HashSet", "org/swizzle/internal/tracked/TrackedHashSet",
        "java/util/LinkedHashSet", "org/swizzle/internal/tracked/TrackedLinkedHashSet",
        "java/util/TreeSet", "org/swizzle/internal/tracked/TrackedTreeSet");

    static final String FAULT = "fault";
    static final String NULL_POINTER_EXCEPTION = "java/lang/NullPointerException";
    /** {@code Faults.nullObject}: what a checked accessor throws for a null object. */
    static final String NULL_OBJECT = "nullObject";
    static final String NULL_OBJECT_DESCRIPTOR = "(L" + NULL_POINTER_EXCEPTION + ";Ljava/lang/String;)L" + NULL_POINTER_EXCEPTION + ";";
    static final String FAULT_DESCRIPTOR = "(L" + PERSISTABLE + ";)V";
    static final String READ_COLLECTION = "readCollection";
    static final String READ_COLLECTION_DESCRIPTOR = "(L" + PERSISTABLE + ";I)V";
    static final String MARK = "mark";
    static final String MARK_DESCRIPTOR = "(J)V";
    static final String REMEMBERED_SET = "org/swizzle/internal/RememberedSet";
    static final String REMEMBER = "remember";
    static final String REMEMBER_ALL = "rememberAll";
    static final String REMEMBER_DESCRIPTOR = "(L" + PERSISTABLE + ";)V";
    static final String ESCAPE_ARRAY = "array";
    static final String ESCAPE_ARRAY_DESCRIPTOR = "(L" + PERSISTABLE + ";)V";
    static final String TARGET = "target";
    static final String TARGET_DESCRIPTOR = "(L" + PERSISTABLE + ";J)Ljava/lang/Object;";
    static final String CLASS_CAST_EXCEPTION = "java/lang/ClassCastException";
    /** {@code References.notAdmitted}: what {@code $swz_find$f} throws for a target its field no longer admits. */
    static final String NOT_ADMITTED = "notAdmitted";
    static final String NOT_ADMITTED_DESCRIPTOR = "(L" + PERSISTABLE + ";Ljava/lang/String;L" + CLASS_CAST_EXCEPTION
        + ";)Ljava/lang/RuntimeException;";
    static final String SWIZZLES_IN_PLACE = "swizzlesInPlace";
    static final String SWIZZLES_IN_PLACE_DESCRIPTOR = "(Ljava/lang/Object;)Z";
    static final String WRITE_STORED_REFERENCE_DESCRIPTOR = "(Ljava/lang/Object;J)V";
    static final String READ_STORED_REFERENCE = "readStoredReference";

    /** The object's {@code StateWord}: its field, and the getter of {@code Persistable}. */
    static final String WORD = "$swz_word";
    /** {@code boolean $swz_swapWord(long expected, long word)}, a compare-and-set of the word. */
    static final String SWAP_WORD = "$swz_swapWord";
    static final String SWAP_WORD_DESCRIPTOR = "(JJ)Z";
    /** The static {@code VarHandle} of the word, in the class that declares it. */
    static final String WORD_HANDLE = "$swz_wordHandle";
    static final String ADDRESS = "$swz_address";
    static final String WRITE_BARRIER = "org/swizzle/internal/WriteBarrier";
    /** {@code WriteBarrier.dirty(Persistable)}: the slow path of {@code barrier=object}. */
    static final String DIRTY = "dirty";
    /**
     * {@code public static final synthetic String $swz_options}: the options a persistent class was enhanced
     * with, as {@code AgentOptions.toString()} writes them. It marks the class as enhanced (at build time or by
     * the agent) and lets the object manager refuse a class enhanced with other options than it runs with.
     */
    static final String OPTIONS = Enhancement.OPTIONS_FIELD;
    static final String OPTIONS_DESCRIPTOR = "Ljava/lang/String;";

    static final String CONSTRUCTOR = "<init>";
    static final String HOLLOW_CONSTRUCTOR_DESCRIPTOR = "(L" + HOLLOW + ";)V";
    static final String NEW_HOLLOW = "$swz_newHollow";
    static final String NEW_HOLLOW_DESCRIPTOR = "()L" + PERSISTABLE + ";";
    static final String ENHANCEMENT = "org/swizzle/internal/Enhancement";
    /** {@code Enhancement.notEnhanced}: what an abstract class's {@code $swz_newHollow()} throws. */
    static final String NOT_ENHANCED = "notEnhanced";
    static final String NOT_ENHANCED_DESCRIPTOR = "(Ljava/lang/Object;)Lorg/swizzle/NotEnhancedException;";
    static final String WRITE = "$swz_write";
    static final String WRITE_DESCRIPTOR = "(IL" + OBJECT_WRITER + ";)V";
    static final String WRITE_FIXED = "$swz_writeFixed";
    static final String WRITE_VARIABLE = "$swz_writeVariable";
    static final String WRITE_ALL_DESCRIPTOR = "(L" + OBJECT_WRITER + ";)V";
    static final String READ = "$swz_read";
    static final String READ_DESCRIPTOR = "(IL" + OBJECT_READER + ";)V";
    static final String CLEAR = "$swz_clear";
    static final String RESOLVE_STORED = "$swz_resolveStored";
    static final String RESOLVE_STORED_DESCRIPTOR = "(Z)V";
    static final String FIELDS = "$swz_fields";
    static final String FIELDS_DESCRIPTOR = "()[Ljava/lang/String;";
    /** The entry check of {@code checks=entry}: {@code static void $swz_enter(C o)}. */
    static final String ENTER = "$swz_enter";

    private Contract() {
    }

    /** The static read accessor of stored field {@code field}. */
    static String getter(String field) {
        return "$swz_get$" + field;
    }

    /** The static read accessor without a mark, for loads of an array field proven read-only. */
    static String reader(String field) {
        return "$swz_read$" + field;
    }

    /** The static read accessor for loads of an array field that only index it at once: the barrier, no escape. */
    static String editor(String field) {
        return "$swz_edit$" + field;
    }

    /**
     * The static read accessor for loads of a primitive array field whose array stays in the method, only indexed
     * there, through locals and across calls: no barrier, and no escape for an array whose element stores mark pages.
     */
    static String keeper(String field) {
        return "$swz_keep$" + field;
    }

    /** The static write accessor for stores of a fresh array nothing else holds: the barrier, no escape. */
    static String freshSetter(String field) {
        return "$swz_put$" + field;
    }

    /** The static write accessor of stored field {@code field}. */
    static String setter(String field) {
        return "$swz_set$" + field;
    }

    /** The accessor without residency check for {@code this.field} under {@code checks=entry}: {@code $swz_uget$f}, {@code $swz_uset$f}, {@code $swz_uread$f}. */
    static String unchecked(String accessor) {
        return "$swz_u" + accessor.substring("$swz_".length());
    }

    /** The stored reference kept beside reference field {@code field} under {@code swizzle=edge} and {@code none}. */
    static String storedReference(String field) {
        return "$swz_ref$" + field;
    }

    /** The slow path of a load of reference field {@code field} that holds a stored reference. */
    static String find(String field) {
        return "$swz_find$" + field;
    }

    /** The static {@code VarHandle} of reference field {@code field} through which {@code swizzle=edge} swizzles it in place. */
    static String handle(String field) {
        return "$swz_handle$" + field;
    }
}
