package org.swizzle.it.nulls;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/**
 * Reaches through a null {@link Link} each way a field can be used, and prints for each the method that the
 * {@code NullPointerException}'s first frame names and its message.
 */
public final class NullObjects {

    /** A persistent class with a field of each kind of accessor: values, an array, a collection and a reference. */
    @Persistent
    public static class Link {
        int value;
        long big;
        int[] values = new int[1];
        List<String> names = new ArrayList<>();
        Link next;
    }

    private NullObjects() {
    }

    public static void main(String[] args) {
        Link link = new Link();
        report(() -> readValue(link));
        report(() -> assignValue(link));
        report(() -> readElement(link));
        report(() -> assignElement(link));
        report(() -> readNames(link));
        report(() -> assignNext(link));
        report(() -> assignBig(link));
        report(() -> sumValues(link));
        report(() -> assignFreshValues(link));
        // thrown often from one place: C2 may then throw a preallocated exception without a trace (not checked here)
        NullPointerException last = null;
        for (int i = 0; i < 200_000; i++) {
            try {
                readValue(link);
            } catch (NullPointerException e) {
                last = e;
            }
        }
        System.out.println("repeated " + last.getStackTrace()[0].getMethodName() + ": " + last.getMessage());
    }

    private static int readValue(Link link) {
        return link.next.value;
    }

    private static void assignValue(Link link) {
        link.next.value = 1;
    }

    private static int readElement(Link link) {
        return link.next.values[0];
    }

    private static void assignElement(Link link) {
        link.next.values[0] = 1;
    }

    private static int readNames(Link link) {
        return link.next.names.size();
    }

    private static void assignNext(Link link) {
        link.next.next = link;
    }

    private static void assignBig(Link link) {
        link.next.big = 1L << 40;
    }

    private static int sumValues(Link link) {
        int[] values = link.next.values;
        int sum = 0;
        for (int value : values) {
            sum += value;
        }
        values[0] = sum;
        return sum;
    }

    private static void assignFreshValues(Link link) {
        link.next.values = new int[2];
    }

    private static void report(Runnable access) {
        try {
            access.run();
            System.out.println("no exception");
        } catch (NullPointerException e) {
            System.out.println(e.getStackTrace()[0].getMethodName() + ": " + e.getMessage());
        }
    }
}
