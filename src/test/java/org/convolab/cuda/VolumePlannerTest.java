package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.convolab.core.ConvolabException;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeStrategy;
import org.junit.jupiter.api.Test;

/** What the GPU's 3D planner runs for a mask, and what it refuses (no GPU needed). */
class VolumePlannerTest {

    private final Random rnd = new Random(5);

    @Test
    void fastTakesTheCompiledCubesTheFusedRankOnePassAndChunksOtherwise() {
        assertThat(VolumePlanner.plan(VolumeStrategy.FAST, CudaVolumeFilterGpuTest.random(3, 3, 3, rnd)).kernels())
                .containsExactly("convolab_vol_fast_r1");
        assertThat(VolumePlanner.plan(VolumeStrategy.FAST, CudaVolumeFilterGpuTest.random(9, 9, 9, rnd)).kernels())
                .containsExactly("convolab_vol_fast_r4");
        assertThat(VolumePlanner.plan(VolumeStrategy.FAST, CudaVolumeFilterGpuTest.rankOne(9, 9, 9, rnd)).kernels())
                .containsExactly("convolab_vol_sep3_r4");
        assertThat(VolumePlanner.plan(VolumeStrategy.FAST, CudaVolumeFilterGpuTest.rankOne(9, 9, 7, rnd)).kernels())
                .containsExactly("convolab_vol_fast_sep");
        assertThat(VolumePlanner.plan(VolumeStrategy.FAST, CudaVolumeFilterGpuTest.rankOne(17, 17, 17, rnd)).kernels())
                .containsExactly("convolab_vol_fast_sep");
        assertThat(VolumePlanner.plan(VolumeStrategy.FAST, CudaVolumeFilterGpuTest.random(3, 5, 17, rnd)).kernels())
                .containsExactly("convolab_vol_fast_any (mask slices 1..8)", "convolab_vol_fast_any (mask slices 9..16)",
                        "convolab_vol_fast_any (mask slices 17..17)");
    }

    @Test
    void directStrategiesRefuseMasksPast63AndSeparableRefusesOthersThanRankOne() {
        Mask3D wide = CudaVolumeFilterGpuTest.random(65, 1, 1, rnd);
        for (VolumeStrategy s : new VolumeStrategy[] {VolumeStrategy.NAIVE, VolumeStrategy.CONSTANT, VolumeStrategy.TILED,
                VolumeStrategy.SEPARABLE, VolumeStrategy.FAST}) {
            assertThatThrownBy(() -> VolumePlanner.plan(s, wide)).isInstanceOf(ConvolabException.class)
                    .hasMessageContaining("up to 63 in each dimension").hasMessageContaining("fft");
        }
        assertThatThrownBy(() -> VolumePlanner.plan(VolumeStrategy.SEPARABLE, CudaVolumeFilterGpuTest.random(3, 3, 3, rnd)))
                .hasMessageContaining("rank-1");
        assertThat(VolumePlanner.plan(VolumeStrategy.SEPARABLE, CudaVolumeFilterGpuTest.rankOne(3, 5, 7, rnd)).passes()).isEqualTo(3);
        assertThat(VolumePlanner.plan(VolumeStrategy.SEPARABLE, CudaVolumeFilterGpuTest.rankOne(3, 5, 7, rnd)).kernels())
                .allMatch(k -> k.startsWith("convolab_vol_line"));
        assertThat(VolumePlanner.plan(VolumeStrategy.AUTO, wide).runs().name()).isEqualTo("FFT");
    }

    @Test
    void constantHoldsUpTo19Cubed() {
        assertThat(VolumePlanner.plan(VolumeStrategy.CONSTANT, CudaVolumeFilterGpuTest.random(19, 19, 19, rnd)).kernels())
                .containsExactly("convolab_vol_constant");
        assertThatThrownBy(() -> VolumePlanner.plan(VolumeStrategy.CONSTANT, CudaVolumeFilterGpuTest.random(21, 19, 19, rnd)))
                .hasMessageContaining("6859 weights").hasMessageContaining("7581");
    }

