package org.convolab.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.DeviceJpeg;
import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;
import org.convolab.io.ImageFiles;
import org.convolab.io.JpegMarkers;

/**
 * The stages of {@link BatchPipeline} where the engines have a device JPEG codec: a JPEG whose output is
 * a JPEG is read as compressed bytes (on a codec thread), decoded, filtered and encoded on the device in
 * one call of the engine's worker, and written with its EXIF, XMP and ICC segments (on a codec thread).
 * Every other file, and a JPEG the device codec cannot take (progressive, grey, CMYK, 12-bit, too large),
 * goes {@link FaithfulFileStages}' way, per file.
 */
public final class DeviceJpegStages implements BatchPipeline.Stages<DeviceJpegStages.Opened, DeviceJpegStages.Filtered> {

    /**
     * An input: the compressed JPEG for the device, or the CPU way's opened file.
     *
     * @param jpeg    the file's bytes for the device codec, or null
     * @param markers the JPEG's markers when {@code jpeg} is set
     * @param cpu     the CPU way's input when {@code jpeg} is null
     */
    public record Opened(Path input, byte[] jpeg, JpegMarkers.Info markers, FaithfulFileStages.Opened cpu) {
    }

    /** A result: the device's encoded JPEG with the input's kept segments, or the CPU way's result. */
    public record Filtered(byte[] encoded, FaithfulFileStages.Filtered cpu) {
    }

    private final FaithfulFileStages cpuWay;
    private final FilterSpec spec;
    private final Strategy strategy;
    private final long maxPixels;
    private final int quality;
    private final Predicate<Path> jpegOutput;
    private final AtomicInteger onDevice = new AtomicInteger();
    private final AtomicInteger onCpu = new AtomicInteger();
    /** The device codec's name, taken while its engine is open (the summary comes after the engines close). */
    private volatile String deviceCodec;

    /**
     * @param cpuWay     the stages for files the device codec does not take
     * @param jpegOutput whether an input's output is a JPEG file
     */
    public DeviceJpegStages(FaithfulFileStages cpuWay, FilterSpec spec, Strategy strategy, long maxPixels, int quality,
                            Predicate<Path> jpegOutput) {
        this.cpuWay = cpuWay;
        this.spec = spec;
        this.strategy = strategy;
        this.maxPixels = maxPixels;
        this.quality = quality;
        this.jpegOutput = jpegOutput;
    }

    @Override
    public Opened decode(Path input) {
        if (jpegOutput.test(input) && "jpeg".equals(ImageFiles.formatOf(input)) && Files.isRegularFile(input)) {
            byte[] data;
            try {
                data = Files.readAllBytes(input);
            } catch (IOException | OutOfMemoryError e) {
                data = null; // the CPU way reads it again and says what is wrong
            }
            if (data != null && JpegMarkers.isJpeg(data)) {
                JpegMarkers.Info m = JpegMarkers.parse(data);
                if (m.deviceRefusal() == null && (long) m.width() * m.height() <= maxPixels) {
                    return new Opened(input, data, m, null);
                }
            }
        }
        return new Opened(input, null, null, cpuWay.decode(input));
    }

    @Override
    public Filtered filter(ConvolutionEngine engine, Opened in) {
        if (in.jpeg() != null) {
            var codec = engine.deviceJpeg();
            if (codec.isPresent()) {
                try {
                    byte[] out = codec.get().transcode(in.jpeg(), spec, strategy, quality);
                    if (deviceCodec == null) {
                        deviceCodec = codec.get().name();
                    }
                    onDevice.incrementAndGet();
                    return new Filtered(JpegMarkers.withSegments(out, in.markers().kept()), null);
                } catch (DeviceJpeg.Unsupported refused) {
                    // the CPU codec may still read it: below
                }
            }
            onCpu.incrementAndGet();
            return new Filtered(null, cpuWay.filter(engine, cpuWay.decode(in.input())));
        }
        onCpu.incrementAndGet();
        return new Filtered(null, cpuWay.filter(engine, in.cpu()));
    }

    @Override
    public void encode(Filtered f, Path output, boolean replace) {
        if (f.encoded() == null) {
            cpuWay.encode(f.cpu(), output, replace);
            return;
        }
        Path dir = output.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir); // sub-folders kept with --recursive
        } catch (IOException e) {
            throw new ConvolabException("cannot create folder " + dir + ": " + e.getMessage());
        }
        ImageFiles.writeEncoded(f.encoded(), output, replace);
    }

    @Override
    public long pixels(Opened in) {
        return in.jpeg() != null ? (long) in.markers().width() * in.markers().height() : cpuWay.pixels(in.cpu());
    }

    /**
     * Which codec decoded and encoded how many files so far, for the batch summary.
     *
     * @param fallbackName the device codec's name where no file went the device way (it was never asked)
     */
    public String codecReport(String fallbackName) {
        String name = deviceCodec != null ? deviceCodec : fallbackName;
        return String.format(Locale.ROOT, "JPEG codec: %s for %d file%s, the CPU way for %d", name, onDevice.get(),
                onDevice.get() == 1 ? "" : "s", onCpu.get());
    }
}
