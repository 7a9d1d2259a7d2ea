package org.swizzle.store;

import java.io.PrintStream;


/** Bytes as the classic hex dump: offset, 16 bytes in hex, the same as ASCII. */
final class HexDump {
    private static final int PER_LINE = 16;

    private HexDump() {
    }

    static void print(LittleEndianBuffer bytes, PrintStream out) {
        StringBuilder line = new StringBuilder(80);
        for (int start = 0; start < bytes.capacity(); start += PER_LINE) {
            line.setLength(0);
            line.append(String.format("%08x ", start));
            int end = Math.min(start + PER_LINE, bytes.capacity());
            for (int i = start; i < start + PER_LINE; i++) {
                line.append(i == start + PER_LINE / 2 ? "  " : " ");
                line.append(i < end ? String.format("%02x", bytes.getByte(i) & 0xFF) : "  ");
            }
            line.append("  |");
            for (int i = start; i < end; i++) {
                int b = bytes.getByte(i) & 0xFF;
                line.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
            }
            out.println(line.append('|'));
        }
    }
}
