package org.convolab.cli;

import com.google.gson.GsonBuilder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.core.UserText;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.convolab.engine.HistogramContention;
import org.convolab.io.ImageAlpha;
import org.convolab.io.ImageFiles;
import org.convolab.io.SixteenBitImages;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code convolab histogram IMAGE}: the histograms of an image's R, G, B, alpha and luminance, counted
 * on the GPU with a chosen strategy or on the CPU; with {@code --bench}, the strategies timed on a
 * uniform, a constant and (given IMAGE) a real image ({@link HistogramBench}).
 */
@Command(name = "histogram", mixinStandardHelpOptions = true,
        description = {"Count the histograms of an image: R, G, B, alpha and luminance = round(0.299 R + 0.587 G + 0.114 B), "
                + "halves up, of its stored values: 8-bit, or 16-bit for PNG and TIFF files of 16-bit samples (luminance "
                + "then from the 16-bit values).",
                "--bins N: value v falls in bin v * N / 256 for 8-bit images (N from 1 to 256, default 256), v * N / 65536 "
                        + "for 16-bit ones (N from 1 to 65536, default 65536), rounded down: equal bins when N divides "
                        + "256 or 65536.",
                "Grey images: the grey value is counted in r, g and b alike (and luminance equals it).",
                "The alpha column is filled only when the file has an alpha channel (RGBA, grey with alpha, a palette with "
                        + "transparency); for other files it is left empty in csv and null in json, and left out of the table.",
                "csv: a header 'bin,r,g,b,a,luminance', then one line per bin.",
                "On the GPU 16-bit values are counted by 16-bit kernels of the same strategies: privatized and aggregated "
                        + "keep each block's histogram in shared memory and are refused past 2048 bins; fast counts in "
                        + "shared memory up to 2048 bins and with global atomics past that.",
                "--bench times every strategy (or --strategy) on a uniform random and a constant WxH image, and on IMAGE "
                        + "scaled to WxH (nearest neighbour, which keeps its skew) when one is given.",
                "--contention runs the classroom's contention experiment (its Histograms tab) and prints what the tab shows: "
                        + "every strategy's Gpixels/s on a uniform random WxH image, the dark sample photograph and a constant "
                        + "WxH image, fastest first, the sentence on why and each strategy's lesson. No IMAGE."})
