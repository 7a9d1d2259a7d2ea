package org.swizzle.it.faulting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.swizzle.it.Jvm;

/**
 * What the papers say each scheme does, observed in a child JVM ({@link SchemeFacts}) under that
 * scheme: node marking (Moss) leaves no indirection after a fault; edge marking (White &amp; DeWitt)
 * faults only on dereference and swizzles on discovery; no swizzling looks every traversed reference
 * up; eager swizzling (Hosking &amp; Moss) makes the fault unit and its direct targets resident at
 * once; segment and cluster faults make the neighbours resident; method-entry checks fault the
 * receiver when a method is called on a hollow object.
 */
class SchemeBehaviourTest {

    @TempDir
    Path dir;

    private Map<String, String> facts(String scheme, String mode) {
        String output = Jvm.withAgent(scheme).run(SchemeFacts.class, mode, dir.resolve("db").toString()).ok().output;
        Map<String, String> facts = ChildOutput.facts(output);
        assertTrue(facts.containsKey("stats"), scheme + ": the " + mode + " child printed no facts:\n" + output);
        return facts;
    }

    private static void fact(Map<String, String> facts, String key, Object expected, String scheme) {
        assertTrue(facts.containsKey(key), scheme + ": no fact " + key + " in " + facts);
        assertEquals(String.valueOf(expected), facts.get(key), scheme + ": fact " + key + " (all facts: " + facts + ")");
    }

    private static long number(Map<String, String> facts, String key, String scheme) {
        assertTrue(facts.containsKey(key), scheme + ": no fact " + key + " in " + facts);
        return Long.parseLong(facts.get(key));
    }

    @Test
    void nodeMarkingShouldLeaveNoIndirectionAfterAFault() {
        String scheme = "swizzle=node,checks=access,fault=object";
        Map<String, String> facts = facts(scheme, "node");
        fact(facts, "root.hollow", true, scheme);
        fact(facts, "touch.id", 1, scheme);
        fact(facts, "touch.faults", 1, scheme);
        // the faulted object's field holds the target's own Java object (a fault block of the real class) ...
        fact(facts, "fault.rawNextIsAVertex", true, scheme);
        fact(facts, "fault.rawNextHollow", true, scheme);
        fact(facts, "load.sameAsRaw", true, scheme);
        fact(facts, "load.targetStillHollow", true, scheme);
        fact(facts, "load.faults", 1, scheme);
        // ... which its own fault fills in place: the field still refers to it, now resident
        fact(facts, "deref.id", 2, scheme);
        fact(facts, "deref.rawNextSameObject", true, scheme);
        fact(facts, "deref.targetResident", true, scheme);
        fact(facts, "deref.faults", 2, scheme);
        fact(facts, "deref.targetsReferenceIsAHollowVertex", true, scheme);
    }

