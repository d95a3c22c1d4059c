package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every 3D strategy of the CPU engine against the double-precision {@link VolumeReference}, under every policy. */
class CpuVolumeFilterTest {

    private static final CpuVolumeFilter FILTER = new CpuVolumeFilter(2);

    @AfterAll
    static void close() {
        FILTER.close();
    }

    static Stream<Arguments> cases() {
        List<BorderPolicy> policies = new ArrayList<>(BorderPolicy.standard());
        policies.add(new ConstantPolicy(37.5f));
        List<Arguments> out = new ArrayList<>();
        for (VolumeStrategy s : VolumeStrategy.values()) {
            for (BorderPolicy p : policies) {
                out.add(Arguments.of(s, p));
            }
        }
        return out.stream();
    }

    /** Random volumes (each side 1..70, at most ~20k voxels) and random masks, some larger than the volume. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void matchesTheReference(VolumeStrategy strategy, BorderPolicy policy) {
        Random rnd = new Random(strategy.ordinal() * 31L + policy.name().hashCode());
        for (int round = 0; round < 4; round++) {
            int w = 1 + rnd.nextInt(70);
            int h = 1 + rnd.nextInt(Math.max(1, Math.min(70, 4000 / w)));
            int d = 1 + rnd.nextInt(Math.max(1, Math.min(70, 20000 / (w * h))));
            float[] vol = new float[w * h * d];
            for (int i = 0; i < vol.length; i++) {
                vol[i] = rnd.nextInt(65536) / 256f;
            }
            // round 0 and 1: a mask larger than the volume along some axis
            int mw = round < 2 ? 2 * w + 1 : 1 + 2 * rnd.nextInt(3);
            int mh = round < 2 ? 1 + 2 * rnd.nextInt(4) : 1 + 2 * rnd.nextInt(3);
            int md = round == 1 ? 2 * d + 1 : 1 + 2 * rnd.nextInt(3);
            mw = Math.min(mw, 61);
            md = Math.min(md, 61);
            boolean rank1 = strategy == VolumeStrategy.SEPARABLE || rnd.nextBoolean();
            Mask3D m = rank1 ? rankOne(rnd, mw, mh, md) : random(rnd, mw, mh, md);
            check(vol, w, h, d, m, policy, strategy);
        }
    }

    @Test
    void separableRefusesAMaskThatIsNotRankOne() {
        Mask3D m = Mask3D.of(1, 1, 3, 1f, 2f, 3f);
        assertThat(CpuVolumeFilter.plan(VolumeStrategy.SEPARABLE, m).runs().id()).isEqualTo("separable");
        Mask3D notRankOne = Mask3D.of(3, 1, 3, 1, 0, 0, 0, 1, 0, 0, 0, 1);
        assertThatThrownBy(() -> CpuVolumeFilter.plan(VolumeStrategy.SEPARABLE, notRankOne))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("rank-1");
    }

    @Test
    void autoPicksSeparableForRankOneAndFftForLargeMasks() {
        Random rnd = new Random(3);
        assertThat(CpuVolumeFilter.plan(VolumeStrategy.AUTO, rankOne(rnd, 5, 5, 5)).kernels()).containsExactly("cpu-x", "cpu-y", "cpu-z");
        assertThat(CpuVolumeFilter.plan(VolumeStrategy.AUTO, random(rnd, 7, 7, 7)).runs().id()).isEqualTo("fft");
        LaunchPlan small = CpuVolumeFilter.plan(VolumeStrategy.AUTO, random(rnd, 3, 3, 3));
        assertThat(small.runs().id()).isEqualTo("naive");
        assertThat(small.reason()).contains("auto");
    }

    @Test
    void directStrategiesRefuseMasksPastSixtyThree() {
        Mask3D big = Mask3D.of(65, 1, 1, new float[65]);
        assertThatThrownBy(() -> CpuVolumeFilter.plan(VolumeStrategy.TILED, big)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("fft");
    }

    static void check(float[] vol, int w, int h, int d, Mask3D m, BorderPolicy policy, VolumeStrategy strategy) {
        float[] sums = new float[vol.length];
        FILTER.correlate(vol, w, h, d, m, policy, strategy, sums);
        double[] want = VolumeReference.correlate(vol, w, h, d, m, policy);
        double scale = 0;
        for (float x : m.weights()) {
            scale += Math.abs(x);
        }
        double tol = 2e-5 * scale * Math.max(256, Math.abs(policy.constant())) + 1e-6;
        for (int i = 0; i < want.length; i++) {
            if (Math.abs(want[i] - sums[i]) > tol) {
                throw new AssertionError(String.format("%s %s %dx%dx%d %s: voxel %d is %s, the reference %s", strategy.cliName(),
                        policy.name(), w, h, d, m, i, sums[i], want[i]));
            }
        }
    }

    static Mask3D random(Random rnd, int w, int h, int d) {
        float[] k = new float[w * h * d];
        for (int i = 0; i < k.length; i++) {
            k[i] = rnd.nextInt(4) == 0 ? 0f : rnd.nextFloat() * 2 - 1;
        }
        return Mask3D.of(w, h, d, k);
    }

    static Mask3D rankOne(Random rnd, int w, int h, int d) {
        float[] x = new float[w];
        float[] y = new float[h];
        float[] z = new float[d];
        for (float[] a : new float[][] {x, y, z}) {
            for (int i = 0; i < a.length; i++) {
                a[i] = 0.25f + rnd.nextFloat();
            }
        }
        float[] k = new float[w * h * d];
        for (int c = 0; c < d; c++) {
            for (int b = 0; b < h; b++) {
                for (int a = 0; a < w; a++) {
                    k[(c * h + b) * w + a] = x[a] * y[b] * z[c];
                }
            }
        }
        return Mask3D.of(w, h, d, k);
    }
}
