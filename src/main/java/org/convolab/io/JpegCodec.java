package org.convolab.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import org.convolab.core.RgbaImage;

/**
 * A JPEG decoder and encoder for 8-bit colour images in the packed ARGB of {@link RgbaImage}: the seam
 * where a codec other than ImageIO slots in ({@link TurboJpegCodec} on the CPU today; a GPU codec can sit
 * beside it). {@link JpegCodecs} chooses once which codec runs and reports it.
 *
 * <p>A decoder takes what it can and says so: {@link #header} is empty for a JPEG it does not decode
 * (CMYK, grey, 12-bit, lossless, arithmetic coding it lacks...), which then goes the ImageIO way, file by
 * file. Pixels are the stored values, never colour-managed: an embedded ICC profile is carried, not applied.
 */
public interface JpegCodec {

    /** The size and layout of a JPEG this codec decodes. */
    record Header(int width, int height) {
    }

    /** What runs, for {@code --timings} and the batch summary, e.g. "libjpeg-turbo 2.1.5 (TurboJPEG)". */
    String name();

    /**
     * The JPEG's header when this codec decodes it, else empty (another codec takes the file).
     *
     * @param jpeg the whole file
     */
    Optional<Header> header(byte[] jpeg);

    /**
     * Decodes a JPEG whose {@link #header} was present into opaque packed ARGB.
     *
     * @param name the file's name as messages show it
     * @return the image, or empty when the codec found late that it does not take this file (another codec
     *         should try: it decides whether the file is damaged)
     * @throws org.convolab.core.ConvolabException with one line when the data is damaged or truncated
     */
    Optional<RgbaImage> decode(byte[] jpeg, String name);

    /**
     * Decodes a JPEG whose {@link #header} was present straight into {@code argb} (packed ARGB ints in native order
     * from index 0, alpha 255; a GPU's page-locked upload buffer), the same pixels as {@link #decode}; false where this
     * codec decodes only into Java arrays (the default) or found late that it does not take this file.
     *
     * @param header what {@link #header} returned for these bytes (the caller has it: the file is not parsed twice)
     * @throws org.convolab.core.ConvolabException as {@link #decode}
     */
    default boolean decodeInto(byte[] jpeg, String name, Header header, java.nio.ByteBuffer argb) {
        return false;
    }

    /**
     * Encodes an image as baseline JPEG (alpha ignored) at {@code quality}: no chroma subsampling
     * (4:4:4) from quality 90, 4:2:0 below; JFIF, and the ICC profile in APP2 segments when given.
     *
     * @param icc an ICC profile to embed, or empty
     */
    void encode(RgbaImage image, int quality, Optional<byte[]> icc, OutputStream out) throws IOException;

    /** Chroma subsampling switches off from this quality (as photo tools do). */
    int FULL_CHROMA_FROM_QUALITY = 90;
}
