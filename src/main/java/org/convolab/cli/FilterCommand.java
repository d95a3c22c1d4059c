package org.convolab.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;
import org.convolab.core.UserText;
import org.convolab.engine.Backend;
import org.convolab.engine.Engines;
import org.convolab.engine.FileFilter;
import org.convolab.engine.StripFilter;
import org.convolab.io.ImageFiles;
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
                "where its format can."})
public final class FilterCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Parameters(index = "0", paramLabel = "IN", description = "input image: PNG, JPEG, BMP, GIF or TIFF")
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
        FilterSpec spec = filter.spec();
        Strategy st = where.strategy;
        st.checkApplicable(spec.mask());
        filter.checkDepthFor(ImageFiles.formatOf(output), cmd.commandLine());
        if (ImageFiles.sameFile(input, output)) {
            throw new ConvolabException("refusing to overwrite the input file " + UserText.escape(input.toString()) + "; choose another output");
        }
        // the output's problems (exists, folder missing or read-only) are found before the slow decode
        ImageFiles.checkWritable(output, force);
        var err = cmd.commandLine().getErr();
        FileFilter.Job job = new FileFilter.Job(input, output, force, where.maxPixels(),
                encoding.options(), 0, filter.depth);
        long t0 = System.nanoTime();
        try (ConvolutionEngine engine = Engines.open(where.backend, msg -> err.println("convolab: " + msg))) {
            StripFilter.Report r = FileFilter.run(job, engine, spec, st, msg -> err.println("convolab: " + msg));
            if (timings) {
                cmd.commandLine().getOut().println(describe(engine, r, spec, (System.nanoTime() - t0) / 1e6));
            }
        }
        return 0;
    }

    static String describe(ConvolutionEngine engine, StripFilter.Report r, FilterSpec spec, double totalMs) {
        FilterCost work = FilterCost.ofSamples(r.width(), r.height(), spec.mask(), r.plan(), r.format(), r.output());
        return String.format(Locale.ROOT, "%s on %s, strategy %s, %dx%d %s image%s in %d band%s%s%n"
                        + "filter %.3f ms, read+filter+write %.3f ms%n"
                        + "%.3f GFLOP, %.1f MB of samples read and written: %.1f GFLOP/s, %.2f GB/s (filter)",
                engine.backend(), engine.device(), r.plan().describe(), r.width(), r.height(), r.format(),
                r.output().equals(r.format()) ? "" : " into " + r.output(), r.bands(),
                r.bands() == 1 ? "" : "s", r.prePass() ? " (a first pass read the far edge's rows)" : "",
                r.filterMs(), totalMs, work.flops() / 1e9, work.bytes() / 1e6, work.flops() / (r.filterMs() * 1e6),
                work.bytes() / (r.filterMs() * 1e6));
    }
}
