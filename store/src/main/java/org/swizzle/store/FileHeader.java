package org.swizzle.store;

import java.nio.file.Path;

import org.swizzle.StoreCorruptedException;
import org.swizzle.StoreFormatException;

/**
 * The outer layout that the header of every store file keeps in every format version, so that a
 * reader of any version can tell damage from a newer format: the 8-byte magic at offset 0, the
 * format version (4 bytes) at offset 8, and at a fixed offset per file (this header's
 * {@code crcOffset}) the CRC32C of bytes 0 to {@code crcOffset - 1}. A newer format may change
 * everything else, but not these three places.
 *
 * <p>The CRC is checked before the magic and the version are judged: a header that fails it is
 * damaged ({@link StoreCorruptedException}), and only an intact header is taken at its word, as a
 * file of another kind or of a newer format ({@link StoreFormatException}). A magic that differs
 * while the CRC of the header with the expected magic matches is damage to the magic alone, and a magic
 * of zeros is damage too.
 */
final class FileHeader {
    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;

    private final long magic;
    private final String kind;
    private final int crcOffset;
    private final int version;

    /**
     * @param magic     the file kind's magic, little-endian
     * @param kind      the file kind, as messages name it ("write-ahead log")
     * @param crcOffset where the CRC32C of the bytes before it lies
     * @param version   the format version this Swizzle reads and writes
     */
    FileHeader(long magic, String kind, int crcOffset, int version) {
        this.magic = magic;
        this.kind = kind;
        this.crcOffset = crcOffset;
        this.version = version;
    }

    /** The file kind, as messages name it. */
    String kind() {
        return kind;
    }

    /** The bytes that the checked part of the header takes: up to the end of its CRC. */
    int length() {
        return crcOffset + Integer.BYTES;
    }

    /**
     * Checks the header in the first {@code read} bytes of {@code header}: that it is all there,
     * its CRC, its magic, then its version.
     *
     * @throws StoreFormatException    the file is not of this kind, or an intact header of another format version
     * @throws StoreCorruptedException the header is cut short or fails its checksum
     */
    void check(Path file, LittleEndianBuffer header, int read, Checksums checksums) {
        check(file, header, read, checksums, version);
    }

    /**
     * Checks the header as {@link #check(Path, LittleEndianBuffer, int, Checksums)} does, but also takes
     * format versions from {@code oldest} up, for the caller to upgrade; returns the version found.
     */
    int check(Path file, LittleEndianBuffer header, int read, Checksums checksums, int oldest) {
        if (read < length()) {
            if (!magicPrefixMatches(header, read)) {
                throw notOfThisKind(file, header, read);
            }
            throw new StoreCorruptedException(file, read, "the " + kind + " is " + read + " bytes long, shorter than its "
                + length() + "-byte header");
        }
        int stored = header.getInt(crcOffset);
        int crc = checksums.of(header, 0, crcOffset);
        boolean magicMatches = header.getLong(MAGIC_OFFSET) == magic;
        if (crc != stored) {
            if (magicMatches) {
                throw new StoreCorruptedException(file, crcOffset, "the " + kind + " header fails its checksum: CRC32C "
                    + Formats.hex(crc) + ", header says " + Formats.hex(stored));
            }
            if (crcWithExpectedMagic(header, checksums) == stored) {
                throw new StoreCorruptedException(file, MAGIC_OFFSET, "the magic of the " + kind + " is damaged: its"
                    + " first bytes are " + hex(header, Long.BYTES) + ", expected \"" + Ascii.text(magic)
                    + "\" (the rest of the header matches its checksum)");
            }
            throw notOfThisKind(file, header, read);
        }
        if (!magicMatches) {
            throw notOfThisKindAtAll(file, header, read); // an intact header of another kind, whatever its magic
        }
        int found = header.getInt(VERSION_OFFSET);
        if (found < oldest || found > version) {
            throw Formats.unsupportedVersion(file, VERSION_OFFSET, found, version);
        }
        return found;
    }

    private boolean magicPrefixMatches(LittleEndianBuffer header, int read) {
        for (int i = 0; i < Math.min(read, Long.BYTES); i++) {
            if (header.getByte(MAGIC_OFFSET + i) != (byte) (magic >>> (8 * i))) {
                return false;
            }
        }
        return true;
    }

    private int crcWithExpectedMagic(LittleEndianBuffer header, Checksums checksums) {
        LittleEndianBuffer copy = LittleEndianBuffer.of(new byte[crcOffset]);
        header.getBytes(0, copy, 0, crcOffset);
        copy.putLong(MAGIC_OFFSET, magic);
        return checksums.of(copy, 0, crcOffset);
    }

    /**
     * A file whose header fails its checksum or is cut short, and whose magic is not this kind's: of another kind, or, if
     * its magic is zeros (no file starts so, a write of zeros over a store file does), damaged.
     */
    private RuntimeException notOfThisKind(Path file, LittleEndianBuffer header, int read) {
        if (read > 0 && isZero(header, Math.min(read, Long.BYTES))) {
            return new StoreCorruptedException(file, MAGIC_OFFSET, "the header of the " + kind + " is zeros where its"
                + " magic \"" + Ascii.text(magic) + "\" should be: the start of the file was overwritten");
        }
        return notOfThisKindAtAll(file, header, read);
    }

    private static boolean isZero(LittleEndianBuffer buffer, int length) {
        for (int i = 0; i < length; i++) {
            if (buffer.getByte(i) != 0) {
                return false;
            }
        }
        return true;
    }

    private StoreFormatException notOfThisKindAtAll(Path file, LittleEndianBuffer header, int read) {
        return new StoreFormatException(file + " is not a Swizzle " + kind + ": its first bytes are "
            + hex(header, Math.min(read, Long.BYTES)) + ", expected the magic \"" + Ascii.text(magic)
            + "\" and a header that matches its checksum. Open the directory of a Swizzle store.");
    }

    /** The first {@code length} bytes of {@code buffer} in hex, as messages show the start of a file. */
    static String hex(LittleEndianBuffer buffer, int length) {
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < length; i++) {
            hex.append(String.format("%02x", buffer.getByte(i) & 0xFF));
        }
        return hex.toString();
    }
}
