package org.swizzle.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.swizzle.internal.AgentOptions;

/**
 * The code the agent generates for {@code checks=entry} and for the schemes that keep stored
 * references ({@code swizzle=edge}, {@code none}), asserted on the class files and run on transient
 * objects.
 */
class SchemeEnhancementTest {

    private static final String LINK = "org/swizzle/fixtures/Link";
    private static final String ENTER = "INVOKESTATIC " + LINK + ".$swz_enter(L" + LINK + ";)V";

    private static EnhancingClassLoader loader(String options) {
        return new EnhancingClassLoader(new SwizzleTransformer(AgentOptions.parse(options)));
    }

    @Test
    void shouldCheckTheReceiverOnEntryAndDropTheChecksOnThis() {
        ClassShape link = ClassShape.of(loader("checks=entry").definedBytes("Link"));

        List<String> sum = link.code("sum()J");
        assertEquals(ENTER, sum.get(0), sum::toString);
        assertTrue(sum.contains("INVOKESTATIC " + LINK + ".$swz_uget$next(L" + LINK + ";)L" + LINK + ";"), sum::toString);
        assertTrue(sum.contains("INVOKESTATIC " + LINK + ".$swz_uget$value(L" + LINK + ";)J"), sum::toString);
        assertTrue(sum.contains("INVOKESTATIC " + LINK + ".$swz_get$value(L" + LINK + ";)J"), "next.value keeps its check: " + sum);
        assertEquals(1, sum.stream().filter(insn -> insn.contains(".$swz_get$")).count(), "only next.value is checked: " + sum);

        List<String> spread = link.code("spread(J)V");
        assertTrue(spread.contains("INVOKESTATIC " + LINK + ".$swz_uset$value(L" + LINK + ";J)V"), spread::toString);
        assertTrue(spread.contains("INVOKESTATIC " + LINK + ".$swz_set$value(L" + LINK + ";J)V"), spread::toString);
    }

    @Test
    void shouldKeepTheCheckWhereTheObjectMayNotBeTheReceiver() {
        ClassShape link = ClassShape.of(loader("checks=entry").definedBytes("Link"));

        List<String> either = link.code("either(Z)J");
        assertEquals(ENTER, either.get(0));
        assertTrue(either.contains("INVOKESTATIC " + LINK + ".$swz_get$value(L" + LINK + ";)J"), either::toString);
    }

    @Test
    void shouldCheckTheReceiverAgainAfterACall() {
        ClassShape link = ClassShape.of(loader("checks=entry").definedBytes("Link"));

        List<String> around = link.code("aroundCall(Ljava/lang/Runnable;)J");
        int call = around.indexOf(around.stream().filter(insn -> insn.endsWith("java/lang/Runnable.run()V")).findFirst().orElse("no call"));
        String unchecked = "INVOKESTATIC " + LINK + ".$swz_uget$value(L" + LINK + ";)J";
        String checked = "INVOKESTATIC " + LINK + ".$swz_get$value(L" + LINK + ";)J";
        assertTrue(call > 0, around::toString);
        assertTrue(around.subList(0, call).contains(unchecked), "before the call: unchecked " + around);
        assertTrue(around.subList(call, around.size()).contains(checked), "after the call: checked " + around);
        assertFalse(around.subList(call, around.size()).contains(unchecked), around::toString);

        List<String> repeated = link.code("repeated(I)J");
        assertTrue(repeated.contains(unchecked) && !repeated.contains(checked), "a loop without a call: " + repeated);

        assertEquals(List.of(ENTER, unchecked, checked),
            link.code("receiverAroundStatic()J").stream().filter(insn -> insn.contains(".$swz_")).collect(java.util.stream.Collectors.toList()),
            "a static field's first read may run a static initializer, which may commit");
    }

