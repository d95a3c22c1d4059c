package org.convolab.cuda;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Timings;

/** Images too large for the GPU's free memory, filtered strip by strip. */
final class CudaStrips {
    private CudaStrips() {
    }

    /**
     * Filters an image too large for the GPU: horizontal strips, each with ry halo rows above and below taken
     * through the ghost-cell policy, so every output row sees exactly the rows a single pass would. {@code runStrip}
     * filters one strip on the device; the caller frees the resident image before and after.
     */
    static FilterResult filter(RgbaImage image, FilterSpec spec, CudaPlanner.Decision decision, long limit,
            Function<RgbaImage, FilterResult> runStrip) {
        long t0 = System.nanoTime();
        int w = image.width();
        int h = image.height();
        int ry = spec.mask().radiusY();
        int rowsPerStrip = (int) Math.min(h, limit / CudaEngine.residentBytes(w, 1) - 2L * ry);
        if (rowsPerStrip < 1) {
            throw new ConvolabException(String.format(Locale.ROOT,
                    "the GPU has too little free memory even for one row of this %dx%d image; use the CPU backend", w, h));
        }
        int[] src = image.pixels();
        int[] out = new int[src.length];
        double up = 0;
        double unpack = 0;
        double kernel = 0;
        double pack = 0;
        double down = 0;
        double result = 0;
        List<String> launches = new ArrayList<>();
        for (int y0 = 0; y0 < h; y0 += rowsPerStrip) {
            int rows = Math.min(rowsPerStrip, h - y0);
            int[] strip = new int[(rows + 2 * ry) * w];
            for (int k = 0; k < rows + 2 * ry; k++) {
                int sy = spec.border().index(y0 - ry + k, h);
                if (sy >= 0) {
                    System.arraycopy(src, sy * w, strip, k * w, w);
                } else {
                    Arrays.fill(strip, k * w, (k + 1) * w, constantPixel(spec));
                }
            }
            FilterResult r = runStrip.apply(new RgbaImage(w, rows + 2 * ry, strip));
            System.arraycopy(r.image().pixels(), ry * w, out, y0 * w, rows * w);
            Timings t = r.timings();
            up += t.uploadMs();
            unpack += t.unpackMs();
            kernel += t.kernelMs();
            pack += t.packMs();
            down += t.downloadMs();
            result += t.resultMs();
            launches.addAll(r.plan().launches());
        }
        double total = (System.nanoTime() - t0) / 1e6;
        Timings t = new Timings(up, unpack, List.of(kernel), pack, down, total, result,
                decision.cost(w, h, spec.mask()));
        return new FilterResult(new RgbaImage(w, h, out), decision.plan().withLaunches(launches), t);
    }

    /** A ghost row's pixel under a constant policy; strips need the constant as an exact 8-bit value. */
    private static int constantPixel(FilterSpec spec) {
        float v = spec.border().constant();
        if (v != Math.rint(v) || v < 0 || v > 255) {
            throw new ConvolabException("this image is too large for the GPU's free memory, and a constant border of " + v
                    + " cannot be split into strips exactly; use the CPU backend or an integer constant from 0 to 255");
        }
        int c = (int) v;
        return 0xff000000 | c << 16 | c << 8 | c;
    }

}
