package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.junit.jupiter.api.Test;

/**
 * The tensor launcher's choices without a GPU: band blocks, the weight scale, the FP16 split's precision
 * (the scheme behind "within one 8-bit level", modelled here in double), shared memory, the device check,
 * and its constants and kernel names against cuda-kernels/tensor.cu.
 */
class TensorLauncherTest {

    /** x rounded to the nearest FP16 number, ties to even (as __float2half_rn); infinite past 65504. */
    static double half(double x) {
        double a = Math.abs(x);
        if (a == 0) {
            return x;
        }
        int e = Math.max(Math.getExponent(a), -14); // below 2^-14 the halves are subnormal: a fixed step of 2^-24
        double ulp = Math.scalb(1.0, e - 10);
        double h = Math.rint(x / ulp) * ulp;
        return Math.abs(h) > 65504 ? Math.copySign(Double.POSITIVE_INFINITY, x) : h;
    }

    @Test
    void halfRoundingModelIsRight() {
        assertEquals(1.0, half(1.0));
        assertEquals(2048.0, half(2049.0)); // a tie at 11 bits: to even
        assertEquals(2052.0, half(2051.0));
        assertEquals(0x1p-24, half(0x1.2p-24));
        assertEquals(65504.0, half(65504.0));
        assertTrue(Double.isInfinite(half(65520.0)));
    }

    @Test
    void bandBlocksCoverTheMaskWidthAndA16ColumnBlock() {
        assertEquals(1, TensorLauncher.bandBlocks(1));
        assertEquals(2, TensorLauncher.bandBlocks(3));
        assertEquals(2, TensorLauncher.bandBlocks(17));
        assertEquals(3, TensorLauncher.bandBlocks(19));
        assertEquals(5, TensorLauncher.bandBlocks(63));
        for (int mw = 1; mw <= Mask.DIRECT_MAX_SIZE; mw += 2) {
            int d = TensorLauncher.bandBlocks(mw);
            assertTrue(16 * d >= 15 + mw && 16 * (d - 1) < 15 + mw, "width " + mw);
            assertTrue(d <= TensorLauncher.MAX_BAND_BLOCKS);
        }
    }

    @Test
    void weightScalePutsTheLargestWeightIn2To13Through2To14() {
        for (float max : new float[] {1f / 3969, 0.2f, 1f, 3f, 1000f, 1e6f, 1e-20f}) {
            float s = TensorLauncher.weightScale(new float[] {max / 3, -max, 0f});
            double scaled = max * (double) s;
            assertTrue(scaled >= 0x1p13 && scaled < 0x1p14, max + " scaled to " + scaled);
            assertEquals(0, Float.floatToIntBits(s) & 0x7fffff, "a power of two");
        }
        assertEquals(1f, TensorLauncher.weightScale(new float[] {0f, 0f}));
    }

    /**
     * The precision scheme: each weight w becomes (hi + lo) / S with hi = half(wS), lo = half(wS - hi).
     * On worst-case masks (weights of mixed sign from 10^-6 to 10^3, 63x63) every weight keeps 22 bits or
     * more of its largest weight's scale, so a sum over 255-level samples moves by at most
     * 255 * sum|w| * 2^-21, far under one level once mapped back (divisor sum|w| / 64 in TensorGpuTest).
     */
    @Test
    void weightsSplitIntoTwoHalvesKeep22Bits() {
        Random rnd = new Random(5);
        for (int trial = 0; trial < 20; trial++) {
            float[] w = new float[63 * 63];
            for (int k = 0; k < w.length; k++) {
                double mag = Math.pow(10, -6 + 9 * rnd.nextDouble());
                w[k] = (float) (rnd.nextBoolean() ? mag : -mag);
            }
            float s = TensorLauncher.weightScale(w);
            double max = 0;
            double sumAbs = 0;
            double worstShift = 0;
            for (float v : w) {
                max = Math.max(max, Math.abs(v));
                sumAbs += Math.abs(v);
            }
            for (float v : w) {
                double ws = (double) v * s;
                double hi = half(ws);
                double lo = half((float) (ws - hi)); // the kernel subtracts in float: exact here
                assertTrue(Double.isFinite(hi) && Double.isFinite(lo));
                double err = Math.abs(ws - hi - lo) / s;
                assertTrue(err <= 0x1p-22 * Math.abs(v) + 0x1p-25 / s, v + ": error " + err);
                worstShift += err * 255;
            }
            assertTrue(worstShift <= 255 * sumAbs * 0x1p-21, "sum moved by " + worstShift);
            // in output levels after the mapping of the worst-case spec
            assertThat(worstShift / (sumAbs / 64)).isLessThan(0.01);
            assertTrue(max * s < 65504);
        }
    }

