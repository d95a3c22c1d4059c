package org.convolab.cuda;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeStrategy;

/**
 * The 3D strategies' kernel times on the first CUDA device, for the board and {@code bench/volume_peers.py}
 * (which times CuPy, PyTorch and a tuned CuPy FFT on the same sizes): a random float volume, random masks
 * (not rank-1) and Gaussians (rank-1) of each radius, every strategy that takes the mask, the median and the
 * minimum of repeated runs timed with CUDA events (kernels only: the volume is already on the device). For
 * the Gaussians also their bandwidth floor: one read and one write of the volume at the given bandwidth.
 *
 * <pre>java -Xmx8g -cp convolab.jar org.convolab.cuda.VolumeBench [--size 512x512x512] [--radius 1,2,3,7]
 *      [--runs 9] [--border mirror] [--strategy naive,constant,tiled,separable,fast,fft,auto] [--bandwidth 3.0]</pre>
 */
public final class VolumeBench {

    private VolumeBench() {
    }

    public static void main(String[] args) {
        int[] size = {512, 512, 512};
        int[] radii = {1, 2, 3, 7};
        int runs = 9;
        double tbPerS = 3.0;
        BorderPolicy border = BorderPolicy.parse("mirror");
        List<VolumeStrategy> strategies = new ArrayList<>(Arrays.asList(VolumeStrategy.values()));
        try {
            for (int a = 0; a < args.length; a += 2) {
                String v = a + 1 < args.length ? args[a + 1] : "";
                switch (args[a]) {
                    case "--size" -> size = Arrays.stream(v.split("x")).mapToInt(Integer::parseInt).toArray();
                    case "--radius" -> radii = Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
                    case "--runs" -> runs = Integer.parseInt(v);
                    case "--bandwidth" -> tbPerS = Double.parseDouble(v);
                    case "--border" -> border = BorderPolicy.parse(v);
                    case "--strategy" -> strategies = Arrays.stream(v.split(",")).map(VolumeStrategy::parse).toList();
                    default -> throw new ConvolabException("unknown option " + args[a]);
                }
            }
            if (size.length != 3) {
                throw new ConvolabException("--size takes WxHxD");
            }
        } catch (RuntimeException e) {
            System.err.println("VolumeBench: " + e.getMessage());
            System.exit(2);
        }
        CudaProbe.Result probe = CudaProbe.probe();
        if (!probe.usable()) {
            System.err.println("VolumeBench: no usable CUDA device: " + probe.problem());
            System.exit(1);
        }
        int w = size[0];
        int h = size[1];
        int d = size[2];
        float[] voxels = new float[Math.multiplyExact(Math.multiplyExact(w, h), d)];
        Random rnd = new Random(1);
        for (int i = 0; i < voxels.length; i++) {
            voxels[i] = rnd.nextFloat();
        }
        double floorMs = 2.0 * 4 * voxels.length / (tbPerS * 1e12) * 1e3;
        System.out.printf(Locale.ROOT, "# %s, %dx%dx%d float volume, border %s, kernel ms (CUDA events, median and min of %d runs"
                + " after one warm-up)%n", probe.devices().get(0).label(), w, h, d, border.name(), runs);
        System.out.println("kind,radius,mask,strategy,ran,runs,median_ms,min_ms,floor_ms,median_over_floor,launches");
        try (CudaEngine engine = new CudaEngine(probe.devices().get(0));
             CudaVolumeFilter filter = (CudaVolumeFilter) engine.volumeFilter().orElseThrow()) {
            for (int r : radii) {
                for (String kind : new String[] {"random", "gaussian"}) {
                    Mask3D mask = kind.equals("random") ? randomMask(2 * r + 1, 2 * r + 1, 2 * r + 1, rnd) : gaussian(r);
                    for (VolumeStrategy s : strategies) {
                        try {
                            CudaVolumeFilter.KernelTimes t = filter.time(voxels, w, h, d, mask, border, s, runs);
                            double[] ms = t.ms().clone();
                            Arrays.sort(ms);
                            double median = ms.length % 2 == 1 ? ms[ms.length / 2] : (ms[ms.length / 2 - 1] + ms[ms.length / 2]) / 2;
                            boolean floor = kind.equals("gaussian");
                            System.out.printf(Locale.ROOT, "%s,%d,%s,%s,%s,%d,%.4f,%.4f,%s,%s,\"%s\"%n", kind, r, mask, s.cliName(),
                                    t.plan().runs().id(), ms.length, median, ms[0], floor ? String.format(Locale.ROOT, "%.4f", floorMs) : "",
                                    floor ? String.format(Locale.ROOT, "%.2f", median / floorMs) : "", String.join("; ", t.plan().launches()));
                        } catch (ConvolabException e) {
                            System.out.printf(Locale.ROOT, "%s,%d,%s,%s,,,,,,,\"refused: %s\"%n", kind, r, mask, s.cliName(),
                                    e.getMessage().replace('"', '\''));
                        }
                    }
                }
            }
        }
    }

    /** Random positive weights summing to 1: not rank-1. */
    static Mask3D randomMask(int w, int h, int d, Random rnd) {
        float[] m = new float[w * h * d];
        double sum = 0;
        for (int k = 0; k < m.length; k++) {
            m[k] = 0.05f + rnd.nextFloat();
            sum += m[k];
        }
        for (int k = 0; k < m.length; k++) {
            m[k] = (float) (m[k] / sum);
        }
        return Mask3D.of(w, h, d, m);
    }

    /** A (2r+1)^3 Gaussian of sigma r/2 (at least 0.5), normalised: rank-1. */
    static Mask3D gaussian(int r) {
        int n = 2 * r + 1;
        double sigma = Math.max(0.5, r / 2.0);
        double[] g = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            g[i] = Math.exp(-(i - r) * (i - r) / (2 * sigma * sigma));
            sum += g[i];
        }
        float[] m = new float[n * n * n];
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    m[(k * n + j) * n + i] = (float) (g[i] * g[j] * g[k] / (sum * sum * sum));
                }
            }
        }
        return Mask3D.of(n, n, n, m);
    }
}
