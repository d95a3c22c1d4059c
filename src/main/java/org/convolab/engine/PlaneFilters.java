package org.convolab.engine;

import org.convolab.core.ConvolutionEngine;
import org.convolab.core.PlaneFilter;
import org.convolab.cpu.CpuPlaneFilter;

/** Picks the {@link PlaneFilter} for an engine: the engine's own when it has one (the GPU's), else the CPU's. */
public final class PlaneFilters {

    private PlaneFilters() {
    }

    /**
     * A new plane filter for the engine, closed by the caller before the engine: the engine's own
     * ({@link ConvolutionEngine#planeFilter}: the CUDA engine's, or the auto backend's that goes over to the
     * CPU with it), else a CPU one.
     */
    public static PlaneFilter forEngine(ConvolutionEngine engine) {
        return engine.planeFilter().orElseGet(CpuPlaneFilter::new);
    }
}
