package org.convolab.engine;

import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.StrategyRefusedException;

/**
 * A stand-in GPU engine for histogram tests: says it is CUDA, counts 8-bit images as the subclass says
 * and 16-bit ones exactly, refusing what a strategy cannot count as the CUDA engine does; filters nothing.
 */
public abstract class HistogramOnlyGpu implements ConvolutionEngine {

    @Override
    public Backend backend() {
        return Backend.CUDA;
    }

    @Override
    public String device() {
        return "test GPU";
    }

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        throw new UnsupportedOperationException("a histogram test engine");
    }

    @Override
    public abstract HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy);

    @Override
    public HistogramResult histogram(Rgba16Image image, int bins, HistogramStrategy strategy) {
        String why = strategy.whyNotApplicable(bins, 16);
        if (why != null) {
            throw new StrategyRefusedException(why);
        }
        return new HistogramResult(Histogram.count(image, bins), "cuda " + strategy.id(), 0, 0);
    }

    @Override
    public void close() {
    }
}
