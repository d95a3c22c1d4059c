package org.convolab.ui;

import java.util.function.Consumer;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;

/**
 * The engines of the running app: the CPU engine, and the GPU engine (with its CPU fall-back) opened
 * through {@link Engines} on first use when a GPU is usable. Called from the filter thread and, for
 * Compare, the FX thread, hence synchronized. If the GPU fails for good, the app goes on with the CPU
 * and says why.
 */
final class EngineProvider implements AutoCloseable {
    private final ConvolutionEngine cpu;
    private ConvolutionEngine gpu;
    private final Consumer<String> notices;
    private String cudaProblem;

    /** @param notices receives, on the filter thread, the message when the GPU fails for good */
    EngineProvider(Consumer<String> notices) {
        this.cpu = Engines.open(Backend.CPU, msg -> { });
        this.notices = notices;
        cudaProblem = Engines.devices().problem();
    }

    /** One engine for every backend (tests give a test double here); the GPU is never opened. */
    EngineProvider(ConvolutionEngine only) {
        this.cpu = only;
        this.notices = msg -> { };
        cudaProblem = "a test engine runs every filter";
    }

    /** Null when CUDA can be used, else why not (for tooltips and the status bar). */
    synchronized String cudaProblem() {
        return cudaProblem;
    }

    /** The engine for a backend choice; auto means CUDA when usable. */
    synchronized ConvolutionEngine engine(Backend backend) {
        if (backend == Backend.CPU || cudaProblem != null) {
            return cpu;
        }
        if (gpu == null) {
            try {
                gpu = Engines.open(Backend.AUTO, msg -> {
                    synchronized (this) {
                        cudaProblem = msg;
                    }
                    notices.accept(msg);
                });
            } catch (RuntimeException e) {
                cudaProblem = "the GPU could not be set up: " + e.getMessage();
                return cpu;
            }
            if (gpu.backend() == Backend.CPU) { // auto found no usable GPU after all
                gpu.close();
                gpu = null;
                return cpu;
            }
        }
        return gpu;
    }

    @Override
    public void close() {
        cpu.close();
        if (gpu != null) {
            gpu.close();
        }
    }
}
