package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.OutputDepth;
import org.convolab.core.PlaneFilter;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleImageFilter;
import org.convolab.core.SampleMapping;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuPlaneFilter;
import org.convolab.cpu.ReferenceConvolver;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link StripFilter}'s short way for whole grey, 16-bit and float images: the rows packed into a
 * {@link SampleImageFilter}'s buffer, the result unpacked into the rows written. Here the sample filter is a test
 * double computing with the double reference, so the test holds the packing (16-bit samples as unsigned shorts,
 * floats' bits, alpha untouched, rows in order) against the plane-at-a-time way; the GPU's own is held by
 * {@code cuda.CudaSampleFilterGpuTest}.
 */
class StripFilterWholeImageTest {

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (SampleFormat f : List.of(new SampleFormat(1, 8), new SampleFormat(2, 16), new SampleFormat(3, 16),
                new SampleFormat(4, 16), new SampleFormat(1, 32, SampleFormat.Kind.FLOAT),
                new SampleFormat(4, 32, SampleFormat.Kind.FLOAT))) {
            for (String p : List.of("zero", "constant:300", "mirror", "wrap")) {
                all.add(Arguments.of(f, OutputDepth.SAME, p));
            }
            if (!f.isFloat()) {
                all.add(Arguments.of(f, OutputDepth.FLOAT, "reflect"));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}, {2}")
    @MethodSource("cases")
    void wholeImageWayGivesThePlaneWaysSamples(SampleFormat f, OutputDepth depth, String policy) {
        int w = 23;
        int h = 17;
        MemoryRows in = random(w, h, f, 5);
        Mask mask = StripFilterTest.randomMask(5, 3, 9);
        FilterSpec spec = new FilterSpec(mask, BorderPolicy.parse(policy), 1.5f, 7f, false);
        MemoryRows viaPlanes = MemoryRows.empty(w, depth.of(f));
        MemoryRows viaWhole = MemoryRows.empty(w, depth.of(f));
        try (CpuPlaneFilter planes = new CpuPlaneFilter(2); Whole whole = new Whole()) {
            new StripFilter(StripFilterTest.ENGINE, planes, 0).run(in.opener(), viaPlanes.sink(), spec, Strategy.AUTO, depth);
            StripFilter.Report r = new StripFilter(StripFilterTest.ENGINE, whole, 0)
                    .run(in.opener(), viaWhole.sink(), spec, Strategy.AUTO, depth);
            assertThat(whole.calls).as("the whole image went the short way").isEqualTo(1);
            assertThat(r.output()).isEqualTo(depth.of(f));
        }
        SampleFormat out = depth.of(f);
        assertThat(viaWhole.rows).hasSize(h);
        for (int y = 0; y < h; y++) {
            int[] a = viaWhole.rows.get(y);
            int[] b = viaPlanes.rows.get(y);
            for (int i = 0; i < a.length; i++) {
                if (f.alpha() && i % f.channels() == f.channels() - 1) {
                    assertThat(a[i]).as("alpha at row %d, sample %d", y, i).isEqualTo(b[i]);
                } else if (out.isFloat()) {
                    assertThat(Float.intBitsToFloat(a[i])).as("row %d, sample %d", y, i)
                            .isCloseTo(Float.intBitsToFloat(b[i]), org.assertj.core.data.Offset.offset(
                                    1e-4f * Math.max(1f, Math.abs(Float.intBitsToFloat(b[i])))));
                } else {
                    assertThat(a[i]).as("row %d, sample %d", y, i).isBetween(b[i] - 1, b[i] + 1);
                }
            }
        }
    }

    private static MemoryRows random(int w, int h, SampleFormat f, long seed) {
        if (!f.isFloat()) {
            return MemoryRows.random(w, h, f, seed);
        }
        Random rnd = new Random(seed);
        List<int[]> rows = new ArrayList<>();
        for (int y = 0; y < h; y++) {
            int[] r = new int[w * f.channels()];
            for (int i = 0; i < r.length; i++) {
                r[i] = Float.floatToRawIntBits(-5f + 1005f * rnd.nextFloat());
            }
            rows.add(r);
        }
        return new MemoryRows(w, f, rows);
    }

    /** A plane filter whose sample-image filter computes each channel with the double reference and maps it as SampleMapping does. */
    private static final class Whole implements PlaneFilter, SampleImageFilter {
        int calls;
        ByteBuffer in;
        ByteBuffer out;

        @Override
        public LaunchPlan correlate(float[] rows, int width, int outRows, FilterSpec spec, Strategy strategy, float[] sums) {
            throw new AssertionError("the plane-at-a-time way ran");
        }

        @Override
        public Optional<SampleImageFilter> sampleImages() {
            return Optional.of(this);
        }

        @Override
        public boolean holds(int width, int height, int channels, Samples in, Samples out) {
            return true;
        }

        @Override
        public void prepare(int w, int h, int ch, Samples inKind, Samples outKind, FilterSpec spec, Strategy strategy) {
            in = ByteBuffer.allocateDirect(w * h * ch * inKind.bytes()).order(ByteOrder.nativeOrder());
            out = ByteBuffer.allocateDirect(w * h * ch * outKind.bytes()).order(ByteOrder.nativeOrder());
        }

        @Override
        public ByteBuffer input() {
            return in;
        }

        @Override
        public ByteBuffer output() {
            return out;
        }

        @Override
        public LaunchPlan filter(int w, int h, int ch, Samples inKind, Samples outKind, int max, FilterSpec spec, Strategy strategy) {
            calls++;
            SampleFormat inF = inKind == Samples.F32 ? new SampleFormat(ch, 32, SampleFormat.Kind.FLOAT)
                    : new SampleFormat(ch, max == 255 && outKind == Samples.U16 ? 8 : 16);
            SampleFormat outF = outKind == Samples.F32 ? new SampleFormat(ch, 32, SampleFormat.Kind.FLOAT) : inF;
            SampleMapping mapping = new SampleMapping(spec, inF, outF);
            int colour = inF.colourChannels();
            for (int c = 0; c < ch; c++) {
                double[] plane = new double[w * h];
                for (int i = 0; i < plane.length; i++) {
                    plane[i] = inKind == Samples.F32 ? in.getFloat(4 * (i * ch + c)) : in.getShort(2 * (i * ch + c)) & 0xffff;
                }
                double[] sums = c < colour ? ReferenceConvolver.correlate(plane, w, h, spec.mask(), spec.border()) : null;
                for (int i = 0; i < plane.length; i++) {
                    int sample = c < colour ? mapping.sample((float) sums[i])
                            : mapping.passThrough(inKind == Samples.F32 ? Float.floatToRawIntBits((float) plane[i]) : (int) plane[i]);
                    if (outKind == Samples.F32) {
                        out.putInt(4 * (i * ch + c), sample);
                    } else {
                        out.putShort(2 * (i * ch + c), (short) sample);
                    }
                }
            }
            return LaunchPlan.exactly(Strategy.NAIVE);
        }

        @Override
        public void close() {
        }
    }
}
