package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A region and the banded whole give the very pixels of the whole-image filter, for every policy. */
class RegionFilterTest {
    private static ConvolutionEngine engine;

    @BeforeAll
    static void open() {
        engine = Engines.open(Backend.CPU, s -> { });
    }

    @AfterAll
    static void close() {
        engine.close();
    }

    private static RgbaImage noise(int w, int h, long seed) {
        Random r = new Random(seed);
        int[] p = new int[w * h];
        for (int i = 0; i < p.length; i++) {
            p[i] = r.nextInt() | (i % 7 == 0 ? 0 : 0xff000000);
        }
        return new RgbaImage(w, h, p);
    }

    /** A 7 wide, 9 tall mask of unequal weights: not separable, not symmetric. */
    private static Mask lopsided() {
        float[] w = new float[7 * 9];
        for (int i = 0; i < w.length; i++) {
            w[i] = (i * 37 % 11) - 4;
        }
        return Mask.of(7, 9, w);
    }

    private static List<BorderPolicy> policies() {
        List<BorderPolicy> all = new ArrayList<>(BorderPolicy.standard());
        all.add(BorderPolicy.parse("constant:127.5"));
        return all;
    }

    @Test
    void regionsEqualTheWholeResultsCropsForEveryPolicy() {
        RgbaImage img = noise(53, 41, 1);
        int[][] regions = {{0, 0, 5, 4}, {48, 37, 5, 4}, {20, 15, 11, 9}, {0, 10, 53, 3}, {50, 0, 3, 41}, {0, 0, 53, 41}};
        for (BorderPolicy b : policies()) {
            FilterSpec spec = FilterSpec.of(lopsided(), b);
            RgbaImage whole = engine.filter(img, spec, Strategy.NAIVE).image();
            for (int[] r : regions) {
                FilterResult part = RegionFilter.filter(engine, img, spec, Strategy.NAIVE, r[0], r[1], r[2], r[3]);
                assertThat(part.image().pixels()).as("%s at %d,%d %dx%d", b.name(), r[0], r[1], r[2], r[3])
                        .containsExactly(whole.crop(r[0], r[1], r[2], r[3]).pixels());
            }
        }
    }

    @Test
    void bandsThinnerThanTheMaskEqualTheWholeForEveryPolicy() {
        RgbaImage img = noise(37, 29, 2);
        for (BorderPolicy b : policies()) {
            FilterSpec spec = FilterSpec.of(lopsided(), b);
            RgbaImage whole = engine.filter(img, spec, Strategy.NAIVE).image();
            List<Double> progress = new ArrayList<>();
            FilterResult banded = RegionFilter.filterInBands(engine, img, spec, Strategy.NAIVE, 3, new int[img.size()], () -> false, progress::add);
            assertThat(banded.image().pixels()).as(b.name()).containsExactly(whole.pixels());
            assertThat(progress).hasSize(10).isSorted().endsWith(1.0);
            assertThat(banded.timings().cost().flops()).isGreaterThan(0);
        }
    }

    @Test
    void bandsIntoAnArrayThatHeldAnotherResultOverwriteEveryPixel() {
        RgbaImage img = noise(41, 23, 5);
        for (BorderPolicy b : policies()) {
            FilterSpec spec = FilterSpec.of(lopsided(), b);
            RgbaImage whole = engine.filter(img, spec, Strategy.NAIVE).image();
            int[] used = new int[img.size()];
            java.util.Arrays.fill(used, 0x5a5a5a5a);
            FilterResult banded = RegionFilter.filterInBands(engine, img, spec, Strategy.NAIVE, 4, used, () -> false, f -> { });
            assertThat(banded.image().pixels()).as(b.name()).isSameAs(used).containsExactly(whole.pixels());
        }
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> RegionFilter.filterInBands(engine,
                img, FilterSpec.of(lopsided(), BorderPolicy.parse("clamp")), Strategy.NAIVE, 4, new int[img.size() - 1],
                () -> false, f -> { })).withMessageContaining("41x23");
    }

    @Test
    void theFastEnginesRegionsAndBandsEqualItsWholeResult() {
        RgbaImage img = noise(1500, 1000, 4);
        for (String preset : new String[] {"sharpen", "box:3", "gaussian:7"}) {
            for (BorderPolicy b : policies()) {
                FilterSpec spec = FilterSpec.of(org.convolab.core.MaskPresets.parse(preset), b);
                RgbaImage whole = engine.filter(img, spec, Strategy.AUTO).image();
                RgbaImage banded = RegionFilter.filterInBands(engine, img, spec, Strategy.AUTO, 97, new int[img.size()], () -> false, f -> { })
                        .image();
                RgbaImage.Difference d = banded.difference(whole);
                assertThat(d.max()).as("%s %s banded: %s", preset, b.name(), d).isZero();
                RgbaImage part = RegionFilter.filter(engine, img, spec, Strategy.AUTO, 700, 400, 333, 222).image();
                d = part.difference(whole.crop(700, 400, 333, 222));
                assertThat(d.max()).as("%s %s region: %s", preset, b.name(), d).isZero();
            }
        }
    }

    @Test
    void aCancelledPassStopsBetweenBands() {
        RgbaImage img = noise(20, 20, 3);
        int[] bands = {0};
        FilterResult r = RegionFilter.filterInBands(engine, img, FilterSpec.of(lopsided(), BorderPolicy.parse("wrap")),
                Strategy.NAIVE, 4, new int[img.size()], () -> bands[0] >= 2, f -> bands[0]++);
        assertThat(r).isNull();
        assertThat(bands[0]).isEqualTo(2);
    }

    @Test
    void cutFoldsOutsideTheImageLikeThePolicy() {
        RgbaImage img = new RgbaImage(3, 1, new int[] {1, 2, 3});
        assertThat(RegionFilter.cut(img, BorderPolicy.parse("wrap"), -2, 0, 7, 1).pixels()).containsExactly(2, 3, 1, 2, 3, 1, 2);
        assertThat(RegionFilter.cut(img, BorderPolicy.parse("clamp"), -2, 0, 7, 1).pixels()).containsExactly(1, 1, 1, 2, 3, 3, 3);
    }
}
