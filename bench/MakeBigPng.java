import ar.com.hjg.pngj.ImageInfo;
import ar.com.hjg.pngj.ImageLineInt;
import ar.com.hjg.pngj.PngWriter;
import java.io.File;
import java.util.SplittableRandom;

/**
 * Writes a big synthetic 8-bit RGB PNG a row at a time (PNGJ, deflate level 1), for the any-size
 * measurements of issue 13: smooth gradients with a little noise, so it compresses like a photograph
 * rather than like a constant image. Kept out of git (hundreds of MB).
 *
 * <pre>java -cp ~/.m2/repository/ar/com/hjg/pngj/2.1.0/pngj-2.1.0.jar bench/MakeBigPng.java OUT.png 30000 20000</pre>
 */
public final class MakeBigPng {
    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: MakeBigPng OUT.png WIDTH HEIGHT");
            System.exit(2);
        }
        int w = Integer.parseInt(args[1]);
        int h = Integer.parseInt(args[2]);
        ImageInfo info = new ImageInfo(w, h, 8, false);
        PngWriter png = new PngWriter(new File(args[0]), info, true);
        png.setCompLevel(1);
        SplittableRandom rnd = new SplittableRandom(42);
        ImageLineInt line = new ImageLineInt(info);
        int[] s = line.getScanline();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int n = rnd.nextInt(16);
                s[3 * x] = (x * 255 / w + n) & 0xff;
                s[3 * x + 1] = (y * 255 / h + n) & 0xff;
                s[3 * x + 2] = ((x + y) / 64 * 37 + n) & 0xff;
            }
            png.writeRow(line);
        }
        png.end();
    }
}
