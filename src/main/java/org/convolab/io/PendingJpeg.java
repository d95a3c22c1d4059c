package org.convolab.io;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;

/**
 * A JPEG file that the native codec takes ({@link JpegCodecs}), read and its header checked but not yet decoded, so
 * that it can be decoded straight into memory an engine gives ({@link org.convolab.core.StagedInput}: a GPU's
 * page-locked upload buffer) instead of a Java array first. Its pixels and profile are those {@link RowSources#opener}
 * reads from the same file.
 */
public final class PendingJpeg {
    private final JpegFiles.Pending pending;

    private PendingJpeg(JpegFiles.Pending pending) {
        this.pending = pending;
    }

    /**
     * The file read and its header checked, or empty where {@link RowSources#opener} reads it another way (not a JPEG,
     * no native codec, a kind of JPEG the codec leaves to ImageIO).
     *
     * @throws ConvolabException as {@link RowSources#opener}: a file that cannot be read, over {@code maxPixels}, or too
     *                           large for the heap
     */
    public static Optional<PendingJpeg> open(Path file, long maxPixels) {
        String name = file.toString();
        ImageFiles.checkReadable(file, name);
        return JpegFiles.open(file, name, maxPixels, true).map(PendingJpeg::new);
    }

    /**
     * Whether {@link #open} may take the file: it starts as a JPEG and the native codec is there (a look at three bytes,
     * nothing decoded; {@link #open} still decides from the header).
     */
    public static boolean mayTake(Path file) {
        return JpegCodecs.decoder().isPresent() && JpegFiles.startsAsJpeg(file);
    }

    public int width() {
        return pending.width();
    }

    public int height() {
        return pending.height();
    }

    /** The ICC profile the output keeps, as {@link RowSource#iccProfile} of the opened file says. */
    public Optional<byte[]> iccProfile() {
        return pending.icc();
    }

    /**
     * Decodes into {@code argb}: packed ARGB ints in native order from index 0, alpha 255, a direct buffer of at least
     * {@code 4 * width * height} bytes.
     *
     * @return false where the codec decodes only into Java arrays or found late that it does not take the file: then
     *         read it through {@link RowSources#opener}
     * @throws ConvolabException when the data is damaged or truncated
     */
    public boolean decodeInto(ByteBuffer argb) {
        return pending.decodeInto(argb);
    }
}
