package org.convolab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.core.Backend;
import org.convolab.io.ImageFiles;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConvolabTest {

    private static float[] randomPlane(int n, long seed, float scale) {
        Random r = new Random(seed);
        float[] p = new float[n];
        for (int i = 0; i < n; i++) {
            p[i] = r.nextFloat() * scale;
        }
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"zero", "constant:7", "clamp", "reflect", "mirror", "wrap"})
    void aFloatPlaneIsTheReferenceCorrelationWithTheMapping(String border) {
        int w = 37;
        int h = 23;
        float[] plane = randomPlane(w * h, 1, 100);
        Mask mask = Convolab.mask("1 2 -1; 0 3 1; 2 -2 1; 1 1 1; 0 0 1");
        FilterSpec spec = new FilterSpec(mask, Convolab.border(border), 4f, -3f, true);
        double[] in = new double[plane.length];
        for (int i = 0; i < in.length; i++) {
            in[i] = plane[i];
        }
        double[] ref = ReferenceConvolver.correlate(in, w, h, mask, spec.border());
        float[] copy = plane.clone();
        try (Convolab lab = Convolab.open(Backend.CPU, msg -> { })) {
            Convolab.PlanesResult r = lab.filter(plane, w, h, spec, Strategy.AUTO);
            assertThat(plane).as("the input is not changed").containsExactly(copy);
            for (int i = 0; i < ref.length; i++) {
                assertThat((double) r.plane()[i]).as("value %d", i).isCloseTo(Math.abs(ref[i]) / 4 - 3, org.assertj.core.data.Offset.offset(1e-3));
            }
            assertThat(r.plan().requested()).isEqualTo(Strategy.AUTO);
            assertThat(r.plan().runs()).isNotEqualTo(Strategy.AUTO);
        }
    }

    @Test
    void channelsAreFilteredAlike() {
        int w = 20;
        int h = 9;
        float[][] ch = {randomPlane(w * h, 2, 255), randomPlane(w * h, 3, 255), randomPlane(w * h, 4, 255)};
        FilterSpec spec = FilterSpec.of(Convolab.mask("gaussian:1"), BorderPolicy.parse("mirror"));
        try (Convolab lab = Convolab.open("cpu", msg -> { })) {
            Convolab.PlanesResult all = lab.filter(ch, w, h, spec, Strategy.SEPARABLE);
            assertThat(all.plan().runs()).isEqualTo(Strategy.SEPARABLE);
            for (int c = 0; c < 3; c++) {
                assertThat(all.channels()[c]).containsExactly(lab.filter(ch[c], w, h, spec, Strategy.SEPARABLE).plane());
            }
        }
    }

    @Test
    void anRgbBufferedImageGivesTheEnginesPixels() {
        RgbaImage img = SyntheticImages.gradient(50, 30);
        FilterSpec spec = new FilterSpec(Convolab.mask("1 2 1; 2 4 2; 1 2 1"), BorderPolicy.parse("reflect"), 16, 0, false);
        try (Convolab lab = Convolab.open(Backend.CPU, msg -> { })) {
            Convolab.ImageResult r = lab.filter(ImageFiles.toBufferedImage(img, false), spec, Strategy.AUTO);
            assertThat(r.image().getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
            assertThat(r.timings()).isNotNull();
            assertThat(ImageFiles.toRgba(r.image()).maxDifference(ReferenceConvolver.filter(img, spec))).isLessThanOrEqualTo(1);
            assertThat(lab.backend()).isEqualTo("cpu");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {BufferedImage.TYPE_BYTE_GRAY, BufferedImage.TYPE_USHORT_GRAY})
    void greyImagesKeepTheirTypeAndRange(int type) {
        int w = 31;
        int h = 17;
        int max = type == BufferedImage.TYPE_BYTE_GRAY ? 255 : 65535;
        BufferedImage grey = new BufferedImage(w, h, type);
        float[] plane = randomPlane(w * h, 5, max);
        int[] samples = new int[w * h];
        double[] in = new double[w * h];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (int) plane[i];
            in[i] = samples[i];
        }
        grey.getRaster().setSamples(0, 0, w, h, 0, samples);
        Mask sharpen = Convolab.mask("sharpen");
        FilterSpec spec = FilterSpec.of(sharpen, BorderPolicy.parse("clamp"));
        double[] ref = ReferenceConvolver.correlate(in, w, h, sharpen, spec.border());
        try (Convolab lab = Convolab.open(Backend.CPU, msg -> { })) {
            BufferedImage out = lab.filter(grey, spec, Strategy.AUTO).image();
            assertThat(out.getType()).isEqualTo(type);
            int[] got = out.getRaster().getSamples(0, 0, w, h, 0, new int[w * h]);
            int clamped = 0;
            for (int i = 0; i < got.length; i++) {
                int expected = (int) Math.max(0, Math.min(max, Math.floor(ref[i] + 0.5)));
                assertThat(got[i]).as("sample %d", i).isCloseTo(expected, org.assertj.core.data.Offset.offset(1));
                clamped += expected == 0 || expected == max ? 1 : 0;
            }
            assertThat(clamped).as("sharpen pushes some samples past the range").isPositive();
        }
    }

    @Test
    void badInputIsOneClearErrorAndAClosedLabRefusesWork() {
        FilterSpec sep = FilterSpec.of(Convolab.mask("sharpen"), BorderPolicy.parse("zero"));
        List<String> notices = new ArrayList<>();
        Convolab lab = Convolab.open(Backend.CPU, notices::add);
        assertThatThrownBy(() -> lab.filter(new float[5], 2, 2, sep, Strategy.AUTO))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("needs 4 values");
        assertThatThrownBy(() -> lab.filter(new float[4], 2, 2, sep, Strategy.SEPARABLE))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("separable");
        assertThatThrownBy(() -> Convolab.open("gpu", notices::add))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("auto, cuda or cpu");
        lab.close();
        lab.close();
        assertThatThrownBy(() -> lab.filter(new float[4], 2, 2, sep, Strategy.AUTO)).isInstanceOf(IllegalStateException.class);
        assertThat(notices).isEmpty();
    }
}
