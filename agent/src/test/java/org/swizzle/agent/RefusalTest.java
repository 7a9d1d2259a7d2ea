package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.bytebuddy.dynamic.ClassFileLocator;
import org.junit.jupiter.api.Test;
import org.swizzle.UnsupportedClassException;
import org.swizzle.UnsupportedFieldTypeException;
import org.swizzle.internal.Enhancement;
import org.swizzle.internal.Persistable;
import org.swizzle.internal.StoredTypes;

class RefusalTest {

    private final EnhancingClassLoader loader = new EnhancingClassLoader();

    @Test
    void shouldRefuseUnsupportedFieldTypeNamingClassFieldAndType() {
        String expected = StoredTypes.refusal("org.swizzle.fixtures.WithThread", "worker", "java.lang.Thread",
            "java.lang.Thread", false);

        String err = StdErr.capture(() -> loader.fixture("WithThread"));

        assertEquals(expected, Enhancement.refusal("org.swizzle.fixtures.WithThread"));
        assertTrue(err.contains("[swizzle] " + expected), err);
        assertFalse(expected.contains("Annotate"), "a JDK class cannot be annotated: " + expected);
        assertUnchanged("WithThread");
    }

    @Test
    void shouldAdviseAnnotatingTheApplicationClassOfARefusedFieldBeforeMakingItTransient() {
        StdErr.capture(() -> loader.fixture("WithPlainReference"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.WithPlainReference");
        assertEquals(StoredTypes.refusal("org.swizzle.fixtures.WithPlainReference", "plain", "org.swizzle.fixtures.Plain",
            "org.swizzle.fixtures.Plain", false), refusal);
        assertTrue(refusal.indexOf("Annotate org.swizzle.fixtures.Plain with @org.swizzle.Persistent if it is your class (it"
            + " must be, while a store holds objects of it).") < refusal.indexOf("Make the field transient"), refusal);
        assertUnchanged("WithPlainReference");
    }

    @Test
    void shouldSayWhichClassIsMissingWhenAFieldsTypeCannotBeFound() {
        ClassFileLocator classes = ClassFileLocator.ForClassLoader.of(RefusalTest.class.getClassLoader());
        ClassFileLocator withoutPart = new ClassFileLocator() {
            @Override
            public Resolution locate(String name) throws java.io.IOException {
                return name.equals("org.swizzle.fixtures.Part") ? new Resolution.Illegal(name) : classes.locate(name);
            }

            @Override
            public void close() {
            }
        };
        ClassModel model = new PersistentTypes(withoutPart).model("org/swizzle/fixtures/AllKinds");

        assertTrue(model.isRefused());
        assertEquals(StoredTypes.missingTypeRefusal("org.swizzle.fixtures.AllKinds", "reference", "org.swizzle.fixtures.Part",
            "org.swizzle.fixtures.Part"), model.refusal());
        assertTrue(model.refusal().contains("is not on the class path"), model.refusal());
    }

    /** A record cannot be persistent, so the refusal of a field holding one advises holding its components (trial 43b). */
    @Test
    void shouldAdviseHoldingTheComponentsOfARecordRatherThanAnnotatingIt() {
        StdErr.capture(() -> loader.fixture("WithRecord"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.WithRecord");
        assertEquals(StoredTypes.refusal("org.swizzle.fixtures.WithRecord", "point", "org.swizzle.fixtures.Point",
            "org.swizzle.fixtures.Point", true) + " " + StoredTypes.elementRefusal("org.swizzle.fixtures.WithRecord",
            "points", "java.util.List<org.swizzle.fixtures.Point>", "org.swizzle.fixtures.Point", true), refusal);
        assertTrue(refusal.contains("org.swizzle.fixtures.Point is a record, which cannot be @Persistent: hold its"
            + " components in a @Persistent class") && refusal.contains("hold the components of record"
            + " org.swizzle.fixtures.Point (a record cannot be @Persistent) in a @Persistent class"), refusal);
        assertFalse(refusal.contains("Annotate org.swizzle.fixtures.Point") || refusal.contains(
            "annotate org.swizzle.fixtures.Point"), refusal);
        assertUnchanged("WithRecord");
    }

    @Test
    void shouldRefuseCollectionsDeclaredToHoldWhatCannotBeStored() {
        StdErr.capture(() -> loader.fixture("WithDates"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.WithDates");
        assertNotNull(refusal);
        assertTrue(refusal.contains(StoredTypes.elementRefusal("org.swizzle.fixtures.WithDates", "dates",
            "java.util.List<java.util.Date>", "java.util.Date", false)), refusal);
        assertTrue(refusal.contains("field org.swizzle.fixtures.WithDates.workers of type java.util.Map<java.lang.String,"
            + " java.util.List<java.lang.Thread>>: its java.lang.Thread elements cannot be stored"), refusal);
        assertTrue(refusal.contains("its org.swizzle.fixtures.Plain elements cannot be stored") && refusal.contains(
            "annotate org.swizzle.fixtures.Plain with @org.swizzle.Persistent"), refusal);
        assertFalse(refusal.contains("annotate java.util.Date"), "a JDK class cannot be annotated: " + refusal);
        assertTrue(refusal.contains("its java.util.Date[] elements cannot be stored"), refusal);
        assertTrue(refusal.contains("its java.util.Date elements cannot be stored") && refusal.contains(
            "or make the field transient. Store a java.time.Instant instead (Date.toInstant(), Date.from(instant))."),
            refusal);
        assertTrue(refusal.contains(StoredTypes.refusal("org.swizzle.fixtures.WithDates", "stamp", "java.sql.Timestamp",
            "java.sql.Timestamp", false)) && refusal.contains("Store a java.time.Instant instead"), refusal);
        assertUnchanged("WithDates");
    }

    @Test
    void shouldAcceptCollectionsDeclaredToHoldSupertypesOfStoredTypes() throws Exception {
        StdErr.capture(() -> loader.fixture("WithGenericCollections"));

        assertNull(Enhancement.refusal("org.swizzle.fixtures.WithGenericCollections"));
        assertTrue(Persistable.class.isAssignableFrom(loader.fixture("WithGenericCollections")));
    }

    @Test
    void shouldRefuseObjectField() {
        StdErr.capture(() -> loader.fixture("WithObject"));

        assertEquals(StoredTypes.refusal("org.swizzle.fixtures.WithObject", "anything", "java.lang.Object",
            "java.lang.Object", false), Enhancement.refusal("org.swizzle.fixtures.WithObject"));
        assertUnchanged("WithObject");
    }

    @Test
    void shouldNameTheTypeVariableAFieldIsDeclaredWith() {
        StdErr.capture(() -> loader.fixture("WithTypeVariable"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.WithTypeVariable");
        assertEquals(StoredTypes.refusal("org.swizzle.fixtures.WithTypeVariable", "value", "T (erased to java.lang.Object)",
            "java.lang.Object", false), refusal);
        assertUnchanged("WithTypeVariable");
    }

    @Test
    void shouldNameEveryRefusedFieldOfAClass() {
        StdErr.capture(() -> loader.fixture("WithTwoRefusedFields"));

        assertEquals(StoredTypes.refusal("org.swizzle.fixtures.WithTwoRefusedFields", "queue", "java.util.ArrayDeque",
            "java.util.ArrayDeque", false) + " "
            + StoredTypes.refusal("org.swizzle.fixtures.WithTwoRefusedFields", "anything", "java.lang.Object",
                "java.lang.Object", false),
            Enhancement.refusal("org.swizzle.fixtures.WithTwoRefusedFields"));
        assertUnchanged("WithTwoRefusedFields");
    }

    @Test
    void shouldRefuseNonPersistentSuperclass() {
        StdErr.capture(() -> loader.fixture("OnPlainBase"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.OnPlainBase");
        assertNotNull(refusal);
        assertTrue(refusal.contains("org.swizzle.fixtures.OnPlainBase") && refusal.contains("org.swizzle.fixtures.PlainBase")
            && refusal.contains("neither java.lang.Object nor @Persistent"), refusal);
        assertUnchanged("OnPlainBase");
    }

    @Test
    void shouldRefuseEnum() {
        StdErr.capture(() -> loader.fixture("Color"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.Color");
        assertNotNull(refusal);
        assertTrue(refusal.contains("is an enum"), refusal);
    }

    @Test
    void shouldNotRewriteAccessesToFieldsOfRefusedClass() {
        StdErr.capture(() -> loader.fixture("RefusedEditor"));

        assertArrayEquals(EnhancingClassLoader.originalBytes(EnhancingClassLoader.FIXTURES + "RefusedEditor"),
            loader.definedBytes("RefusedEditor"));
    }

    @Test
    void shouldReportAFieldRefusalAsUnsupportedFieldTypeAndAClassRefusalAsUnsupportedClass() {
        StdErr.capture(() -> loader.fixture("WithThread"));
        StdErr.capture(() -> loader.fixture("OnPlainBase"));

        assertInstanceOf(UnsupportedFieldTypeException.class, Enhancement.refusalException("org.swizzle.fixtures.WithThread"));
        assertInstanceOf(UnsupportedClassException.class, Enhancement.refusalException("org.swizzle.fixtures.OnPlainBase"));
    }

    @Test
    void shouldRefuseAnInnerClassOfANonPersistentClass() {
        StdErr.capture(() -> loader.fixture("PlainOuter$Inner"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.PlainOuter$Inner");
        assertNotNull(refusal);
        assertTrue(refusal.contains("inner class of org.swizzle.fixtures.PlainOuter, which is not @Persistent"), refusal);
        assertInstanceOf(UnsupportedClassException.class, Enhancement.refusalException("org.swizzle.fixtures.PlainOuter$Inner"));
        assertUnchanged("PlainOuter$Inner");
    }

    @Test
    void shouldStoreTheEnclosingInstanceOfAnInnerClassOfAPersistentClass() throws ReflectiveOperationException {
        Class<?> inner = loader.fixture("Outer$Inner");

        assertTrue(Persistable.class.isAssignableFrom(inner));
        java.lang.reflect.Method fields = inner.getDeclaredMethod("$swz_fields");
        fields.setAccessible(true);
        assertTrue(java.util.Arrays.asList((String[]) fields.invoke(null)).contains("this$0"));
    }

    @Test
    void shouldRefuseASubclassFieldThatHidesAStoredFieldOfItsSuperclass() {
        String err = StdErr.capture(() -> loader.fixture("Hiding$HidesStored"));

        String expected = "Cannot enhance @Persistent class org.swizzle.fixtures.Hiding$HidesStored: its field x hides the"
            + " stored field x of its superclass org.swizzle.fixtures.Hiding$Base, and stored fields are told apart by name"
            + " alone, so their values would be mixed up. Rename org.swizzle.fixtures.Hiding$HidesStored.x, or make one of"
            + " the two fields transient or static.";
        assertEquals(expected, Enhancement.refusal("org.swizzle.fixtures.Hiding$HidesStored"));
        assertTrue(err.contains("[swizzle] " + expected), err);
        assertInstanceOf(UnsupportedClassException.class, Enhancement.refusalException("org.swizzle.fixtures.Hiding$HidesStored"));
        assertBytesUnchanged("Hiding$HidesStored");
        assertTrue(Persistable.class.isAssignableFrom(loader.fixture("Hiding$Base")), "the superclass is enhanced as before");
    }

    @Test
    void shouldRefuseHidingAStoredFieldOfAnySuperclassWhateverItsType() {
        StdErr.capture(() -> loader.fixture("Hiding$HidesAbove"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.Hiding$HidesAbove");
        assertNotNull(refusal);
        assertTrue(refusal.contains("its field n hides the stored field n of its superclass org.swizzle.fixtures.Hiding$Base"),
            refusal);
        assertBytesUnchanged("Hiding$HidesAbove");
    }

    @Test
    void shouldEnhanceASubclassWhoseHidingFieldsAreTransientStaticOrHideFieldsThatAreNotStored()
            throws ReflectiveOperationException {
        Class<?> type = loader.fixture("Hiding$HidesUnstored");

        assertNull(Enhancement.refusal("org.swizzle.fixtures.Hiding$HidesUnstored"));
        assertTrue(Persistable.class.isAssignableFrom(type));
        java.lang.reflect.Method fields = type.getDeclaredMethod("$swz_fields");
        fields.setAccessible(true);
        assertArrayEquals(new String[] {"t", "s"}, (String[]) fields.invoke(null));
    }

    @Test
    void shouldRefuseTwoStoredFieldsOfOneHierarchyClaimingOneNameThroughPreviousNames() {
        StdErr.capture(() -> loader.fixture("Hiding$ClaimsByPreviousName"));
        StdErr.capture(() -> loader.fixture("Hiding$ClaimsAPreviousName"));

        assertEquals("Cannot enhance @Persistent class org.swizzle.fixtures.Hiding$ClaimsByPreviousName: the stored"
            + " fields org.swizzle.fixtures.Hiding$Base.x and org.swizzle.fixtures.Hiding$ClaimsByPreviousName.y"
            + " (@PreviousNames) both claim the stored name x, and stored fields are told apart by name alone, so stored"
            + " values would load into the wrong one. Keep x on one of them only: rename the field or take it out of"
            + " @PreviousNames.", Enhancement.refusal("org.swizzle.fixtures.Hiding$ClaimsByPreviousName"));
        String refusal = Enhancement.refusal("org.swizzle.fixtures.Hiding$ClaimsAPreviousName");
        assertNotNull(refusal);
        assertTrue(refusal.contains("org.swizzle.fixtures.Hiding$Base.renamed (@PreviousNames) and"
            + " org.swizzle.fixtures.Hiding$ClaimsAPreviousName.other (@PreviousNames) both claim the stored name old"), refusal);
        assertInstanceOf(UnsupportedClassException.class,
            Enhancement.refusalException("org.swizzle.fixtures.Hiding$ClaimsAPreviousName"));
    }

    @Test
    void shouldRefuseAnInnerSubclassOfAnInnerClassForItsOwnEnclosingInstance() {
        StdErr.capture(() -> loader.fixture("Hiding$InnerSub"));

        String refusal = Enhancement.refusal("org.swizzle.fixtures.Hiding$InnerSub");
        assertNotNull(refusal);
        assertTrue(refusal.contains("its field this$0 hides the stored field this$0 of its superclass"
            + " org.swizzle.fixtures.Hiding$InnerBase") && refusal.contains("Declare both classes static or top-level"), refusal);
    }

    private void assertUnchanged(String fixture) {
        assertFalse(Persistable.class.isAssignableFrom(loader.fixture(fixture)));
        assertBytesUnchanged(fixture);
    }

    /** For a refused subclass of an enhanced class, which is {@code Persistable} through its superclass. */
    private void assertBytesUnchanged(String fixture) {
        assertArrayEquals(EnhancingClassLoader.originalBytes(EnhancingClassLoader.FIXTURES + fixture), loader.definedBytes(fixture));
    }
}
