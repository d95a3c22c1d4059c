package org.convolab.cli;

import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;
import org.convolab.engine.Backend;
import picocli.CommandLine.Option;

/** Where and how files are filtered: backend, strategy and the size limit; shared by the commands that filter files. */
public final class EngineOptions {

    @Option(names = "--strategy", paramLabel = "NAME", defaultValue = "auto",
            description = "naive, constant, tiled, tiled-out, cached, separable, separable-tiled or auto (default ${DEFAULT-VALUE})")
    String strategy;

    @Option(names = "--backend", paramLabel = "auto|cuda|cpu", defaultValue = "auto",
            description = "where to filter (default ${DEFAULT-VALUE}: CUDA when usable, else the CPU)")
    Backend backend;

    @Option(names = "--max-megapixels", paramLabel = "MP", defaultValue = "500",
            description = "refuse images larger than this, from the header (default ${DEFAULT-VALUE})")
    double maxMegapixels;

    /** The strategy, checked against the spec's mask. */
    Strategy strategyFor(FilterSpec spec) {
        Strategy st = Strategy.parse(strategy);
        st.checkApplicable(spec.mask());
        return st;
    }

    /** The pixel limit. */
    long maxPixels() {
        if (!(maxMegapixels > 0)) {
            throw new ConvolabException("--max-megapixels must be more than 0");
        }
        return (long) Math.min(Long.MAX_VALUE, maxMegapixels * 1e6);
    }
}
