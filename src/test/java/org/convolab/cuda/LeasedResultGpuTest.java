package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.MirrorPolicy;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The lent result ({@link CudaEngine#filterLeased}): the pixels in the page-locked buffer equal those the
 * engine copies into a Java array, a lease held while the next filter runs keeps its pixels (the next
 * result goes elsewhere), and closed leases' buffers are reused rather than piling up.
 */
@Tag("gpu")
class LeasedResultGpuTest {
    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    private static RgbaImage random(int w, int h, long seed) {
        Random r = new Random(seed);
        int[] p = new int[w * h];
        for (int i = 0; i < p.length; i++) {
            p[i] = r.nextInt();
        }
        return new RgbaImage(w, h, p);
    }

    private static int[] copy(ResultLease lease) {
        int[] p = new int[lease.width() * lease.height()];
        lease.pixels().get(0, p, 0, p.length);
        return p;
    }

    @Test
    void theLentPixelsEqualTheArrayResultForSeveralMasksAndStrategies() {
        RgbaImage img = random(1031, 517, 7);
        for (String mask : new String[] {"box:3", "gaussian:1.5:7", "sobel-x", "emboss"}) {
            for (Strategy s : new Strategy[] {Strategy.AUTO, Strategy.NAIVE, Strategy.FAST}) {
                FilterSpec spec = FilterSpec.of(MaskPresets.parse(mask), new MirrorPolicy());
                FilterResult array = engine.filter(img, spec, s);
                try (ResultLease lease = engine.filterLeased(img, spec, s)) {
                    assertThat(lease.hasImage()).as("no copy into an array was made").isFalse();
                    assertThat(lease.pixels().isDirect()).isTrue();
                    assertThat(copy(lease)).as("%s with %s", mask, s.id()).isEqualTo(array.image().pixels());
                    assertThat(lease.strategy()).isEqualTo(array.strategy());
                    assertThat(lease.timings().resultMs()).isPositive();
                }
            }
        }
    }

    /**
     * The staged input ({@link CudaStagedInput}): an image written straight into the page-locked upload buffer filters to
     * the pixels of the ordinary lease, again and again from the same staged pixels, and a Java image filtered after it is
     * uploaded (the device's copy no longer stands for it).
     */
    @Test
    void anImageWrittenIntoTheStagedInputFiltersAsTheOrdinaryLease() {
        org.convolab.core.StagedInput staged = engine.stagedInput().orElseThrow();
        for (String mask : new String[] {"gaussian:40", "box:3", "sobel-x"}) {
            RgbaImage img = random(1031, 517, mask.length());
            FilterSpec spec = FilterSpec.of(MaskPresets.parse(mask), new MirrorPolicy());
            int[] expected;
            try (ResultLease lease = engine.filterLeased(img, spec, Strategy.AUTO)) {
                expected = copy(lease);
            }
            engine.prepare(img.width(), img.height(), spec, Strategy.AUTO);
            java.nio.ByteBuffer buffer = staged.buffer(img.width(), img.height()).orElseThrow();
            assertThat(buffer.isDirect()).isTrue();
            buffer.asIntBuffer().put(img.pixels());
            for (int round = 0; round < 2; round++) {
                try (ResultLease lease = staged.filterLeased(img.width(), img.height(), spec, Strategy.AUTO)) {
                    assertThat(copy(lease)).as("%s, round %d", mask, round).isEqualTo(expected);
                    assertThat(lease.timings().uploadMs()).as("uploaded from the staged buffer").isPositive();
                }
            }
            RgbaImage other = random(1031, 517, 99);
            FilterResult plain = engine.filter(other, spec, Strategy.AUTO);
            try (ResultLease lease = engine.filterLeased(other, spec, Strategy.AUTO)) {
                assertThat(copy(lease)).as("a Java image after the staged one").isEqualTo(plain.image().pixels());
            }
        }
    }

    @Test
    void aLeaseHeldWhileTheNextFilterRunsKeepsItsPixels() {
        RgbaImage img = random(640, 480, 11);
        FilterSpec sharpen = FilterSpec.of(MaskPresets.parse("sharpen"), new MirrorPolicy());
        FilterSpec box = FilterSpec.of(MaskPresets.parse("box:5"), new MirrorPolicy());
        List<ResultLease> held = new ArrayList<>();
        try {
            ResultLease first = engine.filterLeased(img, sharpen, Strategy.AUTO);
            held.add(first);
            int[] before = copy(first);
            for (int i = 0; i < 4; i++) {
                held.add(engine.filterLeased(img, i % 2 == 0 ? box : sharpen, Strategy.AUTO));
            }
            assertThat(copy(first)).isEqualTo(before);
            assertThat(copy(held.get(1))).isEqualTo(engine.filter(img, box, Strategy.AUTO).image().pixels());
        } finally {
            held.forEach(ResultLease::close);
        }
        // given back: the next leases reuse the kept buffers
        for (int i = 0; i < 6; i++) {
            engine.filterLeased(img, box, Strategy.AUTO).close();
        }
        int lent = engine.onGpu(() -> engine.session().leaseBuffers().lent());
        assertThat(lent).isZero();
    }

    @Test
    void aLeaseOutlivesTheReleaseOfTheImageWithValidPixels() {
        RgbaImage img = random(300, 200, 13);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:3"), new MirrorPolicy());
        int[] expected = engine.filter(img, spec, Strategy.AUTO).image().pixels();
        try (ResultLease lease = engine.filterLeased(img, spec, Strategy.AUTO)) {
            engine.releaseImage();
            assertThat(copy(lease)).isEqualTo(expected);
        }
    }
}
