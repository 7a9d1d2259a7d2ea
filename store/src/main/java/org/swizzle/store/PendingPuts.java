package org.swizzle.store;

import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.collections.Long2LongHashMap;

/**
 * What the open transaction has put, kept until it commits: encoded PATCH records for existing
 * objects of unchanged length and class id, whose place is known, and staged images of new and
 * resized objects, which the commit places. A second put of the same object replaces the first.
 * Reused from one transaction to the next, so a steady workload allocates nothing here.
 */
final class PendingPuts {
    /** How one put is kept. */
    enum Kind {
        /** A PATCH record, in the records buffer. */
        PATCH,
        /** The whole image of a new object, waiting for a place. */
        NEW_IMAGE,
        /** The whole image of an existing object whose length or class id changed, waiting for a place. */
        RESIZED_IMAGE,
        /** Replaced by a later put of the same object. */
        REPLACED
    }

    /** One put of one object. */
    static final class Put {
        Kind kind;
        long oid;
        int classId;
        int crc;
        /** Start of its record (PATCH) or its staged bytes (images). */
        int start;
        /** Length of its record (PATCH) or its staged bytes (images). */
        int length;
        int ranges;
        long payloadBytes;
        /** Where a resized object is now, and its length there. */
        long oldOffset;
        int oldLength;
    }

    private static final long NONE = -1;

    private final ExpandableDirectByteBuffer records = new ExpandableDirectByteBuffer(4096);
    private final ExpandableDirectByteBuffer images = new ExpandableDirectByteBuffer(4096);
    private final Long2LongHashMap latest = new Long2LongHashMap(NONE);
    private Put[] puts = new Put[0];
    private int count;
    private int recordsEnd;
    private int imagesEnd;
    private int live;
    private long[] sortedImageOids = new long[16];

    void clear() {
        latest.clear();
        count = 0;
        recordsEnd = 0;
        imagesEnd = 0;
        live = 0;
    }

    /** Whether there is nothing to log: nothing put, or nothing changed. */
    boolean isEmpty() {
        return live == 0;
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

    ExpandableDirectByteBuffer images() {
        return images;
    }

    /** Drops the earlier put of {@code oid} in this transaction, if any. */
    void forget(long oid) {
        long index = latest.remove(oid);
        if (index != NONE) {
            puts[(int) index].kind = Kind.REPLACED;
            live--;
        }
    }

    /** Starts the PATCH record of an existing object; follow with {@link #appendRange}s, then {@link #endPatch}. */
    void beginPatch(long oid, int classId) {
        Put put = add(Kind.PATCH, oid, classId, recordsEnd);
        recordsEnd += WalDescriptor.PATCH_HEADER_LENGTH;
        records.checkLimit(recordsEnd);
        put.length = WalDescriptor.PATCH_HEADER_LENGTH;
    }

    /** Adds the {@code length} changed bytes at {@code offsetInObject} to the PATCH begun last. */
    void appendRange(int offsetInObject, DirectBuffer src, int srcOffset, int length) {
        Put put = puts[count - 1];
        recordsEnd = WalDescriptor.putRange(records, recordsEnd, offsetInObject, src, srcOffset, length);
        put.ranges++;
        put.payloadBytes += length;
    }

    /** Ends the PATCH begun last: the object, now {@code objectLength} bytes at {@code position}, has checksum {@code crc}. */
    void endPatch(long position, int objectLength, int crc) {
        Put put = puts[count - 1];
        put.length = recordsEnd - put.start;
        put.crc = crc;
        WalDescriptor.putPatchHeader(records, put.start, put.oid, position, objectLength, put.classId, crc, put.ranges,
            put.length - WalDescriptor.PATCH_HEADER_LENGTH);
        remember(put);
    }

    /** Stages the whole image of a new object. */
    void stageNew(long oid, int classId, DirectBuffer src, int srcOffset, int length, int crc) {
        stage(Kind.NEW_IMAGE, oid, classId, src, srcOffset, length, crc);
    }

    /** Stages the whole image of an existing object, now {@code oldLength} bytes at {@code oldOffset}. */
    void stageResized(long oid, int classId, DirectBuffer src, int srcOffset, int length, int crc, long oldOffset,
        int oldLength) {
        Put put = stage(Kind.RESIZED_IMAGE, oid, classId, src, srcOffset, length, crc);
        put.oldOffset = oldOffset;
        put.oldLength = oldLength;
    }

    private Put stage(Kind kind, long oid, int classId, DirectBuffer src, int srcOffset, int length, int crc) {
        Put put = add(kind, oid, classId, imagesEnd);
        images.putBytes(imagesEnd, src, srcOffset, length);
        imagesEnd = WalDescriptor.align(imagesEnd + length);
        put.length = length;
        put.crc = crc;
        put.payloadBytes = length;
        remember(put);
        return put;
    }

    /**
     * Sorts the OIDs of the live staged images, the order in which the commit places them; returns
     * how many there are (read them with {@link #sortedImageOid}).
     */
    int sortImageOids() {
        int n = 0;
        for (int i = 0; i < count; i++) {
            Kind kind = puts[i].kind;
            if (kind == Kind.NEW_IMAGE || kind == Kind.RESIZED_IMAGE) {
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
        put.crc = 0;
        put.start = start;
        put.length = 0;
        put.ranges = 0;
        put.payloadBytes = 0;
        put.oldOffset = 0;
        put.oldLength = 0;
        return put;
    }

    private void remember(Put put) {
        latest.put(put.oid, count - 1);
        live++;
    }
}
