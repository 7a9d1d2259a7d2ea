package org.swizzle.internal;

import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.MalformedParameterizedTypeException;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.swizzle.IncompatibleSchemaException;
import org.swizzle.Persistent;
import org.swizzle.PreviousNames;
import org.swizzle.StoreException;

/**
 * The running classes that declare, with {@link PreviousNames}, the names their stored objects may
 * have been written under. A class path cannot be listed, so the classes are learned as the store
 * meets them: a class, its superclasses and the types of its fields (array components and type
 * arguments included), transitively over persistent classes. Reflection only: no class is initialized.
 */
final class RenamedClasses {

    private final Map<String, Class<?>> byPreviousName = new HashMap<>();
    private final Set<Class<?>> learned = new HashSet<>();
    /** The classes of {@link Enhancement#previouslyNamedCandidates} looked at already. */
    private final Set<String> candidatesSeen = new HashSet<>();

    /** Learns the previous names of {@code type} and of the classes it can refer to. */
    void learn(Class<?> type) {
        Deque<Class<?>> work = new ArrayDeque<>();
        work.add(type);
        while (!work.isEmpty()) {
            Class<?> next = work.poll();
            while (next.isArray()) {
                next = next.getComponentType();
            }
            if (next.isPrimitive() || StoredTypes.isPlatform(next) || !learned.add(next)) {
                continue;
            }
            PreviousNames previous = next.getAnnotation(PreviousNames.class);
            if (previous != null) {
                for (String name : previous.value()) {
                    Class<?> claimed = byPreviousName.putIfAbsent(name, next);
                    if (claimed != null && claimed != next) {
                        throw new IncompatibleSchemaException("Classes " + claimed.getName() + " and " + next.getName()
                            + " both declare @PreviousNames(\"" + name + "\"); stored objects of " + name
                            + " can load as only one of them. Remove the name from one.");
                    }
                }
            }
            if (next.isAnnotationPresent(Persistent.class)) {
                for (Class<?> level = next; level != null && level != Object.class; level = level.getSuperclass()) {
                    work.add(level);
                    for (Field field : declaredFields(level)) {
                        if (!Modifier.isStatic(field.getModifiers())) {
                            work.add(field.getType());
                            addArguments(field, work);
                        }
                    }
                }
            }
        }
    }

    /**
     * The fields {@code level} declares. Their types are loaded: a type that is not on the class path is a field the
     * agent refused, and its refusal, which names the field and the missing class, is thrown instead of the JVM's error.
     */
    private static Field[] declaredFields(Class<?> level) {
        try {
            return level.getDeclaredFields();
        } catch (NoClassDefFoundError missing) {
            StoreException refusal = Enhancement.refusalException(level.getName());
            if (refusal == null) {
                throw missing;
            }
            refusal.initCause(missing);
            throw refusal;
        }
    }

    /**
     * The class that declares {@code previousName} among its previous names, or {@code null}. When none the store met
     * does, the classes the agent saw loaded that may declare previous names ({@link Enhancement#mayDeclarePreviousNames})
     * are learned first, as {@code loader} finds them: an enum or class reached only through {@code Object} or an
     * interface (a {@code List<Object>}) is found once the application has loaded it.
     */
    Class<?> find(String previousName, ClassLoader loader) {
        Class<?> found = byPreviousName.get(previousName);
        if (found == null) {
            for (String name : Enhancement.previouslyNamedCandidates()) {
                if (candidatesSeen.add(name)) {
                    learnIfVisible(name, loader);
                }
            }
            found = byPreviousName.get(previousName);
        }
        return found;
    }

    private void learnIfVisible(String name, ClassLoader loader) {
        Class<?> type;
        try {
            type = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError notVisible) {
            return; // a class of another loader, or one that does not link: not the replacement of this store's classes
        }
        try {
            learn(type);
        } catch (TypeNotPresentException | LinkageError unresolvable) {
            // a field of it names a class that is not there: it may not replace one, and a class it does not claim is missing
        }
    }

    /** The classes in the type arguments of {@code field}'s generic type ({@code List<Part>}: {@code Part}). */
    private static void addArguments(Field field, Deque<Class<?>> work) {
        Type generic;
        try {
            generic = field.getGenericType();
        } catch (TypeNotPresentException | MalformedParameterizedTypeException unresolvable) {
            // the signature names a class that is not there: the raw field type was added already
            return;
        }
        addClasses(generic, work);
    }

    private static void addClasses(Type type, Deque<Class<?>> work) {
        if (type instanceof Class) {
            work.add((Class<?>) type);
        } else if (type instanceof ParameterizedType) {
            for (Type argument : ((ParameterizedType) type).getActualTypeArguments()) {
                addClasses(argument, work);
            }
        } else if (type instanceof GenericArrayType) {
            addClasses(((GenericArrayType) type).getGenericComponentType(), work);
        }
    }
}
