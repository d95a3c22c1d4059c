package org.convolab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.OutputDepth;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.UserText;
import org.convolab.core.Backend;
import org.convolab.engine.BatchPipeline;
import org.convolab.engine.BatchPlan;
import org.convolab.engine.BatchShard;
import org.convolab.engine.Engines;
import org.convolab.engine.DeviceJpegStages;
import org.convolab.engine.FaithfulFileStages;
import org.convolab.io.JpegCodecs;
import org.convolab.io.ImageFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code convolab batch INPUT... -o OUTDIR}: filters many files through {@link BatchPipeline}, with a
 * progress bar on a terminal and a line per file otherwise, and a summary. Exit 1 if any file failed.
 */
@Command(name = "batch", mixinStandardHelpOptions = true,
        description = {"Filter many image files into a folder: decoding, filtering and encoding of different files overlap.",
                "INPUT is files and folders (the images in a folder by extension; --recursive goes down). Each output is the "
                        + "input's name in OUTDIR; existing outputs are skipped unless --force, so a re-run finishes the rest.",
                "A file that fails is reported with one line and the others go on; exit 1 if any failed."})
public final class BatchCommand implements Callable<Integer> {

    /** How long Ctrl+C waits for the files being written to be finished. */
    static final Duration STOP_WAIT = Duration.ofSeconds(60);

