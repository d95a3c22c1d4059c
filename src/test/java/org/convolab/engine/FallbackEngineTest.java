package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.convolab.core.Backend;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.CpuPlaneFilter;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.cuda.CudaFault;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Test;

/** The GPU vanishing mid-session: the auto backend goes on with the CPU, says so once, loses no result. */
class FallbackEngineTest {

    /** A GPU engine that works for a while, then fails for good. */
    static class VanishingGpu implements ConvolutionEngine {
        private final CpuEngine inner = new CpuEngine(1);
        int calls;
        boolean closed;

        @Override
        public Backend backend() {
            return Backend.CUDA;
        }

        @Override
        public String device() {
            return "test GPU";
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            if (++calls > 2) {
                throw new CudaFault("CUDA_ERROR_LAUNCH_FAILED (test)", null);
            }
            return inner.filter(image, spec, strategy);
        }

        @Override
        public Optional<PlaneFilter> planeFilter() {
            CpuPlaneFilter planes = new CpuPlaneFilter(1);
            return Optional.of(new PlaneFilter() {
                @Override
                public LaunchPlan correlate(float[] rows, int width, int outRows, FilterSpec spec, Strategy strategy, float[] sums) {
                    if (++calls > 2) {
                        java.util.Arrays.fill(sums, -1f); // a half-written result must not reach the caller
                        throw new CudaFault("CUDA_ERROR_ILLEGAL_ADDRESS (test)", null);
                    }
                    return planes.correlate(rows, width, outRows, spec, strategy, sums);
                }

                @Override
                public void close() {
                    planesClosed = true;
                    planes.close();
                }
            });
        }

        boolean planesClosed;

        @Override
        public void close() {
            closed = true;
            inner.close();
        }
    }

    /** A GPU whose staged input fails for good while its buffer is made: the engine goes over to the CPU, once. */
    @Test
    void theStagedInputFailingForGoodFallsBackAndIsNoLongerOffered() {
        VanishingGpu gpu = new VanishingGpu() {
            @Override
            public Optional<org.convolab.core.StagedInput> stagedInput() {
                return Optional.of(new org.convolab.core.StagedInput() {
                    @Override
                    public Optional<java.nio.ByteBuffer> buffer(int width, int height) {
                        throw new CudaFault("CUDA_ERROR_LAUNCH_FAILED (test)", null);
                    }

                    @Override
                    public org.convolab.core.ResultLease filterLeased(int width, int height, FilterSpec spec, Strategy strategy) {
                        throw new AssertionError("no buffer was made");
                    }
                });
            }
        };
        List<String> notices = new ArrayList<>();
        try (FallbackEngine e = new FallbackEngine(gpu, notices::add)) {
            org.convolab.core.StagedInput staged = e.stagedInput().orElseThrow();
            assertThat(staged.buffer(40, 30)).as("the caller goes the ordinary way").isEmpty();
            assertThat(e.backend()).isEqualTo(Backend.CPU);
            assertThat(e.stagedInput()).as("the CPU has none").isEmpty();
            assertThat(staged.buffer(40, 30)).as("a wrapper kept from before the fall-back").isEmpty();
            assertThat(notices).hasSize(1);
        }
    }

    @Test
    void theGpuVanishingMidSessionFallsBackToTheCpuWithOneMessage() {
        VanishingGpu gpu = new VanishingGpu();
        List<String> notices = new ArrayList<>();
        RgbaImage img = TestImages.randomImage(40, 30, new Random(1));
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("mirror"));
        RgbaImage ref = ReferenceConvolver.filter(img, spec);
        try (FallbackEngine e = new FallbackEngine(gpu, notices::add)) {
            for (int i = 0; i < 6; i++) {
                assertThat(e.filter(img, spec, Strategy.AUTO).image().maxDifference(ref)).isLessThanOrEqualTo(1);
                assertThat(e.backend()).isEqualTo(i < 2 ? Backend.CUDA : Backend.CPU);
            }
            assertThat(notices).hasSize(1);
            assertThat(notices.get(0)).contains("GPU stopped working").contains("going on with the CPU engine");
            assertThat(e.failure()).contains("CUDA_ERROR_LAUNCH_FAILED");
            assertThat(gpu.closed).isTrue();
        }
    }

    @Test
    void theGpuPlaneFilterFailingForGoodHandsThePlaneToTheCpuWithOneMessage() {
        VanishingGpu gpu = new VanishingGpu();
        List<String> notices = new ArrayList<>();
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1.5"), BorderPolicy.parse("reflect"));
        java.util.Random rnd = new java.util.Random(4);
        int w = 23;
        int outRows = 9;
        float[] rows = new float[w * (outRows + spec.mask().height() - 1)];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = rnd.nextInt(65536);
        }
        float[] expected = new float[w * outRows];
        try (CpuPlaneFilter cpu = new CpuPlaneFilter(1)) {
            cpu.correlate(rows, w, outRows, spec, Strategy.AUTO, expected);
        }
        try (FallbackEngine e = new FallbackEngine(gpu, notices::add)) {
            try (PlaneFilter planes = PlaneFilters.forEngine(e)) {
                for (int i = 0; i < 5; i++) {
                    float[] sums = new float[w * outRows];
                    planes.correlate(rows, w, outRows, spec, Strategy.AUTO, sums);
                    assertThat(sums).as("plane %d", i).containsExactly(expected);
                    assertThat(e.backend()).isEqualTo(i < 2 ? Backend.CUDA : Backend.CPU);
                }
            }
            assertThat(notices).hasSize(1);
            assertThat(notices.get(0)).contains("GPU stopped working").contains("ILLEGAL_ADDRESS");
            assertThat(gpu.closed).isTrue();
            assertThat(gpu.planesClosed).isTrue();
            // after the fall-back a new plane filter is the CPU's from the start
            assertThat(e.planeFilter()).isEmpty();
        }
    }
}
