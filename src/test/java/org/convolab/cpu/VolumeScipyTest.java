package org.convolab.cpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every 3D strategy of the CPU engine and the {@link VolumeReference} against SciPy's
 * {@code ndimage.correlate} (float64) on random volumes of sides 1..70 with masks larger than the volume, under
 * every policy (SciPy's mode of the same meaning: {@link BorderPolicy#scipyName}). Runs where python3 with SciPy
 * is installed, and is skipped with that reason elsewhere (the CI machine has no SciPy).
 */
class VolumeScipyTest {

    private static final String SCRIPT = String.join("\n",
            "import sys, numpy as np, scipy.ndimage as nd",
            "d = sys.argv[1]",
            "for line in open(d + '/cases.txt'):",
            "    n, w, h, dd, mw, mh, md, mode, cval = line.split()",
            "    v = np.fromfile(f'{d}/{n}.vol', '<f4').astype(np.float64).reshape(int(dd), int(h), int(w))",
            "    m = np.fromfile(f'{d}/{n}.mask', '<f4').astype(np.float64).reshape(int(md), int(mh), int(mw))",
            "    nd.correlate(v, m, mode=mode, cval=float(cval)).astype('<f8').tofile(f'{d}/{n}.out')",
            "");

    private static CpuVolumeFilter filter;
    private static String noScipy;

    @BeforeAll
    static void probe() {
        filter = new CpuVolumeFilter(2);
        noScipy = python("import scipy.ndimage; print(scipy.__version__)");
    }

    @AfterAll
    static void close() {
        filter.close();
    }

    /** Null when python3 runs the code, else why not. */
    private static String python(String code) {
        try {
            Process p = new ProcessBuilder("python3", "-c", code).redirectErrorStream(true).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "python3 did not answer in 60 s";
            }
            return p.exitValue() == 0 ? null : "python3 has no SciPy (" + new String(p.getInputStream().readAllBytes()).strip() + ")";
        } catch (IOException e) {
            return "no python3 on this machine";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private record Case(int n, float[] vol, int w, int h, int d, Mask3D mask, BorderPolicy policy) {
    }

    @Test
    void everyStrategyAndPolicyMatchesScipy(@TempDir Path dir) throws IOException {
        assumeTrue(noScipy == null, () -> "skipped: " + noScipy);
        Random rnd = new Random(25);
        List<BorderPolicy> policies = new ArrayList<>(BorderPolicy.standard());
        policies.add(new ConstantPolicy(-3.5f));
        List<Case> cases = new ArrayList<>();
        StringBuilder list = new StringBuilder();
        for (BorderPolicy p : policies) {
            for (int r = 0; r < 5; r++) {
                int w = r == 0 ? 1 : 1 + rnd.nextInt(70);
                int h = 1 + rnd.nextInt(Math.max(1, Math.min(70, 3000 / w)));
                int d = r == 1 ? 70 : 1 + rnd.nextInt(Math.max(1, Math.min(70, 12000 / (w * h))));
                float[] vol = new float[w * h * d];
                for (int i = 0; i < vol.length; i++) {
                    vol[i] = rnd.nextInt(4096) / 16f;
                }
                int mw = Math.min(61, r < 3 ? 2 * w + 1 : 3);
                int md = Math.min(61, r == 2 ? 2 * d + 1 : 3);
                Mask3D m = r % 2 == 0 ? CpuVolumeFilterTest.rankOne(rnd, mw, 3, md) : CpuVolumeFilterTest.random(rnd, mw, 3, md);
                Case c = new Case(cases.size(), vol, w, h, d, m, p);
                cases.add(c);
                write(dir.resolve(c.n + ".vol"), vol);
                write(dir.resolve(c.n + ".mask"), m.weights());
                list.append(String.format(java.util.Locale.ROOT, "%d %d %d %d %d %d %d %s %s%n", c.n, w, h, d, m.width(),
                        m.height(), m.depth(), p.scipyName(), Float.toString(p.constant())));
            }
        }
        Files.writeString(dir.resolve("cases.txt"), list);
        Files.writeString(dir.resolve("run.py"), SCRIPT);
        try {
            Process p = new ProcessBuilder("python3", dir.resolve("run.py").toString(), dir.toString()).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("SciPy failed: " + said);
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        for (Case c : cases) {
            double[] scipy = read(dir.resolve(c.n + ".out"), c.vol.length);
            double[] ref = VolumeReference.correlate(c.vol, c.w, c.h, c.d, c.mask, c.policy);
            String what = c.policy.name() + " " + c.w + "x" + c.h + "x" + c.d + " " + c.mask;
            compare(ref, scipy, 1e-9, "reference vs SciPy, " + what);
            for (VolumeStrategy s : VolumeStrategy.values()) {
                boolean rank1 = org.convolab.core.SeparableMask3D.of(c.mask).isPresent();
                if (s == VolumeStrategy.SEPARABLE && !rank1) {
                    continue;
                }
                float[] sums = new float[c.vol.length];
                filter.correlate(c.vol, c.w, c.h, c.d, c.mask, c.policy, s, sums);
                double[] got = new double[sums.length];
                for (int i = 0; i < got.length; i++) {
                    got[i] = sums[i];
                }
                compare(got, scipy, 2e-5, s.cliName() + " vs SciPy, " + what);
            }
        }
    }

    private static void compare(double[] got, double[] want, double relative, String what) {
        double scale = 1;
        for (double v : want) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int i = 0; i < want.length; i++) {
            if (Math.abs(got[i] - want[i]) > relative * scale) {
                throw new AssertionError(what + ": voxel " + i + " is " + got[i] + ", SciPy's " + want[i]);
            }
        }
    }

    private static void write(Path file, float[] values) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        Files.write(file, b.array());
    }

    private static double[] read(Path file, int n) throws IOException {
        double[] out = new double[n];
        ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(out);
        return out;
    }
}
