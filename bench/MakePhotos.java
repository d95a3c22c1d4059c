import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Random;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * Makes the 6000x4000 test photographs of bench/files_board.sh: sample-images/coffee.png scaled up
 * 10x (bicubic) with mild sensor-like noise, so the codecs see photo-like detail rather than flat
 * interpolated areas. Writes photo.jpg (quality 92) and photo.png into the given folder.
 * Run: java bench/MakePhotos.java SAMPLE_PNG OUTDIR
 */
public class MakePhotos {
    public static void main(String[] args) throws Exception {
        BufferedImage src = ImageIO.read(new File(args[0]));
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        int w = 6000;
        int h = 4000;
        BufferedImage big = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        var g = big.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(src, 0, 0, w, h, null);
        g.dispose();
        Random rnd = new Random(7);
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            big.getRGB(0, y, w, 1, row, 0, w);
            for (int x = 0; x < w; x++) {
                int p = row[x];
                int n = (int) Math.round(rnd.nextGaussian() * 4);
                int r = clamp(((p >> 16) & 255) + n);
                int gg = clamp(((p >> 8) & 255) + n);
                int b = clamp((p & 255) + n);
                row[x] = (r << 16) | (gg << 8) | b;
            }
            big.setRGB(0, y, w, 1, row, 0, w);
        }
        ImageIO.setUseCache(false);
        ImageIO.write(big, "png", out.resolve("photo.png").toFile());
        ImageWriter jw = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam p = jw.getDefaultWriteParam();
        p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        p.setCompressionQuality(0.92f);
        Files.deleteIfExists(out.resolve("photo.jpg"));
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out.resolve("photo.jpg").toFile())) {
            jw.setOutput(ios);
            jw.write(null, new IIOImage(big, null, null), p);
        }
        jw.dispose();
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }
}
