package org.convolab.engine;

import org.convolab.core.ConvolutionEngine;
import org.convolab.core.PlaneFilter;
import org.convolab.cpu.CpuPlaneFilter;

/** Picks the {@link PlaneFilter} for an engine: the engine itself when it is one, else the CPU's. */
public final class PlaneFilters {

    private PlaneFilters() {
    }

    /** The engine's own plane filter when it has one (a GPU engine may), else a new CPU one. */
    public static PlaneFilter forEngine(ConvolutionEngine engine) {
        if (engine instanceof PlaneFilter p) {
            return new PlaneFilter() { // the engine is closed by its owner, not through this view
                @Override
                public void correlate(float[] rows, int width, int outRows, org.convolab.core.FilterSpec spec,
                                      org.convolab.core.Strategy strategy, float[] sums) {
                    p.correlate(rows, width, outRows, spec, strategy, sums);
                }

                @Override
                public void close() {
                }
            };
        }
        return new CpuPlaneFilter();
    }
}
