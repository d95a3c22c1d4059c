package org.convolab.cpu;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.convolab.core.SeparableMask3D;
import org.convolab.core.VolumeFilter;
import org.convolab.core.VolumeStrategy;
import org.jtransforms.fft.DoubleFFT_3D;

/**
 * The CPU's 3D filter: a volume correlated with a {@link Mask3D} in float on all its threads, ghost cells along
 * x, y and z from the policy. Three paths, as in 2D ({@link CpuPlanner}): the direct loop over a padded copy
 * of the volume (the GPU names naive, constant, tiled and fast select it), three 1D passes for a rank-1 mask
 * (separable), and 3D FFT correlation through JTransforms (fft). auto takes the separable passes for a rank-1
 * mask, the FFT from {@link #FFT_CROSSOVER_TAPS} taps, else the direct loop.
 */
public final class CpuVolumeFilter implements VolumeFilter {

    /** Taps from which auto takes the FFT for a mask that is not rank-1 (a 7x7x7 mask has 343). */
    public static final int FFT_CROSSOVER_TAPS = 343;

    static final String DIRECT = "cpu-3d";
    static final String X = "cpu-x";
    static final String Y = "cpu-y";
    static final String Z = "cpu-z";
    static final String FFT = "cpu-fft-3d";

    private final ForkJoinPool pool;
    private final int threads;

    /** A filter on all available cores. */
    public CpuVolumeFilter() {
        this(Runtime.getRuntime().availableProcessors());
    }

    public CpuVolumeFilter(int threads) {
        this.threads = Math.max(1, threads);
        this.pool = new ForkJoinPool(this.threads);
    }

    /** "CPU, N threads". */
    public String device() {
        return "CPU, " + threads + (threads == 1 ? " thread" : " threads");
    }

    @Override
    public LaunchPlan correlate(float[] voxels, int width, int height, int depth, Mask3D mask, BorderPolicy border,
                                VolumeStrategy strategy, float[] sums) {
        long n = (long) width * height * depth;
        if (width < 1 || height < 1 || depth < 1 || voxels.length != n || sums.length != n) {
            throw new IllegalArgumentException(width + "x" + height + "x" + depth + " needs " + n + " voxels and sums, got "
                    + voxels.length + " and " + sums.length);
        }
        LaunchPlan plan = plan(strategy, mask);
        Volume v = new Volume(voxels, width, height, depth);
        try {
            switch (plan.kernels().get(0)) {
                case FFT -> pool.submit(() -> fft(v, mask, border, sums)).join();
                case X -> pool.submit(() -> separable(v, SeparableMask3D.of(mask).orElseThrow(), border, sums)).join();
                default -> pool.submit(() -> direct(v, mask, border, sums)).join();
            }
        } catch (OutOfMemoryError e) {
            throw new ConvolabException("the " + width + "x" + height + "x" + depth + " volume with a " + mask
                    + " does not fit the Java heap on the " + plan.runs().id() + " path (raise it with -Xmx)");
        }
        return plan;
    }

    /**
     * What runs for the strategy and mask.
     *
     * @throws ConvolabException when the strategy does not apply to the mask, saying why
     */
    public static LaunchPlan plan(VolumeStrategy requested, Mask3D mask) {
        boolean rank1 = SeparableMask3D.of(mask).isPresent();
        long taps = (long) mask.width() * mask.height() * mask.depth();
        VolumeStrategy runs = requested;
        String reason = "";
        if (requested == VolumeStrategy.AUTO) {
            if (rank1) {
                runs = VolumeStrategy.SEPARABLE;
                reason = "auto: rank-1 mask, three 1D passes";
            } else if (taps >= FFT_CROSSOVER_TAPS || !mask.direct()) {
                runs = VolumeStrategy.FFT;
                reason = "auto: mask not rank-1, " + taps + " taps (FFT from " + FFT_CROSSOVER_TAPS + ")";
            } else {
                runs = VolumeStrategy.NAIVE;
                reason = "auto: mask not rank-1, direct";
            }
        } else if (requested == VolumeStrategy.SEPARABLE && !rank1) {
            throw new ConvolabException("3D strategy separable needs a rank-1 mask (a product of three 1D masks); this "
                    + mask + " is not: use auto, naive or fft");
        } else if (requested != VolumeStrategy.FFT && !mask.direct()) {
            throw new ConvolabException("3D strategy " + requested.cliName() + " takes masks up to " + Mask.DIRECT_MAX_SIZE
                    + " in each dimension; this " + mask + " runs through fft (or auto)");
        }
        List<String> passes = switch (runs) {
            case FFT -> List.of(FFT);
            case SEPARABLE -> List.of(X, Y, Z);
            default -> List.of(DIRECT);
        };
        return new LaunchPlan(requested.asStrategy(), runs.asStrategy(), passes, reason);
    }

