package org.convolab.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * The ICC profile of a JPEG file, which TurboJPEG 2 neither reads nor writes: taken from the APP2
 * "ICC_PROFILE" segments before the first scan, and written back as such segments after the encoder's
 * JFIF segment (ICC.1:2010 Annex B.4: chunks of at most 65519 bytes, numbered from 1).
 */
final class JpegMarkers {

    private static final byte[] ICC_TAG = "ICC_PROFILE\0".getBytes(StandardCharsets.ISO_8859_1);
    private static final int APP0 = 0xE0;
    private static final int APP2 = 0xE2;
    private static final int SOS = 0xDA;
    private static final int EOI = 0xD9;
    /** A segment's length field counts itself: 65535 - 2 - 12 (tag) - 2 (sequence, count). */
    static final int MAX_CHUNK = 65519;

    private JpegMarkers() {
    }

    /** True when the bytes start as a JPEG does (SOI, then a marker). */
    static boolean isJpeg(byte[] head) {
        return head.length >= 3 && (head[0] & 0xff) == 0xFF && (head[1] & 0xff) == 0xD8 && (head[2] & 0xff) == 0xFF;
    }

    /**
     * The embedded ICC profile's bytes, chunks joined in their order; empty when there is none, or when its
     * chunks are not a whole numbered set (a reader ignores such a profile).
     */
    static Optional<byte[]> iccProfile(byte[] jpeg) {
        byte[][] chunks = null;
        int i = 2;
        while (i + 4 <= jpeg.length) {
            if ((jpeg[i] & 0xff) != 0xFF) {
                break; // not at a marker: stop looking
            }
            int marker = jpeg[i + 1] & 0xff;
            if (marker == 0xFF) {
                i++; // fill byte
                continue;
            }
            if (marker == SOS || marker == EOI) {
                break;
            }
            int len = ((jpeg[i + 2] & 0xff) << 8) | (jpeg[i + 3] & 0xff);
            if (len < 2 || i + 2 + len > jpeg.length) {
                break;
            }
            int body = i + 4;
            int bodyLen = len - 2;
            if (marker == APP2 && bodyLen > ICC_TAG.length + 2
                    && Arrays.equals(jpeg, body, body + ICC_TAG.length, ICC_TAG, 0, ICC_TAG.length)) {
                int seq = jpeg[body + ICC_TAG.length] & 0xff;
                int count = jpeg[body + ICC_TAG.length + 1] & 0xff;
                if (count == 0 || seq == 0 || seq > count || (chunks != null && chunks.length != count)) {
                    return Optional.empty();
                }
                if (chunks == null) {
                    chunks = new byte[count][];
                }
                int from = body + ICC_TAG.length + 2;
                chunks[seq - 1] = Arrays.copyOfRange(jpeg, from, body + bodyLen);
            }
            i += 2 + len;
        }
        if (chunks == null) {
            return Optional.empty();
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] c : chunks) {
            if (c == null) {
                return Optional.empty();
            }
            all.write(c, 0, c.length);
        }
        return Optional.of(all.toByteArray());
    }

    /**
     * Writes an encoder's JPEG with the profile's APP2 segments put in after SOI and the JFIF APP0 segment
     * that follows it (where an encoder that writes profiles puts them); the bytes as they are without one.
     */
    static void writeWithProfile(byte[] jpeg, Optional<byte[]> icc, OutputStream out) throws IOException {
        if (icc.isEmpty() || icc.get().length == 0) {
            out.write(jpeg);
            return;
        }
        int at = 2;
        if (jpeg.length > 6 && (jpeg[2] & 0xff) == 0xFF && (jpeg[3] & 0xff) == APP0) {
            at = 4 + (((jpeg[4] & 0xff) << 8) | (jpeg[5] & 0xff));
        }
        out.write(jpeg, 0, at);
        byte[] p = icc.get();
        int count = (p.length + MAX_CHUNK - 1) / MAX_CHUNK;
        if (count > 255) {
            throw new IOException("the ICC profile is too large for a JPEG (" + p.length + " bytes)");
        }
        for (int k = 0; k < count; k++) {
            int from = k * MAX_CHUNK;
            int n = Math.min(MAX_CHUNK, p.length - from);
            int len = 2 + ICC_TAG.length + 2 + n;
            out.write(new byte[] {(byte) 0xFF, (byte) APP2, (byte) (len >> 8), (byte) len});
            out.write(ICC_TAG);
            out.write(k + 1);
            out.write(count);
            out.write(p, from, n);
        }
        out.write(jpeg, at, jpeg.length - at);
    }
}
