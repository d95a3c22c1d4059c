package org.convolab.cli;

import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;
import org.convolab.engine.Backend;
import picocli.CommandLine.Option;

/** Where and how files are filtered: backend, strategy and the size limit; shared by the commands that filter files. */
public final class EngineOptions {

    @Option(names = "--strategy", paramLabel = "NAME", defaultValue = "auto", converter = OptionConverters.StrategyName.class,
            description = "naive, constant, tiled, tiled-out, cached, separable, separable-tiled, fast, fast-separable, fft or auto "
                    + "(default ${DEFAULT-VALUE})")
    Strategy strategy;

    @Option(names = "--backend", paramLabel = "auto|cuda|cpu", defaultValue = "auto",
            description = "where to filter (default ${DEFAULT-VALUE}: CUDA when usable, else the CPU)")
    Backend backend;

    @Option(names = "--max-megapixels", paramLabel = "MP", defaultValue = "2000", converter = OptionConverters.Megapixels.class,
            description = "refuse images larger than this, from the header (default ${DEFAULT-VALUE}; PNG and TIFF are streamed "
                    + "in bands, other formats must fit in the Java heap)")
    double maxMegapixels;

    /** The strategy, checked against the spec's mask. */
    Strategy strategyFor(FilterSpec spec) {
        strategy.checkApplicable(spec.mask());
        return strategy;
    }

    /** The pixel limit. */
    long maxPixels() {
        return (long) Math.min(Long.MAX_VALUE, maxMegapixels * 1e6);
    }
}