    @Spec
    CommandSpec cmd;

    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "image files and folders")
    List<Path> inputs;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUTDIR", description = "folder for the results (created if missing)")
    Path outDir;

    @Mixin
    FilterOptions filter = new FilterOptions();

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Option(names = "--devices", paramLabel = "all|LIST", defaultValue = "0",
            description = "GPUs to use, one engine each: all, or numbers like 0,1 (default ${DEFAULT-VALUE}); the CPU backend is one engine")
    String devices;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "threads that decode and encode (default: the number of cores)")
    Integer jobs;

    @Option(names = "--format", paramLabel = "same|png|jpg|tif|bmp", defaultValue = "same",
            description = "output format (default ${DEFAULT-VALUE}: the input's; GIF becomes PNG)")
    String format;

    @Mixin
    EncodingOptions encoding = new EncodingOptions();

    @Option(names = {"-r", "--recursive"}, description = "go down into sub-folders, keeping them in OUTDIR")
    boolean recursive;

    @Option(names = {"-f", "--force"}, description = "replace outputs that exist (else they are skipped)")
    boolean force;

    /** Workers that feed one GPU engine (see {@link #call}). */
    static final int WORKERS_PER_GPU = 4;

    /**
     * Workers per GPU with a device JPEG codec: enough for two batches of 16 files on the device at once (one
     * decoding while the other is filtered and encoded) while the workers of a finished batch bring the next.
     */
    static final int JPEG_WORKERS_PER_GPU = Integer.getInteger("convolab.nvjpeg.workers", 32);

    @Option(names = {"-q", "--quiet"}, description = "print only failures")
    boolean quiet;

    @Option(names = "--shard", paramLabel = "K/N", description = "filter only the K-th of N disjoint parts of the inputs "
            + "(K from 1), chosen by a hash of each file's path, so N jobs (a Slurm array, GNU parallel) cover them once")
    String shard;

    @Override
    public Integer call() {
        startupTrace(cmd.commandLine().getErr(), "command line parsed");
        if (filter.mask3d().isPresent()) {
            throw new ConvolabException("batch filters with 2D masks (every page of a stack with the same mask); a 3D mask is"
                    + " taken by convolab filter, a stack at a time");
        }
        FilterSpec spec = filter.spec();
        Strategy st = engine.strategyFor(spec);
        long maxPixels = engine.maxPixels();
        int codecThreads = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        List<Integer> ordinals;
        BatchShard part;
        // bad option values are usage errors (exit 2), found before any file is touched
        try {
            if (codecThreads < 1) {
                throw new ConvolabException("--jobs must be at least 1");
            }
            new org.convolab.io.EncodeOptions(encoding.pngLevel, encoding.quality);
            if (!org.convolab.engine.BatchPlan.FORMATS.contains(format.toLowerCase(java.util.Locale.ROOT))) {
                throw new ConvolabException("unknown format '" + UserText.escape(format) + "' (use "
                        + String.join(", ", org.convolab.engine.BatchPlan.FORMATS) + ")");
            }
            ordinals = parseDevices(devices);
            part = shard == null ? null : BatchShard.parse(shard);
            String lower = format.toLowerCase(java.util.Locale.ROOT);
            filter.checkDepthFor(lower.equals("same") ? null : ImageFiles.formatOf(java.nio.file.Path.of("x." + lower)),
                    cmd.commandLine());
        } catch (ConvolabException e) {
            throw new picocli.CommandLine.ParameterException(cmd.commandLine(), e.getMessage());
        }
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new ConvolabException("cannot write into " + outDir + ": it is a file, not a folder");
        }
        List<BatchPipeline.Job> planned = BatchPlan.jobs(inputs, outDir, format, recursive);
        startupTrace(cmd.commandLine().getErr(), "files planned");
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (planned.isEmpty()) {
            throw new ConvolabException("no images in " + inputs + " (PNG, JPEG, BMP, GIF or TIFF by extension"
                    + (recursive ? ")" : "; use --recursive for sub-folders)"));
        }
        if (part != null) {
            planned = shardOf(planned, part, out);
            if (planned.isEmpty()) {
                return 0;
            }
        }
        try {
            Files.createDirectories(outDir);
        } catch (java.io.IOException e) {
            throw new ConvolabException("cannot create " + outDir + ": " + e.getMessage());
        }
        JpegCodecs.resetCounts();
        startupTrace(err, "opening the engines");
        List<ConvolutionEngine> engines = openEngines(ordinals, err);
        startupTrace(err, "engines open (contexts made, kernels loaded)");
        // A GPU engine queues all its work on its own CUDA thread, so several workers can feed it: the
        // Java side of a file (rows to bands and back) then overlaps the GPU's work instead of pacing it.
        // With a device JPEG codec a worker holds only compressed bytes, and the engine gathers what its workers
        // bring into one batched decode: more workers, bigger batches.
        // (--auto-orient turns pixels, which the device path does not: those batches take the CPU codec)
        // (and --depth other than same or 8 keeps samples the device path would round to 8 bits)
        boolean deviceJpeg = !encoding.autoOrient && (filter.depth == OutputDepth.SAME || filter.depth == OutputDepth.EIGHT)
                && engines.stream().allMatch(e -> e.deviceJpeg().isPresent());
        int perGpu = deviceJpeg ? JPEG_WORKERS_PER_GPU : WORKERS_PER_GPU;
        List<ConvolutionEngine> workers = new ArrayList<>();
        for (ConvolutionEngine e : engines) {
            for (int k = 0; k < (e.backend() == Backend.CUDA ? perGpu : 1); k++) {
                workers.add(e);
            }
        }
        long t0 = System.nanoTime();
        long written;
        startupTrace(err, "the batch's clock starts");
        BatchPipeline.Result result;
        DeviceJpegStages jpegStages = null;
        try (Progress bar = Progress.start("batch", planned.size(), "files", err, !quiet && Progress.onTerminal())) {
            Reporter reporter = new Reporter(out, err, bar, quiet, t0);
            java.util.Set<String> said = java.util.concurrent.ConcurrentHashMap.newKeySet();
            Consumer<String> say = Cli.notices(err);
            Consumer<String> notices = n -> {
                if (said.add(n)) {
                    say.accept(n);
                }
            };
            FaithfulFileStages cpuWay = new FaithfulFileStages(spec, st, maxPixels, encoding.options(), notices,
                    encoding.autoOrient, filter.depth);
            // nvJPEG where every engine has it: JPEG to JPEG stays on the GPU, only compressed bytes cross PCIe
            if (deviceJpeg) {
                jpegStages = new DeviceJpegStages(cpuWay, spec, st, maxPixels, encoding.options().jpegQuality(),
                        in -> isJpegOutput(in, format));
                // each GPU's codec and buffers are made while the first files are read, not before
                jpegStages.prepareWhileReading(engines, planned.stream().map(BatchPipeline.Job::input).toList());
            }
            BatchPipeline<?, ?> pipeline = jpegStages == null
                    ? new BatchPipeline<>(cpuWay, workers, codecThreads, force, reporter::finished)
                    : new BatchPipeline<>(jpegStages, workers, codecThreads, force, reporter::finished);
            // Ctrl+C: nothing new starts, files being written are finished, none is left half-written.
            Thread stopper = new Thread(() -> {
                pipeline.cancel();
                try {
                    pipeline.awaitStopped(STOP_WAIT);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "convolab-batch-stop");
            Runtime.getRuntime().addShutdownHook(stopper);
            try {
                result = pipeline.run(planned);
                written = System.nanoTime(); // files in to files out: the engines' teardown is not the batch's work
            } finally {
                removeHook(stopper);
            }
        } finally {
            startupTrace(err, "every file written; closing the engines");
            for (ConvolutionEngine e : engines) {
                e.close();
            }
            startupTrace(err, "engines closed");
        }
        double seconds = (written - t0) / 1e9;
        long failed = result.count(BatchPipeline.Status.FAILED);
        if (!quiet) {
            out.printf(Locale.ROOT, "%d done, %d skipped, %d failed%s in %.1f s (%.1f files/s, %.1f MP/s) on %s%n",
                    result.count(BatchPipeline.Status.DONE), result.count(BatchPipeline.Status.SKIPPED), failed,
                    result.cancelled() ? ", stopped" : "", seconds, result.count(BatchPipeline.Status.DONE) / seconds,
                    result.pixels() / 1e6 / seconds, describe(engines));
            BatchPipeline.StageTimes busy = result.stages();
            // busy share = a stage's summed busy time over (wall time x its threads): near 100% sets the pace
            out.printf(Locale.ROOT, "stages (busy time, share of their threads' wall time): decode %.1f s, filter %.1f s "
                            + "(%d%s, %.0f%%), encode %.1f s; decode + encode on %d codec threads %.0f%%%n",
                    busy.decodeS(), busy.filterS(), workers.size(), workers.size() == 1 ? " worker" : " workers",
                    100 * busy.filterS() / (seconds * workers.size()), busy.encodeS(), codecThreads,
                    100 * (busy.decodeS() + busy.encodeS()) / (seconds * codecThreads));
            if (jpegStages != null) {
                out.println(jpegStages.codecReport("nvJPEG")); // the engines are closed by now: the stages kept its name
            }
            JpegCodecs.summary().ifPresent(out::println);
            out.flush();
        }
        return failed > 0 || result.cancelled() ? 1 : 0;
    }

    /** The jobs of one part of the batch, said in a line unless --quiet. */
    private List<BatchPipeline.Job> shardOf(List<BatchPipeline.Job> all, BatchShard part, PrintWriter out) {
        List<BatchPipeline.Job> mine = part.select(all, outDir);
        if (!quiet) {
            out.printf(Locale.ROOT, "shard %s: %d of %d files%n", part, mine.size(), all.size());
            out.flush();
        }
        return mine;
    }

    /**
     * One engine per GPU asked for with --devices, opened side by side (each GPU makes its context at once); one
     * engine for the CPU backend or when auto finds no GPU.
     */
    private List<ConvolutionEngine> openEngines(List<Integer> ordinals, PrintWriter err) {
        if (engine.backend == Backend.CPU) {
            return new ArrayList<>(List.of(Engines.open(Backend.CPU, Cli.notices(err))));
        }
        if (ordinals == null) { // all
            int n = Engines.devices().devices().size();
            ordinals = new ArrayList<>();
            for (int i = 0; i < Math.max(1, n); i++) {
                ordinals.add(i);
            }
        }
        List<java.util.concurrent.CompletableFuture<ConvolutionEngine>> opening = new ArrayList<>();
        for (int ordinal : ordinals) {
            opening.add(ordinals.size() == 1
                    ? java.util.concurrent.CompletableFuture.completedFuture(engine.open(ordinal, Cli.notices(err)))
                    : java.util.concurrent.CompletableFuture.supplyAsync(() -> engine.open(ordinal, Cli.notices(err))));
        }
        List<ConvolutionEngine> engines = new ArrayList<>();
        RuntimeException failed = null;
        for (var f : opening) {
            try {
                ConvolutionEngine e = f.join();
                // auto found no usable GPU: one CPU engine is all there is
                if (engines.isEmpty() || (e.backend() != Backend.CPU && engines.get(0).backend() != Backend.CPU)) {
                    engines.add(e);
                } else {
                    e.close();
                }
            } catch (java.util.concurrent.CompletionException e) {
                if (failed == null) {
                    failed = e.getCause() instanceof RuntimeException r ? r : new ConvolabException(String.valueOf(e.getCause()));
                }
            }
        }
        if (failed != null) {
            engines.forEach(ConvolutionEngine::close);
            throw failed;
        }
        return engines;
    }

    /** Whether an input's output is a JPEG file under this --format. */
    static boolean isJpegOutput(Path input, String format) {
        return "jpeg".equals(org.convolab.io.ImageFiles.formatOf(Path.of(BatchPlan.outputName(input, format.toLowerCase(Locale.ROOT)))));
    }

    /** "all" gives null; else the distinct GPU numbers of a list like "0,1". */
    static List<Integer> parseDevices(String s) {
        if (s.trim().equalsIgnoreCase("all")) {
            return null;
        }
        Set<Integer> list = new LinkedHashSet<>();
        for (String part : s.split(",")) {
            try {
                int d = Integer.parseInt(part.trim());
                if (d < 0) {
                    throw new NumberFormatException();
                }
                list.add(d);
            } catch (NumberFormatException e) {
                throw new ConvolabException("--devices '" + s + "' is not 'all' or a list of GPU numbers like 0,1");
            }
        }
        return new ArrayList<>(list);
    }

    private static String describe(List<ConvolutionEngine> engines) {
        List<String> names = new ArrayList<>();
        for (ConvolutionEngine e : engines) {
            names.add(e.device());
        }
        return String.join(" + ", names);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down (Ctrl+C): the hook is running and waits for the pipeline
        }
    }

    /** Prints the outcome of each file: a bar step, a line, or (failures) a line on stderr. */
    private static final class Reporter {
        private final PrintWriter out;
        private final PrintWriter err;
        private final Progress bar;
        private final boolean quiet;
        private final long t0;
        private long pixels;

        Reporter(PrintWriter out, PrintWriter err, Progress bar, boolean quiet, long t0) {
            this.out = out;
            this.err = err;
            this.bar = bar;
            this.quiet = quiet;
            this.t0 = t0;
        }

        void finished(BatchPipeline.Outcome o) {
            pixels += o.pixels();
            double s = (System.nanoTime() - t0) / 1e9;
            String rate = String.format(Locale.ROOT, "%.1f MP/s", pixels / 1e6 / Math.max(s, 1e-3));
            switch (o.status()) {
                case FAILED -> {
                    // file names may hold control characters (an ESC sequence, a newline): escaped, never sent raw
                    err.println("convolab: " + UserText.escape(o.job().input().toString()) + ": " + UserText.escape(o.message()));
                    err.flush();
                }
                case SKIPPED -> {
                    if (!quiet && !Progress.onTerminal()) {
                        out.println("skipped " + UserText.escape(o.job().input().toString()) + ": " + UserText.escape(o.message()));
                    }
                }
                case DONE -> {
                    if (!quiet && !Progress.onTerminal()) {
                        out.printf(Locale.ROOT, "done %s -> %s (%.1f s, %s)%n", UserText.escape(o.job().input().toString()),
                                UserText.escape(o.job().output().toString()), s, rate);
                    }
                }
            }
            out.flush();
            bar.step(1, rate);
        }
    }

    /** -Dconvolab.nvjpeg.trace=true: where the start-up goes, stamped with milliseconds since the process started. */
    private static void startupTrace(java.io.PrintWriter err, String what) {
        if (Boolean.getBoolean("convolab.nvjpeg.trace")) {
            err.printf(java.util.Locale.ROOT, "batch  %6d ms: %s%n", org.convolab.core.ProcessClock.sinceLaunchMs(), what);
        }
    }
}
