package org.swizzle.internal;

import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.swizzle.IncompatibleEnhancementException;
import org.swizzle.NotEnhancedException;
import org.swizzle.StoreException;
import org.swizzle.UnsupportedClassException;
import org.swizzle.UnsupportedFieldTypeException;

/**
 * What the agent tells the object manager about enhancement: whether an agent is attached at all,
 * and why a {@code @Persistent} class was refused (an unsupported field type, a non-persistent
 * superclass). A refused class is left as it was; using it with a store raises the recorded reason,
 * as an {@link UnsupportedFieldTypeException} when a field is the cause and an
 * {@link UnsupportedClassException} when the class itself is.
 */
public final class Enhancement {

    private static final Map<String, String> REFUSALS = new ConcurrentHashMap<>();
    /** The refused classes whose reason is one of their fields. */
    private static final Map<String, Boolean> FIELD_REFUSALS = new ConcurrentHashMap<>();

    /** The classes the agent saw loaded that may declare {@link org.swizzle.PreviousNames}: see {@link RenamedClasses}. */
    private static final Set<String> PREVIOUSLY_NAMED = ConcurrentHashMap.newKeySet();

    private static volatile boolean agentInstalled;

    private Enhancement() {
    }

    /**
     * What the {@code $swz_newHollow()} of an enhanced abstract class throws: only a subclass that was not enhanced
     * inherits it.
     */
    public static NotEnhancedException notEnhanced(Object object) {
        return NotEnhancedException.of(object.getClass(), agentInstalled);
    }

    /** Called by the agent's {@code premain}. */
    public static void agentInstalled() {
        agentInstalled = true;
    }

    public static boolean isAgentInstalled() {
        return agentInstalled;
    }

    /**
     * Records that {@code className} (binary name, dots), which the agent saw loaded, names {@code @PreviousNames}: a
     * stored class that no longer exists is looked for among such classes too, not only among those the store met.
     */
    public static void mayDeclarePreviousNames(String className) {
        PREVIOUSLY_NAMED.add(className);
    }

    /** The classes {@link #mayDeclarePreviousNames} recorded. */
    static Set<String> previouslyNamedCandidates() {
        return Set.copyOf(PREVIOUSLY_NAMED);
    }

    /** Records why {@code className} (binary name, dots) was not enhanced: a reason about the class itself. */
    public static void refuse(String className, String reason) {
        FIELD_REFUSALS.remove(className);
        REFUSALS.put(className, reason);
    }

    /** Records that {@code className} (binary name, dots) was not enhanced because of one of its fields. */
    public static void refuseField(String className, String reason) {
        FIELD_REFUSALS.put(className, Boolean.TRUE);
        REFUSALS.put(className, reason);
    }

    /**
     * The {@code public static final String} field in which enhancement records the options a persistent class
     * was enhanced with, as {@link AgentOptions#toString()} writes them, and the {@link #VERSION} that enhanced it
     * ({@link #record}).
     */
    public static final String OPTIONS_FIELD = "$swz_options";

    /**
     * The version of what enhancement generates. A class enhanced by another version lacks members this core calls
     * or has members it no longer calls, so it is refused until it is enhanced again. Raise it whenever the
     * generated members or rewritten calls change. Version 2 added {@code $swz_resolveStored} and {@code
     * writeObject} and wrapped {@code clone()}; classes enhanced before versions were recorded are version 1.
     * Version 3 added {@code $swz_keep$f} and rewrote element stores into primitive array fields into calls of
     * {@link ArrayEdits}. Version 4 watches an object whose constructor stored an array into one of its stored fields
     * before {@code super(...)} (a variable a local or anonymous class captures). Version 5, under {@code swizzle=edge},
     * swizzles in place by compare-and-set through a {@code $swz_handle$f} each class initializes, and orders a
     * setter's stores so that a swizzle on another thread never undoes them. Version 6 gives every field that keeps a
     * stored reference its {@code $swz_handle$f} ({@code swizzle=none} too), through which {@code $swz_resolveStored}
     * sets it by compare-and-set, so that serializing an object never undoes a store another thread makes into it.
     * Version 7 keeps an object's state in one {@code long $swz_word} ({@link StateWord}), with {@code $swz_swapWord}
     * and the handle it uses, in place of {@code $swz_oid}, {@code $swz_state}, {@code $swz_dirty}, {@code $swz_flags}
     * and {@code $swz_context}. Version 8 gives a field holding an array of primitive rows ({@code int[][]}) its
     * {@code $swz_read$f}, which a load that only reads the rows calls.
     */
    public static final int VERSION = 8;

    private static final String VERSION_SEPARATOR = ";enhancement=";

    /** The value of {@link #OPTIONS_FIELD} for a class enhanced now with {@code options} (their {@code toString()}). */
    public static String record(String options) {
        return options + VERSION_SEPARATOR + VERSION;
    }

    /** The options part of a value of {@link #OPTIONS_FIELD}. */
    public static String recordedOptions(String recorded) {
        int separator = recorded.indexOf(VERSION_SEPARATOR);
        return separator < 0 ? recorded : recorded.substring(0, separator);
    }

