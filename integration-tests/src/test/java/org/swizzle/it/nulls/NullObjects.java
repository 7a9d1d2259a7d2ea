package org.swizzle.it.nulls;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/**
 * Reaches through a null {@link Link} each way a field can be used, and prints for each the method that the
 * {@code NullPointerException}'s first frame names and its message.
 */
public final class NullObjects {

    /** A persistent class with a field of each kind of accessor: a value, an array, a collection and a reference. */
    @Persistent
    public static class Link {
        int value;
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

    private static void report(Runnable access) {
        try {
            access.run();
            System.out.println("no exception");
        } catch (NullPointerException e) {
            System.out.println(e.getStackTrace()[0].getMethodName() + ": " + e.getMessage());
        }
    }
}
