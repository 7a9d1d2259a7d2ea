package org.swizzle.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;


/**
 * Builds a WAL block field by field, for tests that need a block no commit writes: well-formed
 * records in any combination, or malformed ones. Fields go in the order {@link WalDescriptor} lays
 * them out; {@link #end} pads the block and writes its header and CRC.
 */
final class TestBlocks {
    private final LittleEndianBuffer block = LittleEndianBuffer.growableDirect(256);
    private int index = WalDescriptor.BLOCK_HEADER_LENGTH;

    /** Where the next field goes, from the start of the block: a record's index, taken before it is written. */
    int index() {
        return index;
    }

    TestBlocks varint(long value) {
        index = Varints.put(block, index, value);
        return this;
    }

    TestBlocks crc(int crc) {
        block.putInt(index, crc);
        index += WalDescriptor.CRC_LENGTH;
        return this;
    }

    TestBlocks bytes(byte... bytes) {
        block.putBytes(index, bytes);
        index += bytes.length;
        return this;
    }

    TestBlocks segment(long segment, long table) {
        index = WalDescriptor.putSegment(block, index, segment, table);
        return this;
    }

    TestBlocks image(long oidDelta, int classId, long position, byte[] bytes) {
        LittleEndianBuffer src = LittleEndianBuffer.of(bytes);
        index = WalDescriptor.putImage(block, index, oidDelta, classId, new Checksums().of(src, 0, bytes.length),
            position, src, 0, bytes.length);
        return this;
    }

    /** A PATCH with one range of {@code bytes} at {@code offset} of the object, whose new bytes have checksum {@code crc}. */
    TestBlocks patch(long oidDelta, int crc, int offset, byte[] bytes) {
        index = WalDescriptor.putPatchHeader(block, index, oidDelta, crc, 1);
        index = WalDescriptor.putRange(block, index, offset, LittleEndianBuffer.of(bytes), 0, bytes.length);
        return this;
    }

    /**
     * A SPLICE of object {@code oidDelta} from {@code oldLength} bytes at {@code oldPosition} to {@code newLength}
     * at {@code newPosition}, keeping the last {@code suffix}, with one range of {@code bytes} at {@code offset},
     * whose new bytes have checksum {@code crc}.
     */
    TestBlocks splice(long oidDelta, int crc, long oldPosition, int oldLength, long newPosition, int newLength, int suffix,
        int offset, byte[] bytes) {
        index = WalDescriptor.putSpliceHeader(block, index, oidDelta, 1, crc, oldPosition, oldLength, newPosition,
            newLength, suffix, 1);
        index = WalDescriptor.putRange(block, index, offset, LittleEndianBuffer.of(bytes), 0, bytes.length);
        return this;
    }

    TestBlocks allocator(long nextOid, long allocatedEnd) {
        index = WalDescriptor.putAllocator(block, index, nextOid, allocatedEnd);
        return this;
    }

    TestBlocks free(long oidDelta) {
        index = WalDescriptor.putFree(block, index, oidDelta);
        return this;
    }

    /** Pads the block, writes its header and CRC; returns its bytes. */
    byte[] end(long commit, long epoch) {
        return end(commit, epoch, WalDescriptor.FORMAT_VERSION);
    }

    /** Pads the block, writes its header, naming format version {@code version}, and CRC; returns its bytes. */
    byte[] end(long commit, long epoch, int version) {
        int length = WalDescriptor.pad(block, index);
        WalDescriptor.putBlockHeader(block, length, commit, epoch);
        block.putInt(WalDescriptor.VERSION_OFFSET, version);
        WalDescriptor.putCrc(block, new Checksums().of(block, WalDescriptor.CRC_START, length - WalDescriptor.CRC_START));
        byte[] bytes = new byte[length];
        block.getBytes(0, bytes);
        return bytes;
    }

    /** Appends {@code block} to the WAL of {@code store}; returns its offset there. */
    static long append(Path store, byte[] block) throws IOException {
        return StoreDirs.appendToLog(store.resolve(StoreDirs.WAL), block);
    }

    /** The epoch in the header of the WAL of {@code store}: the checkpoint a block appended there must follow. */
    static long epoch(Path store) throws IOException {
        byte[] header = Files.readAllBytes(store.resolve(StoreDirs.WAL));
        return LittleEndianBuffer.of(ByteBuffer.wrap(header)).getLong(WalDescriptor.EPOCH_OFFSET);
    }
}
