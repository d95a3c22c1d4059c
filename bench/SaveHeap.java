import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.RgbaImage;
import org.convolab.io.ImageFiles;

/**
 * Saves a generated W x H image as Convolab's Save does (ImageFiles.write, atomic) and prints the time;
 * run it under a small -Xmx to see how much the encoder holds beyond the image (docs/BENCHMARKS.md,
 * "Saving a big result"):
 *   mvn -q dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 *   java -Xmx210m -cp target/classes:$(cat /tmp/cp.txt) bench/SaveHeap.java 8000 6000 /tmp/out.tif
 */
public class SaveHeap {
    public static void main(String[] args) throws Exception {
        int w = Integer.parseInt(args[0]);
        int h = Integer.parseInt(args[1]);
        int[] p = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                p[y * w + x] = 0xff000000 | (x * 255 / w) << 16 | (y * 255 / h) << 8 | ((x ^ y) & 0x3f);
            }
        }
        Path out = Path.of(args[2]);
        Files.deleteIfExists(out);
        long t0 = System.nanoTime();
        ImageFiles.write(new RgbaImage(w, h, p), out, true);
        System.out.printf("wrote %s %dx%d in %.1f s, %d bytes%n", out.getFileName(), w, h, (System.nanoTime() - t0) / 1e9,
                Files.size(out));
    }
}
