package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class IndexMarkersTest {

    @Test
    void shouldDescribeEachStateAMarkerRecordsInWords() {
        assertEquals("up to date with commit 12 (objects of com.example.Part)",
            IndexMarkers.describe("12 clean com.example.Part store 5f3a 4096 9c1e"));
        assertEquals("open at commit 7 (in use, or its process ended without closing it)", IndexMarkers.describe("7 open"));
        assertEquals("without a marker", IndexMarkers.describe(null));
        assertEquals("marked \"\uFFFD open\", which names no commit", IndexMarkers.describe("\uFFFD open"));
        assertEquals("at commit 3, marked \"3 rebuilding\"", IndexMarkers.describe("3 rebuilding"));
        assertEquals("at commit 12, marked \"12\"", IndexMarkers.describe("12"));
    }
}