    private record Volume(float[] voxels, int width, int height, int depth) {
    }

    /** Where each padded coordinate along an axis reads: an index in 0..n-1, or {@link BorderPolicy#GHOST_CONSTANT}. */
    private static int[] map(BorderPolicy border, int n, int radius, int padded) {
        int[] m = new int[padded];
        for (int i = 0; i < padded; i++) {
            m[i] = border.index(i - radius, n);
        }
        return m;
    }

    /**
     * The volume with its ghost cells, {@code pw x ph x pd} (at least the volume plus the mask's reach), slice
     * after slice: the FFT's and the direct loop's input.
     */
    private static float[] padded(Volume v, BorderPolicy border, int rx, int ry, int rz, int pw, int ph, int pd) {
        int[] mx = map(border, v.width, rx, v.width + 2 * rx);
        int[] my = map(border, v.height, ry, v.height + 2 * ry);
        int[] mz = map(border, v.depth, rz, v.depth + 2 * rz);
        float ghost = border.constant();
        float[] p = new float[Math.multiplyExact(Math.multiplyExact(pw, ph), pd)];
        int plane = v.width * v.height;
        IntStream.range(0, mz.length * my.length).parallel().forEach(zy -> {
            int z = zy / my.length;
            int y = zy % my.length;
            int at = (z * ph + y) * pw;
            if (mz[z] < 0 || my[y] < 0) {
                java.util.Arrays.fill(p, at, at + mx.length, ghost);
                return;
            }
            int row = mz[z] * plane + my[y] * v.width;
            for (int x = 0; x < mx.length; x++) {
                p[at + x] = mx[x] < 0 ? ghost : v.voxels[row + mx[x]];
            }
        });
        return p;
    }

    /** Every tap of every voxel, an output row at a time: for each tap, a scaled padded row added in. */
    private static void direct(Volume v, Mask3D mask, BorderPolicy border, float[] sums) {
        int w = v.width;
        int h = v.height;
        int pw = w + 2 * mask.radiusX();
        int ph = h + 2 * mask.radiusY();
        float[] p = padded(v, border, mask.radiusX(), mask.radiusY(), mask.radiusZ(), pw, ph, v.depth + 2 * mask.radiusZ());
        float[] weights = mask.weights();
        int mw = mask.width();
        int mh = mask.height();
        IntStream.range(0, v.depth * h).parallel().forEach(zy -> {
            int z = zy / h;
            int y = zy % h;
            float[] acc = new float[w];
            for (int k = 0; k < mask.depth(); k++) {
                for (int j = 0; j < mh; j++) {
                    int row = ((z + k) * ph + y + j) * pw;
                    int tap = (k * mh + j) * mw;
                    for (int i = 0; i < mw; i++) {
                        float wt = weights[tap + i];
                        if (wt == 0f) {
                            continue;
                        }
                        int from = row + i;
                        for (int x = 0; x < w; x++) {
                            acc[x] += wt * p[from + x];
                        }
                    }
                }
            }
            System.arraycopy(acc, 0, sums, zy * w, w);
        });
    }

    /**
     * Three 1D passes, x then y then z, each over its own axis's ghost cells. Ghost cells that the policy makes
     * constant hold, after a pass, the constant times the sums of the passes before it (what the 3D correlation
     * of a constant region gives), so the product equals the 3D correlation for every policy.
     */
    private static void separable(Volume v, SeparableMask3D f, BorderPolicy border, float[] sums) {
        int w = v.width;
        int h = v.height;
        int d = v.depth;
        float[] tmp = new float[v.voxels.length];
        float c = border.constant();
        pass(v.voxels, sums, w, 1, 0, 1, h * d, w, f.x(), border, c);
        c *= sum(f.x());
        pass(sums, tmp, h, w, 1, w, d, w * h, f.y(), border, c);
        c *= sum(f.y());
        pass(tmp, sums, d, w * h, 1, w, h, w, f.z(), border, c);
    }

    private static float sum(float[] a) {
        float s = 0f;
        for (float x : a) {
            s += x;
        }
        return s;
    }

