package org.convolab.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.FileImageInputStream;
import javax.imageio.stream.ImageInputStream;

/**
 * Whether an image file has an alpha channel. {@link ImageFiles#read} gives every image an alpha
 * value (255 where the file has none), so only the file's header can tell an opaque RGBA file from
 * an RGB one; the histogram command shows an alpha column only for the former.
 */
public final class ImageAlpha {

    private ImageAlpha() {
    }

    /**
     * True when the file's first image declares alpha: RGBA, grey with alpha, or a palette with a
     * transparent entry. Reads the header only. False when the header cannot be read (reading the
     * pixels then reports why).
     */
    public static boolean declared(Path file) {
        ImageFiles.imageIo();
        try (ImageInputStream iis = new FileImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(iis);
            if (!readers.hasNext()) {
                return false;
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(iis, true, true);
                ImageTypeSpecifier type = reader.getRawImageType(0);
                if (type == null) {
                    Iterator<ImageTypeSpecifier> types = reader.getImageTypes(0);
                    type = types.hasNext() ? types.next() : null;
                }
                return type != null && type.getColorModel().hasAlpha();
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