    /**
     * After close(), a read object's reference field is refused where the scheme looks the target up in the store
     * (edge marking, no swizzling), saying that the reference cannot be followed, not that the object was not read.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"swizzle=edge", "swizzle=none"})
    void shouldSayThatAReferenceOfAClosedStoreCannotBeFollowed(String scheme) {
        String output = Jvm.withAgent(scheme).run(FollowAfterClose.class, dir.resolve("db").toString()).ok().output;
        assertTrue(output.contains("REFUSED ") && output.contains("holds cannot be followed")
            && !output.contains("was not read before close()"), scheme + ": " + output);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"swizzle=edge,checks=access,fault=object", "swizzle=edge,checks=entry,fault=object"})
    void edgeMarkingShouldFaultOnlyOnDereferenceAndSwizzleOnDiscovery(String scheme) {
        Map<String, String> facts = facts(scheme, "edge");
        // a shadow OID field per reference field (class or interface typed), none for values, arrays or collections
        fact(facts, "shadow.next", true, scheme);
        fact(facts, "shadow.tag", true, scheme);
        fact(facts, "shadow.hubOf", true, scheme);
        fact(facts, "shadow.first", true, scheme);
        fact(facts, "shadow.edges", false, scheme);
        fact(facts, "shadow.list", false, scheme);
        fact(facts, "shadow.id", false, scheme);
        fact(facts, "shadow.name", false, scheme);
        // after a fault the reference is unswizzled: Java field null, tagged OID in the shadow
        fact(facts, "fault.ids", "1,2", scheme);
        fact(facts, "fault.rawNextNull", true, scheme);
        fact(facts, "fault.shadowNonZero", true, scheme);
        fact(facts, "fault.rawTagNull", true, scheme);
        fact(facts, "fault.tagShadowNonZero", true, scheme);
        fact(facts, "fault.arrayElementIsAHollowVertex", true, scheme);
        // loading a reference to a non-resident target: its hollow object, the same each time, nothing faulted or swizzled
        fact(facts, "load.sameInstance", true, scheme);
        fact(facts, "load.sameAsArrayElement", true, scheme);
        fact(facts, "load.targetHollow", true, scheme);
        fact(facts, "load.rawStillNull", true, scheme);
        fact(facts, "load.shadowUnchanged", true, scheme);
        fact(facts, "compare.equal", true, scheme);
        fact(facts, "compare.interfaceLoadSame", true, scheme);
        fact(facts, "copy.same", true, scheme);
        fact(facts, "load.targetStillHollow", true, scheme);
        fact(facts, "load.faults", 0, scheme);
        fact(facts, "load.objectsFaulted", 0, scheme);
        // dereferencing faults the target (once), and does not swizzle references it was not loaded through
        fact(facts, "deref.id", 10, scheme);
        fact(facts, "deref.faults", 1, scheme);
        fact(facts, "deref.targetResident", true, scheme);
        fact(facts, "deref.rawOfOtherReferrerStillNull", true, scheme);
        // loading a reference to a resident target swizzles it in place
        fact(facts, "discover.same", true, scheme);
        fact(facts, "discover.rawIsTarget", true, scheme);
        fact(facts, "discover.shadowKept", true, scheme);
        fact(facts, "discover.faults", 0, scheme);
    }

    @ParameterizedTest(name = "swizzle={0}")
    @ValueSource(strings = {"node", "edge", "none", "eager"})
    void shouldLookOidsUpOnlyWhereTheSchemeSaysSo(String swizzle) {
        String scheme = "swizzle=" + swizzle + ",checks=access,fault=object";
        Map<String, String> facts = facts(scheme, "lookups");
        long loads = number(facts, "loads", scheme);
        for (String traversal : new String[] {"cold", "warm1", "warm2"}) {
            fact(facts, traversal + ".closed", true, scheme);
        }
        fact(facts, "sameOnTwoLoads", true, scheme);
        fact(facts, "warm1.faults", 0, scheme);
        fact(facts, "warm2.faults", 0, scheme);
        switch (swizzle) {
            case "none":
                // every traversal of an unswizzled reference is one lookup in the resident object table, forever
                fact(facts, "cold.lookups", loads, scheme);
                fact(facts, "warm1.lookups", loads, scheme);
                fact(facts, "warm2.lookups", loads, scheme);
                fact(facts, "rawNextNull", true, scheme);
                break;
            case "edge":
                // swizzled in place on discovery: once every target is resident and loaded, no lookups remain
                fact(facts, "warm2.lookups", 0, scheme);
                fact(facts, "rawNextNull", false, scheme);
                break;
            default:
                // direct Java references: nothing to look up once resident
                fact(facts, "warm1.lookups", 0, scheme);
                fact(facts, "warm2.lookups", 0, scheme);
                fact(facts, "rawNextNull", false, scheme);
                break;
        }
    }

    @Test
    void eagerSwizzlingShouldMakeTheUnitAndItsDirectTargetsResidentAtOnce() {
        String scheme = "swizzle=eager,checks=access,fault=object";
        Map<String, String> facts = facts(scheme, "eager");
        fact(facts, "touch.id", 1, scheme);
        fact(facts, "touch.faults", 1, scheme);
        // the object and its five direct targets (field, two array elements, list element, interface field)
        fact(facts, "touch.objectsFaulted", 6, scheme);
        fact(facts, "field.resident", true, scheme);
        fact(facts, "array.resident", true, scheme);
        fact(facts, "list.resident", true, scheme);
        fact(facts, "interface.resident", true, scheme);
        fact(facts, "target.filledInPlace", true, scheme);
        // one level only: the targets' own references are fault blocks
        fact(facts, "secondLevel.hollow", true, scheme);
        fact(facts, "target.ids", "2,3,10,4,tag(e)", scheme);
        fact(facts, "target.touchFaults", 0, scheme);
        fact(facts, "secondLevel.id", 5, scheme);
        fact(facts, "secondLevel.faults", 1, scheme);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"swizzle=node,fault=object", "swizzle=node,fault=segment", "swizzle=node,fault=cluster",
        "swizzle=edge,fault=segment", "swizzle=none,fault=cluster", "swizzle=node,checks=entry,fault=segment"})
    void shouldMakeTheWholeFaultUnitResidentOnOneFault(String scheme) {
        Map<String, String> facts = facts(scheme, "unit");
        long objects = number(facts, "objects", scheme);
        long vertices = objects - 1;
        fact(facts, "first.generation", 0, scheme);
        fact(facts, "first.faults", 1, scheme);
        fact(facts, "first.neighboursFilledInPlace", true, scheme);
        fact(facts, "traversal.sum", true, scheme);
        // whatever the unit, every object is faulted exactly once
        fact(facts, "total.objectsFaulted", objects, scheme);
        long faulted = number(facts, "first.objectsFaulted", scheme);
        long neighbours = number(facts, "first.residentNeighbours", scheme);
        long traversalFaults = number(facts, "traversal.faults", scheme);
        if (scheme.contains("fault=object")) {
            assertEquals(1, faulted, scheme + ": one fault, one object; " + facts);
            assertEquals(0, neighbours, scheme + ": no neighbour made resident; " + facts);
            assertEquals(vertices, traversalFaults, scheme + ": one fault per vertex; " + facts);
        } else if (scheme.contains("fault=segment")) {
            assertTrue(faulted > 1 && faulted <= 256, scheme + ": one fault makes the logical segment (at most 256 objects) resident; " + facts);
            assertEquals(faulted - 1, neighbours, scheme + ": the other objects faulted are the root's neighbours in its segment; " + facts);
            assertTrue(traversalFaults >= 1 && traversalFaults <= 3, scheme + ": " + vertices
                + " vertices committed together fill two or three segments; " + facts);
        } else {
            assertTrue(faulted > 256, scheme + ": one fault makes the whole cluster (more than one logical segment) resident; " + facts);
            assertEquals(vertices, neighbours, scheme + ": every vertex shares the root's 1 MiB cluster; " + facts);
            assertEquals(0, traversalFaults, scheme + ": nothing is left to fault; " + facts);
        }
        if (scheme.contains("swizzle=node")) {
            fact(facts, "first.directReferencesInUnit", true, scheme);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"swizzle=node,checks=entry", "swizzle=node,checks=access", "swizzle=edge,checks=entry",
        "swizzle=none,checks=entry", "swizzle=eager,checks=entry", "swizzle=edge,checks=entry,fault=segment"})
    void shouldFaultTheReceiverOfAMethodCalledOnAHollowObject(String scheme) {
        Map<String, String> facts = facts(scheme, "entry");
        boolean unitBeyondObject = scheme.contains("fault=segment");
        if (!unitBeyondObject) {
            fact(facts, "describe.hollowBefore", true, scheme);
            fact(facts, "describe.faults", 1, scheme);
        }
        fact(facts, "describe.correct", true, scheme);
        fact(facts, "describe.resident", true, scheme);
        fact(facts, "nextId.value", 3, scheme);
        if (!unitBeyondObject) {
            // the receiver, then the target it dereferences (eager: the target came with the receiver)
            fact(facts, "nextId.faults", scheme.contains("eager") ? 1 : 2, scheme);
        }
        fact(facts, "sameId.receiverId", 4, scheme);
        fact(facts, "sameId.value", false, scheme);
        fact(facts, "sameId.otherResident", true, scheme);
        fact(facts, "sameId.self", true, scheme);
        fact(facts, "hub.correct", true, scheme);
        fact(facts, "hub.label", "hub(motto 10)v10#10", scheme);
        if (!unitBeyondObject) {
            // a field of another instance of the same class stays checked
            fact(facts, "sameId.otherHollowBefore", true, scheme);
            fact(facts, "sameId.faults", 1, scheme);
            fact(facts, "hub.faults", 1, scheme);
            fact(facts, "rename.faults", 1, scheme);
        }
        fact(facts, "rename.visible", true, scheme);
        // a write to this.f inside a method of the class is still noted by the write barrier
        fact(facts, "rename.persisted", "renamed", scheme);
        // a lambda body reading this.f runs as a method of the class after its object turned hollow again
        fact(facts, "lambda.value", "v7", scheme);
        fact(facts, "lambda.faults", facts.get("lambda.faultsExpected"), scheme);
        fact(facts, "lambda.weightReverted", true, scheme);
    }
}