    /**
     * One 1D correlation along an axis of {@code n} samples {@code stride} apart, for every line: lines are
     * {@code inner} runs of {@code innerCount} (step {@code innerStep}) times {@code outerCount} (step
     * {@code outerStep}) starting points. Lines are read into a padded buffer through the policy's map.
     */
    private static void pass(float[] in, float[] out, int n, int stride, int innerStep, int innerCount, int outerCount,
                             int outerStep, float[] taps, BorderPolicy border, float ghost) {
        int r = taps.length / 2;
        int[] m = map(border, n, r, n + 2 * r);
        // lines along the same axis but next to each other (innerStep 1) are done together so memory is read in rows
        IntStream.range(0, outerCount).parallel().forEach(o -> {
            if (innerStep == 1 && stride > 1) {
                // a block of innerCount adjacent lines: move whole rows of stride length
                float[] acc = new float[innerCount];
                int base = o * outerStep;
                for (int t = 0; t < n; t++) {
                    java.util.Arrays.fill(acc, 0f);
                    for (int i = 0; i < taps.length; i++) {
                        float wt = taps[i];
                        if (wt == 0f) {
                            continue;
                        }
                        int src = m[t + i];
                        if (src < 0) {
                            float g = wt * ghost;
                            for (int x = 0; x < innerCount; x++) {
                                acc[x] += g;
                            }
                        } else {
                            int from = base + src * stride;
                            for (int x = 0; x < innerCount; x++) {
                                acc[x] += wt * in[from + x];
                            }
                        }
                    }
                    System.arraycopy(acc, 0, out, base + t * stride, innerCount);
                }
            } else {
                // contiguous lines (x): one padded line at a time, a scaled copy of it added per tap (vectorised)
                float[] line = new float[n + 2 * r];
                float[] acc = new float[n];
                for (int l = 0; l < innerCount; l++) {
                    int base = o * outerStep + l * innerStep;
                    for (int t = 0; t < line.length; t++) {
                        line[t] = m[t] < 0 ? ghost : in[base + m[t] * stride];
                    }
                    java.util.Arrays.fill(acc, 0f);
                    for (int i = 0; i < taps.length; i++) {
                        float wt = taps[i];
                        for (int t = 0; t < n; t++) {
                            acc[t] += wt * line[t + i];
                        }
                    }
                    for (int t = 0; t < n; t++) {
                        out[base + t * stride] = acc[t];
                    }
                }
            }
        });
    }

    /** 3D FFT correlation of the padded volume (sizes rounded up to 2, 3 and 5 smooth ones) with the mask. */
    private static void fft(Volume v, Mask3D mask, BorderPolicy border, float[] sums) {
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        int rz = mask.radiusZ();
        int nx = smooth(v.width + 2 * rx);
        int ny = smooth(v.height + 2 * ry);
        int nz = smooth(v.depth + 2 * rz);
        float[] p = padded(v, border, rx, ry, rz, nx, ny, nz);
        long cells = (long) nx * ny * nz;
        if (2 * cells > Integer.MAX_VALUE - 16) {
            throw new ConvolabException("the " + v.width + "x" + v.height + "x" + v.depth + " volume with a " + mask
                    + " is too large for the CPU's 3D FFT (" + nx + "x" + ny + "x" + nz + " padded)");
        }
        double[] a = new double[(int) (2 * cells)];
        for (int i = 0; i < cells; i++) {
            a[2 * i] = p[i];
        }
        p = null;
        double[] b = new double[(int) (2 * cells)];
        for (int k = 0; k < mask.depth(); k++) {
            for (int j = 0; j < mask.height(); j++) {
                for (int i = 0; i < mask.width(); i++) {
                    b[2 * ((k * ny + j) * nx + i)] = mask.at(i, j, k);
                }
            }
        }
        DoubleFFT_3D fft = new DoubleFFT_3D(nz, ny, nx);
        fft.complexForward(a);
        fft.complexForward(b);
        // correlation: the volume's spectrum times the conjugate of the mask's
        for (int i = 0; i < cells; i++) {
            double ar = a[2 * i];
            double ai = a[2 * i + 1];
            double br = b[2 * i];
            double bi = -b[2 * i + 1];
            a[2 * i] = ar * br - ai * bi;
            a[2 * i + 1] = ar * bi + ai * br;
        }
        b = null;
        fft.complexInverse(a, true);
        int w = v.width;
        int h = v.height;
        for (int z = 0; z < v.depth; z++) {
            for (int y = 0; y < h; y++) {
                int from = (z * ny + y) * nx;
                int to = (z * h + y) * w;
                for (int x = 0; x < w; x++) {
                    sums[to + x] = (float) a[2 * (from + x)];
                }
            }
        }
    }

    /** The least n' >= max(n, 2) whose only prime factors are 2, 3 and 5. */
    static int smooth(int n) {
        for (int m = Math.max(2, n); ; m++) { // JTransforms takes sizes of 2 and more
            int r = m;
            for (int f : new int[] {2, 3, 5}) {
                while (r % f == 0) {
                    r /= f;
                }
            }
            if (r == 1) {
                return m;
            }
        }
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
