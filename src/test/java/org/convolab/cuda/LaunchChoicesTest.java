package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.Strategy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The launch decisions that need no GPU: what auto picks, and how the streamed kernel cuts rows. */
class LaunchChoicesTest {

    @ParameterizedTest(name = "box of radius {0} -> {1}")
    @CsvSource({"1, fast", "2, fast", "3, fast-separable", "7, fast-separable", "15, fast-separable"})
    void autoPicksFastSeparableForSeparableMasksFromRadius3(int radius, String expected) {
        Mask box = MaskPresets.parse("box:" + (2 * radius + 1));
        assertEquals(radius, box.radiusX());
        assertTrue(box.separable().isPresent());
        assertEquals(Strategy.parse(expected), CudaPlanner.autoStrategy(box));
    }

    @ParameterizedTest(name = "random {0}x{0} -> fast")
    @CsvSource({"3", "7", "31"})
    void autoPicksFastForMasksThatAreNotSeparable(int size) {
        Random rnd = new Random(size);
        float[] w = new float[size * size];
        for (int i = 0; i < w.length; i++) {
            w[i] = rnd.nextFloat();
        }
        Mask m = Mask.of(size, size, w);
        assertTrue(m.separable().isEmpty());
        assertEquals(Strategy.FAST, CudaPlanner.autoStrategy(m));
    }

    @ParameterizedTest(name = "{0}x{1}, {2} channels, {3} resident blocks, {4} waves")
    @CsvSource({"1, 1, 3, 660, 6", "37, 43, 3, 660, 6", "4096, 4096, 3, 660, 6", "8192, 8192, 3, 660, 6", "6000, 4000, 3, 528, 6",
            "100000, 3, 3, 4, 6", "4096, 4096, 3, 1, 1", "4096, 318, 1, 660, 6", "1, 63, 1, 660, 6", "20000, 65, 1, 528, 6"})
    void streamChunkCoversTheImageInAboutTheGivenWaves(int w, int h, int channels, int resident, int waves) {
        int chunk = KernelTable.streamChunk(w, h, channels, resident, waves);
        int columns = channels * KernelLaunch.ceilDiv(w, KernelGeometry.FASTS_OW);
        int chunks = KernelLaunch.ceilDiv(h, chunk);
        assertTrue(chunk >= 1 && chunk <= h, "rows per block " + chunk);
        // Every row is covered: the chunks reach the bottom, and no chunk starts below it.
        assertTrue(chunks * chunk >= h && (chunks - 1) * chunk < h);
        long blocks = (long) columns * chunks;
        // No more blocks than the waves hold, unless one chunk per column is already more.
        assertTrue(blocks <= Math.max(columns, (long) waves * resident), blocks + " blocks");
        // And not far fewer where the image has rows enough for every chunk: at least about half.
        if (h >= (long) waves * resident / columns) {
            assertTrue(blocks * 2 >= (long) waves * resident - 2L * columns, blocks + " blocks for " + waves + " waves");
        }
    }
}
