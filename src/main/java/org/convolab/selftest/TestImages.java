package org.convolab.selftest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.convolab.core.Mask;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;

/**
 * The one generator of random test images and masks, for the self-test, the benchmarks, the soak run and
 * the unit tests: the same values for the same {@link Random} (or seed), whoever asks.
 */
public final class TestImages {

    /** The largest sample of a 16-bit plane. */
    public static final int MAX16 = 65535;

    /** The kinds of test image of the histogram check. */
    public enum Kind {
        /** Random values, random alpha. */
        RANDOM,
        /** One opaque colour: every thread hits the same bins. */
        CONSTANT,
        /** Opaque, values bunched near black, now and then a bright one (an astronomy photograph). */
        DARK
    }

    private TestImages() {
    }

    /** A random image with random alpha. */
    public static RgbaImage randomImage(int w, int h, Random rnd) {
        int[] p = new int[Math.multiplyExact(w, h)];
        for (int i = 0; i < p.length; i++) {
            p[i] = rnd.nextInt();
        }
        return new RgbaImage(w, h, p);
    }

    /** A random opaque RGB image, the same for the same seed (the benchmarks' image). */
    public static RgbaImage opaqueImage(int w, int h, long seed) {
        Random rnd = new Random(seed);
        int[] p = new int[Math.multiplyExact(w, h)];
        for (int i = 0; i < p.length; i++) {
            p[i] = 0xff000000 | (rnd.nextInt() & 0xffffff);
        }
        return new RgbaImage(w, h, p);
    }

    /** A test image of a kind; random alpha in the random one, opaque otherwise. */
    public static RgbaImage image(Kind kind, int w, int h, Random rnd) {
        if (kind == Kind.RANDOM) {
            return randomImage(w, h, rnd);
        }
        int[] p = new int[Math.multiplyExact(w, h)];
        if (kind == Kind.CONSTANT) {
            Arrays.fill(p, 0xff000000 | (rnd.nextInt() & 0xffffff));
        } else {
            for (int i = 0; i < p.length; i++) {
                // mostly black sky with a little noise, now and then a bright star
                int v = rnd.nextInt(64) == 0 ? rnd.nextInt(256) : rnd.nextInt(4);
                int tint = rnd.nextInt(3);
                p[i] = 0xff000000 | v << 16 | Math.min(255, v + tint) << 8 | v;
            }
        }
        return new RgbaImage(w, h, p);
    }

    /**
     * A 16-bit test image of a kind: random values and alpha; one opaque colour; or dark (opaque,
     * values bunched in the lowest few hundredths of the range, now and then a bright one).
     */
    public static Rgba16Image image16(Kind kind, int w, int h, Random rnd) {
        short[] s = new short[Math.multiplyExact(Math.multiplyExact(w, h), Rgba16Image.SAMPLES)];
        int r0 = rnd.nextInt(65536);
        int g0 = rnd.nextInt(65536);
        int b0 = rnd.nextInt(65536);
        for (int i = 0; i < s.length; i += Rgba16Image.SAMPLES) {
            switch (kind) {
                case RANDOM -> {
                    for (int c = 0; c < Rgba16Image.SAMPLES; c++) {
                        s[i + c] = (short) rnd.nextInt(65536);
                    }
                }
                case CONSTANT -> {
                    s[i] = (short) r0;
                    s[i + 1] = (short) g0;
                    s[i + 2] = (short) b0;
                    s[i + 3] = (short) 0xffff;
                }
                case DARK -> {
                    int v = rnd.nextInt(64) == 0 ? rnd.nextInt(65536) : rnd.nextInt(1024);
                    s[i] = (short) v;
                    s[i + 1] = (short) Math.min(65535, v + rnd.nextInt(300));
                    s[i + 2] = (short) v;
                    s[i + 3] = (short) 0xffff;
                }
                default -> throw new IllegalStateException(kind.name());
            }
        }
        return new Rgba16Image(w, h, s);
    }

    /** A plane of random 16-bit samples, as floats. */
    public static float[] randomPlane(int w, int h, Random rnd) {
        float[] p = new float[w * h];
        for (int k = 0; k < p.length; k++) {
            p[k] = rnd.nextInt(MAX16 + 1);
        }
        return p;
    }

    /**
     * For each square radius and then each rectangle (width, height): a {@link #randomMask} and a
     * {@link #separableMask}, in that order.
     */
    public static List<Mask> masks(int[] radii, int[][] rectangles, Random rnd) {
        List<Mask> masks = new ArrayList<>();
        for (int r : radii) {
            masks.add(randomMask(2 * r + 1, 2 * r + 1, rnd));
            masks.add(separableMask(2 * r + 1, 2 * r + 1, rnd));
        }
        for (int[] wh : rectangles) {
            masks.add(randomMask(wh[0], wh[1], rnd));
            masks.add(separableMask(wh[0], wh[1], rnd));
        }
        return masks;
    }

    /** Random non-negative weights normalised to sum 1 (outputs stay in range, so clamping hides nothing). */
    public static Mask randomMask(int w, int h, Random rnd) {
        float[] m = new float[w * h];
        for (int k = 0; k < m.length; k++) {
            m[k] = 0.05f + rnd.nextFloat();
        }
        return Mask.of(w, h, m).normalized();
    }

    /** An outer product of random positive vectors, normalised. */
    public static Mask separableMask(int w, int h, Random rnd) {
        float[] row = new float[w];
        float[] col = new float[h];
        for (int i = 0; i < w; i++) {
            row[i] = 0.1f + rnd.nextFloat();
        }
        for (int j = 0; j < h; j++) {
            col[j] = 0.1f + rnd.nextFloat();
        }
        float[] m = new float[w * h];
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                m[j * w + i] = col[j] * row[i];
            }
        }
        return Mask.of(w, h, m).normalized();
    }
}