    @Test
    void rankOneCubesUpToRadius7RunInOneSweepForFastSeparableAndAuto() {
        for (int r = 1; r <= 8; r++) {
            Mask3D cube = CudaVolumeFilterGpuTest.rankOne(2 * r + 1, 2 * r + 1, 2 * r + 1, rnd);
            String want = r <= KernelGeometry.VOL_SEP3_MAX_R ? "convolab_vol_sep3_r" + r : null;
            for (VolumeStrategy s : new VolumeStrategy[] {VolumeStrategy.FAST, VolumeStrategy.SEPARABLE, VolumeStrategy.AUTO}) {
                LaunchPlan plan = VolumePlanner.plan(s, cube);
                if (want != null) {
                    assertThat(plan.kernels()).as(s + " r " + r).containsExactly(want);
                } else {
                    assertThat(plan.kernels()).as(s + " r " + r).doesNotContain("convolab_vol_sep3_r" + r);
                }
            }
            assertThat(VolumeKernels.needsScratch(VolumeStrategy.SEPARABLE, cube)).isEqualTo(want == null);
        }
        Mask3D notRankOne = CudaVolumeFilterGpuTest.random(5, 5, 5, rnd);
        assertThat(VolumePlanner.sep3Radius(notRankOne)).isZero();
        assertThat(VolumePlanner.plan(VolumeStrategy.AUTO, notRankOne).kernels()).containsExactly("convolab_vol_fast_r2");
        assertThat(VolumePlanner.plan(VolumeStrategy.AUTO, VolumeBench.gaussian(1)).reason()).contains("rank-1 cube of radius 1");
    }

    @Test
    void oneSweepChunksAndSharedMemoryFitEveryRadius() {
        for (int r = 1; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            assertThat(VolumeKernels.sep3Chunk(r)).as("r " + r).isGreaterThanOrEqualTo(2 * r);
            assertThat(KernelGeometry.volSep3SharedBytes(r)).as("r " + r).isLessThanOrEqualTo(227 * 1024);
        }
        for (int r = 1; r <= KernelGeometry.VOL_SEP3_TMA_MAX_R; r++) {
            assertThat(VolumeKernels.sep3tChunk(r)).as("r " + r).isGreaterThanOrEqualTo(2 * r);
            // the blocks an SM the kernel is compiled for fit the SM's 228 KB (1 KB a block kept by the system)
            int[] shape = KernelGeometry.volSep3Shape(r);
            int minBlocks = r < KernelGeometry.VOL_SEP3_M_FROM ? KernelGeometry.VOL_SEP3_S_MINB
                    : r < KernelGeometry.VOL_SEP3_L_FROM ? KernelGeometry.VOL_SEP3_M_MINB : KernelGeometry.VOL_SEP3_L_MINB;
            assertThat(minBlocks * (KernelGeometry.volSep3TmaSharedBytes(r) + 1024)).as("r " + r + ", " + shape[0] + " wide")
                    .isLessThanOrEqualTo(228 * 1024);
        }
    }

    @Test
    void theYFirstSweepFitsEveryRadiusItTakes() {
        for (int r = KernelGeometry.VOL_SEP3Y_MIN_R; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            assertThat(VolumeKernels.sep3yChunk(r)).as("r " + r).isGreaterThanOrEqualTo(2 * r);
            assertThat(KernelGeometry.VOL_SEP3Y_MINB * (KernelGeometry.volSep3ySharedBytes(r) + 1024)).as("r " + r)
                    .isLessThanOrEqualTo(228 * 1024);
            // the y items (a float4 column group of the slab, VOL_SEP3Y_YP rows) fill whole warps, one a thread at most
            int items = KernelGeometry.volSep3ySlab(r)[0] / 4 * (KernelGeometry.VOL_SEP3Y_TY / KernelGeometry.VOL_SEP3Y_YP);
            assertThat(items % 32).as("r " + r).isZero();
            assertThat(items).as("r " + r).isLessThanOrEqualTo(KernelGeometry.volSep3yThreads());
        }
    }

    @Test
    void theWideSweepFitsOneBlockAnSmForEveryRadiusItTakes() {
        for (int r = KernelGeometry.VOL_SEP3W_MIN_R; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            assertThat(KernelGeometry.VOL_SEP3W_MINB * (KernelGeometry.volSep3wSharedBytes(r) + 1024)).as("r " + r)
                    .isLessThanOrEqualTo(228 * 1024);
            // y items: float2 column pairs of the slab, YP rows each, in whole warps, no more than the block's
            // threads; the moved rows' copies (PAD rows of float4 groups) in whole warps at the block's end
            int columns = KernelGeometry.volSep3wSlab(r)[0];
            int rowGroups = KernelGeometry.VOL_SEP3W_TY / KernelGeometry.VOL_SEP3W_YP;
            assertThat(columns / 4 - 4).as("r " + r).isEqualTo(32);
            int items = columns / 2 * rowGroups;
            assertThat(items % 32).as("r " + r).isZero();
            assertThat(items).as("r " + r).isLessThanOrEqualTo(KernelGeometry.volSep3wThreads());
            int rowThreads = KernelGeometry.VOL_SEP3W_PAD * (columns / 4);
            assertThat((KernelGeometry.volSep3wThreads() - rowThreads) % 32).as("r " + r).isZero();
            // a side's halo rows (R) fit the rows a top or bottom block's copy moves by
            assertThat(r).isLessThanOrEqualTo(KernelGeometry.VOL_SEP3W_PAD);
        }
        assertThat(KernelGeometry.volSep3wThreads() / 32).as("a warp a row of x items").isEqualTo(KernelGeometry.VOL_SEP3W_TY);
    }