    @Test
    void shouldGiveEveryResidencyCheckAcquireSemantics() {
        for (String scheme : new String[] {"checks=access", "checks=entry", "swizzle=edge", "swizzle=none"}) {
            ClassShape link = ClassShape.of(loader(scheme).definedBytes("Link"));
            for (String accessor : link.methodAccess.keySet()) {
                if (!accessor.startsWith("$swz_get$") && !accessor.startsWith("$swz_enter") && !accessor.startsWith("$swz_read$")) {
                    continue;
                }
                List<String> code = link.code(accessor);
                int state = code.indexOf("GETFIELD " + LINK + ".$swz_word:J");
                int fence = code.indexOf("INVOKESTATIC java/lang/invoke/VarHandle.acquireFence()V");
                assertTrue(state >= 0 && fence > state, scheme + ": " + accessor + " reads the state, then fences: " + code);
                for (int i = 0; i < fence; i++) {
                    assertFalse(code.get(i).matches("(GET|PUT)FIELD " + LINK + "\\.[a-z].*"),
                        scheme + ": " + accessor + " accesses its field only after the fence: " + code);
                }
            }
        }
    }

    @Test
    void shouldFenceASetterOnlyWhereItsBarrierLoadsWhatTheFaultPublished() {
        for (String barrier : new String[] {"remset", "object", "none", "card"}) {
            ClassShape link = ClassShape.of(loader("barrier=" + barrier).definedBytes("Link"));
            List<String> code = link.code("$swz_set$value(L" + LINK + ";J)V");
            int state = code.indexOf("GETFIELD " + LINK + ".$swz_word:J");
            int store = code.indexOf("PUTFIELD " + LINK + ".value:J");
            boolean fenced = code.contains("INVOKESTATIC java/lang/invoke/VarHandle.acquireFence()V");
            assertTrue(state >= 0 && store > state, barrier + ": the store follows the check: " + code);
            assertEquals(barrier.equals("card"), fenced, barrier + ": the card barrier reads $swz_address, so only it fences: " + code);
        }
    }

    @Test
    void shouldNotCheckOnEntryOfConstructorsAndStaticMethods() {
        ClassShape link = ClassShape.of(loader("checks=entry").definedBytes("Link"));

        assertFalse(link.code("<init>(J)V").contains(ENTER), link.code("<init>(J)V")::toString);
        assertEquals(List.of("INVOKESTATIC " + LINK + ".$swz_get$value(L" + LINK + ";)J"), link.code("valueOf(L" + LINK + ";)J"));
    }

    @Test
    void shouldLeaveMethodsAloneUnderAccessChecks() {
        ClassShape link = ClassShape.of(loader("checks=access").definedBytes("Link"));

        assertFalse(link.code("sum()J").contains(ENTER));
        assertFalse(link.methodAccess.containsKey("$swz_enter(L" + LINK + ";)V"));
    }

