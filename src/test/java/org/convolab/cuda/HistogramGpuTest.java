package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.MaskPresets;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.selftest.HistogramCheck;
import org.convolab.selftest.TestImages;
import org.convolab.selftest.Summary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The histogram kernels on a real GPU: every strategy equals the plain CPU count exactly on the
 * self-test's sizes, kinds and bin counts, 24 MP included. Skipped, with the reason, where no CUDA
 * device is usable.
 */
@Tag("gpu")
class HistogramGpuTest {

    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    @Test
    void everyStrategyEqualsThePlainCount() {
        List<String> failures = new ArrayList<>();
        Summary s = new HistogramCheck(11, true).run(engine, HistogramCheck.all(), failures::add);
        assertTrue(failures.isEmpty(), () -> s.line() + "\n" + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        // the shared-memory strategies refuse 16-bit bin counts past their limit: refusals, counted apart
        assertTrue(s.refused() > 0, s::notes);
        assertEquals(HistogramCheck.checks(HistogramStrategy.values().length, true), s.passed() + s.refused(), s::line);
    }

    @Test
    void theResidentImageIsCountedWithoutAnUploadAndGivesTheSameCounts() {
        RgbaImage img = TestImages.image(TestImages.Kind.RANDOM, 1003, 701, new Random(4));
        engine.filter(img, FilterSpec.of(MaskPresets.parse("box:3"), org.convolab.core.BorderPolicy.parse("clamp")),
                org.convolab.core.Strategy.AUTO);
        Histogram expected = Histogram.count(img, 256);
        for (HistogramStrategy s : HistogramStrategy.values()) {
            HistogramResult r = engine.histogram(img, 256, s);
            assertNull(expected.firstDifference(r.histogram()), s.id());
            assertEquals("cuda " + s.id(), r.countedBy());
            assertTrue(r.kernelMs() > 0 && r.totalMs() >= r.kernelMs(), () -> s.id() + ": " + r);
        }
    }

    @Test
    void sixteenBitAndEightBitCountsTakeTurnsInTheSameBuffersAndStayExact() {
        Random rnd = new Random(12);
        Rgba16Image wide = TestImages.image16(TestImages.Kind.DARK, 1501, 997, rnd);
        RgbaImage narrow = TestImages.image(TestImages.Kind.RANDOM, 1501, 997, rnd);
        for (int round = 0; round < 2; round++) {
            for (HistogramStrategy s : HistogramStrategy.values()) {
                for (int bins : new int[] {65536, 2048, 1}) {
                    if (s.whyNotApplicable(bins, 16) != null) {
                        ConvolabException e = assertThrows(ConvolabException.class, () -> engine.histogram(wide, bins, s));
                        assertEquals(s.whyNotApplicable(bins, 16), e.getMessage());
                        continue;
                    }
                    HistogramResult r = engine.histogram(wide, bins, s);
                    assertNull(Histogram.count(wide, bins).firstDifference(r.histogram()), s.id() + ", " + bins + " bins");
                    assertEquals(16, r.histogram().bitDepth());
                }
                assertNull(Histogram.count(narrow, 256).firstDifference(engine.histogram(narrow, 256, s).histogram()), s.id());
            }
        }
        assertNull(engine.diagnostics().fallbackReason());
    }

    @Test
    void batchedTimingsArePositiveAndCountsStayRight() {
        RgbaImage img = TestImages.image(TestImages.Kind.DARK, 2048, 1024, new Random(9));
        for (HistogramStrategy s : HistogramStrategy.values()) {
            double ms = engine.batchedHistogramMs(img, 64, s, 10).orElseThrow();
            assertTrue(ms > 0, s.id());
            assertNull(Histogram.count(img, 64).firstDifference(engine.histogram(img, 64, s).histogram()), s.id());
        }
    }

    @Test
    void aThousandCountsLeaveDeviceMemoryWhereItStarted() {
        Random rnd = new Random(8);
        RgbaImage first = TestImages.image(TestImages.Kind.RANDOM, 640, 480, rnd);
        engine.histogram(first, 256, HistogramStrategy.FAST);
        engine.releaseImage();
        long before = engine.memoryInfo()[0];
        for (int i = 0; i < 1000; i++) {
            RgbaImage img = i % 100 == 0 ? TestImages.image(TestImages.Kind.RANDOM, 100 + rnd.nextInt(600), 100 + rnd.nextInt(400), rnd)
                    : first;
            engine.histogram(img, 1 + rnd.nextInt(256), HistogramStrategy.values()[i % HistogramStrategy.values().length]);
        }
        engine.releaseImage();
        long after = engine.memoryInfo()[0];
        assertTrue(Math.abs(before - after) < (8L << 20), () -> "free device memory went from " + before + " to " + after);
    }
}
