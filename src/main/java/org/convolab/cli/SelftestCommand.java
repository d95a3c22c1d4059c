package org.convolab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.HistogramCheck;
import org.convolab.selftest.PlaneFilterCheck;
import org.convolab.selftest.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code convolab selftest}: the conformance matrix against the double-precision reference. */
@Command(name = "selftest", mixinStandardHelpOptions = true,
        description = {"Check every strategy x every ghost-cell policy x masks of radius 0 to 15 and rectangular masks "
                + "and masks with negative weights, divisors, offsets, abs and clamping x odd image sizes (1x1, 1xN, 17x13, "
                + "33x65, 257x255; masks larger than the image; radius 4 also on 4099x1601) against the "
                + "double-precision CPU reference.",
                "A fall-back to the CPU or a GPU fault survived by retrying during the run fails it; checks where another "
                + "strategy ran than the one named are counted and listed.",
                "Then every histogram strategy against the plain CPU count, exactly: 1x1 to 4099x1601 and 24 MP, random, "
                + "constant and dark images, 256, 64, 7 and 1 bins; and 16-bit images, 1x1 to 1001x659 and 12 MP, 65536 "
                + "bins down to 1 (privatized and aggregated must refuse past 2048 bins on the GPU; refusals are counted apart, not as passes).",
                "Then the plane filter of grey and 16-bit images (the GPU's own on the cuda backend): every strategy x every "
                + "policy x square and rectangular masks, separable and not, x 16-bit planes of 1x1 to 257x255 cut in bands, "
                + "against the double-precision reference.",
                "Prints a line per failure, 'histograms: N passed, M failed', 'planes: N passed, M failed', and last "
                + "'N passed, M failed' for the filters; exit 1 on any failure."})
public final class SelftestCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Option(names = "--backend", paramLabel = "auto|cuda|cpu", defaultValue = "auto", description = "default ${DEFAULT-VALUE}")
    Backend backend;

    @Option(names = "--max-radius", paramLabel = "R", defaultValue = "15", description = "largest square radius (default ${DEFAULT-VALUE})")
    int maxRadius;

    @Option(names = "--strategy", paramLabel = "all|LIST", defaultValue = "all", description = "strategies (default ${DEFAULT-VALUE}: all and auto)")
    String strategies;

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        List<Strategy> list = strategies.equalsIgnoreCase("all") ? List.of(Strategy.values()) : BenchCommand.parseStrategies(strategies);
        Conformance matrix = new Conformance(Math.max(0, Math.min(15, maxRadius)), Conformance.SIZES, 42);
        Summary s;
        Summary hs;
        Summary ps;
        try (ConvolutionEngine engine = Engines.open(backend, Cli.notices(err))) {
            out.println("selftest on " + engine.backend() + " (" + engine.device() + "): " + list.size() + " strategies");
            out.flush();
            List<String> failures = new ArrayList<>();
            try (Progress progress = Progress.start("selftest", 100, "%", err, true)) {
                s = matrix.run(engine, list, line -> {
                    failures.add(line);
                    out.println(line);
                    out.flush();
                }, fraction -> progress.stepTo((long) (fraction * 100), ""));
            }
            hs = new HistogramCheck(7, true).run(engine, HistogramCheck.all(), line -> {
                out.println(line);
                out.flush();
            });
            ps = PlaneFilterCheck.full().run(engine, list, line -> {
                out.println(line);
                out.flush();
            });
        }
        for (Summary part : List.of(hs, ps, s)) { // the filters' line last: the closing line of the self-test
            if (part == s && !part.notes().isEmpty()) {
                out.println(part.notes());
            }
            out.println(part.line());
            if (part != s && !part.notes().isEmpty()) {
                out.println(part.notes());
            }
        }
        out.flush();
        return s.failed() == 0 && hs.failed() == 0 && ps.failed() == 0 ? 0 : 1;
    }
}
