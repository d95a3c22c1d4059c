package org.convolab.ui;

import org.convolab.core.ConvolutionEngine;
import org.convolab.cpu.CpuEngine;
import org.convolab.cuda.CudaEngine;
import org.convolab.cuda.CudaProbe;
import java.util.function.Consumer;
import org.convolab.engine.Backend;
import org.convolab.engine.FallbackEngine;

/**
 * The engines of the running app: the CPU engine, and the CUDA engine opened on first use when a
 * GPU is usable. Called from the filter thread and, for Compare, the FX thread, hence synchronized.
 * If the GPU fails for good, the app goes on with the CPU and says why.
 */
final class EngineProvider implements AutoCloseable {
    private final CpuEngine cpu = new CpuEngine();
    private FallbackEngine cuda;
    private final Consumer<String> notices;
    private String cudaProblem;

    /** @param notices receives, on the filter thread, the message when the GPU fails for good */
    EngineProvider(Consumer<String> notices) {
        this.notices = notices;
        CudaProbe.Result probe = CudaProbe.probe();
        cudaProblem = probe.problem();
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
        if (cuda == null) {
            try {
                cuda = new FallbackEngine(new CudaEngine(CudaProbe.probe().devices().get(0)), msg -> {
                    synchronized (this) {
                        cudaProblem = msg;
                    }
                    notices.accept(msg);
                });
            } catch (RuntimeException e) {
                cudaProblem = "the GPU could not be set up: " + e.getMessage();
                return cpu;
            }
        }
        return cuda;
    }

    @Override
    public void close() {
        cpu.close();
        if (cuda != null) {
            cuda.close();
        }
    }
}