    @Test
    void shouldCheckAnObjectOncePerStraightLineRegion() {
        ClassShape link = ClassShape.of(loader("checks=access").definedBytes("Link"));
        String checked = "INVOKESTATIC " + LINK + ".$swz_get$value(L" + LINK + ";)J";
        String unchecked = "INVOKESTATIC " + LINK + ".$swz_uget$value(L" + LINK + ";)J";

        assertEquals(List.of(checked, unchecked), accessors(link.code("twice(L" + LINK + ";)J")), "other.value + other.value");
        assertEquals(List.of(checked, "INVOKESTATIC " + LINK + ".$swz_uset$value(L" + LINK + ";J)V"),
            accessors(link.code("bump(L" + LINK + ";)V")), "other.value = other.value + 1");
        assertEquals(List.of(checked, checked, checked), accessors(link.code("interleaved(L" + LINK + ";L" + LINK + ";)J")),
            "the check of second.value may fault it, which may re-hollow first");
        assertEquals(List.of(checked, checked), accessors(link.code("aroundCall(Ljava/lang/Runnable;)J")),
            "a call may commit and re-hollow this");
        assertEquals(List.of(checked, checked), accessors(link.code("aroundStatic(L" + LINK + ";)J")),
            "a static field's first read runs its class's static initializer, which may commit");
        assertEquals(List.of(checked), accessors(link.code("repeated(I)J")), "the loop head is reached from elsewhere");
        assertEquals(List.of("INVOKESTATIC " + LINK + ".$swz_get$next(L" + LINK + ";)L" + LINK + ";", checked),
            accessors(link.code("either(Z)J")), "source may be this or next: a join, and no single local");

        String uncheckedSet = "INVOKESTATIC " + LINK + ".$swz_uset$value(L" + LINK + ";J)V";
        assertEquals(List.of(checked, uncheckedSet, unchecked, uncheckedSet), accessors(link.code("increment(L" + LINK + ";)V")),
            "other.value++ then other.value += 2: the stores' object is a DUP of the first load's");
        assertEquals(List.of(checked, checked, "INVOKESTATIC " + LINK + ".$swz_set$value(L" + LINK + ";J)V"),
            accessors(link.code("storeAcross(L" + LINK + ";L" + LINK + ";)V")),
            "other.value = (other = replacement).value + other.value: the store goes into the object other held first");
        assertEquals(List.of(checked, unchecked), accessors(link.code("onBranch(L" + LINK + ";Z)J")),
            "a branch's target reached from the branch alone continues its region");
        assertEquals(List.of(checked, checked), accessors(link.code("afterJoin(L" + LINK + ";Z)J")), "a join starts a region");

        List<String> sum = accessors(link.code("sum()J"));
        assertEquals(List.of("INVOKESTATIC " + LINK + ".$swz_get$next(L" + LINK + ";)L" + LINK + ";", unchecked, unchecked,
            "INVOKESTATIC " + LINK + ".$swz_uget$next(L" + LINK + ";)L" + LINK + ";", checked), sum,
            "this.next, then this.value unchecked on both branches of the null test, this.next unchecked, and"
                + " next.value, another object, checked");
    }

    @Test
    void shouldKeepARegionAcrossCallsThatRunNoOtherCode() {
        ClassShape link = ClassShape.of(loader("checks=access").definedBytes("Link"));
        String checked = "INVOKESTATIC " + LINK + ".$swz_get$value(L" + LINK + ";)J";
        String unchecked = "INVOKESTATIC " + LINK + ".$swz_uget$value(L" + LINK + ";)J";

        assertEquals(List.of(checked, unchecked), accessors(link.code("aroundInertCalls(L" + LINK + ";)J")),
            "a static helper of primitives (with its own static field and helper) and Math.abs keep the region");
        assertEquals(List.of(checked, checked), accessors(link.code("aroundLoopingHelper(L" + LINK + ";)J")),
            "a helper with a loop may run long enough for another thread to commit");
        assertEquals(List.of(checked, checked), accessors(link.code("aroundFaultingHelper(L" + LINK + ";)J")),
            "a helper that reads a stored field may fault, which may re-hollow other");
        assertEquals(List.of(checked, unchecked, checked), accessors(link.code("aroundOverridable()J")),
            "an overridable method may run anything");
        assertEquals(List.of(checked, unchecked, checked), accessors(link.code("aroundSynchronized()J")),
            "a synchronized helper may wait while another thread commits");

        ClassShape entry = ClassShape.of(loader("checks=entry").definedBytes("Link"));
        assertEquals(List.of(ENTER, unchecked, unchecked, unchecked), accessors(entry.code("receiverAroundInertCall()J")),
            "checks=entry: the receiver stays checked across an inert call");
        assertEquals(List.of(ENTER, unchecked, unchecked, checked), accessors(entry.code("aroundOverridable()J")),
            "but not across another");
    }

    @Test
    void shouldComputeThroughInertCallsOnAnObjectTheirRegionChecked() throws Throwable {
        for (String scheme : new String[] {"checks=access", "checks=entry"}) {
            Class<?> type = loader(scheme).loadClass("org.swizzle.fixtures.Link");
            Object link = type.getConstructor(long.class).newInstance(-3L);
            assertEquals(-3L + (-3L * 31 + Long.hashCode(-3L) - 6) + 3L, type.getMethod("aroundInertCalls", type).invoke(null, link), scheme);
            assertEquals(-9L, type.getMethod("aroundSynchronized").invoke(link), scheme);
        }
    }

