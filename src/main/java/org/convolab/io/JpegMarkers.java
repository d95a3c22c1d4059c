package org.convolab.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a JPEG file's markers say before any pixel is decoded: the frame type, sample precision and
 * components, the Adobe colour transform, whether the file ends (an EOI marker after the scans), and
 * the metadata segments an output keeps (EXIF and XMP in APP1, the ICC profile in APP2). Decides
 * which files a device codec may take (baseline or extended Huffman, 8-bit, three YCbCr components,
 * complete) and puts the kept segments into an encoder's output; reads and writes the ICC profile for
 * encoders that do not (TurboJPEG).
 */
public final class JpegMarkers {

    /**
     * The markers of one file.
     *
     * @param frame      the SOFn marker (0xC0 baseline, 0xC1 extended, 0xC2 progressive...), or -1
     * @param precision  bits a sample
     * @param width      pixels a row, from the frame header
     * @param height     rows, from the frame header
     * @param components colour components (1 grey, 3 YCbCr or RGB, 4 CMYK)
     * @param adobeTransform the Adobe APP14 transform (0 none: RGB or CMYK as stored; 1 YCbCr; 2 YCCK), or -1
     * @param complete   whether an EOI marker follows the scans (a cut file has none)
     * @param kept       the APP1 (EXIF, XMP) and APP2 (ICC) segments, marker and length included, in file order
     */
    public record Info(int frame, int precision, int width, int height, int components, int adobeTransform, boolean complete, List<byte[]> kept) {

        /**
         * Why a device JPEG codec should not take this file, or null when it may: the CPU codec reads
         * progressive, arithmetic, lossless, 12-bit, grey, CMYK and RGB-stored files, and refuses cut ones.
         */
        public String deviceRefusal() {
            if (frame != 0xC0 && frame != 0xC1) {
                return frame == 0xC2 ? "progressive" : "frame type " + Integer.toHexString(frame);
            }
            if (precision != 8) {
                return precision + "-bit samples";
            }
            if (components != 3) {
                return components + " components";
            }
            if (adobeTransform == 0) {
                return "RGB stored without a colour transform";
            }
            if (!complete) {
                return "no end-of-image marker";
            }
            return null;
        }
    }

    private JpegMarkers() {
    }

    /** True when the bytes start as a JPEG file does (SOI). */
    public static boolean isJpeg(byte[] data) {
        return isJpeg(data, data.length);
    }

    /** {@link #isJpeg(byte[])} of the first {@code length} bytes. */
    public static boolean isJpeg(byte[] data, int length) {
        return length >= 3 && (data[0] & 0xff) == 0xFF && (data[1] & 0xff) == 0xD8 && (data[2] & 0xff) == 0xFF;
    }

    /** Reads the markers up to the first scan, and looks for the end-of-image marker after it. */
    public static Info parse(byte[] data) {
        return parse(data, data.length);
    }

    /** {@link #parse(byte[])} of the first {@code length} bytes (a reused array may be longer). */
    public static Info parse(byte[] data, int length) {
        int frame = -1;
        int precision = 0;
        int width = 0;
        int height = 0;
        int components = 0;
        int adobe = -1;
        List<byte[]> kept = new ArrayList<>();
        int pos = 2;
        while (pos + 4 <= length) {
            if ((data[pos] & 0xff) != 0xFF) {
                break; // not a marker where one must be: a damaged header
            }
            int marker = data[pos + 1] & 0xff;
            if (marker == 0xFF) {
                pos++; // fill byte
                continue;
            }
            if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {
                pos += 2;
                continue;
            }
            int len = ((data[pos + 2] & 0xff) << 8) | (data[pos + 3] & 0xff);
            int end = pos + 2 + len;
            if (len < 2 || end > length) {
                break;
            }
            int body = pos + 4;
            if (marker == 0xDA) { // start of scan: the header is over
                return new Info(frame, precision, width, height, components, adobe, endsAfter(data, end, length), List.copyOf(kept));
            }
            if (isFrame(marker) && len >= 8) {
                frame = marker;
                precision = data[body] & 0xff;
                height = ((data[body + 1] & 0xff) << 8) | (data[body + 2] & 0xff);
                width = ((data[body + 3] & 0xff) << 8) | (data[body + 4] & 0xff);
                components = data[body + 5] & 0xff;
            } else if ((marker == 0xE1 && (startsWith(data, body, "Exif\0") || startsWith(data, body, "http://ns.adobe.com/xap/1.0/\0")))
                    || (marker == 0xE2 && startsWith(data, body, "ICC_PROFILE\0"))) {
                byte[] seg = new byte[end - pos];
                System.arraycopy(data, pos, seg, 0, seg.length);
                kept.add(seg);
            } else if (marker == 0xEE && len >= 14 && startsWith(data, body, "Adobe")) {
                adobe = data[body + 11] & 0xff;
            }
            pos = end;
        }
        return new Info(frame, precision, width, height, components, adobe, false, List.copyOf(kept));
    }

