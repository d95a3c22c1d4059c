package org.convolab.cli;

import java.util.Optional;
import java.util.function.Consumer;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import picocli.CommandLine.Option;

/** Where and how files are filtered: backend, strategy and the size limit; shared by the commands that filter files. */
public final class EngineOptions {

    @Option(names = "--strategy", paramLabel = "NAME", defaultValue = "auto", converter = OptionConverters.StrategyName.class,
            description = "naive, constant, tiled, tiled-out, cached, separable, separable-tiled, fast, fast-separable, tensor, fft or auto "
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

    /** {@link #open(Backend, int, Consumer)} of the backend asked for. */
    ConvolutionEngine open(int ordinal, Consumer<String> notices) {
        return open(backend, ordinal, notices);
    }

    /**
     * Opens an engine on GPU {@code ordinal}, or the CPU engine. The default backend (auto) on a machine
     * without a usable GPU opens the CPU engine without a word: a line about the missing GPU on every
     * {@code filter} and {@code batch} is noise. {@link #whyNoGpu}, {@code convolab devices} and an explicit
     * {@code --backend cuda} say why; a GPU that is there but fails to open is still reported.
     */
    static ConvolutionEngine open(Backend backend, int ordinal, Consumer<String> notices) {
        if (backend == Backend.AUTO && !Engines.devices().usable()) {
            return Engines.open(Backend.CPU, notices);
        }
        return Engines.open(backend, ordinal, notices);
    }

    /** Why the auto backend runs on the CPU (for {@code --timings}), or empty when a GPU is usable or the CPU was asked for. */
    Optional<String> whyNoGpu() {
        if (backend != Backend.AUTO || Engines.devices().usable()) {
            return Optional.empty();
        }
        return Optional.of("GPU not used: " + Engines.devices().problem() + "; the CPU engine filtered");
    }

    /** The pixel limit. */
    long maxPixels() {
        return (long) Math.min(Long.MAX_VALUE, maxMegapixels * 1e6);
    }
}
