package org.convolab.io;

import com.twelvemonkeys.imageio.metadata.Directory;
import com.twelvemonkeys.imageio.metadata.Entry;
import com.twelvemonkeys.imageio.metadata.jpeg.JPEG;
import com.twelvemonkeys.imageio.metadata.jpeg.JPEGSegment;
import com.twelvemonkeys.imageio.metadata.jpeg.JPEGSegmentUtil;
import com.twelvemonkeys.imageio.metadata.tiff.TIFF;
import com.twelvemonkeys.imageio.metadata.tiff.TIFFReader;
import com.twelvemonkeys.imageio.stream.ByteArrayImageInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.imageio.stream.FileImageInputStream;
import javax.imageio.stream.ImageInputStream;

/**
 * The EXIF of an input file that outputs keep, as libvips and ImageMagick keep it: the orientation (1 to 8, 1
 * when the file says nothing), and for a JPEG its whole EXIF block (the TIFF structure of its APP1 segment), which
 * a JPEG output carries on byte for byte, its Orientation patched where the pixels were turned upright. Read with
 * TwelveMonkeys' metadata module (already there for the JPEG and TIFF readers).
 *
 * @param orientation the EXIF orientation: 1 upright, 6 to be turned 90 degrees clockwise, ...
 * @param tiff        a JPEG's EXIF block, without the "Exif\0\0" that starts its APP1 segment, or empty
 */
public record Exif(int orientation, Optional<byte[]> tiff) {

    /** No EXIF: upright, nothing to carry. */
    public static final Exif NONE = new Exif(1, Optional.empty());

    /** The most a JPEG APP1 segment holds after its "Exif\0\0" and length. */
    private static final int MAX_APP1_TIFF = 65533 - 6;

    public Exif {
        if (orientation < 1 || orientation > 8) {
            orientation = 1; // a value outside the standard's is ignored, as viewers do
        }
    }

    /** Whether the pixels must be turned or mirrored to be shown upright. */
    public boolean turned() {
        return orientation != 1;
    }

    /**
     * The EXIF of a JPEG or TIFF file; {@link #NONE} for other formats, a file without EXIF or EXIF that cannot be
     * read (metadata never stops a filter).
     */
    public static Exif read(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(4);
        } catch (IOException e) {
            return NONE;
        }
        try (ImageInputStream in = new FileImageInputStream(file.toFile())) {
            if (head.length >= 2 && (head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xd8) {
                List<JPEGSegment> app1 = JPEGSegmentUtil.readSegments(in, JPEG.APP1, "Exif");
                for (JPEGSegment s : app1) {
                    byte[] data = s.segmentData().readAllBytes();
                    if (data.length > 6) {
                        byte[] tiff = Arrays.copyOfRange(data, 6, data.length);
                        return new Exif(orientationOf(new TIFFReader().read(new ByteArrayImageInputStream(tiff))),
                                Optional.of(tiff));
                    }
                }
                return NONE;
            }
            boolean tiffFile = head.length == 4 && ((head[0] == 'I' && head[1] == 'I') || (head[0] == 'M' && head[1] == 'M'));
            return tiffFile ? new Exif(orientationOf(new TIFFReader().read(in)), Optional.empty()) : NONE;
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    private static int orientationOf(Directory dir) {
        Entry e = dir.getEntryById(TIFF.TAG_ORIENTATION);
        return e != null && e.getValue() instanceof Number n ? n.intValue() : 1;
    }

    /** This EXIF with another orientation (1 once the pixels are turned upright). */
    public Exif withOrientation(int o) {
        return new Exif(o, tiff);
    }

    /**
     * The EXIF block a JPEG output's APP1 segment carries: the input's with its Orientation tag set to {@link
     * #orientation} (patched in place, nothing else moves), or, for an input without one, a block of that tag
     * alone; empty when there is nothing to say (upright, no EXIF) or the block would not fit in a segment.
     */
    public Optional<byte[]> app1Tiff() {
        if (tiff.isPresent()) {
            byte[] b = tiff.get().clone();
            patchOrientation(b, orientation);
            return b.length <= MAX_APP1_TIFF ? Optional.of(b) : Optional.empty();
        }
        if (orientation == 1) {
            return Optional.empty();
        }
        // big-endian TIFF header, IFD0 at 8 with one entry (Orientation, SHORT, 1), no next IFD
        return Optional.of(ByteBuffer.allocate(26).put((byte) 'M').put((byte) 'M').putShort((short) 42).putInt(8)
                .putShort((short) 1).putShort((short) TIFF.TAG_ORIENTATION).putShort((short) TIFF.TYPE_SHORT).putInt(1)
                .putShort((short) orientation).putShort((short) 0).putInt(0).array());
    }

    /** Sets IFD0's Orientation (when it has one) to {@code o}; a block it cannot walk is left as it is. */
    private static void patchOrientation(byte[] tiff, int o) {
        if (tiff.length < 8) {
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(tiff).order(tiff[0] == 'I' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        long ifd = Integer.toUnsignedLong(b.getInt(4));
        if (ifd + 2 > tiff.length) {
            return;
        }
        int entries = b.getShort((int) ifd) & 0xffff;
        for (int i = 0; i < entries; i++) {
            int at = (int) ifd + 2 + 12 * i;
            if (at + 12 > tiff.length) {
                return;
            }
            if ((b.getShort(at) & 0xffff) == TIFF.TAG_ORIENTATION && (b.getShort(at + 2) & 0xffff) == TIFF.TYPE_SHORT) {
                b.putShort(at + 8, (short) o);
                return;
            }
        }
    }
}