    /**
     * The encoded JPEG with the segments put in after its SOI and, where it has one, its JFIF APP0
     * segment (so the JFIF header stays first, then EXIF, XMP and the ICC profile).
     */
    public static byte[] withSegments(byte[] encoded, List<byte[]> segments) {
        if (segments.isEmpty()) {
            return encoded;
        }
        int at = segmentsAt(ByteBuffer.wrap(encoded));
        ByteArrayOutputStream out = new ByteArrayOutputStream(encoded.length + segments.stream().mapToInt(s -> s.length).sum());
        out.write(encoded, 0, at);
        for (byte[] s : segments) {
            out.write(s, 0, s.length);
        }
        out.write(encoded, at, encoded.length - at);
        return out.toByteArray();
    }

    /**
     * {@link #withSegments} without copying the encoded file: the parts to write one after the other (its start,
     * the segments, its rest), views of {@code encoded} (from its position to its limit) and of the segments.
     */
    public static ByteBuffer[] partsWithSegments(ByteBuffer encoded, List<byte[]> segments) {
        ByteBuffer file = encoded.slice();
        if (segments.isEmpty()) {
            return new ByteBuffer[] {file};
        }
        int at = segmentsAt(file);
        ByteBuffer[] parts = new ByteBuffer[segments.size() + 2];
        parts[0] = file.duplicate().limit(at);
        for (int k = 0; k < segments.size(); k++) {
            parts[k + 1] = ByteBuffer.wrap(segments.get(k));
        }
        parts[parts.length - 1] = file.duplicate().position(at);
        return parts;
    }

    /** Where segments go in an encoder's output (position 0 at its SOI): after the SOI, or after a JFIF APP0 right behind it. */
    private static int segmentsAt(ByteBuffer encoded) {
        if (encoded.remaining() > 6 && (encoded.get(2) & 0xff) == 0xFF && (encoded.get(3) & 0xff) == 0xE0) {
            return Math.min(encoded.remaining(), 4 + (((encoded.get(4) & 0xff) << 8) | (encoded.get(5) & 0xff)));
        }
        return 2;
    }

    private static final byte[] ICC_TAG = "ICC_PROFILE\0".getBytes(StandardCharsets.ISO_8859_1);
    /** An ICC chunk's most bytes: a segment's length field counts itself: 65535 - 2 - 12 (tag) - 2 (sequence, count). */
    static final int MAX_CHUNK = 65519;

    /**
     * The embedded ICC profile's bytes, chunks joined in their order; empty when there is none, or when its
     * chunks are not a whole numbered set (a reader ignores such a profile). TurboJPEG 2 neither reads nor
     * writes profiles, so its path does it here.
     */
    static Optional<byte[]> iccProfile(byte[] jpeg) {
        byte[][] chunks = null;
        for (byte[] seg : parse(jpeg).kept()) {
            int bodyLen = seg.length - 4;
            if ((seg[1] & 0xff) != 0xE2 || bodyLen <= ICC_TAG.length + 2) {
                continue;
            }
            int seq = seg[4 + ICC_TAG.length] & 0xff;
            int count = seg[4 + ICC_TAG.length + 1] & 0xff;
            if (count == 0 || seq == 0 || seq > count || (chunks != null && chunks.length != count)) {
                return Optional.empty();
            }
            if (chunks == null) {
                chunks = new byte[count][];
            }
            chunks[seq - 1] = Arrays.copyOfRange(seg, 4 + ICC_TAG.length + 2, seg.length);
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
     * Writes an encoder's JPEG with the profile's APP2 segments (ICC.1:2010 Annex B.4: chunks of at most
     * {@link #MAX_CHUNK} bytes, numbered from 1) put in as {@link #withSegments} puts segments; the bytes as
     * they are without one.
     */
    static void writeWithProfile(byte[] jpeg, Optional<byte[]> icc, OutputStream out) throws IOException {
        if (icc.isEmpty() || icc.get().length == 0) {
            out.write(jpeg);
            return;
        }
        byte[] p = icc.get();
        int count = (p.length + MAX_CHUNK - 1) / MAX_CHUNK;
        if (count > 255) {
            throw new IOException("the ICC profile is too large for a JPEG (" + p.length + " bytes)");
        }
        List<byte[]> segments = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            int from = k * MAX_CHUNK;
            int n = Math.min(MAX_CHUNK, p.length - from);
            int len = 2 + ICC_TAG.length + 2 + n;
            ByteArrayOutputStream seg = new ByteArrayOutputStream(len + 2);
            seg.write(new byte[] {(byte) 0xFF, (byte) 0xE2, (byte) (len >> 8), (byte) len}, 0, 4);
            seg.write(ICC_TAG, 0, ICC_TAG.length);
            seg.write(k + 1);
            seg.write(count);
            seg.write(p, from, n);
            segments.add(seg.toByteArray());
        }
        out.write(withSegments(jpeg, segments));
    }

    private static boolean isFrame(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }

    private static boolean startsWith(byte[] data, int at, String text) {
        byte[] t = text.getBytes(StandardCharsets.ISO_8859_1);
        if (at + t.length > data.length) {
            return false;
        }
        for (int i = 0; i < t.length; i++) {
            if (data[at + i] != t[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether an EOI (FF D9) comes after {@code from}: in entropy-coded data FF is always followed by 00 or a restart. */
    private static boolean endsAfter(byte[] data, int from, int length) {
        for (int i = length - 2; i >= from; i--) {
            if ((data[i] & 0xff) == 0xFF && (data[i + 1] & 0xff) == 0xD9) {
                return true;
            }
        }
        return false;
    }
}
