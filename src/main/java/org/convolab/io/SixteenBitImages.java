package org.convolab.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;

/**
 * Reads the files whose samples are 16 bits (PNG and TIFF can be) at full depth, as the histograms
 * count them: through {@link RowSources}, the stored values, grey in R, G and B alike, alpha 65535
 * where the file has none. Files of 8-bit samples, and JPEG, BMP and GIF (8-bit by nature, never
 * decoded here), are left to {@link ImageFiles#read}.
 */
public final class SixteenBitImages {

    private SixteenBitImages() {
    }

    /**
     * The file's pixels at 16 bits when its samples are 16 bits, else empty.
     *
     * @param maxPixels refuse images with more pixels than this (from the header, before decoding)
     * @throws ConvolabException with one clear sentence for a missing, unreadable, damaged or too large file
     */
    public static Optional<Rgba16Image> read(Path file, long maxPixels) {
        String name = file.toString();
        ImageFiles.checkReadable(file, name);
        if (!mayHoldSixteenBits(file, name)) {
            return Optional.empty();
        }
        try (RowSource src = RowSources.opener(file, maxPixels).get()) {
            SampleFormat f = src.format();
            if (f.bitDepth() != 16) {
                return Optional.empty();
            }
            int w = src.width();
            int h = src.height();
            HeapCheck.require((long) w * h * Rgba16Image.SAMPLES * 2 + (64L << 20),
                    String.format(Locale.ROOT, "reading this %dx%d 16-bit image", w, h));
            short[] out = new short[Math.multiplyExact(Math.multiplyExact(w, h), Rgba16Image.SAMPLES)];
            int channels = f.channels();
            int[] row = new int[w * channels];
            int o = 0;
            for (int y = 0; y < h; y++) {
                src.readRow(row);
                for (int x = 0; x < w; x++) {
                    int i = x * channels;
                    int r = row[i];
                    int g = f.grey() ? r : row[i + 1];
                    int b = f.grey() ? r : row[i + 2];
                    int a = f.alpha() ? row[i + channels - 1] : 0xffff;
                    out[o++] = (short) r;
                    out[o++] = (short) g;
                    out[o++] = (short) b;
                    out[o++] = (short) a;
                }
            }
            return Optional.of(new Rgba16Image(w, h, out));
        }
    }

    /** PNG and TIFF, by their first bytes: the formats whose samples may be 16 bits. */
    private static boolean mayHoldSixteenBits(Path file, String name) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(8);
        } catch (IOException e) {
            throw new ConvolabException("cannot read " + name + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
        }
        boolean png = head.length == 8 && (head[0] & 0xff) == 0x89 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G';
        boolean tiff = head.length >= 4 && ((head[0] == 'I' && head[1] == 'I' && head[2] == 42 && head[3] == 0)
                || (head[0] == 'M' && head[1] == 'M' && head[2] == 0 && head[3] == 42));
        return png || tiff;
    }
}
