package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;
import org.convolab.cuda.CudaFault;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Test;

/** The auto backend's histograms: the GPU's while it works, the CPU's after it fails, none lost. */
class FallbackHistogramTest {

    /** A GPU engine whose histograms work twice, then fail for good. */
    static final class FailingGpu extends HistogramOnlyGpu {
        int calls;

        @Override
        public HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
            if (++calls > 2) {
                throw new CudaFault("CUDA_ERROR_ILLEGAL_ADDRESS (test)", null);
            }
            return new HistogramResult(Histogram.count(image, bins), "cuda " + strategy.id(), 0.1, 0.2);
        }
    }

    @Test
    void histogramsGoOverToTheCpuWhenTheGpuFailsAndStayExact() {
        List<String> notices = new ArrayList<>();
        RgbaImage img = TestImages.randomImage(50, 20, new Random(3));
        Histogram expected = Histogram.count(img, 32);
        try (FallbackEngine e = new FallbackEngine(new FailingGpu(), notices::add)) {
            for (int i = 0; i < 4; i++) {
                HistogramResult r = e.histogram(img, 32, HistogramStrategy.FAST);
                assertThat(r.histogram()).isEqualTo(expected);
                assertThat(r.countedBy()).startsWith(i < 2 ? "cuda fast" : "CPU");
            }
            assertThat(notices).hasSize(1);
            assertThat(e.failure()).contains("CUDA_ERROR_ILLEGAL_ADDRESS");
        }
    }
}
