package org.convolab.io;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** PNG files built chunk by chunk, for tests of what the encoders would never write (bombs, colour keys, lies). */
public final class PngBytes {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private PngBytes() {
    }

    /** A PNG starting with its signature and IHDR (no interlace). */
    public static PngBytes start(int w, int h, int bitDepth, int colourType) {
        PngBytes p = new PngBytes();
        p.out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        p.chunk("IHDR", ByteBuffer.allocate(13).putInt(w).putInt(h).put((byte) bitDepth).put((byte) colourType)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        return p;
    }

    /** Appends a chunk with its length and CRC. */
    public PngBytes chunk(String type, byte[] data) {
        byte[] t = type.getBytes(StandardCharsets.ISO_8859_1);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(t);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        return this;
    }

    /** Appends IDAT with the rows (each starting with its filter byte) deflated, and IEND. */
    public byte[] end(byte[] filteredRows) {
        chunk("IDAT", deflate(filteredRows));
        chunk("IEND", new byte[0]);
        return out.toByteArray();
    }

    /** {@code prefix} followed by {@code n} zero bytes deflated (a few hundred KB for hundreds of MB). */
    public static byte[] zerosDeflated(byte[] prefix, long n) {
        Deflater d = new Deflater(9);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(prefix);
        byte[] zeros = new byte[1 << 20];
        byte[] buf = new byte[1 << 16];
        for (long left = n; left > 0; left -= zeros.length) {
            d.setInput(zeros, 0, (int) Math.min(zeros.length, left));
            while (!d.needsInput()) {
                b.write(buf, 0, d.deflate(buf));
            }
        }
        d.finish();
        while (!d.finished()) {
            b.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return b.toByteArray();
    }

    /** The bytes deflated whole. */
    public static byte[] deflate(byte[] data) {
        Deflater d = new Deflater();
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) {
            b.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return b.toByteArray();
    }
}