public final class HistogramCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Parameters(index = "0", arity = "0..1", paramLabel = "IMAGE",
            description = "PNG, JPEG, BMP, GIF or TIFF; - reads it from standard input (optional with --bench)")
    Path input;

    @Option(names = "--strategy", paramLabel = "NAME", converter = StrategyName.class,
            description = "GPU strategy: global-atomics, sectioned, interleaved, privatized, aggregated or fast (default fast; "
                    + "with --bench, all); the CPU counts one way")
    HistogramStrategy strategy;

    @Option(names = "--backend", paramLabel = "auto|cuda|cpu", defaultValue = "auto",
            description = "where to count (default ${DEFAULT-VALUE}: CUDA when usable, else the CPU)")
    Backend backend;

    @Option(names = "--bins", paramLabel = "N", converter = Bins.class,
            description = "bins per channel: 1 to 256 for 8-bit images (default 256), 1 to 65536 for 16-bit ones "
                    + "(default 65536)")
    Integer bins;

    @Option(names = "--format", paramLabel = "table|csv|json", defaultValue = "table", description = "default ${DEFAULT-VALUE}")
    String format;

    @Option(names = "--max-megapixels", paramLabel = "MP", defaultValue = "500", converter = OptionConverters.Megapixels.class,
            description = "refuse images larger than this, from the header (default ${DEFAULT-VALUE})")
    double maxMegapixels;

    @Option(names = "--bench", description = "time the strategies instead (kernel ms from batches of 10 launches, Gpixels/s)")
    boolean bench;

    @Option(names = "--contention", description = "run the classroom's contention experiment (see above)")
    boolean contention;

    @Option(names = "--size", paramLabel = "WxH", converter = OptionConverters.ImageSize.class,
            description = "--bench: image size (default 6000x4000, 24 MP); --contention: the uniform and constant images' "
                    + "size (default 2048x2048, as in the classroom)")
    OptionConverters.Size size;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "10", converter = OptionConverters.Positive.class,
            description = "--bench: timed runs per row (default ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "2", converter = OptionConverters.NonNegative.class,
            description = "--bench: untimed runs first (default ${DEFAULT-VALUE})")
    int warmup;

    @Override
    public Integer call() {
        if (!List.of("table", "csv", "json").contains(format)) {
            throw new ParameterException(cmd.commandLine(), "Invalid value for option '--format': "
                    + UserText.quote(format) + " (use table, csv or json)");
        }
        if (bench && contention) {
            throw new ParameterException(cmd.commandLine(), "--bench and --contention are two different runs: give one");
        }
        if (contention) {
            return contention();
        }
        if (input == null && !bench) {
            throw new ParameterException(cmd.commandLine(), "Missing required parameter: 'IMAGE'");
        }
        if (input == null) {
            return count(null);
        }
        try (PipedInput in = PipedInput.of(input, System.in)) {
            try {
                return count(in.path());
            } catch (ConvolabException e) {
                throw in.renamed(e);
            }
        }
    }

    /** Counts (or benches) the image read from {@code file}: the input, or the copy of what came through a pipe. */
    private int count(Path file) {
        long maxPixels = (long) (maxMegapixels * 1e6);
        // the bench times 8-bit images; a 16-bit file is counted at its depth
        Optional<Rgba16Image> wide = bench || file == null ? Optional.empty() : SixteenBitImages.read(file, maxPixels);
        int depth = wide.isPresent() ? 16 : 8;
        int n = binsFor(depth);
        RgbaImage image = wide.isPresent() || file == null ? null : ImageFiles.read(file, maxPixels);
        HistogramStrategy chosen = strategy == null ? HistogramStrategy.FAST : strategy;
        PrintWriter err = cmd.commandLine().getErr();
        // counting an image on the default backend says nothing of a missing GPU (--bench does)
        try (ConvolutionEngine engine = bench ? Engines.open(backend, Cli.notices(err)) : EngineOptions.open(backend, 0, Cli.notices(err))) {
            if (bench) {
                List<HistogramStrategy> list = strategy == null ? List.of(HistogramStrategy.values()) : List.of(strategy);
                String name = input == null ? null : String.valueOf(input.getFileName());
                HistogramBench b = new HistogramBench(engine, n, repeat, warmup);
                OptionConverters.Size wh = size == null ? new OptionConverters.Size(6000, 4000) : size;
                print(b.run(wh.width(), wh.height(), image, name, list));
                return 0;
            }
            String refused = chosen.whyNotApplicable(n, depth);
            if (refused != null && engine.backend() != Backend.CPU) {
                throw new ParameterException(cmd.commandLine(), "Invalid value for option '--strategy': " + refused);
            }
            HistogramResult r = wide.isPresent() ? engine.histogram(wide.get(), n, chosen) : engine.histogram(image, n, chosen);
            int w = wide.isPresent() ? wide.get().width() : image.width();
            int h = wide.isPresent() ? wide.get().height() : image.height();
            print(r, w, h, ImageAlpha.declared(file));
        }
        return 0;
    }

    /** The bin count asked for, or the depth's default (one bin a value); 8-bit images take at most 256. */
    private int binsFor(int depth) {
        if (bins == null) {
            return depth == 16 ? Histogram.MAX_WIDE_BINS : Histogram.MAX_BINS;
        }
        if (depth == 8 && bins > Histogram.MAX_BINS) {
            throw new ParameterException(cmd.commandLine(), "Invalid value for option '--bins': "
                    + (bench ? "the bench's images are 8-bit: " : "an 8-bit image has ") + "1 to " + Histogram.MAX_BINS
                    + " bins, not " + bins);
        }
        return bins;
    }

    /** The classroom's experiment, through the engine's one implementation; prints its text. */
    private int contention() {
        if (input != null) {
            throw new ParameterException(cmd.commandLine(), "--contention runs the classroom's experiment on its own images: "
                    + "give no IMAGE");
        }
        if (!format.equals("table")) {
            throw new ParameterException(cmd.commandLine(), "--contention prints a table: leave --format out");
        }
        int side = HistogramContention.SIDE;
        OptionConverters.Size wh = size == null ? new OptionConverters.Size(side, side) : size;
        PrintWriter err = cmd.commandLine().getErr();
        try (ConvolutionEngine engine = Engines.open(backend, Cli.notices(err))) {
            HistogramContention.Result r = HistogramContention.run(engine, HistogramContention.subjects(wh.width(), wh.height()));
            PrintWriter out = cmd.commandLine().getOut();
            out.print(HistogramContention.text(r));
            out.flush();
        }
        return 0;
    }

    private void print(HistogramResult r, int width, int height, boolean alpha) {
        PrintWriter out = cmd.commandLine().getOut();
        Histogram h = r.histogram();
        Histogram.Channel[] channels = Histogram.Channel.values();
        switch (format) {
            case "csv" -> {
                out.println("bin,r,g,b,a,luminance");
                StringBuilder line = new StringBuilder();
                for (int k = 0; k < h.bins(); k++) {
                    line.setLength(0);
                    line.append(k);
                    for (Histogram.Channel c : channels) {
                        line.append(',');
                        if (c != Histogram.Channel.ALPHA || alpha) {
                            line.append(h.count(c, k));
                        }
                    }
                    out.println(line);
                }
            }
            case "json" -> {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("image", String.valueOf(input));
                doc.put("width", width);
                doc.put("height", height);
                doc.put("bit_depth", h.bitDepth());
                doc.put("pixels", h.pixels());
                doc.put("bins", h.bins());
                doc.put("alpha", alpha);
                doc.put("counted_by", r.countedBy());
                doc.put("kernel_ms", r.kernelMs());
                doc.put("total_ms", r.totalMs());
                for (Histogram.Channel c : channels) {
                    doc.put(c.column(), c == Histogram.Channel.ALPHA && !alpha ? null : h.channelCounts(c));
                }
                out.println(new GsonBuilder().serializeNulls().setPrettyPrinting().create().toJson(doc));
            }
            default -> {
                out.printf(Locale.ROOT, "%s: %dx%d, %d pixels, %d bins%s%s; counted by %s in %.3f ms (%.3f ms with the copies)%n",
                        UserText.escape(String.valueOf(input)), width, height, h.pixels(), h.bins(),
                        h.bitDepth() == 8 ? "" : " of 16-bit values", alpha ? "" : ", no alpha channel", r.countedBy(),
                        r.kernelMs(), r.totalMs());
                String first = h.bitDepth() == 8 ? "%-4s %-8s" : "%-5s %-11s";
                String firstRow = h.bitDepth() == 8 ? "%-4d %-8s" : "%-5d %-11s";
                List<String> head = new ArrayList<>(List.of("bin", "values"));
                for (Histogram.Channel c : channels) {
                    if (c != Histogram.Channel.ALPHA || alpha) {
                        head.add(c.column());
                    }
                }
                String cell = "%10s";
                out.println(String.format(Locale.ROOT, first, head.get(0), head.get(1))
                        + head.subList(2, head.size()).stream().map(s -> String.format(Locale.ROOT, cell, s)).reduce("", String::concat));
                for (int k = 0; k < h.bins(); k++) {
                    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, firstRow, k,
                            h.lowValue(k) == h.highValue(k) ? String.valueOf(h.lowValue(k)) : h.lowValue(k) + "-" + h.highValue(k)));
                    for (Histogram.Channel c : channels) {
                        if (c != Histogram.Channel.ALPHA || alpha) {
                            line.append(String.format(Locale.ROOT, cell, h.count(c, k)));
                        }
                    }
                    out.println(line);
                }
            }
        }
        out.flush();
    }

    private void print(List<Map<String, Object>> rows) {
        PrintWriter out = cmd.commandLine().getOut();
        switch (format) {
            case "json" -> out.println(new GsonBuilder().setPrettyPrinting().create().toJson(rows));
            case "csv" -> {
                out.println(String.join(",", rows.get(0).keySet()));
                for (Map<String, Object> row : rows) {
                    List<String> cells = new ArrayList<>();
                    for (Object v : row.values()) {
                        String t = UserText.escape(String.valueOf(v)); // the workload holds the image's file name
                        cells.add(t.contains(",") || t.contains(" ") || t.contains("\"") ? "\"" + t.replace("\"", "\"\"") + "\"" : t);
                    }
                    out.println(String.join(",", cells));
                }
            }
            default -> {
                Map<String, Object> first = rows.get(0);
                out.printf(Locale.ROOT, "histogram bench, %s, %s: %sx%s, %s bins, median of %s runs%n", first.get("backend"),
                        first.get("device"), first.get("width"), first.get("height"), first.get("bins"), first.get("repeat"));
                out.printf(Locale.ROOT, "%-28s %-15s %10s %10s %11s %6s%n", "workload", "strategy", "kernel ms", "Gpixels/s",
                        "end-to-end", "exact");
                for (Map<String, Object> row : rows) {
                    out.printf(Locale.ROOT, "%-28s %-15s %10.4f %10.1f %11.3f %6s%n", UserText.escape(String.valueOf(row.get("workload"))),
                            row.get("strategy"), (double) row.get("kernel_ms"), (double) row.get("gpixels_per_s"),
                            (double) row.get("end_to_end_ms"), row.get("exact"));
                }
            }
        }
        out.flush();
    }

    /** 1 to 65536 bins (an 8-bit image takes at most 256, checked once the file's depth is known). */
    static final class Bins implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n;
            try {
                n = Integer.parseInt(value.strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException(UserText.quote(value) + " is not a whole number from 1 to " + Histogram.MAX_WIDE_BINS);
            }
            if (n < 1 || n > Histogram.MAX_WIDE_BINS) {
                throw new TypeConversionException("a histogram has 1 to " + Histogram.MAX_BINS + " bins (8-bit images) or 1 to "
                        + Histogram.MAX_WIDE_BINS + " (16-bit ones), not " + n);
            }
            return n;
        }
    }

    /** A histogram strategy by name. */
    static final class StrategyName implements ITypeConverter<HistogramStrategy> {
        @Override
        public HistogramStrategy convert(String value) {
            try {
                return HistogramStrategy.parse(value);
            } catch (ConvolabException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
