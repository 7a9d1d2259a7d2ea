package org.swizzle.internal;

import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Map;

import org.swizzle.PreviousNames;
import org.swizzle.UnsupportedClassException;

/**
 * The constants of an enum by the names {@link PreviousNames} on them says they had: a constant stored under an old
 * name reads as the constant renamed from it, as a renamed field or class does. Two constants claiming one name are
 * refused, naming both, and so is a constant claiming the name another constant has.
 */
public final class RenamedConstants {

    private static final String[] NONE = {};

    private static final ClassValue<Map<String, Object>> BY_PREVIOUS_NAME = new ClassValue<>() {
        @Override
        protected Map<String, Object> computeValue(Class<?> type) {
            Map<String, Object> constants = new HashMap<>();
            Map<String, String> claimedBy = new HashMap<>();
            for (Field field : type.getDeclaredFields()) {
                PreviousNames previous = field.getAnnotation(PreviousNames.class);
                if (!field.isEnumConstant() || previous == null) {
                    continue;
                }
                for (String name : previous.value()) {
                    if (!name.equals(field.getName()) && isConstant(type, name)) {
                        throw new UnsupportedClassException("Enum " + type.getName() + ": its constant " + field.getName()
                            + " names " + name + " in @PreviousNames, which is the name of another of its constants, so a"
                            + " stored " + name + " could be either. Remove the name from " + field.getName() + ", or rename "
                            + name + " too.");
                    }
                    String other = claimedBy.putIfAbsent(name, field.getName());
                    if (other != null) {
                        throw new UnsupportedClassException("Enum " + type.getName() + ": its constants " + other + " and "
                            + field.getName() + " both name " + name + " in @PreviousNames. Keep the name on one of them.");
                    }
                    constants.put(name, enumConstant(type, field.getName()));
                }
            }
            return constants;
        }
    };

    /** The names {@link PreviousNames} gives each constant of an enum that has any, by the constant. */
    private static final ClassValue<Map<Object, String[]>> PREVIOUS_NAMES = new ClassValue<>() {
        @Override
        protected Map<Object, String[]> computeValue(Class<?> type) {
            BY_PREVIOUS_NAME.get(type); // refuses two constants naming one name
            Map<Object, String[]> names = new HashMap<>();
            for (Field field : type.getDeclaredFields()) {
                PreviousNames previous = field.getAnnotation(PreviousNames.class);
                if (field.isEnumConstant() && previous != null) {
                    names.put(enumConstant(type, field.getName()), previous.value());
                }
            }
            return names;
        }
    };

    private RenamedConstants() {
    }

    /** The names {@code constant} had, as {@link PreviousNames} on it says; none if it has no such annotation. */
    public static String[] previousNames(Enum<?> constant) {
        return PREVIOUS_NAMES.get(constant.getDeclaringClass()).getOrDefault(constant, NONE);
    }

    /** The constant of enum {@code type} that was named {@code name}, or null if none says it was. */
    static Object find(Class<?> type, String name) {
        return BY_PREVIOUS_NAME.get(type).get(name);
    }

    private static boolean isConstant(Class<?> type, String name) {
        for (Field field : type.getDeclaredFields()) {
            if (field.isEnumConstant() && field.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }
}
