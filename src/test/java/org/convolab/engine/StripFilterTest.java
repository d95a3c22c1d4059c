package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.CpuPlaneFilter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Streamed in bands against filtered whole, bit for bit: every policy, tall masks, odd sizes, every format. */
class StripFilterTest {

    static final CpuEngine ENGINE = new CpuEngine(2);
    static final CpuPlaneFilter PLANES = new CpuPlaneFilter(2);

    @AfterAll
    static void close() {
        ENGINE.close();
        PLANES.close();
    }

    static final List<String> POLICIES = List.of("zero", "constant:37.5", "constant:300", "clamp", "reflect", "mirror", "wrap");

    static Mask randomMask(int w, int h, long seed) {
        Random rnd = new Random(seed);
        float[] m = new float[w * h];
        for (int i = 0; i < m.length; i++) {
            m[i] = rnd.nextFloat() * 2 - 0.7f;
        }
        return Mask.of(w, h, m).normalized();
    }

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        SampleFormat[] formats = {new SampleFormat(3, 8), new SampleFormat(4, 8), new SampleFormat(1, 8),
                new SampleFormat(2, 8), new SampleFormat(1, 16), new SampleFormat(4, 16)};
        for (String p : POLICIES) {
            for (SampleFormat f : formats) {
                b.add(Arguments.of(p, f, "random 5x3", 37, 23, 4));
                b.add(Arguments.of(p, f, "gaussian 1x63 (taller than the band and the image)", 19, 29, 3));
                b.add(Arguments.of(p, f, "random 3x9", 11, 40, 1));
                b.add(Arguments.of(p, f, "gaussian 7x7", 33, 47, 10));
            }
        }
        return b.build();
    }

    static Mask mask(String name) {
        return switch (name.split(" ")[0] + " " + name.split(" ")[1]) {
            case "random 5x3" -> randomMask(5, 3, 1);
            case "random 3x9" -> randomMask(3, 9, 2);
            case "gaussian 7x7" -> MaskPresets.parse("gaussian:1.5:7");
            default -> Mask.of(1, 63, gaussianColumn(63));
        };
    }

    static float[] gaussianColumn(int n) {
        float[] c = new float[n];
        float s = 0;
        for (int i = 0; i < n; i++) {
            c[i] = (float) Math.exp(-Math.pow(i - n / 2, 2) / 200.0);
            s += c[i];
        }
        for (int i = 0; i < n; i++) {
            c[i] /= s;
        }
        return c;
    }

    @ParameterizedTest(name = "{0}, {1}, {2}, {3}x{4}, bands of {5}")
    @MethodSource("cases")
    void streamedEqualsWhole(String policy, SampleFormat format, String maskName, int w, int h, int band) {
        FilterSpec spec = new FilterSpec(mask(maskName), BorderPolicy.parse(policy), 1f, format.maxValue() == 255 ? 3f : 100f, false);
        MemoryRows in = MemoryRows.random(w, h, format, w * 31L + h);
        MemoryRows streamed = MemoryRows.empty(w, format);
        MemoryRows whole = MemoryRows.empty(w, format);
        StripFilter.Report r = new StripFilter(ENGINE, PLANES, band).run(in.opener(), streamed.sink(), spec, Strategy.AUTO);
        new StripFilter(ENGINE, PLANES, h).run(in.opener(), whole.sink(), spec, Strategy.AUTO);
        assertThat(r.bands()).isEqualTo((h + band - 1) / band);
        assertThat(streamed.rows).hasSize(h);
        for (int y = 0; y < h; y++) {
            assertThat(streamed.rows.get(y)).as("row %d", y).isEqualTo(whole.rows.get(y));
        }
        if (format.bitDepth() == 8 && !format.grey()) {
            assertThat(streamed.rows).usingRecursiveComparison().isEqualTo(engineWhole(in, spec).rows);
        }
    }

    /** The engine's own whole-image filter of 8-bit RGB(A) rows, alpha passed through. */
    static MemoryRows engineWhole(MemoryRows in, FilterSpec spec) {
        int w = in.width;
        int h = in.rows.size();
        int ch = in.format.channels();
        int[] argb = new int[w * h];
        for (int y = 0; y < h; y++) {
            int[] r = in.rows.get(y);
            for (int x = 0; x < w; x++) {
                int a = ch == 4 ? r[x * ch + 3] : 255;
                argb[y * w + x] = a << 24 | r[x * ch] << 16 | r[x * ch + 1] << 8 | r[x * ch + 2];
            }
        }
        int[] out = ENGINE.filter(new RgbaImage(w, h, argb), spec, Strategy.AUTO).image().pixels();
        MemoryRows res = MemoryRows.empty(w, in.format);
        for (int y = 0; y < h; y++) {
            int[] r = new int[w * ch];
            for (int x = 0; x < w; x++) {
                int p = out[y * w + x];
                r[x * ch] = (p >>> 16) & 0xff;
                r[x * ch + 1] = (p >>> 8) & 0xff;
                r[x * ch + 2] = p & 0xff;
                if (ch == 4) {
                    r[x * ch + 3] = p >>> 24;
                }
            }
            res.rows.add(r);
        }
        return res;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void greyPlaneGivesTheBitsTheEngineGivesEachChannel(String policy) {
        FilterSpec spec = new FilterSpec(randomMask(5, 5, 9), BorderPolicy.parse(policy), 0.5f, -20f, true);
        MemoryRows grey = MemoryRows.random(41, 27, new SampleFormat(1, 8), 5);
        MemoryRows rgb = MemoryRows.empty(41, new SampleFormat(3, 8));
        for (int[] g : grey.rows) {
            int[] r = new int[g.length * 3];
            for (int x = 0; x < g.length; x++) {
                r[3 * x] = r[3 * x + 1] = r[3 * x + 2] = g[x];
            }
            rgb.rows.add(r);
        }
        MemoryRows out = MemoryRows.empty(41, grey.format);
        new StripFilter(ENGINE, PLANES, 4).run(grey.opener(), out.sink(), spec, Strategy.AUTO);
        MemoryRows expected = engineWhole(rgb, spec);
        for (int y = 0; y < 27; y++) {
            for (int x = 0; x < 41; x++) {
                assertThat(out.rows.get(y)[x]).isEqualTo(expected.rows.get(y)[3 * x]);
            }
        }
    }

    static Stream<String> policies() {
        return POLICIES.stream();
    }

    @Test
    void onlyWrapReadsTheFarEdgeFirst() {
        MemoryRows in = MemoryRows.random(8, 50, new SampleFormat(1, 16), 3);
        for (String p : POLICIES) {
            in.opens = 0;
            StripFilter.Report r = new StripFilter(ENGINE, PLANES, 5).run(in.opener(), MemoryRows.empty(8, in.format).sink(),
                    FilterSpec.of(MaskPresets.parse("box:5"), BorderPolicy.parse(p)), Strategy.AUTO);
            assertThat(r.prePass()).as(p).isEqualTo(p.equals("wrap"));
            assertThat(in.opens).as(p).isEqualTo(p.equals("wrap") ? 2 : 1);
        }
    }

    @Test
    void sixteenBitIdentityIsExactAndClampsAtTheTop() {
        SampleFormat f = new SampleFormat(1, 16);
        MemoryRows in = MemoryRows.random(13, 9, f, 4);
        MemoryRows out = MemoryRows.empty(13, f);
        new StripFilter(ENGINE, PLANES, 2).run(in.opener(), out.sink(), FilterSpec.of(MaskPresets.parse("identity"),
                BorderPolicy.parse("mirror")), Strategy.AUTO);
        assertThat(out.rows).usingRecursiveComparison().isEqualTo(in.rows);
        MemoryRows doubled = MemoryRows.empty(13, f);
        new StripFilter(ENGINE, PLANES, 2).run(in.opener(), doubled.sink(), new FilterSpec(MaskPresets.parse("identity"),
                BorderPolicy.parse("mirror"), 0.5f, 0f, false), Strategy.AUTO);
        for (int y = 0; y < 9; y++) {
            for (int x = 0; x < 13; x++) {
                assertThat(doubled.rows.get(y)[x]).isEqualTo(Math.min(65535, 2 * in.rows.get(y)[x]));
            }
        }
    }
}