    /** The enhancement version of a value of {@link #OPTIONS_FIELD}: 1 when none is recorded. */
    public static int recordedVersion(String recorded) {
        int separator = recorded.indexOf(VERSION_SEPARATOR);
        if (separator < 0) {
            return 1;
        }
        try {
            return Integer.parseInt(recorded.substring(separator + VERSION_SEPARATOR.length()));
        } catch (NumberFormatException unreadable) {
            return -1;
        }
    }

    /**
     * Refuses a persistent class whose module does not open its package to Swizzle, before anything of it is read:
     * Swizzle reads and writes the fields of persistent classes, and a package that is only exported hides those
     * that are not public, which some of its work (keeping the arrays an application holds across {@code abort()})
     * would otherwise have to do without.
     *
     * @throws UnsupportedClassException naming the class, its module and the line to add to its module-info.java
     */
    static void requireOpen(Class<?> type) {
        UnsupportedClassException refused = closedTo(type, "read and write the fields");
        if (refused != null) {
            throw refused;
        }
    }

    /**
     * The failure of a reflective access to what enhancement added to {@code type}: an access refused because a
     * module does not open the class's package to Swizzle is told how to open it; anything else is Swizzle's own
     * failure.
     */
    static RuntimeException unreachable(Class<?> type, String what, Exception cause) {
        boolean refusedAccess = cause instanceof IllegalAccessException || cause instanceof InaccessibleObjectException;
        UnsupportedClassException refused = refusedAccess ? closedTo(type, what) : null;
        if (refused != null) {
            refused.initCause(cause);
            return refused;
        }
        return new IllegalStateException("Cannot " + what + " of enhanced class " + type.getName(), cause);
    }

    /** The refusal to {@code what} {@code type}, if its module does not open its package to Swizzle; else null. */
    private static UnsupportedClassException closedTo(Class<?> type, String what) {
        Module module = type.getModule();
        Module swizzle = Enhancement.class.getModule();
        String pkg = type.getPackageName();
        if (!module.isNamed() || module.isOpen(pkg, swizzle)) {
            return null;
        }
        String opens = "opens " + pkg + (swizzle.isNamed() ? " to " + swizzle.getName() : "") + ";";
        return new UnsupportedClassException("Cannot " + what + " of persistent class " + type.getName() + ": its module "
            + module.getName() + " does not open package " + pkg + " to "
            + (swizzle.isNamed() ? "module " + swizzle.getName() : "Swizzle, which is on the class path")
            + ", which reads and writes the fields of persistent classes. Add `" + opens + "` to the module-info.java"
            + " of " + module.getName() + ".");
    }

    /**
     * Throws an {@link IncompatibleEnhancementException} if {@code type} records (in its {@link #OPTIONS_FIELD}
     * field) that it was enhanced with other options than {@link AgentOptions#current()}. A class enhanced
     * before the options were recorded passes.
     */
    public static void checkOptions(Class<?> type) {
        String recorded;
        try {
            Field field = type.getDeclaredField(OPTIONS_FIELD);
            field.setAccessible(true);
            recorded = (String) field.get(null);
        } catch (NoSuchFieldException notRecorded) {
            return;
        } catch (ReflectiveOperationException | RuntimeException unreadable) {
            throw unreachable(type, "read the enhancement options", unreadable);
        }
        int version = recordedVersion(recorded);
        if (version != VERSION) {
            throw new IncompatibleEnhancementException("Class " + type.getName() + " was enhanced by another version of"
                + " Swizzle (enhancement " + version + "; this one needs " + VERSION + "). Enhance it again: rebuild it"
                + " from its sources (mvn clean) with this version's swizzle-maven-plugin, or leave it unenhanced for the"
                + " agent.");
        }
        String enhancedWith = AgentOptions.parse(recordedOptions(recorded)).toString();
        String running = AgentOptions.current().toString();
        if (!enhancedWith.equals(running)) {
            throw new IncompatibleEnhancementException("Class " + type.getName() + " was enhanced with Swizzle options "
                + enhancedWith + " but this JVM runs with " + running + " " + whyRunning());
        }
    }

    /** Where the options this JVM runs with come from, and what to do when a class was enhanced with others. */
    private static String whyRunning() {
        if (agentInstalled) {
            return "(the options of the attached agent). Attach the agent with the options the class was enhanced with, or"
                + " attach no agent to classes enhanced at build time.";
        }
        String record = AgentOptions.currentRecord();
        if (record != null) {
            return "(the options recorded by the build-time enhancement in " + record + "). Enhance all classes with the"
                + " same swizzle-maven-plugin configuration, or rebuild (mvn clean).";
        }
        return "(the defaults: no " + AgentOptions.ENHANCED_RESOURCE + " was found on the class path when this JVM first"
            + " read its options; the swizzle-maven-plugin records there, beside the classes, the options it enhanced"
            + " with). Keep that resource with the enhanced classes when you copy or repackage them, or attach the agent"
            + " with the options the class was enhanced with.";
    }

    /** The reason {@code className} was refused, or {@code null}. */
    public static String refusal(String className) {
        return REFUSALS.get(className);
    }

    /** The exception that reports why {@code className} was refused, or {@code null} if it was not. */
    public static StoreException refusalException(String className) {
        String reason = REFUSALS.get(className);
        if (reason == null) {
            return null;
        }
        return FIELD_REFUSALS.containsKey(className)
            ? new UnsupportedFieldTypeException(reason) : new UnsupportedClassException(reason);
    }
}
