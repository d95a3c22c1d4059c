package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.PlaneReference;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.io.PngSamples;
import org.convolab.io.RowSinks;
import org.convolab.io.TestImageFiles;
import org.convolab.io.WideSamples;
import org.convolab.selftest.Conformance;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Float and 32-bit integer files through the file filter, against the double-precision reference: every policy,
 * signed masks (2D and separable), --abs, divisor and offset; float results within 1e-4 of the reference,
 * relative to the sum of the terms' magnitudes (what float accumulation can be off by); integer results rounded
 * half up and clamped; --depth float keeps signed results of 8- and 16-bit inputs.
 */
class FloatFileFilterTest {

    static final CpuEngine ENGINE = new CpuEngine(2);

    @TempDir
    Path dir;

    @AfterAll
    static void close() {
        ENGINE.close();
    }

    private StripFilter.Report run(Path in, Path out, FilterSpec spec, Strategy s, OutputDepth depth, int band) {
        return FileFilter.run(new FileFilter.Job(in, out, true, 1L << 30, RowSinks.Options.defaults(), band, false, depth), ENGINE, spec, s,
                n -> { });
    }

    static Mask signedMask(int w, int h, Random rnd) {
        float[] m = new float[w * h];
        for (int k = 0; k < m.length; k++) {
            m[k] = rnd.nextFloat() * 4 - 2;
        }
        return Mask.of(w, h, m);
    }

    static Mask signedSeparable(int w, int h, Random rnd) {
        float[] m = new float[w * h];
        float[] col = new float[h];
        for (int j = 0; j < h; j++) {
            col[j] = rnd.nextFloat() * 2 - 1;
        }
        for (int i = 0; i < w; i++) {
            float r = rnd.nextFloat() * 2 - 1;
            for (int j = 0; j < h; j++) {
                m[j * w + i] = col[j] * r;
            }
        }
        return Mask.of(w, h, m);
    }

    /** Checks every colour channel of {@code out} (float) against the reference of {@code in}'s values. */
    static void assertMatchesReference(WideSamples.Read in, WideSamples.Read out, FilterSpec spec, String label) {
        int w = in.width();
        int h = in.height();
        int ch = in.format().channels();
        for (int c = 0; c < in.format().colourChannels(); c++) {
            double[] plane = new double[w * h];
            for (int k = 0; k < plane.length; k++) {
                plane[k] = in.value(k * ch + c);
            }
            double[] ref = ReferenceConvolver.correlate(plane, w, h, spec.mask(), spec.border());
            double[] bound = PlaneReference.bound(plane, w, h, spec.mask(), spec.border());
            for (int k = 0; k < ref.length; k++) {
                double want = spec.map(ref[k]);
                double got = out.value(k * ch + c);
                double tol = 1e-4 * (bound[k] / Math.abs(spec.divisor()) + Math.abs(spec.offset()) + 1e-6);
                if (Math.abs(got - want) > tol) {
                    throw new AssertionError(String.format("%s: channel %d pixel (%d, %d): %.9g, reference %.9g (tolerance %.3g)",
                            label, c, k % w, k / w, got, want, tol));
                }
            }
        }
    }

