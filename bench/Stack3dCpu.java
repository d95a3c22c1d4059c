import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.convolab.core.BorderPolicy;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeMaskPresets;
import org.convolab.core.VolumeStrategy;
import org.convolab.cpu.CpuVolumeFilter;

/**
 * The CPU engine's 3D filter in a warm JVM: a raw little-endian uint16 volume (W H D from the command line) as
 * float, correlated with a 3D preset under the mirror policy, ROUNDS times after WARMUP; prints each time, the
 * median and the sums as raw float32 (for the SciPy check) into OUT.
 *   java -cp target/convolab.jar bench/Stack3dCpu.java VOL.u16 W H D MASK STRATEGY THREADS WARMUP ROUNDS OUT.f32
 */
public class Stack3dCpu {
    public static void main(String[] a) throws Exception {
        int w = Integer.parseInt(a[1]), h = Integer.parseInt(a[2]), d = Integer.parseInt(a[3]);
        Mask3D mask = VolumeMaskPresets.parse(a[4]).orElseThrow();
        VolumeStrategy strategy = VolumeStrategy.parse(a[5]);
        int threads = Integer.parseInt(a[6]), warmup = Integer.parseInt(a[7]), rounds = Integer.parseInt(a[8]);
        short[] raw = new short[w * h * d];
        ByteBuffer.wrap(Files.readAllBytes(Path.of(a[0]))).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer().get(raw);
        float[] vol = new float[raw.length];
        for (int i = 0; i < raw.length; i++) {
            vol[i] = raw[i] & 0xffff;
        }
        float[] sums = new float[vol.length];
        double[] ms = new double[rounds];
        try (CpuVolumeFilter f = new CpuVolumeFilter(threads)) {
            String plan = "";
            for (int r = 0; r < warmup + rounds; r++) {
                long t0 = System.nanoTime();
                plan = f.correlate(vol, w, h, d, mask, BorderPolicy.parse("mirror"), strategy, sums).describe();
                double t = (System.nanoTime() - t0) / 1e6;
                if (r >= warmup) {
                    ms[r - warmup] = t;
                }
            }
            Arrays.sort(ms);
            System.out.printf("convolab CpuVolumeFilter, %s, %d threads, %s: median %.1f ms of %d (min %.1f, max %.1f)%n",
                    mask, threads, plan, ms[rounds / 2], rounds, ms[0], ms[rounds - 1]);
        }
        ByteBuffer out = ByteBuffer.allocate(sums.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        out.asFloatBuffer().put(sums);
        Files.write(Path.of(a[9]), out.array());
    }
}
