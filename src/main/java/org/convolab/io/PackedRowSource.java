package org.convolab.io;

import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;

/** An 8-bit RGB image decoded whole into packed ARGB (a JPEG through {@link JpegCodec}), read as rows. */
final class PackedRowSource implements RowSource {

    private static final SampleFormat RGB8 = new SampleFormat(3, 8);

    private final String name;
    private final RgbaImage image;
    private final Optional<byte[]> icc;
    private int next;

    PackedRowSource(String name, RgbaImage image, Optional<byte[]> icc) {
        this.name = name;
        this.image = image;
        this.icc = icc;
    }

    @Override
    public int width() {
        return image.width();
    }

    @Override
    public int height() {
        return image.height();
    }

    @Override
    public SampleFormat format() {
        return RGB8;
    }

    @Override
    public Optional<byte[]> iccProfile() {
        return icc;
    }

    @Override
    public Optional<RgbaImage> packedArgb() {
        return Optional.of(image);
    }

    @Override
    public void readRow(int[] samples) {
        if (next >= image.height()) {
            throw new ConvolabException("cannot read " + name + ": read past the last row");
        }
        RgbaImage.unpackRow(image.pixels(), next * image.width(), image.width(), samples, 3);
        next++;
    }

    @Override
    public void close() {
        // nothing held but the image, which the garbage collector takes
    }
}
