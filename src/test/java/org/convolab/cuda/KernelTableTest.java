package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.convolab.core.ConstantPolicy;
import org.convolab.core.FilterSpec;
import java.util.List;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The run-time size kernel's shared memory, as the table sizes it, and which masks take the fused ARGB kernel. */
class KernelTableTest {

    /** Every mask shape the app accepts launches without asking for more than the default 48 KB. */
    @Test
    void everyMaskFitsTheDefaultSharedMemory() {
        int most = 0;
        for (int mw = 1; mw <= Mask.DIRECT_MAX_SIZE; mw += 2) {
            for (int mh = 1; mh <= Mask.DIRECT_MAX_SIZE; mh += 2) {
                most = Math.max(most, KernelGeometry.fanySharedBytes(box(mw, mh)));
            }
        }
        assertTrue(most <= SimpleLauncher.MAX_SHARED_BYTES, most + " bytes");
        assertEquals(KernelGeometry.fanySharedBytes(box(63, 63)), most);
    }

    /**
     * Weights: the pass's rows x the width rounded up to 4; tile: (128 + that) x (32 + rows - 1)
     * floats. 63x5: 4 * (5 * 64 + 192 * 36); 1x31: 4 * (16 * 4 + 132 * 47); 33x33: 4 * (16 * 36 + 164 * 47).
     */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"63, 63, 40192", "63, 5, 28928", "1, 31, 25072", "33, 33, 33136"})
    void sharedBytesFollowTheKernelsLayout(int mw, int mh, int expected) {
        assertEquals(expected, KernelGeometry.fanySharedBytes(box(mw, mh)));
    }

    /** The fused 8-bit ARGB kernel serves square masks of radius 0 to 7 only; the rest take planes and pack. */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1, 1, convolab_argb2d_r0", "3, 3, convolab_argb2d_r1", "5, 5, convolab_argbs_r2", "7, 7, convolab_argbs_r3",
        "9, 9, convolab_argbs_r4", "11, 11, convolab_argbs_r5", "15, 15, convolab_argbs_r7", "17, 17, ''", "5, 3, ''", "1, 7, ''", "63, 63, ''"})
    void fusedArgbKernelForSmallSquareMasksOnly(int mw, int mh, String expected) {
        KernelVariant v = CudaPlanner.variant(Strategy.FAST, box(mw, mh), SampleLayout.ARGB8, true, true);
        assertEquals(!expected.isEmpty(), v.fused(), v.kernels().toString());
        if (v.fused()) {
            assertEquals(List.of(expected), v.kernels());
        }
    }

    /** Three float planes of (128 + 8) columns by (16 + 2r) rows (3 * 136 * 20 * 4 bytes at radius 2), 128 + 16 columns from radius 5. */
    @ParameterizedTest(name = "r={0}")
    @CsvSource({"2, 32640", "3, 35904", "4, 39168", "5, 44928", "7, 51840"})
    void argbSharedBytesFollowTheKernelsLayout(int radius, int expected) {
        assertEquals(expected, KernelGeometry.argbsSharedBytes(radius));
    }

    /** Only divisor 1, offset 0 and no abs take the identity kernel; -0 compares equal to 0 as in the kernel. */
    @Test
    void identityMappingIsDivisorOneOffsetZeroWithoutAbs() {
        Mask m = box(5, 5);
        assertTrue(CudaPlanner.identityMapping(new FilterSpec(m, ConstantPolicy.ZERO, 1f, 0f, false)));
        assertTrue(CudaPlanner.identityMapping(new FilterSpec(m, ConstantPolicy.ZERO, 1f, -0f, false)));
        assertFalse(CudaPlanner.identityMapping(new FilterSpec(m, ConstantPolicy.ZERO, 2f, 0f, false)));
        assertFalse(CudaPlanner.identityMapping(new FilterSpec(m, ConstantPolicy.ZERO, 1f, 0.5f, false)));
        assertFalse(CudaPlanner.identityMapping(new FilterSpec(m, ConstantPolicy.ZERO, 1f, 0f, true)));
    }

    private static Mask box(int w, int h) {
        float[] f = new float[w * h];
        java.util.Arrays.fill(f, 1f);
        return Mask.of(w, h, f);
    }
}