    /**
     * Which masks take one MMA a block: normalised non-negative ones (sum|w| = 1) and masks of halves
     * (integer edge detectors); not mixed signs mapped back by a small divisor. And the bound behind it,
     * in the double model: over random normalised 63x63 masks and samples, the sums with the high halves
     * alone stay within half a level of the exact ones.
     */
    @Test
    void highHalvesAloneWhereTheyKeepHalfALevel() {
        BorderPolicy mirror = BorderPolicy.parse("mirror");
        Random rnd = new Random(9);
        assertTrue(TensorLauncher.highHalvesSuffice(FilterSpec.of(org.convolab.selftest.TestImages.randomMask(63, 63, rnd), mirror)));
        assertTrue(TensorLauncher.highHalvesSuffice(TensorGpuTest.integerEdge(15, 15, mirror)));
        assertTrue(TensorLauncher.highHalvesSuffice(FilterSpec.of(org.convolab.core.MaskPresets.parse("sharpen"), mirror)));
        assertFalse(TensorLauncher.highHalvesSuffice(TensorGpuTest.mixedSign(7, 7, 1000f, mirror, rnd)));
        // mixed signs with sum|w| / divisor about 2.5: one MMA, moved by at most 0.31 of a level
        assertTrue(TensorLauncher.highHalvesSuffice(TensorGpuTest.absOfSum(41, 21, mirror, rnd)));
        double worst = 0;
        for (int trial = 0; trial < 50; trial++) {
            Mask m = org.convolab.selftest.TestImages.randomMask(63, 63, rnd);
            FilterSpec spec = FilterSpec.of(m, mirror);
            assertTrue(TensorLauncher.highHalvesSuffice(spec));
            float s = TensorLauncher.weightScale(m.weights());
            double exact = 0;
            double hiOnly = 0;
            for (float v : m.weights()) {
                int sample = rnd.nextInt(256);
                exact += (double) v * sample;
                hiOnly += half((double) v * s) / s * sample;
            }
            worst = Math.max(worst, Math.abs(exact - hiOnly));
        }
        assertThat(worst).isLessThan(0.5);
    }

    @Test
    void constantBorderValuesThatAreNoHalfTakeTheSplitKernel() {
        assertTrue(TensorLauncher.exactInHalf(0f));
        assertTrue(TensorLauncher.exactInHalf(77f));
        assertTrue(TensorLauncher.exactInHalf(255f));
        assertTrue(TensorLauncher.exactInHalf(-0.5f));
        assertFalse(TensorLauncher.exactInHalf(12.3f));
        assertFalse(TensorLauncher.exactInHalf(2049f));
        assertFalse(TensorLauncher.exactInHalf(1e6f));
        Mask m = Mask.of(3, 3, new float[9]);
        assertEquals("convolab_tensor_argb_d2_hi", TensorLauncher.argbKernel(FilterSpec.of(m, new ConstantPolicy(77f))));
        assertEquals("convolab_tensor_argb_d2_hi", TensorLauncher.argbKernel(FilterSpec.of(m, BorderPolicy.parse("mirror"))));
        assertEquals("convolab_tensor_argb_d2_split_hi", TensorLauncher.argbKernel(FilterSpec.of(m, new ConstantPolicy(12.3f))));
        FilterSpec mixed = TensorGpuTest.mixedSign(63, 63, 1000f, BorderPolicy.parse("mirror"), new Random(3));
        assertEquals("convolab_tensor_argb_d5", TensorLauncher.argbKernel(mixed));
        assertEquals("convolab_tensor_argb_d5_split", TensorLauncher.argbKernel(
                new FilterSpec(mixed.mask(), new ConstantPolicy(12.3f), mixed.divisor(), mixed.offset(), false)));
    }

