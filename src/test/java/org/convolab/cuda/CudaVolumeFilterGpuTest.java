package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeFilter;
import org.convolab.core.VolumeStrategy;
import org.convolab.cpu.VolumeReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CUDA engine's 3D strategies (cuda-kernels/volume.cu through {@link CudaVolumeFilter}) on a real GPU against
 * the double-precision {@link VolumeReference}: every strategy (auto included) x every policy (constant 77 too) x
 * random volumes from 1x1x1 to 70 in each dimension (several blocks in x, y and down z, the fast kernels' z chunks
 * included) x masks: cubes with and without their own fast kernel, rectangular, one slice deep (2D per page), one
 * column (z only), rank-1 (cubes of radius 1, 2, 3, 5 and 7 with the one-sweep kernel), larger than the volume in every dimension, more than 8 slices deep (fast's several
 * passes), past constant memory and past 63 (fft only). A strategy that does not take a mask must refuse it with
 * the planner's reason. Skipped, with the reason, where no CUDA device is usable.
 *
 * <p>Tolerance: a sum of N float products differs from the double reference by at most about N·2⁻²⁴ of
 * Σ|w|·max|v| (each addition rounds once); the direct kernels are held to {@value #DIRECT_TOLERANCE} of that
 * scale (N ≤ 3375 here gives 2e-4 at worst, 1e-5 typically, as the errors are not all of one sign). An FFT's error
 * is relative to the whole volume's magnitude, about log₂(P·Q·S)·2⁻²⁴ per transform and term: {@value #FFT_TOLERANCE}.
 * A wrong index, ghost cell or z step moves a sum by a whole voxel's weight, far above both.
 */
@Tag("gpu")
class CudaVolumeFilterGpuTest {

    static final double DIRECT_TOLERANCE = 5e-5;
    static final double FFT_TOLERANCE = 2e-4;

    /** Volumes: width, height, depth. */
    static final int[][] VOLUMES = {{1, 1, 1}, {1, 7, 3}, {6, 1, 1}, {5, 6, 7}, {33, 9, 17}, {70, 3, 5}, {3, 70, 4},
            {9, 7, 70}, {40, 37, 35}};

    private static CudaEngine engine;
    private static VolumeFilter filter;
    /** Reference sums by policy, volume and mask index (shared by the strategies). */
    private static final Map<String, double[]> REFERENCE = new HashMap<>();

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
        filter = engine.volumeFilter().orElseThrow();
    }

    @AfterAll
    static void close() {
        if (filter != null) {
            filter.close();
        }
        GpuEngine.close(engine);
    }

    static List<Mask3D> masks() {
        Random rnd = new Random(25);
        return List.of(
                random(3, 3, 3, rnd), // fast_r1
                random(5, 5, 5, rnd), // fast_r2
                random(9, 9, 9, rnd), // fast_r4
                random(7, 5, 3, rnd), // fast_any, rectangular
                random(9, 9, 1, rnd), // one slice deep: 2D on each slice
                random(1, 1, 9, rnd), // z only
                random(3, 5, 11, rnd), // 11 slices: fast_any in two passes
                rankOne(3, 3, 3, rnd), // rank-1 cubes: separable, fast and auto sweep once down z (sep3_r1 .. r7)
                rankOne(5, 5, 5, rnd),
                rankOne(7, 7, 7, rnd),
                rankOne(11, 11, 11, rnd),
                rankOne(15, 15, 15, rnd),
                rankOne(5, 7, 3, rnd), // separable, fast_sep
                rankOne(1, 3, 13, rnd),
                rankOne(31, 21, 3, rnd), // fast_sep's slab past the registers it prefetches into
                random(15, 15, 15, rnd), // larger than most volumes here in every dimension
                random(21, 21, 17, rnd), // past constant memory (7497 weights)
                random(65, 3, 3, rnd)); // past 63: fft only (last: thePlanNamesTheKernelsThatRanWithTheirGeometry)
    }

    static Mask3D random(int w, int h, int d, Random rnd) {
        return VolumeBench.randomMask(w, h, d, rnd);
    }

    static Mask3D rankOne(int w, int h, int d, Random rnd) {
        float[] x = line(w, rnd);
        float[] y = line(h, rnd);
        float[] z = line(d, rnd);
        float[] m = new float[w * h * d];
        for (int k = 0; k < d; k++) {
            for (int j = 0; j < h; j++) {
                for (int i = 0; i < w; i++) {
                    m[(k * h + j) * w + i] = x[i] * y[j] * z[k];
                }
            }
        }
        return Mask3D.of(w, h, d, m);
    }

    private static float[] line(int n, Random rnd) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = 0.1f + rnd.nextFloat() / n;
        }
        return v;
    }

    static float[] volume(int[] size, int seed) {
        Random rnd = new Random(seed);
        float[] v = new float[size[0] * size[1] * size[2]];
        for (int k = 0; k < v.length; k++) {
            v[k] = rnd.nextFloat() * 2 - 1;
        }
        return v;
    }

    static List<BorderPolicy> policies() {
        List<BorderPolicy> p = new java.util.ArrayList<>(BorderPolicy.standard());
        p.add(new ConstantPolicy(77f));
        return p;
    }

    static Stream<Arguments> strategiesAndPolicies() {
        return Stream.of(VolumeStrategy.values()).flatMap(s -> policies().stream().map(p -> Arguments.of(s, p.name())));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesAndPolicies")
    void everyVolumeMatchesTheReference(VolumeStrategy s, String policy) {
        BorderPolicy border = BorderPolicy.parse(policy);
        List<Mask3D> masks = masks();
        int checked = 0;
        for (int v = 0; v < VOLUMES.length; v++) {
            int[] size = VOLUMES[v];
            float[] voxels = volume(size, 100 + v);
            for (int m = 0; m < masks.size(); m++) {
                Mask3D mask = masks.get(m);
                String where = s.cliName() + " " + policy + " " + size[0] + "x" + size[1] + "x" + size[2] + " " + mask;
                String why = s == VolumeStrategy.AUTO ? null : VolumePlanner.whyNot(s, mask);
                float[] sums = new float[voxels.length];
                if (why != null) {
                    assertThatThrownBy(() -> filter.correlate(voxels, size[0], size[1], size[2], mask, border, s, sums))
                            .as(where).isInstanceOf(ConvolabException.class).hasMessage(why);
                    continue;
                }
                LaunchPlan plan = filter.correlate(voxels, size[0], size[1], size[2], mask, border, s, sums);
                assertThat(plan.launches()).as(where).isNotEmpty();
                assertThat(plan.launches()).as(where).allMatch(l -> l.contains("grid ") && l.contains("block "));
                double[] want = REFERENCE.computeIfAbsent(policy + "/" + v + "/" + m,
                        k -> VolumeReference.correlate(voxels, size[0], size[1], size[2], mask, border));
                double tolerance = plan.runs().name().equals("FFT") ? FFT_TOLERANCE : DIRECT_TOLERANCE;
                compare(where + " (ran " + plan.describe() + ")", sums, want, size, scale(mask, voxels, border) * tolerance);
                checked++;
            }
        }
        assertThat(checked).as("cases the strategy took").isGreaterThan(VOLUMES.length);
    }

    /** Σ|w| times the largest magnitude a tap reads (a voxel or the constant). */
    static double scale(Mask3D mask, float[] voxels, BorderPolicy border) {
        double w = 0;
        for (float x : mask.weights()) {
            w += Math.abs(x);
        }
        double v = Math.abs(border.constant());
        for (float x : voxels) {
            v = Math.max(v, Math.abs(x));
        }
        return w * v;
    }

    private static void compare(String where, float[] got, double[] want, int[] size, double bound) {
        int bad = -1;
        for (int k = 0; k < want.length && bad < 0; k++) {
            if (!(Math.abs(got[k] - want[k]) <= bound)) { // !(<=) catches NaN
                bad = k;
            }
        }
        int b = bad;
        int plane = size[0] * size[1];
        assertThat(b).as(() -> where + " at (" + b % size[0] + ", " + b % plane / size[0] + ", " + b / plane + "): " + got[b]
                + ", reference " + want[b] + ", bound " + bound).isEqualTo(-1);
    }

    @Test
    void theSameFilterTakesVolumesOfOtherSizesAfterALargerOne() {
        // buffers are kept while volumes fit them: a smaller volume after a larger one reads only its own voxels
        Mask3D mask = masks().get(0);
        BorderPolicy border = BorderPolicy.parse("reflect");
        for (int[] size : new int[][] {{40, 37, 35}, {5, 6, 7}, {9, 7, 70}}) {
            float[] voxels = volume(size, 7);
            for (VolumeStrategy s : List.of(VolumeStrategy.FAST, VolumeStrategy.FFT, VolumeStrategy.SEPARABLE)) {
                Mask3D m = s == VolumeStrategy.SEPARABLE ? rankOne(3, 3, 3, new Random(3)) : mask;
                float[] sums = new float[voxels.length];
                LaunchPlan plan = filter.correlate(voxels, size[0], size[1], size[2], m, border, s, sums);
                compare(s + " " + plan.describe(), sums, VolumeReference.correlate(voxels, size[0], size[1], size[2], m, border), size,
                        scale(m, voxels, border) * FFT_TOLERANCE);
            }
        }
    }

    @Test
    void thePlanNamesTheKernelsThatRanWithTheirGeometry() {
        float[] voxels = volume(new int[] {100, 20, 130}, 1);
        float[] sums = new float[voxels.length];
        LaunchPlan plan = filter.correlate(voxels, 100, 20, 130, masks().get(0), BorderPolicy.parse("mirror"), VolumeStrategy.FAST, sums);
        assertThat(plan.launches()).containsExactly("convolab_vol_fast_r1 (grid 4x3x3, block 32x8, 0 B shared)");
        LaunchPlan sweep = filter.correlate(voxels, 100, 20, 130, rankOne(3, 3, 3, new Random(1)), BorderPolicy.parse("mirror"),
                VolumeStrategy.SEPARABLE, sums);
        boolean tma = VolumeKernels.tensorCopies(1, 100, BorderPolicy.parse("mirror").code(), 0f, engine.deviceInfo().major())
                && TensorMaps.problem() == null;
        int zch = tma ? VolumeKernels.sep3tChunk(1) : VolumeKernels.sep3Chunk(1);
        assertThat(sweep.launches()).containsExactly((tma ? "convolab_vol_sep3t_r1" : "convolab_vol_sep3_r1") + " (grid 2x1x"
                + (130 + zch - 1) / zch + ", block " + KernelGeometry.VOL_SEP3_S_BX + "x" + KernelGeometry.VOL_SEP3_S_BY + ", "
                + (tma ? KernelGeometry.volSep3TmaSharedBytes(1) : KernelGeometry.volSep3SharedBytes(1)) + " B shared)");
        LaunchPlan auto = filter.correlate(voxels, 100, 20, 130, masks().get(masks().size() - 1), BorderPolicy.parse("mirror"), VolumeStrategy.AUTO, sums);
        assertThat(auto.runs().name()).isEqualTo("FFT");
        assertThat(auto.reason()).contains("fft only");
        assertThat(auto.launches()).anyMatch(l -> l.startsWith("convolab_vol_fft_pad (grid "));
    }

    /**
     * Rank-1 cubes of radius 1..VOL_SEP3_MAX_R on volumes whose width is a multiple of 4 (whole tiles, tiles the
     * volume ends inside of along x and y, volumes smaller than the mask): the tensor-copy sweeps
     * (convolab_vol_sep3t_rN up to VOL_SEP3_TMA_MAX_R, the y-first convolab_vol_sep3y_rN from VOL_SEP3Y_MIN_R) run
     * where the device (compute capability 9.0 and up) and the policy allow it, the cp.async sweep elsewhere (wrap,
     * constant 77, older GPUs), and every result matches the double reference.
     */
    @Test
    void theTensorCopySweepRunsWhereItCanAndMatchesTheReference() {
        int major = engine.deviceInfo().major();
        int[][] sizes = {{4, 4, 4}, {8, 7, 70}, {36, 9, 17}, {64, 32, 70}, {68, 37, 41}, {96, 33, 40}, {12, 5, 9}, {128, 40, 19}};
        Random rnd = new Random(31);
        int copies = 0;
        int gathers = 0;
        for (int r = 1; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            Mask3D m = rankOne(2 * r + 1, 2 * r + 1, 2 * r + 1, rnd);
            boolean yFirstRadius = r >= KernelGeometry.VOL_SEP3Y_MIN_R;
            for (BorderPolicy border : policies()) {
                for (int v = 0; v < sizes.length; v++) {
                    int[] size = sizes[v];
                    float[] voxels = volume(size, 300 + v);
                    float[] sums = new float[voxels.length];
                    LaunchPlan plan = filter.correlate(voxels, size[0], size[1], size[2], m, border, VolumeStrategy.SEPARABLE, sums);
                    boolean tma = (yFirstRadius ? VolumeKernels.yFirst(r, size[0], border.code(), border.constant(), major)
                            : VolumeKernels.tensorCopies(r, size[0], border.code(), border.constant(), major))
                            && TensorMaps.problem() == null;
                    String where = "r " + r + " " + border.name() + " " + size[0] + "x" + size[1] + "x" + size[2];
                    String copier = yFirstRadius ? "convolab_vol_sep3y_r" : "convolab_vol_sep3t_r";
                    assertThat(plan.launches()).as(where).singleElement().asString()
                            .startsWith((tma ? copier : "convolab_vol_sep3_r") + r + " (");
                    compare(where + " (" + plan.launches() + ")", sums,
                            VolumeReference.correlate(voxels, size[0], size[1], size[2], m, border), size,
                            scale(m, voxels, border) * DIRECT_TOLERANCE);
                    if (tma) {
                        copies++;
                    } else {
                        gathers++;
                    }
                }
            }
        }
        // on Hopper: zero, clamp, reflect and mirror by copies (r 1-4 x-first, r 5-7 y-first); wrap and constant 77 gather
        int copyRadii = KernelGeometry.VOL_SEP3_TMA_MAX_R + KernelGeometry.VOL_SEP3_MAX_R - KernelGeometry.VOL_SEP3Y_MIN_R + 1;
        assertThat(copies).as("tensor-copy runs on sm_" + major + "x (" + TensorMaps.problem() + ")")
                .isEqualTo(major == 9 && TensorMaps.problem() == null ? 4 * copyRadii * sizes.length : 0);
        assertThat(gathers).isEqualTo(policies().size() * KernelGeometry.VOL_SEP3_MAX_R * sizes.length - copies);
    }

    /**
     * Rank-1 cubes of radius VOL_SEP3W_MIN_R..VOL_SEP3_MAX_R on volumes of whole 128 x 16 tiles, at least two each way
     * (so every block is at a side or inside; a chunk of one, several and a partial chunk down z): the wide sweep
     * (convolab_vol_sep3w_rN) runs under zero, clamp, reflect and mirror on Hopper, the others elsewhere, and every
     * result matches the double reference.
     */
    @Test
    void theWideSweepRunsOnWholeTilesAndMatchesTheReference() {
        int major = engine.deviceInfo().major();
        // depths 1 and 3 are shallower than the mask (13 to 15 deep): every z tap folds
        int[][] sizes = {{256, 32, 17}, {384, 48, 9}, {256, 32, 80}, {256, 32, 1}, {256, 48, 3}};
        Random rnd = new Random(37);
        int wide = 0;
        for (int r = KernelGeometry.VOL_SEP3W_MIN_R; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            Mask3D m = rankOne(2 * r + 1, 2 * r + 1, 2 * r + 1, rnd);
            for (BorderPolicy border : policies()) {
                for (int v = 0; v < sizes.length; v++) {
                    int[] size = sizes[v];
                    float[] voxels = volume(size, 400 + v);
                    float[] sums = new float[voxels.length];
                    LaunchPlan plan = filter.correlate(voxels, size[0], size[1], size[2], m, border, VolumeStrategy.SEPARABLE, sums);
                    boolean takes = VolumeKernels.wide(r, size[0], size[1], border.code(), border.constant(), major)
                            && TensorMaps.problem() == null;
                    String where = "r " + r + " " + border.name() + " " + size[0] + "x" + size[1] + "x" + size[2];
                    assertThat(plan.launches()).as(where).singleElement().asString()
                            .startsWith(takes ? "convolab_vol_sep3w_r" + r + " (grid " + size[0] / 128 + "x" + size[1] / 16
                                    : "convolab_vol_sep3");
                    compare(where + " (" + plan.launches() + ")", sums,
                            VolumeReference.correlate(voxels, size[0], size[1], size[2], m, border), size,
                            scale(m, voxels, border) * DIRECT_TOLERANCE);
                    if (takes) {
                        wide++;
                    }
                }
            }
        }
        // on Hopper: zero, clamp, reflect and mirror (wrap and constant 77 go to the gathering sweep)
        assertThat(wide).as("wide runs on sm_" + major + "x (" + TensorMaps.problem() + ")")
                .isEqualTo(major == 9 && TensorMaps.problem() == null
                        ? 4 * (KernelGeometry.VOL_SEP3_MAX_R - KernelGeometry.VOL_SEP3W_MIN_R + 1) * sizes.length : 0);
    }

    @Test
    void kernelTimesComeFromEvents() {
        CudaVolumeFilter f = (CudaVolumeFilter) filter;
        float[] voxels = volume(new int[] {64, 64, 64}, 2);
        CudaVolumeFilter.KernelTimes t = f.time(voxels, 64, 64, 64, masks().get(1), BorderPolicy.parse("clamp"), VolumeStrategy.FAST, 3);
        assertThat(t.ms()).hasSize(3);
        assertThat(java.util.Arrays.stream(t.ms()).allMatch(ms -> ms > 0 && ms < 1000)).as(java.util.Arrays.toString(t.ms())).isTrue();
        assertThat(t.plan().launches()).containsExactly("convolab_vol_fast_r2 (grid 2x8, block 32x8, 0 B shared)");
    }
}