    /** The wide sweep's rule, as a table: device, radius, width, height, policy and constant. */
    @org.junit.jupiter.params.ParameterizedTest(name = "sm_{0}x r {1} {2}x{3} policy {4} constant {5}: {6}")
    @org.junit.jupiter.params.provider.CsvSource({
            "9, 7, 512, 512, 3, 0, true", // Hopper, mirror, whole 128 x 16 tiles
            "9, 6, 256, 32, 3, 0, true", // two tiles each way: the smallest it takes
            "9, 5, 512, 512, 3, 0, false", // r 5: the y-first sweep is faster
            "9, 8, 512, 512, 3, 0, false", // no one-sweep kernel past VOL_SEP3_MAX_R
            "9, 7, 128, 512, 3, 0, false", // one tile across
            "9, 7, 512, 16, 3, 0, false", // one tile down
            "9, 7, 640, 520, 3, 0, false", // a tile row ends inside the volume
            "9, 7, 500, 512, 3, 0, false", // a tile column ends inside the volume
            "9, 7, 384, 48, 1, 0, true", // clamp
            "9, 7, 384, 48, 2, 0, true", // reflect
            "9, 7, 384, 48, 0, 0, true", // zero
            "9, 7, 384, 48, 0, 77, false", // another constant
            "9, 7, 384, 48, 4, 0, false", // wrap
            "10, 6, 1024, 64, 3, 0, false", // later GPUs run the fatbin's compute_75 PTX, where it only traps
            "8, 7, 512, 512, 3, 0, false"}) // Ampere has no tensor copies
    void theWideSweepTakesWholeTilesAndFoldingPolicies(int major, int r, int w, int h, int policy, float constant, boolean want) {
        assertThat(VolumeKernels.wide(r, w, h, policy, constant, major)).isEqualTo(want);
    }

    /** The wide sweep's z chunk, as a table: tiles, depth, blocks the device holds, chunk. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} tiles, depth {1}, {2} resident: {3}")
    @org.junit.jupiter.params.provider.CsvSource({
            "512, 1024, 132, 171", // 1024^3 on an H100: the tiles fill the device
            "288, 768, 132, 171", // 768^3
            "128, 512, 132, 512", // 512^3: one wave of whole-depth blocks
            "72, 384, 132, 192", // 384^3: two chunks fill it again
            "512, 100, 132, 100", // shallow: the whole depth
            "4, 1000, 132, 64", // a small slice: 33 chunks would be 31 slices, kept at 64
            "4, 40, 132, 40", // and never more than the depth
            "132, 512, 132, 171"}) // exactly a wave of tiles
    void theWideSweepsChunkFillsTheDevice(int tiles, int depth, int resident, int want) {
        assertThat(VolumeKernels.sep3wChunk(tiles, depth, resident)).isEqualTo(want);
    }

    /** The y-first sweep's rule, as a table: device, radius, width, policy and constant. */
    @org.junit.jupiter.params.ParameterizedTest(name = "sm_{0}x r {1} w {2} policy {3} constant {4}: {5}")
    @org.junit.jupiter.params.provider.CsvSource({
            "9, 5, 512, 3, 0, true", // Hopper, mirror, the smallest radius it takes
            "9, 7, 512, 3, 0, true", // the largest
            "9, 4, 512, 3, 0, false", // below VOL_SEP3Y_MIN_R: the x-first copies
            "9, 8, 512, 3, 0, false", // no one-sweep kernel past VOL_SEP3_MAX_R
            "9, 6, 510, 3, 0, false", // rows not whole 16-byte steps: no map
            "9, 6, 100, 1, 0, true", // clamp
            "9, 6, 100, 2, 0, true", // reflect
            "9, 6, 100, 0, 0, true", // zero
            "9, 6, 100, 0, 77, false", // another constant: the x-first gather
            "9, 6, 100, 4, 0, false", // wrap
            "10, 7, 64, 3, 0, false", // later GPUs run the fatbin's compute_75 PTX, where it only traps
            "8, 7, 512, 3, 0, false"}) // Ampere has no tensor copies
    void theYFirstSweepTakesHopperLargeRadiiWholeRowsAndFoldingPolicies(int major, int r, int w, int policy, float constant,
            boolean want) {
        assertThat(VolumeKernels.yFirst(r, w, policy, constant, major)).isEqualTo(want);
    }