    @Test
    void sharedMemoryFitsTuringsLimitForEveryMask() {
        int most = 0;
        for (int mw = 1; mw <= Mask.DIRECT_MAX_SIZE; mw += 2) {
            for (int mh = 1; mh <= Mask.DIRECT_MAX_SIZE; mh += 2) {
                Mask m = Mask.of(mw, mh, new float[mw * mh]);
                most = Math.max(most, TensorLauncher.sharedBytes(m, true));
                assertTrue(TensorLauncher.sharedBytes(m, false) <= CudaModule.DEFAULT_DYNAMIC_SHARED_BYTES);
            }
        }
        assertTrue(most <= 64 * 1024, "at most 64 KiB (sm_75): " + most);
    }

    @Test
    void oneLoadWhereTwoBlocksFitAnSm() {
        BorderPolicy mirror = BorderPolicy.parse("mirror");
        int h100Block = 227 * 1024;
        int h100Sm = 228 * 1024;
        for (int mw = 1; mw <= Mask.DIRECT_MAX_SIZE; mw += 2) {
            FilterSpec wide = FilterSpec.of(Mask.of(mw, 15, new float[mw * 15]), mirror);
            assertTrue(TensorLauncher.oneLoad(wide, h100Block, h100Sm), "H100, " + mw + "x15");
            assertFalse(TensorLauncher.oneLoad(wide, 64 * 1024, 64 * 1024), "Turing, " + mw + "x15");
        }
        // every mask row in one pass: 21x21, 31x31, 63x33 and 47x41 on an H100, not 63x35 or 47x43
        for (int[] s : new int[][] {{3, 17}, {21, 21}, {31, 31}, {63, 33}, {47, 41}}) {
            assertTrue(TensorLauncher.oneLoad(FilterSpec.of(Mask.of(s[0], s[1], new float[s[0] * s[1]]), mirror), h100Block, h100Sm),
                    s[0] + "x" + s[1]);
        }
        for (int[] s : new int[][] {{63, 35}, {47, 43}, {63, 63}}) {
            assertFalse(TensorLauncher.oneLoad(FilterSpec.of(Mask.of(s[0], s[1], new float[s[0] * s[1]]), mirror), h100Block, h100Sm),
                    s[0] + "x" + s[1]);
        }
        assertFalse(TensorLauncher.oneLoad(FilterSpec.of(Mask.of(3, 3, new float[9]), new ConstantPolicy(12.3f)), h100Block, h100Sm));
        // an A100 (163 KB a block, 164 KB an SM): two blocks up to 33 columns
        assertTrue(TensorLauncher.oneLoad(FilterSpec.of(Mask.of(33, 15, new float[33 * 15]), mirror), 163 * 1024, 164 * 1024));
        assertFalse(TensorLauncher.oneLoad(FilterSpec.of(Mask.of(63, 15, new float[63 * 15]), mirror), 163 * 1024, 164 * 1024));
        assertEquals(3 * 78 * 152 * 2, TensorLauncher.oneLoadSharedBytes(Mask.of(15, 15, new float[225])));
        assertEquals(3 * 72 * 136 * 2, TensorLauncher.oneLoadSharedBytes(Mask.of(9, 9, new float[81])));
    }

    /** 8 output columns of a mask row take ceil((width + 7) / 16) k blocks, never more than the band's blocks. */
    @Test
    void groupBandsHalveTheBlocksAtRadiusFourAndCutAThirdAtTen() {
        // {width, groupBands, bandBlocks}
        for (int[] c : new int[][] {{1, 1, 1}, {9, 1, 2}, {11, 2, 2}, {21, 2, 3}, {25, 2, 3}, {27, 3, 3}, {63, 5, 5}}) {
            assertEquals(c[1], TensorLauncher.groupBands(c[0]), "width " + c[0]);
            assertEquals(c[2], TensorLauncher.bandBlocks(c[0]), "width " + c[0]);
        }
        for (int mw = 1; mw <= Mask.DIRECT_MAX_SIZE; mw += 2) {
            int e = TensorLauncher.groupBands(mw);
            assertTrue(e <= TensorLauncher.bandBlocks(mw) && 16 * e >= mw + 7 && 16 * (e - 1) < mw + 7, "width " + mw);
        }
        FilterSpec hi = FilterSpec.of(Mask.of(21, 21, filled(441, 1f / 441)), BorderPolicy.parse("mirror"));
        assertEquals("convolab_tensor_argbn_e2_hi", TensorLauncher.oneLoadKernel(hi));
    }