    @Test
    void shouldReadAndWriteThroughTheUncheckedTwinsOfAHollowObjectFaultedByTheFirstCheck() throws Throwable {
        EnhancingClassLoader loader = loader("checks=access");
        Class<?> type = loader.loadClass("org.swizzle.fixtures.Link");
        Object link = type.getConstructor(long.class).newInstance(20L);
        assertEquals(40L, type.getMethod("twice", type).invoke(null, link));
        type.getMethod("bump", type).invoke(null, link);
        assertEquals(42L, type.getMethod("twice", type).invoke(null, link));
    }

    private static List<String> accessors(List<String> code) {
        return code.stream().filter(insn -> insn.contains(".$swz_")).collect(java.util.stream.Collectors.toList());
    }

    @Test
    void shouldRunMethodsOfResidentObjectsUnderEntryChecks() throws Throwable {
        EnhancingClassLoader loader = loader("checks=entry");
        Class<?> type = loader.fixture("Link");
        Object first = Fixtures.newInstance(type, 3L);
        Object second = Fixtures.newInstance(type, 4L);
        type.getMethod("link", type).invoke(first, second);

        assertEquals(7L, type.getMethod("sum").invoke(first));
        type.getMethod("spread", long.class).invoke(first, 10L);
        assertEquals(20L, type.getMethod("sum").invoke(first));
        assertEquals(10L, type.getMethod("either", boolean.class).invoke(first, false));
    }

    @Test
    void shouldKeepAStoredReferenceBesideReferenceFieldsUnderEdgeAndNone() {
        for (String scheme : new String[] {"swizzle=edge", "swizzle=none"}) {
            ClassShape link = ClassShape.of(loader(scheme).definedBytes("Link"));

            assertTrue(link.fieldAccess.containsKey("$swz_ref$next"), scheme + ": " + link.fieldAccess.keySet());
            assertFalse(link.fieldAccess.containsKey("$swz_ref$value"), scheme);
            assertFalse(link.fieldAccess.containsKey("$swz_ref$weights"), scheme + ": arrays are swizzled as with node marking");
            List<String> find = link.code("$swz_find$next(L" + LINK + ";)L" + LINK + ";");
            assertTrue(find.contains("INVOKESTATIC org/swizzle/internal/References.target(Lorg/swizzle/internal/Persistable;J)Ljava/lang/Object;"), find::toString);
            String compareAndSet = "INVOKEVIRTUAL java/lang/invoke/VarHandle.compareAndSet(L" + LINK + ";L" + LINK + ";L" + LINK + ";)Z";
            boolean swizzlesInPlace = find.contains(compareAndSet);
            assertEquals(scheme.equals("swizzle=edge"), swizzlesInPlace, scheme + " swizzles in place only under edge: " + find);
            assertFalse(find.contains("PUTFIELD " + LINK + ".next:L" + LINK + ";"),
                "a swizzle in place sets the field only while it holds null, by compare-and-set (which publishes its target): " + find);
            List<String> setter = link.code("$swz_set$next(L" + LINK + ";L" + LINK + ";)V");
            assertTrue(setter.contains("PUTFIELD " + LINK + ".$swz_ref$next:J"), scheme);
            assertTrue(setter.contains("INVOKESTATIC java/lang/invoke/VarHandle.storeStoreFence()V"),
                scheme + ": a value is stored before the stored reference is cleared, a null after it: " + setter);
        }
        ClassShape node = ClassShape.of(loader("swizzle=node").definedBytes("Link"));
        assertFalse(node.fieldAccess.containsKey("$swz_ref$next"));
    }

    @Test
    void shouldLoadJavaReferencesOfTransientObjectsUnderEdge() throws Throwable {
        Class<?> type = loader("swizzle=edge").fixture("Link");
        Object first = Fixtures.newInstance(type, 1L);
        Object second = Fixtures.newInstance(type, 2L);
        Method getter = type.getMethod("$swz_get$next", type);

        assertNull(getter.invoke(null, first));
        type.getMethod("link", type).invoke(first, second);
        assertSame(second, getter.invoke(null, first));
        assertEquals(0L, Fixtures.get(first, "$swz_ref$next"));
        assertEquals(3L, type.getMethod("sum").invoke(first));
    }
}