    /** The tensor-copy sweep's rule, as a table: device, radius, width, policy and constant. */
    @org.junit.jupiter.params.ParameterizedTest(name = "sm_{0}x r {1} w {2} policy {3} constant {4}: {5}")
    @org.junit.jupiter.params.provider.CsvSource({
            "9, 1, 512, 3, 0, true", // Hopper, mirror
            "9, 4, 512, 3, 0, true", // the largest radius that copies
            "9, 5, 512, 3, 0, false", // from r 5 cp.async is faster
            "9, 3, 510, 3, 0, false", // rows not whole 16-byte steps: no map
            "9, 3, 100, 1, 0, true", // clamp
            "9, 3, 100, 2, 0, true", // reflect
            "9, 3, 100, 0, 0, true", // zero: the copies' own out-of-range fill
            "9, 3, 100, 0, 77, false", // another constant: gathered
            "9, 3, 100, 4, 0, false", // wrap: gathered
            "10, 2, 64, 3, 0, false", // later GPUs run the fatbin's compute_75 PTX, where it only traps
            "8, 1, 512, 3, 0, false", // Ampere has no tensor copies
            "9, 0, 512, 3, 0, false"})
    void tensorCopiesTakeHopperSmallRadiiWholeRowsAndFoldingPolicies(int major, int r, int w, int policy, float constant, boolean want) {
        assertThat(VolumeKernels.tensorCopies(r, w, policy, constant, major)).isEqualTo(want);
    }

    @Test
    void autoSaysWhatItChoseAndWhy() {
        LaunchPlan rank1 = VolumePlanner.plan(VolumeStrategy.AUTO, CudaVolumeFilterGpuTest.rankOne(15, 15, 15, rnd));
        assertThat(rank1.runs().name()).isEqualTo("FAST");
        assertThat(rank1.reason()).contains("rank-1");
        LaunchPlan cube = VolumePlanner.plan(VolumeStrategy.AUTO, CudaVolumeFilterGpuTest.random(7, 7, 7, rnd));
        assertThat(cube.kernels()).containsExactly("convolab_vol_fast_r3");
        LaunchPlan big = VolumePlanner.plan(VolumeStrategy.AUTO, CudaVolumeFilterGpuTest.random(15, 15, 15, rnd));
        assertThat(big.runs().name()).isEqualTo(CuFft.problem() == null ? "FFT" : "FAST");
        assertThat(big.reason()).contains("3375 taps");
    }

    @Test
    void tiledBricksFitSharedMemoryForEveryMaskSize() {
        for (int n = 1; n <= 63; n += 2) {
            for (int d : new int[] {1, 3, n, 63}) {
                Mask3D m = Mask3D.of(n, n, d, new float[n * n * d]);
                int[] shape = VolumeKernels.tiledShape(m);
                assertThat(shape[2]).as(m.toString()).isLessThanOrEqualTo(KernelGeometry.VOL_SHARED_MAX);
                assertThat(shape[0]).as(m.toString()).isBetween(1, KernelGeometry.VOL_TILED_BZ);
                assertThat(shape[1]).as(m.toString()).isBetween(1, d);
            }
        }
        assertThat(VolumeKernels.tiledShape(Mask3D.of(3, 3, 3, new float[27]))).containsExactly(8, 3, 10 * 34 * 10 * 4);
    }

    @Test
    void fastSharedMemoryStaysWithinWhatAnH100Gives() {
        Mask3D largest = Mask3D.of(63, 63, 63, new float[63 * 63 * 63]);
        assertThat(VolumeKernels.fastSepShared(largest)).isLessThanOrEqualTo(227 * 1024);
        assertThat(VolumeKernels.fastAnyShared(largest)).isLessThanOrEqualTo(227 * 1024);
    }
}