    @Test
    void devicesBeforeTuringAreRefusedWithAReason() {
        assertNull(TensorLauncher.whyNotDevice(7, 5));
        assertNull(TensorLauncher.whyNotDevice(9, 0));
        assertNull(TensorLauncher.whyNotDevice(12, 0));
        assertThat(TensorLauncher.whyNotDevice(7, 0)).contains("compute capability 7.5").contains("7.0");
        assertThat(TensorLauncher.whyNotDevice(6, 1)).contains("mma.sync");
    }

    private static final Pattern DEFINE = Pattern.compile("^#define\\s+(TENSOR_\\w+)\\s+\\(?([0-9.]+f?)\\)?\\s*(//.*)?$");

    @Test
    void constantsAndKernelNamesMatchTensorCu() throws Exception {
        String src = Files.readString(Path.of("cuda-kernels", "tensor.cu"));
        Map<String, String> defs = new HashMap<>();
        for (String line : src.split("\n")) {
            Matcher m = DEFINE.matcher(line.strip());
            if (m.matches()) {
                defs.put(m.group(1), m.group(2));
            }
        }
        assertEquals(TensorLauncher.ROWS, Integer.parseInt(defs.get("TENSOR_ROWS")));
        assertEquals(TensorLauncher.MAX_BAND_BLOCKS, Integer.parseInt(defs.get("TENSOR_MAX_D")));
        assertEquals(TensorLauncher.OH, 16 * Integer.parseInt(defs.get("TENSOR_WY")));
        assertEquals(TensorLauncher.OW, 64 * Integer.parseInt(defs.get("TENSOR_WX")));
        assertEquals(TensorLauncher.THREADS, 32 * Integer.parseInt(defs.get("TENSOR_WY")) * Integer.parseInt(defs.get("TENSOR_WX")));
        assertEquals(TensorLauncher.SPLIT_SCALE, Float.parseFloat(defs.get("TENSOR_SPLIT_SCALE")));
        assertThat(src).contains("#define TENSOR_PITCH(D) (TENSOR_TILE_W(D) + 8)")
                .contains("#define TENSOR_TILE_W(D) (TENSOR_OW - 16 + 16 * (D))");
        for (int d = 1; d <= TensorLauncher.MAX_BAND_BLOCKS; d++) {
            assertThat(src).contains("CONVOLAB_TENSOR_KERNELS(" + d + ")");
        }
        assertThat(src).contains("convolab_tensor_argb3_d##D,").contains("convolab_tensor_argb3_d##D##_hi,")
                .contains("const int th = TENSOR_OH + mh - 1, plane = th * PITCH;")
                .contains("convolab_tensor_argb_d##D,").contains("convolab_tensor_argb_d##D##_split,")
                .contains("convolab_tensor_argb_d##D##_hi,").contains("convolab_tensor_argb_d##D##_split_hi,")
                .contains("convolab_tensor_planes_d##D(").contains("void convolab_tensor_weights(")
                .contains("#define TENSORN_TILE_W(E) (TENSOR_OW - 8 + 16 * (E))")
                .contains("CONVOLAB_TENSORN_KERNEL(convolab_tensor_argbn_e##E, E, true)")
                .contains("CONVOLAB_TENSORN_KERNEL(convolab_tensor_argbn_e##E##_hi, E, false)");
        for (int e = 1; e <= TensorLauncher.MAX_BAND_BLOCKS; e++) {
            assertThat(src).contains("CONVOLAB_TENSORN_KERNELS(" + e + ")");
        }
    }

    @Test
    void plannerRunsTensorOnlyWhenAskedFor() {
        Mask m = Mask.of(15, 15, new float[225]);
        assertEquals(org.convolab.core.Strategy.TENSOR, CudaPlanner.plan(org.convolab.core.Strategy.TENSOR, m).runs());
        assertEquals(java.util.List.of("convolab_tensor_planes_d2"),
                CudaPlanner.plan(org.convolab.core.Strategy.TENSOR, m).kernels());
        for (int r = 0; r <= 31; r++) {
            Mask sq = Mask.of(2 * r + 1, 2 * r + 1, new float[(2 * r + 1) * (2 * r + 1)]);
            assertFalse(CudaPlanner.autoStrategy(sq) == org.convolab.core.Strategy.TENSOR, "auto at radius " + r);
        }
    }

    private static float[] filled(int n, float v) {
        float[] w = new float[n];
        java.util.Arrays.fill(w, v);
        return w;
    }
}
