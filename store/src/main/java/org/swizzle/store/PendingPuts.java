package org.swizzle.store;

import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.collections.Long2LongHashMap;

/**
 * What the open transaction has put, kept until it commits: encoded WAL records for existing
 * objects, whose place is known, and staged images of new and moved objects, which the commit
 * places. A second put of the same object replaces the first. Reused from one transaction to the
 * next, so a steady workload allocates nothing here.
 */
final class PendingPuts {
    /** How one put is kept. */
    enum Kind {
        /** WRITE records, or an in-place IMAGE record, in the records buffer. */
        RECORDS,
        /** The whole image of a new object, waiting for a place. */
        NEW_IMAGE,
        /** The whole image of an object that outgrew its space, waiting for a new place. */
        MOVED_IMAGE,
        /** Replaced by a later put of the same object. */
        REPLACED
    }

    /** One put of one object. */
    static final class Put {
        Kind kind;
        long oid;
        int classId;
        /** Start of its records (RECORDS) or its staged bytes (images). */
        int start;
        /** Length of its records (RECORDS) or its staged bytes (images). */
        int length;
        int records;
        int images;
        long payloadBytes;
        /** Bytes of the object's old space that this put leaves unused. */
        int deadBytes;
    }

    private static final long NONE = -1;

    private final ExpandableDirectByteBuffer records = new ExpandableDirectByteBuffer(4096);
    private final ExpandableDirectByteBuffer images = new ExpandableDirectByteBuffer(4096);
    private final Long2LongHashMap latest = new Long2LongHashMap(NONE);
    private Put[] puts = new Put[0];
    private int count;
    private int recordsEnd;
    private int imagesEnd;
    private int liveRecords;
    private long[] sortedImageOids = new long[16];

    void clear() {
        latest.clear();
        count = 0;
        recordsEnd = 0;
        imagesEnd = 0;
        liveRecords = 0;
    }

    /** Whether there is nothing to log: nothing put, or nothing changed. */
    boolean isEmpty() {
        return liveRecords == 0;
    }

    int count() {
        return count;
    }

    Put put(int index) {
        return puts[index];
    }

    DirectBuffer records() {
        return records;
    }

    DirectBuffer images() {
        return images;
    }

    /** Drops the earlier put of {@code oid} in this transaction, if any. */
    void forget(long oid) {
        long index = latest.remove(oid);
        if (index != NONE) {
            Put put = puts[(int) index];
            liveRecords -= put.records;
            put.kind = Kind.REPLACED;
        }
    }

    /** Starts the records of a put of an existing object; follow with appends, then {@link #endRecords()}. */
    void beginRecords(long oid, int deadBytes) {
        Put put = add(Kind.RECORDS, oid, 0, recordsEnd);
        put.deadBytes = deadBytes;
    }

    void appendWrite(long position, DirectBuffer src, int srcOffset, int length) {
        Put put = puts[count - 1];
        recordsEnd = WalDescriptor.putWrite(records, recordsEnd, put.oid, position, src, srcOffset, length);
        put.records++;
        put.payloadBytes += length;
    }

    void appendImage(int classId, long position, DirectBuffer src, int srcOffset, int length) {
        Put put = puts[count - 1];
        recordsEnd = WalDescriptor.putImage(records, recordsEnd, put.oid, classId, position, src, srcOffset, length);
        put.records++;
        put.images++;
        put.payloadBytes += length;
    }

    /** Ends the records begun by {@link #beginRecords}; a put that produced none is dropped. */
    void endRecords() {
        Put put = puts[count - 1];
        if (put.records == 0) {
            count--;
            return;
        }
        put.length = recordsEnd - put.start;
        remember(put);
    }

    /** Stages the whole image of a new or moved object. */
    void stageImage(long oid, int classId, DirectBuffer src, int srcOffset, int length, boolean moved, int deadBytes) {
        Put put = add(moved ? Kind.MOVED_IMAGE : Kind.NEW_IMAGE, oid, classId, imagesEnd);
        images.putBytes(imagesEnd, src, srcOffset, length);
        imagesEnd = WalDescriptor.align(imagesEnd + length);
        put.length = length;
        put.records = 1;
        put.images = 1;
        put.payloadBytes = length;
        put.deadBytes = deadBytes;
        remember(put);
    }

    /**
     * Sorts the OIDs of the live staged images, the order in which the commit places them; returns
     * how many there are (read them with {@link #sortedImageOid}).
     */
    int sortImageOids() {
        int n = 0;
        for (int i = 0; i < count; i++) {
            Kind kind = puts[i].kind;
            if (kind == Kind.NEW_IMAGE || kind == Kind.MOVED_IMAGE) {
                if (n == sortedImageOids.length) {
                    sortedImageOids = Arrays.copyOf(sortedImageOids, 2 * n);
                }
                sortedImageOids[n++] = puts[i].oid;
            }
        }
        Arrays.sort(sortedImageOids, 0, n);
        return n;
    }

    long sortedImageOid(int index) {
        return sortedImageOids[index];
    }

    /** The live put of {@code oid}. */
    Put latest(long oid) {
        return puts[(int) latest.get(oid)];
    }

    private Put add(Kind kind, long oid, int classId, int start) {
        if (count == puts.length) {
            puts = Arrays.copyOf(puts, Math.max(16, 2 * count));
        }
        Put put = puts[count];
        if (put == null) {
            put = new Put();
            puts[count] = put;
        }
        count++;
        put.kind = kind;
        put.oid = oid;
        put.classId = classId;
        put.start = start;
        put.length = 0;
        put.records = 0;
        put.images = 0;
        put.payloadBytes = 0;
        put.deadBytes = 0;
        return put;
    }

    private void remember(Put put) {
        latest.put(put.oid, count - 1);
        liveRecords += put.records;
    }
}