    @Test
    void floatInputAndOutputMatchTheReferenceForEveryPolicyAndMapping() {
        Random rnd = new Random(24);
        List<Object[]> mappings = List.of(new Object[] {1f, 0f, false}, new Object[] {1f, 0f, true},
                new Object[] {-3.5f, 100f, false}, new Object[] {7f, -2.25f, true});
        List<String> checked = new ArrayList<>();
        for (int ch : new int[] {1, 3, 4}) {
            int w = 23;
            int h = 17;
            float[] v = new float[w * h * ch];
            for (int i = 0; i < v.length; i++) {
                v[i] = (float) (rnd.nextDouble() * 1005 - 5);
            }
            Path in = WideSamples.write(dir.resolve("in" + ch + ".tif"), w, h, new SampleFormat(ch, 32, SampleFormat.Kind.FLOAT),
                    WideSamples.bits(v));
            WideSamples.Read read = WideSamples.read(in);
            for (BorderPolicy p : Conformance.policies()) {
                for (Mask m : List.of(signedMask(3, 3, rnd), signedMask(7, 3, rnd), signedSeparable(5, 9, rnd))) {
                    for (Object[] map : mappings) {
                        FilterSpec spec = new FilterSpec(m, p, (float) map[0], (float) map[1], (boolean) map[2]);
                        Path out = dir.resolve("out.tif");
                        // bands of 4 rows: the streamed band path, ghost rows and all
                        run(in, out, spec, Strategy.AUTO, OutputDepth.SAME, 4);
                        WideSamples.Read got = WideSamples.read(out);
                        assertThat(got.format()).isEqualTo(read.format());
                        String label = ch + " channels, " + p.name() + ", " + m.width() + "x" + m.height() + ", D " + map[0]
                                + " O " + map[1] + " abs " + map[2];
                        assertMatchesReference(read, got, spec, label);
                        if (ch == 4) { // alpha passes through, bit for bit
                            for (int k = 3; k < got.samples().length; k += 4) {
                                assertThat(got.samples()[k]).isEqualTo(read.samples()[k]);
                            }
                        }
                        checked.add(label);
                    }
                }
            }
        }
        assertThat(checked).hasSize(3 * Conformance.policies().size() * 3 * 4);
    }

