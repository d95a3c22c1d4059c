package org.convolab.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
     * @param jpeg    the file's bytes for the device codec (its first {@code length}, in a reused array), or null
     * @param markers the JPEG's markers when {@code jpeg} is set
     * @param cpu     the CPU way's input when {@code jpeg} is null
     */
    public record Opened(Path input, byte[] jpeg, int length, JpegMarkers.Info markers, FaithfulFileStages.Opened cpu) {
    }

    /**
     * A result: the device's encoded JPEG (lent until written) with the input's segments to keep, or the CPU
     * way's result.
     */
    public record Filtered(DeviceJpeg.Encoded encoded, List<byte[]> segments, FaithfulFileStages.Filtered cpu) {
    }

    private final FaithfulFileStages cpuWay;
    private final FilterSpec spec;
    private final Strategy strategy;
    private final long maxPixels;
    private final int quality;
    private final Predicate<Path> jpegOutput;
    private final ByteArrayPool arrays = new ByteArrayPool();
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
            byte[] data = null;
            int length = -1;
            try (FileChannel ch = FileChannel.open(input)) {
                long size = ch.size();
                if (size < Integer.MAX_VALUE - 16) {
                    data = arrays.take((int) size);
                    ByteBuffer into = ByteBuffer.wrap(data, 0, (int) size);
                    while (into.hasRemaining() && ch.read(into) >= 0) {
                        // to the end
                    }
                    length = into.hasRemaining() ? -1 : (int) size; // a file cut while read: the CPU way says so
                }
            } catch (IOException | OutOfMemoryError e) {
                length = -1; // the CPU way reads it again and says what is wrong
            }
            if (length >= 0 && JpegMarkers.isJpeg(data, length)) {
                JpegMarkers.Info m = JpegMarkers.parse(data, length);
                if (m.deviceRefusal() == null && (long) m.width() * m.height() <= maxPixels) {
                    return new Opened(input, data, length, m, null);
                }
            }
            arrays.giveBack(data);
        }
        return new Opened(input, null, 0, null, cpuWay.decode(input));
    }

    @Override
    public Filtered filter(ConvolutionEngine engine, Opened in) {
        if (in.jpeg() != null) {
            var codec = engine.deviceJpeg();
            if (codec.isPresent()) {
                try {
                    DeviceJpeg.Encoded out;
                    try {
                        out = codec.get().transcodeLeased(ByteBuffer.wrap(in.jpeg(), 0, in.length()), spec, strategy, quality);
                    } finally {
                        arrays.giveBack(in.jpeg()); // read by now: the next file's
                    }
                    if (deviceCodec == null) {
                        try {
                            deviceCodec = codec.get().name();
                        } catch (RuntimeException e) {
                            out.close();
                            throw e;
                        }
                    }
                    onDevice.incrementAndGet();
                    return new Filtered(out, in.markers().kept(), null);
                } catch (DeviceJpeg.Unsupported refused) {
                    // the CPU codec may still read it: below
                }
            }
            onCpu.incrementAndGet();
            return new Filtered(null, List.of(), cpuWay.filter(engine, cpuWay.decode(in.input())));
        }
        onCpu.incrementAndGet();
        return new Filtered(null, List.of(), cpuWay.filter(engine, in.cpu()));
    }

    @Override
    public void encode(Filtered f, Path output, boolean replace) {
        if (f.encoded() == null) {
            cpuWay.encode(f.cpu(), output, replace);
            return;
        }
        try (DeviceJpeg.Encoded encoded = f.encoded()) { // written from where the device put it, then given back
            Path dir = output.toAbsolutePath().getParent();
            try {
                Files.createDirectories(dir); // sub-folders kept with --recursive
            } catch (IOException e) {
                throw new ConvolabException("cannot create folder " + dir + ": " + e.getMessage());
            }
            ImageFiles.writeEncoded(JpegMarkers.partsWithSegments(encoded.bytes(), f.segments()), output, replace);
        }
    }

    /** Gives back a result that will not be written (the batch stopped). */
    @Override
    public void drop(Filtered f) {
        if (f.encoded() != null) {
            f.encoded().close();
        }
    }

    /**
     * Prepares each engine's device codec for files like the first JPEG of the batch whose output is a JPEG
     * ({@link DeviceJpeg#prepare}), each on a thread of its own, so that it overlaps the reading of the first files.
     */
    public void prepareWhileReading(List<ConvolutionEngine> engines, List<Path> inputs) {
        Path first = inputs.stream().filter(in -> jpegOutput.test(in) && "jpeg".equals(ImageFiles.formatOf(in)))
                .findFirst().orElse(null);
        for (ConvolutionEngine e : engines) {
            Thread warm = new Thread(() -> {
                try {
                    var codec = e.deviceJpeg().orElseThrow();
                    byte[] like = first == null ? null : Files.readAllBytes(first);
                    if (like != null && JpegMarkers.isJpeg(like)) {
                        codec.prepare(like, spec, strategy);
                    } else {
                        codec.name(); // the codec's handles at least
                    }
                } catch (IOException | RuntimeException ignored) {
                    // the files' own calls meet the same problem and report it (or go the CPU way)
                }
            }, "convolab-gpu-warm-up");
            warm.setDaemon(true);
            warm.start();
        }
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
