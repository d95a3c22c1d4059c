package org.convolab.io;

import java.awt.Point;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.PixelInterleavedSampleModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;

/** Test files of 32-bit samples, written and read through Convolab's own row sinks and sources. */
public final class WideSamples {

    private WideSamples() {
    }

    /** Writes {@code samples} (a row's int form: floats' bits, ints as they are) as a TIFF of {@code format}. */
    public static Path write(Path file, int w, int h, SampleFormat format, int[] samples) {
        int n = w * format.channels();
        RowSinks.write(file, true, w, h, format, Optional.empty(), RowSinks.Options.defaults(), s -> { }, sink -> {
            for (int y = 0; y < h; y++) {
                int[] row = new int[n];
                System.arraycopy(samples, y * n, row, 0, n);
                sink.writeRow(row);
            }
        });
        return file;
    }

    /** Float samples as a row's int form. */
    public static int[] bits(float[] values) {
        int[] out = new int[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Float.floatToRawIntBits(values[i]);
        }
        return out;
    }

    /** A file's format and all its samples in a row's int form. */
    public record Read(int width, int height, SampleFormat format, int[] samples) {

        /** Sample i as a float. */
        public float value(int i) {
            return format.toFloat(samples[i]);
        }
    }

    public static Read read(Path file) {
        try (RowSource src = RowSources.opener(file, 1L << 30).get()) {
            int n = src.width() * src.format().channels();
            List<int[]> rows = new ArrayList<>();
            for (int y = 0; y < src.height(); y++) {
                int[] row = new int[n];
                src.readRow(row);
                rows.add(row);
            }
            int[] all = new int[n * src.height()];
            for (int y = 0; y < rows.size(); y++) {
                System.arraycopy(rows.get(y), 0, all, y * n, n);
            }
            return new Read(src.width(), src.height(), src.format(), all);
        }
    }

    /** {@code samples} as a TIFF of {@code format} from the JDK's writer (big-endian, as ImageJ writes too). */
    public static Path jdkTiff(Path file, int w, int h, SampleFormat format, int[] samples) throws Exception {
        BufferedImage img = RowSinks.newImage("tiff", w, h, format, Optional.empty());
        img.getRaster().setPixels(0, 0, w, h, samples);
        ImageWriter writer = RowSinks.writerFor("tiff");
        try (ImageOutputStream out = ImageIO.createImageOutputStream(file.toFile())) {
            writer.setOutput(out);
            writer.write(img);
        } finally {
            writer.dispose();
        }
        return file;
    }

    /** A grey TIFF of the data type written by the JDK's writer (which writes double and signed short). */
    public static Path jdkTiff(Path file, int type) throws Exception {
        ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_GRAY), false, false,
                Transparency.OPAQUE, type);
        WritableRaster r = Raster.createWritableRaster(new PixelInterleavedSampleModel(type, 4, 3, 1, 4, new int[] {0}),
                new Point(0, 0));
        BufferedImage img = new BufferedImage(cm, r, false, null);
        ImageWriter w = RowSinks.writerFor("tiff");
        try (ImageOutputStream out = ImageIO.createImageOutputStream(file.toFile())) {
            w.setOutput(out);
            w.write(img);
        } finally {
            w.dispose();
        }
        return file;
    }
}
