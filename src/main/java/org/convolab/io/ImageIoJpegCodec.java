package org.convolab.io;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.convolab.core.RgbaImage;
import org.convolab.core.SampleFormat;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The JDK's JPEG writer (libjpeg 6b inside the JDK), the fall-back where no native codec loads. It decodes
 * nothing itself: without a native codec every JPEG is read by the general ImageIO path of {@link RowSources}
 * and {@link ImageFiles}, which also takes grey, CMYK and 12-bit files.
 */
final class ImageIoJpegCodec implements JpegCodec {

    static final String NAME = "ImageIO";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<Header> header(byte[] jpeg) {
        return Optional.empty();
    }

    @Override
    public Optional<RgbaImage> decode(byte[] jpeg, String name) {
        return Optional.empty();
    }

    @Override
    public void encode(RgbaImage image, int quality, Optional<byte[]> icc, OutputStream out) throws IOException {
        // an interleaved byte raster whose colour space carries the profile: the writer puts it in APP2
        BufferedImage img = RowSinks.newImage("jpeg", image.width(), image.height(), new SampleFormat(3, 8), icc);
        if (!FastRasters.intoInterleavedBytes(image, img.getRaster())) {
            throw new IllegalStateException("the JPEG raster is not interleaved bytes");
        }
        write(img, quality, out);
    }

    /** Writes any 8-bit grey or RGB image through the JDK's writer, 4:4:4 from quality 90. */
    static void write(BufferedImage img, int quality, OutputStream out) throws IOException {
        ImageFiles.imageIo();
        ImageWriter writer = RowSinks.writerFor("jpeg");
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality / 100f);
            IIOMetadata meta = writer.getDefaultImageMetadata(new ImageTypeSpecifier(img), param);
            if (quality >= FULL_CHROMA_FROM_QUALITY) {
                noChromaSubsampling(meta);
            }
            writer.write(null, new IIOImage(img, null, meta), param);
        } finally {
            writer.dispose();
        }
    }

    /** Sets every component's sampling factors to 1 (4:4:4) in the JPEG writer's metadata. */
    private static void noChromaSubsampling(IIOMetadata meta) throws IOException {
        String fmt = "javax_imageio_jpeg_image_1.0";
        Node root = meta.getAsTree(fmt);
        NodeList comps = ((Element) root).getElementsByTagName("componentSpec");
        for (int i = 0; i < comps.getLength(); i++) {
            Element c = (Element) comps.item(i);
            c.setAttribute("HsamplingFactor", "1");
            c.setAttribute("VsamplingFactor", "1");
        }
        meta.setFromTree(fmt, root);
    }
}