    @Test
    void depthFloatKeepsTheNegativeSideOfALaplacianOfAn8BitImage() {
        Path in = dir.resolve("in.png");
        PngSamples.write(in, 19, 11, 8, false, false, 5);
        Path out = dir.resolve("lap.tif");
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("laplacian"), BorderPolicy.parse("reflect"));
        StripFilter.Report r = run(in, out, spec, Strategy.AUTO, OutputDepth.FLOAT, 0);
        assertThat(r.output()).isEqualTo(new SampleFormat(3, 32, SampleFormat.Kind.FLOAT));
        WideSamples.Read src = WideSamples.read(in);
        WideSamples.Read got = WideSamples.read(out);
        assertMatchesReference(src, got, spec, "laplacian of 8-bit into float");
        float min = Float.MAX_VALUE;
        for (int k = 0; k < got.samples().length; k++) {
            min = Math.min(min, got.value(k));
        }
        assertThat(min).isNegative();
    }

    @Test
    void depth16Of8BitIsTheValueTimes257AndDepth8Of16BitRoundsBack() {
        Path in = dir.resolve("in.png");
        PngSamples.write(in, 9, 5, 8, true, false, 6);
        FilterSpec id = FilterSpec.of(MaskPresets.parse("identity"), BorderPolicy.parse("mirror"));
        Path wide = dir.resolve("w.png");
        run(in, wide, id, Strategy.AUTO, OutputDepth.SIXTEEN, 0);
        WideSamples.Read a = WideSamples.read(in);
        WideSamples.Read b = WideSamples.read(wide);
        assertThat(b.format()).isEqualTo(new SampleFormat(4, 16));
        for (int k = 0; k < a.samples().length; k++) {
            assertThat(b.samples()[k]).isEqualTo(a.samples()[k] * 257); // alpha too
        }
        Path back = dir.resolve("b.png");
        run(wide, back, id, Strategy.AUTO, OutputDepth.EIGHT, 0);
        assertThat(WideSamples.read(back).samples()).isEqualTo(a.samples());
    }

    @Test
    void thirtyTwoBitIntegersAreFilteredInFloatRoundedAndClampedToTheirType() {
        int[] s = {-7, 5, 1 << 24, Integer.MAX_VALUE - 5, Integer.MIN_VALUE, 3, 0, -1};
        Path in = WideSamples.write(dir.resolve("i.tif"), 4, 2, new SampleFormat(1, 32, SampleFormat.Kind.SIGNED), s);
        Path out = dir.resolve("o.tif");
        // x 2 / 4: halves, rounded half up; the extremes stay in range
        FilterSpec half = new FilterSpec(Mask.of(1, 1, 2f), BorderPolicy.parse("zero"), 4f, 0f, false);
        run(in, out, half, Strategy.AUTO, OutputDepth.SAME, 0);
        WideSamples.Read got = WideSamples.read(out);
        assertThat(got.format().kind()).isEqualTo(SampleFormat.Kind.SIGNED);
        assertThat(got.samples()).containsExactly(-3, 3, 1 << 23, 1 << 30, -(1 << 30), 2, 0, 0);
        // x 3: clamped at the type's ends
        run(in, out, FilterSpec.of(Mask.of(1, 1, 3f), BorderPolicy.parse("zero")), Strategy.AUTO, OutputDepth.SAME, 0);
        assertThat(WideSamples.read(out).samples()).containsExactly(-21, 15, 3 << 24, Integer.MAX_VALUE, Integer.MIN_VALUE, 9, 0, -3);

        int[] u = {0, 1, 0xffff_fff0, 1 << 24};
        Path uin = WideSamples.write(dir.resolve("u.tif"), 2, 2, new SampleFormat(1, 32, SampleFormat.Kind.UNSIGNED), u);
        run(uin, out, new FilterSpec(Mask.of(1, 1, 1f), BorderPolicy.parse("zero"), 1f, -2f, false), Strategy.AUTO,
                OutputDepth.SAME, 0);
        WideSamples.Read ug = WideSamples.read(out);
        assertThat(ug.format().kind()).isEqualTo(SampleFormat.Kind.UNSIGNED);
        // 0 - 2 clamps to 0; 4294967280 is not a float: its nearest, 4294967296, minus 2 clamps to the top
        assertThat(ug.samples()).containsExactly(0, 0, 0xffff_ffff, (1 << 24) - 2);
    }

    /**
     * Grey and 16-bit files that fit the heap are filtered whole, in one band (one plane filter call a channel, the
     * results written into the rows read): the same samples as bands of rows, alpha kept, for every policy.
     */
    @Test
    void wholeImageGivesTheBandsSamples() {
        int k = 0;
        for (Object[] f : new Object[][] {{16, true, false}, {16, false, true}, {8, true, true}, {16, false, false}}) {
            Path in = PngSamples.write(dir.resolve("in" + k + ".png"), 37, 29, (int) f[0], (boolean) f[1], (boolean) f[2], 40 + k);
            k++;
            for (BorderPolicy p : Conformance.policies()) {
                for (String mask : new String[] {"gaussian:2", "laplacian", "3 -1 2; 0 5 -4; 1 1 -2"}) {
                    FilterSpec spec = new FilterSpec(MaskPresets.parse(mask), p, 1.5f, 20f, mask.equals("laplacian"));
                    Path whole = dir.resolve("whole.png");
                    Path bands = dir.resolve("bands.png");
                    StripFilter.Report r = run(in, whole, spec, Strategy.AUTO, OutputDepth.SAME, 0);
                    assertThat(r.bands()).isEqualTo(1);
                    assertThat(run(in, bands, spec, Strategy.AUTO, OutputDepth.SAME, 5).bands()).isEqualTo(6);
                    assertThat(WideSamples.read(whole).samples()).as(f[0] + "-bit " + p.name() + " " + mask)
                            .isEqualTo(WideSamples.read(bands).samples());
                }
            }
        }
    }

    @Test
    void aChangedDepthIsWrittenIntoNewRowsNotTheInputs() {
        Path in = PngSamples.write(dir.resolve("in.png"), 21, 13, 16, true, false, 3);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("wrap"));
        Path whole = dir.resolve("w.tif");
        Path bands = dir.resolve("b.tif");
        assertThat(run(in, whole, spec, Strategy.AUTO, OutputDepth.FLOAT, 0).bands()).isEqualTo(1);
        run(in, bands, spec, Strategy.AUTO, OutputDepth.FLOAT, 4);
        assertThat(WideSamples.read(whole).samples()).isEqualTo(WideSamples.read(bands).samples());
    }
}
