package org.swizzle.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Objects written by one JVM are read back, identical, by another. */
class RoundTripTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"allTypes", "graph", "polymorphism", "big", "many"})
    void shouldReadInANewJvmWhatAnotherJvmCommitted(String scenario) {
        Jvm.withAgent().run(RoundTrip.class, "write", dir.toString(), scenario).ok();
        String output = Jvm.withAgent().run(RoundTrip.class, "verify", dir.toString(), scenario).ok().output;
        assertTrue(output.contains("VERIFIED verify " + scenario), output);
    }

    @ParameterizedTest
    @ValueSource(strings = {"graph", "big", "many"})
    void shouldReadInANewJvmTheUpdatesOfAThird(String scenario) {
        Jvm.withAgent().run(RoundTrip.class, "write", dir.toString(), scenario).ok();
        Jvm.withAgent().run(RoundTrip.class, "update", dir.toString(), scenario).ok();
        String output = Jvm.withAgent().run(RoundTrip.class, "verify", dir.toString(), scenario, "updated").ok().output;
        assertTrue(output.contains("VERIFIED verify " + scenario), output);
    }

    @ParameterizedTest
    @ValueSource(strings = {"barrier=card,card=16", "swizzle=node,barrier=remset,card=512,checks=access,fault=object"})
    void shouldCommitUpdatesUnderEveryImplementedOption(String options) {
        commitUpdatesUnder(options);
    }

    /** The same under the other barrier and card size, with the extended tests (about 10 s each). */
    @Tag("extended")
    @ParameterizedTest
    @ValueSource(strings = {"barrier=none", "barrier=card,card=4096"})
    void shouldCommitUpdatesUnderTheOtherOptions(String options) {
        commitUpdatesUnder(options);
    }

    private void commitUpdatesUnder(String options) {
        for (String scenario : new String[] {"graph", "big"}) {
            Path store = dir.resolve(scenario);
            Jvm.withAgent(options).run(RoundTrip.class, "write", store.toString(), scenario).ok();
            Jvm.withAgent(options).run(RoundTrip.class, "update", store.toString(), scenario).ok();
            String output = Jvm.withAgent(options).run(RoundTrip.class, "verify", store.toString(), scenario, "updated").ok().output;
            assertTrue(output.contains("VERIFIED verify " + scenario), options + ": " + output);
        }
    }
}
