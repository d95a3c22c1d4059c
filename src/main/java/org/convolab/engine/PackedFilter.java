package org.convolab.engine;

import java.util.Optional;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.convolab.core.Strategy;
import org.convolab.cpu.FftConvolver;

/**
 * The short way through a file for an 8-bit RGB or RGBA image that its source already holds decoded whole
 * (a JPEG, BMP or GIF), or, in a batch, that fits the heap (a PNG or TIFF, read whole): the engine filters the packed image in one call ({@link
 * org.convolab.core.ConvolutionEngine#filter}) and the encoder takes the packed result ({@link
 * org.convolab.io.RowSinks#write(java.nio.file.Path, boolean, RgbaImage, org.convolab.core.SampleFormat,
 * Optional, org.convolab.io.RowSinks.Options, java.util.function.Consumer)}), with no rows to convert, band
 * and copy back on the way. The bits are those of the streamed path: {@link StripFilter} filters 8-bit bands
 * through the same engine call, and a band's result is the whole image's ({@code StripFilterTest}).
 *
 * <p>Two cases keep the streamed path: masks that may be correlated through an FFT (strategy fft, or auto
 * on a large mask that is not separable; a separable one of any size runs rows then columns), whose rounding depends
 * on the size transformed, so their output
 * stays what it was; and a heap without room for the whole image's copies (about {@link
 * #HEAP_BYTES_PER_PIXEL} bytes a pixel: the packed input and output, and the CPU engine's float planes), where
 * bands of rows need far less.
 */
final class PackedFilter {

    /** Heap a pixel needs on the short way, with room to spare. */
    static final long HEAP_BYTES_PER_PIXEL = 40;

    private PackedFilter() {
    }

    /** Whether the mask and strategy can take the short way: any that cannot run through an FFT. */
    static boolean applies(FilterSpec spec, Strategy strategy) {
        Mask m = spec.mask();
        // auto takes rows then columns for any separable mask (wide kernels on the GPU past 63x63), fft for large others
        boolean mayFft = strategy == Strategy.FFT || (strategy == Strategy.AUTO && m.separable().isEmpty()
                && (m.width() > Mask.DIRECT_MAX_SIZE || m.height() > Mask.DIRECT_MAX_SIZE
                || m.width() * m.height() >= FftConvolver.CROSSOVER_TAPS));
        return !mayFft;
    }

    /**
     * The source's image packed for an FFT mask on an engine whose whole-image FFT is cheap ({@link
     * org.convolab.core.WholeImageFft}: the GPU's), where the image fits the heap: bands cost a transform each (a
     * 241x241 Gaussian on a 24 MP photograph: 17 bands, 1.7 s on an H100). Only there: on the CPU the bands keep
     * the transforms' memory small, and their rounding is what it was.
     */
    static Optional<RgbaImage> fftOnDevice(RowSource source, FilterSpec spec, Strategy strategy, ConvolutionEngine engine) {
        if (applies(spec, strategy) || !engine.wholeImageFftIsCheap() || source.format().bitDepth() != 8
                || source.format().grey() || !source.format().narrowInteger() || !heapHolds(source)) {
            return Optional.empty();
        }
        Optional<RgbaImage> held = source.packedArgb();
        return held.isPresent() ? held : Optional.of(RowSource.readPacked(source, source.height()));
    }

    private static boolean heapHolds(RowSource source) {
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        return (long) source.width() * source.height() * HEAP_BYTES_PER_PIXEL <= free;
    }

    /**
     * The source's image packed, when the short way applies to it and the heap has room; else empty.
     *
     * @param readRows also pack a source that reads as it goes (a PNG, a TIFF), reading all its rows now: what
     *                 a batch wants, whose decoding then happens on its codec threads rather than in the filter
     *                 stage; else only a source that already holds its image decoded whole is packed
     */
    static Optional<RgbaImage> input(RowSource source, FilterSpec spec, Strategy strategy, boolean readRows) {
        if (!applies(spec, strategy) || source.format().bitDepth() != 8 || source.format().grey()) {
            return Optional.empty();
        }
        if (!heapHolds(source)) {
            return Optional.empty();
        }
        Optional<RgbaImage> held = source.packedArgb();
        return held.isPresent() || !readRows ? held : Optional.of(RowSource.readPacked(source, source.height()));
    }
}
