package org.convolab.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;
import org.convolab.core.UserText;
import org.convolab.engine.Backend;
import org.convolab.engine.Engines;
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
                "Correlation per R, G, B (alpha passed through): out = clamp(round(sum / D + O), 0, 255)."})
public final class FilterCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Parameters(index = "0", paramLabel = "IN", description = "input image: PNG, JPEG, BMP, GIF or TIFF")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "output image (.png, .jpg, .bmp, .tif)")
    Path output;

    @Mixin
    FilterOptions filter = new FilterOptions();

    @Option(names = "--strategy", paramLabel = "NAME", defaultValue = "auto", converter = OptionConverters.StrategyName.class,
            description = "naive, constant, tiled, tiled-out, cached, separable, separable-tiled or auto (default ${DEFAULT-VALUE})")
    Strategy strategy;

    @Option(names = "--backend", paramLabel = "auto|cuda|cpu", defaultValue = "auto",
            description = "where to filter (default ${DEFAULT-VALUE}: CUDA when usable, else the CPU)")
    Backend backend;

    @Option(names = "--timings", description = "print the timings of each phase")
    boolean timings;

    @Option(names = {"-f", "--force"}, description = "replace OUT if it exists")
    boolean force;

    @Option(names = "--max-megapixels", paramLabel = "MP", defaultValue = "500", converter = OptionConverters.Megapixels.class,
            description = "refuse images larger than this, from the header (default ${DEFAULT-VALUE})")
    double maxMegapixels;

    @Override
    public Integer call() {
        FilterSpec spec = filter.spec();
        Strategy st = strategy;
        st.checkApplicable(spec.mask());
        if (ImageFiles.sameFile(input, output)) {
            throw new ConvolabException("refusing to overwrite the input file " + UserText.escape(input.toString()) + "; choose another output");
        }
        // the output's problems (exists, folder missing or read-only) are found before the slow decode
        ImageFiles.checkWritable(output, force);
        RgbaImage in = ImageFiles.read(input, (long) (maxMegapixels * 1e6));
        var err = cmd.commandLine().getErr();
        try (ConvolutionEngine engine = Engines.open(backend, msg -> err.println("convolab: " + msg))) {
            FilterResult r = engine.filter(in, spec, st);
            ImageFiles.write(r.image(), output, force);
            if (timings) {
                var out = cmd.commandLine().getOut();
                out.println(describe(engine, r, in));
            }
        }
        return 0;
    }

    static String describe(ConvolutionEngine engine, FilterResult r, RgbaImage in) {
        Timings t = r.timings();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s on %s, strategy %s, %dx%d image%n", engine.backend(), engine.device(),
                r.strategy().id(), in.width(), in.height()));
        sb.append(String.format(Locale.ROOT, "upload %.3f ms, unpack %.3f ms, kernels", t.uploadMs(), t.unpackMs()));
        String[] ch = t.channelMs().size() == 3 ? new String[] {"R", "G", "B"} : new String[] {"RGB"};
        for (int c = 0; c < t.channelMs().size(); c++) {
            sb.append(String.format(Locale.ROOT, " %s %.3f", ch[c], t.channelMs().get(c)));
        }
        sb.append(String.format(Locale.ROOT, " ms (%.3f ms), pack %.3f ms, download %.3f ms, end to end %.3f ms%n",
                t.kernelMs(), t.packMs(), t.downloadMs(), t.totalMs()));
        sb.append(String.format(Locale.ROOT, "%.1f GB/s, %.1f GFLOP/s", t.gbps(), t.gflops()));
        return sb.toString();
    }
}
