package org.convolab.ui.compare;

import java.util.List;
import javafx.concurrent.Task;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;

/**
 * Runs every applicable strategy N times on the current image (after warm-up runs of them all) and reports
 * a row per strategy: median kernel time, rates, speed-up over naive and the largest difference from
 * the CPU reference (on a corner and a centre crop). Cancellable between runs. The measuring is {@link CompareRun}'s,
 * which needs no FX toolkit; this task reports its progress to the window.
 */
public final class CompareTask extends Task<List<CompareTask.Row>> {

    /**
     * One strategy's figures and its output.
     *
     * @param strategy the strategy asked for
     * @param ran      what really ran, as every report names it ({@link org.convolab.core.LaunchPlan#describeKernels}):
     *                 the kernels of the plan on the GPU, the CPU engine's path (cpu-2d, cpu-rows + cpu-columns, cpu-fft)
     * @param cost     the work of those kernels, from the plan ({@link FilterCost}); the rates divide it by the kernel time
     * @param kernelMs the median time of those kernels alone (the figure the rates and the speed-up compare, like with like)
     * @param appMs    the median time of the whole engine call the window makes (uploads, packing, downloads included):
     *                 the app path, in a column of its own
     */
    public record Row(String strategy, String ran, FilterCost cost, double kernelMs, double appMs, double gbps, double gflops,
                      double speedup, int maxDiff, RgbaImage output) {
    }

    private final ConvolutionEngine engine;
    private final RgbaImage image;
    private final FilterSpec spec;
    private final int repeat;

    CompareTask(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, int repeat) {
        this.engine = engine;
        this.image = image;
        this.spec = spec;
        this.repeat = repeat;
    }

    @Override
    protected List<Row> call() {
        return CompareRun.rows(engine, image, spec, repeat, new CompareRun.Listener() {
            @Override
            public boolean cancelled() {
                return isCancelled();
            }

            @Override
            public void message(String text) {
                updateMessage(text);
            }

            @Override
            public void progress(long done, long total) {
                updateProgress(done, total);
            }
        });
    }

    /** The amplified difference of two outputs: |a - b| x gain per channel, opaque. */
    public static RgbaImage difference(RgbaImage a, RgbaImage b, int gain) {
        int[] p = new int[a.size()];
        int[] pa = a.pixels();
        int[] pb = b.pixels();
        for (int i = 0; i < p.length; i++) {
            int v = 0xff000000;
            for (int sh = 0; sh < 24; sh += 8) {
                int d = Math.min(255, Math.abs(((pa[i] >>> sh) & 0xff) - ((pb[i] >>> sh) & 0xff)) * gain);
                v |= d << sh;
            }
            p[i] = v;
        }
        return new RgbaImage(a.width(), a.height(), p);
    }
}
