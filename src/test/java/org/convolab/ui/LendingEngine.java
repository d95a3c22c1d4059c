package org.convolab.ui;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;

/**
 * A test double of the GPU engine's lending: the CPU engine's results, lent from a direct buffer (as the
 * GPU lends its pinned one) with no array behind them, counting the leases still open.
 */
final class LendingEngine implements ConvolutionEngine {
    private final ConvolutionEngine cpu = Engines.open(Backend.CPU, msg -> { });
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger lent = new AtomicInteger();

    @Override
    public Backend backend() {
        return Backend.CPU;
    }

    @Override
    public String device() {
        return "test: CPU results lent from direct buffers";
    }

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        return cpu.filter(image, spec, strategy);
    }

    @Override
    public ResultLease filterLeased(RgbaImage image, FilterSpec spec, Strategy strategy) {
        FilterResult r = cpu.filter(image, spec, strategy);
        IntBuffer pinned = ByteBuffer.allocateDirect(image.size() * 4).order(ByteOrder.nativeOrder()).asIntBuffer();
        pinned.put(r.image().pixels());
        open.incrementAndGet();
        lent.incrementAndGet();
        return new ResultLease(image.width(), image.height(), pinned, null, r.plan(), r.timings(), open::decrementAndGet);
    }

    /** Leases not closed yet. */
    int open() {
        return open.get();
    }

    /** Leases made. */
    int lent() {
        return lent.get();
    }

    @Override
    public void close() {
        cpu.close();
    }
}
