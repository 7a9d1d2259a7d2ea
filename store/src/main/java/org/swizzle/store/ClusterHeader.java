package org.swizzle.store;

import static org.swizzle.store.ClusterFileDescriptor.PAGE_SIZE;

import java.nio.file.Path;

import org.agrona.BitUtil;
import org.swizzle.StoreCorruptedException;

/**
 * The header page of a cluster file, checked: its fixed part must be intact for the file to be
 * read at all; each checkpoint slot is either a valid {@link Checkpoint} or has a problem, and
 * {@link CheckpointChoice} decides which slot counts.
 */
final class ClusterHeader {
    private final int clusterSize;
    private final Checkpoint[] slots = new Checkpoint[ClusterFileDescriptor.SLOT_COUNT];
    private final String[] problems = new String[ClusterFileDescriptor.SLOT_COUNT];
    private final boolean[] blank = new boolean[ClusterFileDescriptor.SLOT_COUNT];

    private ClusterHeader(int clusterSize) {
        this.clusterSize = clusterSize;
    }

    /**
     * Checks the first {@code read} bytes of {@code file}, in {@code page}: the fixed part as a
     * {@link FileHeader} (its CRC, then magic and format version), then page size, cluster size and
     * the zero bytes ({@link StoreCorruptedException}); the slots are checked but not judged.
     */
    static ClusterHeader read(Path file, LittleEndianBuffer page, int read, Checksums checksums) {
        ClusterFileDescriptor.HEADER.check(file, page, read, checksums);
        if (read < PAGE_SIZE) {
            throw new StoreCorruptedException(file, read, "header page is " + read + " bytes long, expected " + PAGE_SIZE);
        }
        int pageSize = ClusterFileDescriptor.pageSize(page);
        if (pageSize != PAGE_SIZE) {
            throw new StoreCorruptedException(file, ClusterFileDescriptor.PAGE_SIZE_OFFSET,
                "page size is " + pageSize + ", expected " + PAGE_SIZE);
        }
        int clusterSize = ClusterFileDescriptor.clusterSize(page);
        if (!BitUtil.isPowerOfTwo(clusterSize) || clusterSize < StoreConfig.MIN_CLUSTER_SIZE
            || clusterSize > StoreConfig.DEFAULT_REGION_SIZE) {
            throw new StoreCorruptedException(file, ClusterFileDescriptor.CLUSTER_SIZE_OFFSET,
                "cluster size is " + clusterSize + ", expected a power of two from " + StoreConfig.MIN_CLUSTER_SIZE
                    + " to " + StoreConfig.DEFAULT_REGION_SIZE);
        }
        checkZeros(file, page, ClusterFileDescriptor.FIXED_CRC_OFFSET + Integer.BYTES,
            ClusterFileDescriptor.FIRST_SLOT_OFFSET);
        checkZeros(file, page, ClusterFileDescriptor.HEADER_END, PAGE_SIZE);
        ClusterHeader header = new ClusterHeader(clusterSize);
        for (int slot = 0; slot < ClusterFileDescriptor.SLOT_COUNT; slot++) {
            header.readSlot(page, slot, checksums);
        }
        return header;
    }

    private static void checkZeros(Path file, LittleEndianBuffer page, int from, int to) {
        for (int i = from; i < to; i++) {
            if (page.getByte(i) != 0) {
                throw new StoreCorruptedException(file, i, "header byte " + i + " is " + Formats.hex(page.getByte(i) & 0xFF)
                    + ", expected 0 (bytes " + from + " to " + (to - 1) + " of the header page are zero)");
            }
        }
    }

    private void readSlot(LittleEndianBuffer page, int slot, Checksums checksums) {
        int index = ClusterFileDescriptor.slotOffset(slot);
        boolean zeros = true;
        for (int i = 0; i < ClusterFileDescriptor.SLOT_LENGTH; i++) {
            zeros &= page.getByte(index + i) == 0;
        }
        blank[slot] = zeros;
        int crc = checksums.of(page, index, ClusterFileDescriptor.SLOT_CRC_OFFSET);
        Checkpoint checkpoint = ClusterFileDescriptor.slot(page, index);
        if (zeros) {
            problems[slot] = "never written";
        } else if (crc != ClusterFileDescriptor.slotCrc(page, index)) {
            problems[slot] = "fails its checksum: CRC32C " + Formats.hex(crc) + ", slot says "
                + Formats.hex(ClusterFileDescriptor.slotCrc(page, index));
        } else {
            problems[slot] = invalidValues(checkpoint, slot);
            slots[slot] = problems[slot] == null ? checkpoint : null;
        }
    }

    private String invalidValues(Checkpoint checkpoint, int slot) {
        if (checkpoint.sequence() < 0 || checkpoint.slot() != slot) {
            return "holds checkpoint sequence " + checkpoint.sequence() + ", which belongs in slot "
                + Math.floorMod(checkpoint.sequence(), ClusterFileDescriptor.SLOT_COUNT);
        }
        if (checkpoint.nextOid() < Oids.FIRST_NEW_OID || checkpoint.lastCommit() < 0 || checkpoint.segments() < 0
            || checkpoint.segments() > SegmentDirectory.MAX_SEGMENTS
            || checkpoint.allocatedEnd() < clusterSize || checkpoint.allocatedEnd() % clusterSize != 0) {
            return "holds impossible values " + checkpoint;
        }
        return null;
    }

    int clusterSize() {
        return clusterSize;
    }

    /** The checkpoint in {@code slot}, or null if the slot is blank or damaged. */
    Checkpoint slot(int slot) {
        return slots[slot];
    }

    /** What is wrong with {@code slot}, or null if it holds a valid checkpoint. */
    String problem(int slot) {
        return problems[slot];
    }

    /** Whether {@code slot} is all zeros: never written, which is no damage. */
    boolean blank(int slot) {
        return blank[slot];
    }

    /** The file offset of {@code slot}. */
    static long offset(int slot) {
        return ClusterFileDescriptor.slotOffset(slot);
    }
}
