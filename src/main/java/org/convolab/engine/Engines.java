package org.convolab.engine;

import java.util.function.Consumer;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.cpu.CpuEngine;
import org.convolab.cuda.CudaEngine;
import org.convolab.cuda.CudaProbe;

/** Opens the engine for a {@link Backend}: the one place that chooses between CUDA and the CPU. */
public final class Engines {

    private Engines() {
    }

    /**
     * Opens an engine.
     *
     * @param notices receives one sentence when auto falls back to the CPU (why the GPU is not used)
     * @throws ConvolabException when CUDA was asked for and cannot run
     */
    public static ConvolutionEngine open(Backend backend, Consumer<String> notices) {
        switch (backend) {
            case CPU:
                return new CpuEngine();
            case CUDA: {
                CudaProbe.Result probe = CudaProbe.probe();
                if (!probe.usable()) {
                    throw new ConvolabException("CUDA backend unavailable: " + probe.problem());
                }
                return new CudaEngine(probe.devices().get(0));
            }
            default: {
                CudaProbe.Result probe = CudaProbe.probe();
                if (probe.usable()) {
                    try {
                        return new FallbackEngine(new CudaEngine(probe.devices().get(0)), notices);
                    } catch (ConvolabException e) {
                        notices.accept("GPU not used: " + e.getMessage() + "; using the CPU engine");
                        return new CpuEngine();
                    }
                }
                notices.accept("GPU not used: " + probe.problem() + "; using the CPU engine");
                return new CpuEngine();
            }
        }
    }
}
