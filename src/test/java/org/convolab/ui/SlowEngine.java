package org.convolab.ui;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;

/** A test double of a slow engine: the CPU engine's results, each after a delay the test sets. */
final class SlowEngine implements ConvolutionEngine {
    private final ConvolutionEngine cpu = Engines.open(Backend.CPU, msg -> { });
    private final AtomicLong delayMs = new AtomicLong();

    /** Every filter from now on waits this long first. */
    void delay(long ms) {
        delayMs.set(ms);
    }

    private void slow() {
        try {
            TimeUnit.MILLISECONDS.sleep(delayMs.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public Backend backend() {
        return Backend.CPU;
    }

    @Override
    public String device() {
        return "test: a slow CPU";
    }

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        slow();
        return cpu.filter(image, spec, strategy);
    }

    @Override
    public ResultLease filterLeased(RgbaImage image, FilterSpec spec, Strategy strategy) {
        slow();
        return cpu.filterLeased(image, spec, strategy);
    }

    /** The CPU's plane filter (16-bit, float and stack pages), each call after the delay too. */
    @Override
    public java.util.Optional<org.convolab.core.PlaneFilter> planeFilter() {
        org.convolab.core.PlaneFilter planes = org.convolab.engine.PlaneFilters.forEngine(cpu);
        return java.util.Optional.of(new org.convolab.core.PlaneFilter() {
            @Override
            public org.convolab.core.LaunchPlan correlate(float[] rows, int width, int outRows, FilterSpec spec, Strategy strategy,
                                                         float[] sums) {
                slow();
                return planes.correlate(rows, width, outRows, spec, strategy, sums);
            }

            @Override
            public void close() {
                planes.close();
            }
        });
    }

    @Override
    public void close() {
        cpu.close();
    }
}
