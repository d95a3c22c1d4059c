package org.convolab.engine;

import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;

/** A stand-in GPU engine for histogram tests: says it is CUDA, counts as the subclass says, filters nothing. */
abstract class HistogramOnlyGpu implements ConvolutionEngine {

    @Override
    public String backend() {
        return "cuda";
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
    public void close() {
    }
}
