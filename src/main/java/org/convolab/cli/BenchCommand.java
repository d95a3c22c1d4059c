package org.convolab.cli;

import com.google.gson.GsonBuilder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.UserText;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.convolab.engine.Measurements;
import org.convolab.selftest.TestImages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code convolab bench}: times filters of a synthetic random RGB image for each radius (or mask size)
 * and strategy. Each row is the median of the repeated runs after warm-up; max_diff compares the
 * output with the double-precision reference on two crops (a corner, where the ghost cells act, and
 * the centre); runs names what the backend ran (kernels, or the CPU engine's path). With
 * {@code --strategy all}, a strategy that runs the same as one already timed for the mask is skipped
 * (on the CPU, several strategy names share one path).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Time filters of a random RGB image: a row per radius and strategy, medians of repeated runs.",
                "kernel_ms is the filter kernels of all three channels (device events on CUDA); end_to_end_ms adds "
                        + "upload, unpack, pack and download; argb_ms (json and csv, CUDA) is the app's own path on a "
                        + "resident image, packed 8-bit ARGB in and out (the filter and pack kernels, or one fused kernel)."})
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Option(names = "--backend", paramLabel = "auto|cuda|cpu", defaultValue = "auto", description = "default ${DEFAULT-VALUE}")
    Backend backend;

    /** The CPU engine's default size: the whole table in seconds rather than the minutes 4096x4096 takes there. */
    static final OptionConverters.Size CPU_DEFAULT_SIZE = new OptionConverters.Size(1024, 1024);

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "4096x4096", converter = OptionConverters.ImageSize.class,
            description = "image size (default ${DEFAULT-VALUE} on CUDA, 1024x1024 on the CPU)")
    OptionConverters.Size size;

    @Option(names = "--radius", paramLabel = "LIST", split = ",", defaultValue = "1,2,3,4,7,15", converter = OptionConverters.Radius.class,
            description = "mask radii, comma-separated (default ${DEFAULT-VALUE}); the mask is (2r+1)x(2r+1)")
    int[] radii;

    @Option(names = "--mask-size", paramLabel = "WxH[,WxH...]", split = ",",
            description = "time these mask sizes (odd sides 1 to 63, random weights, e.g. 63x5) instead of the radii")
    String[] maskSizes;

    @Option(names = "--strategy", paramLabel = "all|LIST", defaultValue = "all",
            description = {"strategies to time, comma-separated, or all (default ${DEFAULT-VALUE}); those a mask does not allow are "
                    + "skipped, and with all those that run the same as one already timed"})
    String strategies;

    @Option(names = "--border", paramLabel = "POLICY", defaultValue = "mirror", converter = OptionConverters.Border.class,
            description = "ghost-cell policy (default ${DEFAULT-VALUE})")
    BorderPolicy policy;

    @Option(names = "--mask", paramLabel = "random|gaussian", defaultValue = "random",
            description = "random weights (not separable) or a Gaussian of sigma r/2 (separable); default ${DEFAULT-VALUE}")
    String maskKind;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "10", converter = OptionConverters.Positive.class, description = "timed runs per row (default ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "2", converter = OptionConverters.NonNegative.class, description = "untimed runs first (default ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--format", paramLabel = "table|csv|json", defaultValue = "table", description = "default ${DEFAULT-VALUE}")
    String format;

    @Option(names = "--seed", defaultValue = "1", description = "random seed for the image and masks (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--interactive", description = {"measure live preview instead: a 6000x4000 image (or --size) resident, "
            + "a 7x7 mask changed before each run (auto strategy), end to end until the ARGB result is in pinned host memory "
            + "and in a Java array, and until it is lent where it was downloaded (filterLeased, the window's way: no copy)"})
    boolean interactive;

    @Override
    public Integer call() {
        int[] wh = {size.width(), size.height()};
        if (!List.of("table", "csv", "json").contains(format)) {
            throw new ParameterException(cmd.commandLine(), "Invalid value for option '--format': "
                    + UserText.quote(format) + " (use table, csv or json)");
        }
        if (!List.of("random", "gaussian").contains(maskKind)) {
            throw new ParameterException(cmd.commandLine(), "Invalid value for option '--mask': "
                    + UserText.quote(maskKind) + " (use random or gaussian)");
        }
        List<Strategy> chosen;
        try {
            chosen = parseStrategies(strategies);
        } catch (ConvolabException e) {
            throw new ParameterException(cmd.commandLine(), "Invalid value for option '--strategy': " + e.getMessage());
        }
        if (maskSizes != null && maskKind.equals("gaussian")) {
            throw new ParameterException(cmd.commandLine(), "--mask-size takes random weights; --mask gaussian goes with --radius");
        }
        List<Mask> masks = new ArrayList<>();
        try {
            if (maskSizes != null) {
                for (String ms : maskSizes) {
                    masks.add(randomMask(ms));
                }
            } else {
                for (int r : radii) {
                    masks.add(maskFor(r));
                }
            }
        } catch (ConvolabException e) {
            throw new ParameterException(cmd.commandLine(), "Invalid value for option '--mask-size': " + e.getMessage());
        }
        PrintWriter err = cmd.commandLine().getErr();
        if (interactive) {
            int[] size = cmd.commandLine().getParseResult().hasMatchedOption("--size") ? wh : new int[] {6000, 4000};
            return interactive(size, policy, err);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        try (ConvolutionEngine engine = Engines.open(backend, Cli.notices(err))) {
            if (engine.backend() == Backend.CPU && !cmd.commandLine().getParseResult().hasMatchedOption("--size")) {
                wh = new int[] {CPU_DEFAULT_SIZE.width(), CPU_DEFAULT_SIZE.height()};
            }
            RgbaImage image = randomImage(wh[0], wh[1], seed);
            long total = 0;
            for (Mask mask : masks) {
                for (Strategy s : chosen) {
                    total += s.whyNotApplicable(mask) == null ? 1 : 0;
                }
            }
            Progress progress = Progress.start("bench", total, "rows", err, true);
            boolean all = strategies.equalsIgnoreCase("all");
            for (Mask mask : masks) {
                int r = Math.max(mask.radiusX(), mask.radiusY());
                String label = maskSizes != null ? "mask " + mask.width() + "x" + mask.height() : "radius " + r;
                FilterSpec spec = FilterSpec.of(mask, policy);
                List<String> skipped = new ArrayList<>();
                Map<String, String> timedPaths = new LinkedHashMap<>();
                Map<String, List<String>> samePath = new LinkedHashMap<>();
                for (Strategy s : chosen) {
                    if (s.whyNotApplicable(mask) != null) {
                        skipped.add(s.id());
                        continue;
                    }
                    if (all) {
                        String path = pathOf(engine, spec, s);
                        String same = timedPaths.putIfAbsent(path, s.id());
                        if (same != null) {
                            samePath.computeIfAbsent(path, p -> new ArrayList<>()).add(s.id());
                            progress.step(1, label);
                            continue;
                        }
                    }
                    rows.add(measure(engine, image, spec, s, r));
                    progress.step(1, label);
                }
                if (!format.equals("json")) {
                    samePath.forEach((path, names) -> err.println("convolab: " + label + ": skipped " + String.join(", ", names)
                            + " (the same as " + timedPaths.get(path) + ": " + path + ")"));
                    if (!skipped.isEmpty()) {
                        err.println("convolab: " + label + ": skipped " + String.join(", ", skipped) + " (the mask is not separable)");
                    }
                }
            }
            progress.close();
        }
        BenchTable.print(cmd.commandLine().getOut(), format, rows);
        return 0;
    }

    /** The live-preview measurement: a resident image, a new 7x7 mask before every run. */
    private int interactive(int[] size, BorderPolicy policy, PrintWriter err) {
        RgbaImage image = randomImage(size[0], size[1], seed);
        Mask[] masks = {maskFor(3), MaskPresets.parse("gaussian:1.2:7")};
        double[] kernel = new double[repeat];
        double[] result = new double[repeat];
        double[] total = new double[repeat];
        double[] lent = new double[repeat];
        String backendName;
        String device;
        String used;
        try (ConvolutionEngine engine = Engines.open(backend, Cli.notices(err))) {
            backendName = engine.backend().toString();
            device = engine.device();
            FilterResult r = null;
            for (int i = 0; i < warmup + 1; i++) {
                r = engine.filter(image, FilterSpec.of(masks[i % 2], policy), Strategy.AUTO);
            }
            for (int i = 0; i < repeat; i++) {
                r = engine.filter(image, FilterSpec.of(masks[i % 2], policy), Strategy.AUTO);
                kernel[i] = r.timings().kernelMs();
                result[i] = r.timings().resultMs();
                total[i] = r.timings().totalMs();
            }
            used = r.strategy().id();
            // the window's way: the result lent where it was downloaded, the previous one still shown meanwhile
            ResultLease shown = engine.filterLeased(image, FilterSpec.of(masks[0], policy), Strategy.AUTO);
            try {
                for (int i = 0; i < repeat; i++) {
                    ResultLease next = engine.filterLeased(image, FilterSpec.of(masks[(i + 1) % 2], policy), Strategy.AUTO);
                    lent[i] = next.timings().totalMs();
                    shown.close();
                    shown = next;
                }
            } finally {
                shown.close();
            }
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("backend", backendName);
        row.put("device", device);
        row.put("width", size[0]);
        row.put("height", size[1]);
        row.put("mask", "7x7, changed before every run");
        row.put("strategy", "auto(" + used + ")");
        row.put("border", policy.name());
        row.put("repeat", repeat);
        row.put("kernel_ms", round(Measurements.median(kernel)));
        row.put("to_pinned_host_ms", round(Measurements.median(result)));
        row.put("to_java_array_ms", round(Measurements.median(total)));
        row.put("lent_ms", round(Measurements.median(lent)));
        PrintWriter out = cmd.commandLine().getOut();
        if (format.equals("json")) {
            out.println(new GsonBuilder().setPrettyPrinting().create().toJson(List.of(row)));
        } else {
            out.printf(Locale.ROOT, "Live preview, %s on %s: %dx%d image resident, 7x7 mask changed before each run, %s, median of %d%n",
                    backendName, device, size[0], size[1], used, repeat);
            out.printf(Locale.ROOT, "kernel %.3f ms; end to end until the ARGB result is in pinned host memory %.3f ms, "
                    + "in a Java array %.3f ms, lent without a copy (filterLeased, as the window takes it) %.3f ms%n",
                    row.get("kernel_ms"), row.get("to_pinned_host_ms"), row.get("to_java_array_ms"), row.get("lent_ms"));
        }
        out.flush();
        return 0;
    }

    private Map<String, Object> measure(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, Strategy s, int r) {
        FilterResult last = null;
        for (int i = 0; i < warmup; i++) {
            last = engine.filter(image, spec, s);
        }
        double[] kernel = new double[repeat];
        double[] total = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            last = engine.filter(image, spec, s);
            kernel[i] = last.timings().kernelMs();
            total[i] = last.timings().totalMs();
        }
        // On the GPU a single filter's events include the launch latency; batches of back-to-back
        // launches measure the kernels alone (kernel_ms), the single filters stay in single_kernel_ms.
        double singleMs = Measurements.median(kernel);
        double kMs = singleMs;
        java.util.OptionalDouble batched = medianOfBatches(() -> engine.batchedKernelMs(image, spec, s, 10));
        if (batched.isPresent()) {
            kMs = batched.getAsDouble();
        }
        FilterCost cost = last.timings().cost();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("backend", engine.backend().toString());
        row.put("device", engine.device());
        row.put("strategy", s == Strategy.AUTO ? "auto(" + last.strategy().id() + ")" : s.id());
        row.put("width", image.width());
        row.put("height", image.height());
        row.put("radius", r);
        row.put("mask", spec.mask().width() + "x" + spec.mask().height() + " " + (maskSizes != null ? "random" : maskKind));
        row.put("border", spec.border().name());
        row.put("repeat", repeat);
        row.put("kernel_ms", round(kMs));
        row.put("single_kernel_ms", round(singleMs));
        row.put("end_to_end_ms", round(Measurements.median(total)));
        row.put("gbps", round(cost.bytes() / (kMs * 1e6)));
        row.put("gflops", round(cost.flops() / (kMs * 1e6)));
        row.put("max_diff", Measurements.maxDiffOnCrops(image, spec, last.image()));
        row.put("runs", last.plan().describeKernels());
        // the work the rates divide, from the plan (FilterCost: what the overlay, Compare and --timings count too)
        row.put("kernel_bytes", cost.bytes());
        row.put("kernel_flops", cost.flops());
        // The app's own path (packed 8-bit ARGB of a resident image in and out), where the engine times it.
        java.util.OptionalDouble argb = medianOfBatches(() -> engine.batchedArgbMs(image, spec, s, 10));
        if (argb.isPresent()) {
            row.put("argb_ms", round(argb.getAsDouble()));
            // the filter's launches as they ran: convolab_argb2d_rN or convolab_argbs_rN where one fused kernel does it all
            // (otherwise the pack kernel follows the filter kernels named)
            row.put("argb_runs", String.join(" + ", last.plan().launches().stream().map(l -> l.split(" ")[0]).distinct().toList()));
        }
        return row;
    }

    /** The median of max(3, repeat / 2) batched measurements, or empty where the engine has none. */
    private java.util.OptionalDouble medianOfBatches(java.util.function.Supplier<java.util.OptionalDouble> batch) {
        java.util.OptionalDouble first = batch.get();
        if (first.isEmpty()) {
            return first;
        }
        double[] batches = new double[Math.max(3, repeat / 2)];
        batches[0] = first.getAsDouble();
        for (int i = 1; i < batches.length; i++) {
            batches[i] = batch.get().getAsDouble();
        }
        return java.util.OptionalDouble.of(Measurements.median(batches));
    }

    /**
     * What the engine runs for the strategy and mask (its plan's kernels, else the strategy it runs),
     * learned from a filter of a small image: plans depend on the mask, not the image.
     */
    private static String pathOf(ConvolutionEngine engine, FilterSpec spec, Strategy s) {
        return engine.filter(randomImage(16, 16, 0), spec, s).plan().describeKernels();
    }

    /** A normalised mask of random weights of the size "WxH" (odd sides up to 63). */
    private Mask randomMask(String size) {
        String[] wh = size.trim().toLowerCase(Locale.ROOT).split("x");
        int w;
        int h;
        try {
            w = Integer.parseInt(wh[0].trim());
            h = wh.length == 2 ? Integer.parseInt(wh[1].trim()) : -1;
        } catch (NumberFormatException e) {
            w = -1;
            h = -1;
        }
        if (wh.length != 2 || w < 1 || h < 1 || w > Mask.DIRECT_MAX_SIZE || h > Mask.DIRECT_MAX_SIZE || w % 2 == 0 || h % 2 == 0) {
            throw new ConvolabException(UserText.quote(size) + " is not a mask size like 63x5 (odd sides from 1 to "
                    + Mask.DIRECT_MAX_SIZE + ")");
        }
        Random rnd = new Random(seed * 1000 + 100 * w + h);
        float[] weights = new float[w * h];
        for (int k = 0; k < weights.length; k++) {
            weights[k] = rnd.nextFloat();
        }
        return Mask.of(w, h, weights).normalized();
    }

    private Mask maskFor(int r) {
        int n = 2 * r + 1;
        if (maskKind.equals("gaussian")) {
            return MaskPresets.parse("gaussian:" + Math.max(0.5, r / 2.0) + ":" + n);
        }
        Random rnd = new Random(seed * 1000 + r);
        float[] w = new float[n * n];
        for (int k = 0; k < w.length; k++) {
            w[k] = rnd.nextFloat();
        }
        return Mask.of(n, n, w).normalized();
    }

    /** A random opaque RGB image, the same for the same seed. */
    public static RgbaImage randomImage(int w, int h, long seed) {
        return TestImages.opaqueImage(w, h, seed);
    }

    static List<Strategy> parseStrategies(String s) {
        if (s.equalsIgnoreCase("all")) {
            return Strategy.concrete();
        }
        List<Strategy> list = new ArrayList<>();
        for (String name : s.split(",")) {
            list.add(Strategy.parse(name));
        }
        return list;
    }

    private static double round(double v) {
        return Math.round(v * 10000) / 10000.0;
    }
}
