package org.convolab.cuda;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The gpu tests' engine: opened on the first CUDA device, or the test is skipped with the probe's reason. */
final class GpuEngine {

    private GpuEngine() {
    }

    /** A CUDA engine on device 0; skips the calling test (class) when no CUDA device is usable. */
    static CudaEngine openOrSkip() {
        CudaProbe.Result probe = CudaProbe.probe();
        assumeTrue(probe.usable(), () -> "no usable CUDA device: " + probe.problem());
        return new CudaEngine(probe.devices().get(0));
    }

    /** Closes an engine that may never have been opened. */
    static void close(CudaEngine engine) {
        if (engine != null) {
            engine.close();
        }
    }
}
