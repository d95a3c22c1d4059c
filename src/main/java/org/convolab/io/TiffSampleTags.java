package org.convolab.io;

import java.awt.image.BufferedImage;
import java.util.Arrays;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOInvalidTreeException;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.plugins.tiff.BaselineTIFFTagSet;
import javax.imageio.plugins.tiff.TIFFDirectory;
import javax.imageio.plugins.tiff.TIFFField;
import javax.imageio.plugins.tiff.TIFFTag;
import org.convolab.core.SampleFormat;

/**
 * The JDK TIFF writer's metadata for an image of 32-bit samples, with the SampleFormat tag saying what the
 * bits are: the writer takes a raster of ints as signed, so an unsigned 32-bit image needs the tag set.
 */
final class TiffSampleTags {

    private TiffSampleTags() {
    }

    static IIOMetadata forImage(ImageWriter writer, BufferedImage img, ImageWriteParam param, SampleFormat f)
            throws IIOInvalidTreeException {
        IIOMetadata defaults = writer.getDefaultImageMetadata(new ImageTypeSpecifier(img), param);
        TIFFDirectory dir = TIFFDirectory.createFromMetadata(defaults);
        int code = switch (f.kind()) {
            case FLOAT -> BaselineTIFFTagSet.SAMPLE_FORMAT_FLOATING_POINT;
            case SIGNED -> BaselineTIFFTagSet.SAMPLE_FORMAT_SIGNED_INTEGER;
            case UNSIGNED -> BaselineTIFFTagSet.SAMPLE_FORMAT_UNSIGNED_INTEGER;
        };
        char[] values = new char[f.channels()];
        Arrays.fill(values, (char) code);
        TIFFTag tag = BaselineTIFFTagSet.getInstance().getTag(BaselineTIFFTagSet.TAG_SAMPLE_FORMAT);
        dir.addTIFFField(new TIFFField(tag, TIFFTag.TIFF_SHORT, values.length, values));
        return dir.getAsMetadata();
    }
}
