package org.convolab.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask3D;
import org.convolab.core.Strategy;
import org.convolab.core.VolumeStrategy;
import org.convolab.core.UserText;
import org.convolab.engine.FileFilter;
import org.convolab.engine.StackFilter;
import org.convolab.engine.StripFilter;
import org.convolab.io.ImageFiles;
import org.convolab.io.JpegCodecs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code convolab filter IN -o OUT ...}: filters one image file into another. */
@Command(name = "filter", mixinStandardHelpOptions = true,
        description = {"Filter an image with a mask and write the result (format by OUT's extension: png, jpg, bmp, tif).",
                "Correlation per colour channel (alpha passed through): out = clamp(round(sum / D + O), 0, max), on the stored values.",
                "Streamed in bands of rows; the output keeps the input's bits (8 or 16), grey or colour, alpha and ICC profile",
                "where its format can. A multi-page TIFF (a stack) is filtered page by page with a 2D mask, as volumes",
                "with a 3D mask (box3d:N, gaussian3d:..., a 3D mask file), and written as a stack of the same dimensions."})
public final class FilterCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Parameters(index = "0", paramLabel = "IN", description = "input image: PNG, JPEG, BMP, GIF or TIFF; - reads it from standard input")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "output image (.png, .jpg, .bmp, .tif)")
    Path output;

    @Mixin
    FilterOptions filter = new FilterOptions();

    @Mixin
    EngineOptions where = new EngineOptions();

    @Option(names = "--timings", description = "print the timings of each phase")
    boolean timings;

    @Option(names = {"-f", "--force"}, description = "replace OUT if it exists")
    boolean force;

    @Mixin
    EncodingOptions encoding = new EncodingOptions();

    @Override
    public Integer call() {
        if (PipedInput.isStdin(input) && filter.maskFromStdin()) {
            throw new picocli.CommandLine.ParameterException(cmd.commandLine(),
                    "the image and the mask cannot both come from standard input (-): give one of them as a file");
        }
        java.util.Optional<Mask3D> volume = filter.mask3d();
        if (volume.isPresent()) {
            return filterVolume(volume.get());
        }
        FilterSpec spec = filter.spec();
        Strategy st = where.strategy;
        st.checkApplicable(spec.mask());
        filter.checkDepthFor(ImageFiles.formatOf(output), cmd.commandLine());
        if (ImageFiles.sameFile(input, output)) {
            throw new ConvolabException("refusing to overwrite the input file " + UserText.escape(input.toString()) + "; choose another output");
        }
        // the output's problems (exists, folder missing or read-only) are found before the slow decode
        ImageFiles.checkWritable(output, force);
        Consumer<String> notices = Cli.notices(cmd.commandLine().getErr());
        JpegCodecs.resetCounts();
        long t0 = System.nanoTime();
        try (PipedInput in = PipedInput.of(input, System.in)) {
            FileFilter.Job job = new FileFilter.Job(in.path(), output, force, where.maxPixels(), encoding.options(), 0,
                    encoding.autoOrient, filter.depth);
            // the engine (a CUDA context: a few hundred ms) starts on its own thread while the input decodes
            CompletableFuture<ConvolutionEngine> opening = CompletableFuture.supplyAsync(() -> where.open(0, notices),
                    FilterCommand::engineThread);
            try {
                StripFilter.Report r = FileFilter.run(job, () -> opened(opening), spec, st, msg -> notices.accept(in.renamed(msg)));
                if (timings) {
                    where.whyNoGpu().ifPresent(notices);
                    cmd.commandLine().getOut().println(describe(opened(opening), r, spec, (System.nanoTime() - t0) / 1e6));
                    JpegCodecs.summary().ifPresent(cmd.commandLine().getOut()::println);
                }
            } catch (ConvolabException e) {
                throw in.renamed(e);
            } finally {
                // closed whether or not the filter got to use it; a failure to open matters only if it was needed
                ConvolutionEngine e = opening.handle((engine, failure) -> engine).join();
                if (e != null) {
                    e.close();
                }
            }
        }
        return 0;
    }

    /** A 3D mask: the stack (or a single image, as a stack of one page) filtered as volumes. */
    private int filterVolume(Mask3D mask) {
        FilterSpec spec = filter.volumeSpec(mask);
        VolumeStrategy st = volumeStrategy(where.strategy);
        filter.checkDepthFor(ImageFiles.formatOf(output), cmd.commandLine());
        if (ImageFiles.sameFile(input, output)) {
            throw new ConvolabException("refusing to overwrite the input file " + UserText.escape(input.toString()) + "; choose another output");
        }
        ImageFiles.checkWritable(output, force);
        Consumer<String> notices = Cli.notices(cmd.commandLine().getErr());
        long t0 = System.nanoTime();
        try (PipedInput in = PipedInput.of(input, System.in); ConvolutionEngine engine = where.open(0, notices)) {
            FileFilter.Job job = new FileFilter.Job(in.path(), output, force, where.maxPixels(), encoding.options(), 0,
                    encoding.autoOrient, filter.depth);
            try {
                StackFilter.Report r = FileFilter.runVolume(job, () -> engine, mask, spec, st, msg -> notices.accept(in.renamed(msg)));
                if (timings) {
                    cmd.commandLine().getOut().println(describeVolume(engine, r, mask, (System.nanoTime() - t0) / 1e6));
                }
            } catch (ConvolabException e) {
                throw in.renamed(e);
            }
        }
        return 0;
    }

    /** The 3D strategy of the same name as --strategy, or one line naming the 3D strategies. */
    static VolumeStrategy volumeStrategy(Strategy s) {
        try {
            return VolumeStrategy.parse(s.id());
        } catch (ConvolabException e) {
            throw new ConvolabException("strategy " + s.id() + " has no 3D form; with a 3D mask use naive, constant, tiled,"
                    + " separable, fast, fft or auto");
        }
    }

    static String describeVolume(ConvolutionEngine engine, StackFilter.Report r, Mask3D mask, double totalMs) {
        long voxels = (long) r.width() * r.height() * r.dims().pages();
        double gflop = FilterCost.ofVolume(r.width(), r.height(), r.dims().pages(), mask, r.format(), r.output()).flops() / 1e9;
        return String.format(Locale.ROOT, "%s on %s, 3D strategy %s, %s on a %dx%d %s stack of %s%s%n"
                        + "filter %.3f ms, read+filter+write %.3f ms, %.1f Mvoxel/s (filter; %.3f GFLOP as direct taps)",
                engine.backend(), engine.device(), r.plan().describe(), mask, r.width(), r.height(), r.format(),
                r.dims().describe(), r.output().equals(r.format()) ? "" : " into " + r.output(), r.filterMs(), totalMs,
                voxels / (r.filterMs() * 1e3), gflop);
    }

    private static void engineThread(Runnable r) {
        Thread t = new Thread(r, "convolab-engine-open");
        t.setDaemon(true);
        t.start();
    }

    /** The opened engine, or the one-line error that opening it gave. */
    private static ConvolutionEngine opened(CompletableFuture<ConvolutionEngine> opening) {
        try {
            return opening.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** What the filter phase covered and the set-up before it, in brackets, where the run says. */
    private static String phase(StripFilter.Report r) {
        String setup = r.setupMs() > 0 ? String.format(Locale.ROOT, "after %.3f ms of set-up: buffers, plans, kernels loaded", r.setupMs()) : "";
        String covers = r.covers().isEmpty() ? "" : r.covers() + (setup.isEmpty() ? "" : "; ");
        return covers.isEmpty() && setup.isEmpty() ? "" : " (" + covers + setup + ")";
    }


    /**
     * The --timings text: what ran, the phases, the file's samples (their bytes at the file's sizes) and the kernels
     * with their work as every report counts it from the plan ({@link StripFilter.Report#cost}).
     */
    static String describe(ConvolutionEngine engine, StripFilter.Report r, FilterSpec spec, double totalMs) {
        FilterCost work = FilterCost.ofSamples(r.width(), r.height(), spec.mask(), r.plan(), r.format(), r.output());
        return String.format(Locale.ROOT, "%s on %s, strategy %s, %dx%d %s image%s in %d band%s%s%n"
                        + "filter %.3f ms%s, read+filter+write %.3f ms%n"
                        + "%.3f GFLOP, %.1f MB of samples read and written: %.1f GFLOP/s, %.2f GB/s (filter)%n"
                        + "kernels %s: %s",
                engine.backend(), engine.device(), r.plan().describe(), r.width(), r.height(), r.format(),
                r.output().equals(r.format()) ? "" : " into " + r.output(), r.bands(),
                r.bands() == 1 ? "" : "s", r.prePass() ? " (a first pass read the far edge's rows)" : "",
                r.filterMs(), phase(r), totalMs, work.flops() / 1e9, work.bytes() / 1e6, work.flops() / (r.filterMs() * 1e6),
                work.bytes() / (r.filterMs() * 1e6), r.plan().describeKernels(), r.cost(spec.mask()).describe());
    }
}
