package org.convolab.cuda;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * The matrix the plan tests run: every strategy x mask kind (square of radius 0 to 31, separable and
 * not; rectangular; past the direct kernels, for fft) x sample layout (8-bit ARGB with and without the
 * fused kernels, float planes), with the kernels each should run written out from the rules, apart
 * from the planner.
 */
final class PlanCases {
    private PlanCases() {
    }

    /** One case: the strategy asked, the spec, the layout and whether fusing is on. */
    record Case(Strategy strategy, FilterSpec spec, SampleLayout layout, boolean fuse) {
        Mask mask() {
            return spec.mask();
        }

        @Override
        public String toString() {
            return strategy.id() + " " + mask().width() + "x" + mask().height() + (mask().separable().isPresent() ? " separable" : "")
                    + (spec.divisor() != 1f ? " mapped" : "") + " " + layout + (layout == SampleLayout.ARGB8 && !fuse ? " unfused" : "");
        }
    }

    /** Every mask kind of the matrix. */
    static List<Mask> masks() {
        List<Mask> masks = new ArrayList<>();
        for (int r = 0; r <= 31; r++) {
            masks.add(box(2 * r + 1, 2 * r + 1));
            masks.add(random(2 * r + 1, 2 * r + 1, r));
        }
        masks.add(box(3, 63));
        masks.add(box(63, 1));
        masks.add(box(33, 35));
        masks.add(random(5, 41, 1));
        masks.add(random(63, 33, 2));
        masks.add(random(65, 65, 3)); // past 63x63: fft alone
        masks.add(box(101, 31));
        return masks;
    }

    /** Every case whose strategy applies to its mask; mapped specs (divisor 2, offset 3) for the _map kernels. */
    static List<Case> all() {
        List<Case> out = new ArrayList<>();
        for (Mask m : masks()) {
            List<FilterSpec> specs = List.of(FilterSpec.of(m, ConstantPolicy.ZERO), new FilterSpec(m, ConstantPolicy.ZERO, 2f, 3f, false));
            for (Strategy s : Strategy.values()) {
                if (s.whyNotApplicable(m) != null) {
                    continue;
                }
                for (FilterSpec spec : specs) {
                    out.add(new Case(s, spec, SampleLayout.ARGB8, true));
                    out.add(new Case(s, spec, SampleLayout.ARGB8, false));
                }
                out.add(new Case(s, specs.get(0), SampleLayout.PLANES, false));
            }
        }
        return out;
    }

    /** The filter kernels of a concrete strategy, from the rules in the docs and kernel comments. */
    static List<String> expectedKernels(Strategy runs, FilterSpec spec, SampleLayout layout, boolean fuse) {
        Mask m = spec.mask();
        int r = m.radiusX();
        boolean square = m.width() == m.height();
        boolean identity = spec.divisor() == 1f && spec.offset() == 0f && !spec.abs();
        return switch (runs) {
            case FAST -> {
                if (layout == SampleLayout.ARGB8 && fuse && square && r <= 7) {
                    yield List.of(r <= 1 ? "convolab_argb2d_r" + r : "convolab_argbs_r" + r + (identity ? "" : "_map"));
                }
                yield List.of(square && r <= 15 ? "convolab_fast2d_r" + r : "convolab_fast2d_any");
            }
            case FAST_SEPARABLE -> m.width() > 63 || m.height() > 63 ? List.of("convolab_wsep_rows", "convolab_wsep_cols")
                    : List.of("convolab_fastsep_r" + r);
            case SEPARABLE -> List.of("convolab_sep_rows", "convolab_sep_cols");
            case SEPARABLE_TILED -> List.of("convolab_sep_rows_tiled", "convolab_sep_cols_tiled");
            case TILED -> List.of("convolab_tiled");
            case NAIVE -> List.of("convolab_naive");
            case CONSTANT -> List.of("convolab_constant");
            case TILED_OUT -> List.of("convolab_tiled_out");
            case CACHED -> List.of("convolab_cached");
            case FFT -> List.of("convolab_fft_pad", "cufft R2C", "convolab_fft_multiply", "cufft C2R", "convolab_fft_crop");
            case TENSOR -> List.of((layout == SampleLayout.ARGB8 && fuse ? "convolab_tensor_argb_d" : "convolab_tensor_planes_d")
                    + (15 + m.width() + 15) / 16);
            case AUTO -> throw new IllegalArgumentException("auto");
        };
    }

    static Mask box(int w, int h) {
        float[] f = new float[w * h];
        Arrays.fill(f, 1f / (w * h));
        return Mask.of(w, h, f);
    }

    static Mask random(int w, int h, long seed) {
        Random rnd = new Random(seed * 31 + w * 7L + h);
        float[] f = new float[w * h];
        for (int i = 0; i < f.length; i++) {
            f[i] = rnd.nextFloat() - 0.3f;
        }
        return Mask.of(w, h, f);
    }

    /** A normalised mask of positive random weights, as `convolab bench --mask random` (and so the board) makes them. */
    static Mask positive(int w, int h, long seed) {
        Random rnd = new Random(seed * 31 + w * 7L + h);
        float[] f = new float[w * h];
        for (int i = 0; i < f.length; i++) {
            f[i] = 0.05f + rnd.nextFloat();
        }
        return Mask.of(w, h, f).normalized();
    }

    /** A recorded H100 (132 SMs, 5 blocks of 256 threads an SM for the streamed kernel). */
    static final DeviceShape H100 = (kernel, threads) -> 132 * 5;
}
