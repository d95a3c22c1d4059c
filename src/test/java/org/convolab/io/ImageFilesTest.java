package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.awt.image.WritableRaster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import javax.imageio.ImageIO;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ImageFilesTest {

    @TempDir
    Path dir;

    private static RgbaImage opaque(RgbaImage img) {
        int[] p = img.pixels().clone();
        for (int i = 0; i < p.length; i++) {
            p[i] |= 0xff000000;
        }
        return new RgbaImage(img.width(), img.height(), p);
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "bmp", "tif", "tiff"})
    void losslessFormatsRoundTrip(String ext) {
        RgbaImage img = TestImages.randomImage(37, 21, new Random(4));
        boolean alpha = ext.startsWith("tif") || ext.equals("png");
        RgbaImage expected = alpha ? img : opaque(img);
        Path f = dir.resolve("out." + ext);
        ImageFiles.write(img, f, false);
        assertThat(ImageFiles.read(f).pixels()).containsExactly(expected.pixels());
    }

    @Test
    void jpegRoundTripsApproximately() {
        RgbaImage img = SyntheticImages.gradient(64, 64);
        Path f = dir.resolve("g.jpg");
        ImageFiles.write(img, f, false);
        assertThat(ImageFiles.read(f).maxDifference(img)).isLessThan(16);
    }

    @Test
    void sixteenBitGreyIsScaledNotGammaShifted() throws Exception {
        BufferedImage g = new BufferedImage(4, 1, BufferedImage.TYPE_USHORT_GRAY);
        WritableRaster r = g.getRaster();
        int[] v = {0, 32768, 65535, 257 * 100};
        for (int x = 0; x < 4; x++) {
            r.setSample(x, 0, 0, v[x]);
        }
        Path f = dir.resolve("grey16.png");
        ImageIO.write(g, "png", f.toFile());
        RgbaImage img = ImageFiles.read(f);
        assertThat(img.channel(0, 0, 0)).isZero();
        assertThat(img.channel(1, 0, 1)).isEqualTo(128);
        assertThat(img.channel(2, 0, 2)).isEqualTo(255);
        assertThat(img.channel(3, 0, 0)).isEqualTo(100);
        assertThat(img.channel(3, 0, 3)).isEqualTo(255);
    }

    @Test
    void eightBitGreyKeepsItsValues() throws Exception {
        BufferedImage g = new BufferedImage(2, 1, BufferedImage.TYPE_BYTE_GRAY);
        g.getRaster().setSample(0, 0, 0, 50);
        g.getRaster().setSample(1, 0, 0, 200);
        Path f = dir.resolve("grey8.bmp");
        ImageIO.write(g, "bmp", f.toFile());
        RgbaImage img = ImageFiles.read(f);
        assertThat(img.argb(0, 0)).isEqualTo(0xff323232);
        assertThat(img.argb(1, 0)).isEqualTo(0xffc8c8c8);
    }

    @Test
    void paletteGifWithTransparencyReads() throws Exception {
        byte[] reds = {(byte) 255, 0};
        byte[] greens = {0, (byte) 255};
        byte[] blues = {0, 0};
        IndexColorModel cm = new IndexColorModel(1, 2, reds, greens, blues, 1);
        BufferedImage b = new BufferedImage(2, 1, BufferedImage.TYPE_BYTE_BINARY, cm);
        b.getRaster().setSample(1, 0, 0, 1);
        Path f = dir.resolve("p.gif");
        ImageIO.write(b, "gif", f.toFile());
        RgbaImage img = ImageFiles.read(f);
        assertThat(img.argb(0, 0)).isEqualTo(0xffff0000);
        assertThat(img.argb(1, 0) >>> 24).isZero();
    }

    @Test
    void everySampleImageReads() throws Exception {
        try (var files = Files.list(Path.of("sample-images"))) {
            var images = files.filter(p -> !p.toString().endsWith(".md")).toList();
            assertThat(images).hasSizeGreaterThanOrEqualTo(8);
            for (Path p : images) {
                RgbaImage img = ImageFiles.read(p);
                assertThat(img.width()).as(p.toString()).isPositive();
            }
        }
    }

    @Test
    void badFilesGetOneClearSentence() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.png"));
        assertThatThrownBy(() -> ImageFiles.read(empty)).hasMessageContaining("empty");
        Path text = Files.writeString(dir.resolve("text.png"), "not an image");
        assertThatThrownBy(() -> ImageFiles.read(text)).hasMessageContaining("not an image");
        assertThatThrownBy(() -> ImageFiles.read(dir.resolve("missing.png"))).hasMessageContaining("no such file");
        Path png = dir.resolve("ok.png");
        ImageFiles.write(SyntheticImages.gradient(100, 100), png, false);
        byte[] bytes = Files.readAllBytes(png);
        Path truncated = Files.write(dir.resolve("cut.png"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> ImageFiles.read(truncated)).isInstanceOf(ConvolabException.class).hasMessageContaining("damaged or truncated");
        assertThatThrownBy(() -> ImageFiles.read(png, 5000)).hasMessageContaining("over the limit");
    }

    @Test
    void writesAreAtomicAndDoNotReplaceWithoutBeingAsked() throws Exception {
        Path f = dir.resolve("a b é.png");
        ImageFiles.write(SyntheticImages.checkerboard(8, 8, 2), f, false);
        long size = Files.size(f);
        assertThatThrownBy(() -> ImageFiles.write(SyntheticImages.gradient(8, 8), f, false)).hasMessageContaining("exists");
        assertThat(Files.size(f)).isEqualTo(size);
        ImageFiles.write(SyntheticImages.gradient(8, 8), f, true);
        assertThat(ImageFiles.read(f).pixels()).containsExactly(SyntheticImages.gradient(8, 8).pixels());
        assertThatThrownBy(() -> ImageFiles.write(SyntheticImages.gradient(8, 8), dir.resolve("x.webp"), false))
                .hasMessageContaining("unknown extension");
        try (var files = Files.list(dir)) {
            assertThat(files.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
        }
    }

    private Path jpeg(String name, int w, int h) {
        Path f = dir.resolve(name);
        ImageFiles.write(SyntheticImages.gradient(w, h), f, false);
        return f;
    }

    @Test
    void aTruncatedJpegIsAnErrorNotAGreyLowerHalf() throws Exception {
        byte[] bytes = Files.readAllBytes(jpeg("whole.jpg", 200, 150));
        Path half = Files.write(dir.resolve("half.jpg"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> ImageFiles.read(half)).isInstanceOf(ConvolabException.class)
                .hasMessageStartingWith("cannot decode " + half + ": the JPEG data is damaged or truncated");
    }

    @Test
    void aJpegWhoseHeaderPromisesMoreThanItsDataIsAnError() throws Exception {
        byte[] bytes = Files.readAllBytes(jpeg("small.jpg", 64, 64));
        int sof = -1;
        for (int i = 0; i + 1 < bytes.length; i++) {
            if ((bytes[i] & 0xff) == 0xff && ((bytes[i + 1] & 0xff) == 0xc0 || (bytes[i + 1] & 0xff) == 0xc2)) {
                sof = i;
                break;
            }
        }
        assertThat(sof).isPositive();
        // SOF: FF C0, length (2), precision (1), height (2), width (2)
        int side = 3000;
        bytes[sof + 5] = (byte) (side >> 8);
        bytes[sof + 6] = (byte) side;
        bytes[sof + 7] = (byte) (side >> 8);
        bytes[sof + 8] = (byte) side;
        Path big = Files.write(dir.resolve("promises.jpg"), bytes);
        assertThatThrownBy(() -> ImageFiles.read(big)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("damaged or truncated");
    }

    @Test
    void cmykJpegsReadInTheirColours() throws Exception {
        // written by libvips 8.14 (jpegsave of a 4-band CMYK image: Adobe APP14, inverted CMYK)
        RgbaImage cyan = ImageFiles.read(Path.of(getClass().getResource("cyan-cmyk.jpg").toURI()));
        RgbaImage grey = ImageFiles.read(Path.of(getClass().getResource("grey-cmyk.jpg").toURI()));
        int c = cyan.argb(12, 8);
        assertThat((c >> 16) & 0xff).as("red of cyan").isLessThan(40);
        assertThat((c >> 8) & 0xff).as("green of cyan").isGreaterThan(150);
        assertThat(c & 0xff).as("blue of cyan").isGreaterThan(200);
        // K = 50 %: mid grey, not the washed-out 187 the JDK's reader gives
        int g = grey.argb(12, 8);
        for (int shift : new int[] {16, 8, 0}) {
            assertThat((g >> shift) & 0xff).as("grey").isBetween(117, 137);
        }
    }

    @Test
    void theOutputIsCheckedBeforeAnyWork() throws Exception {
        Path existing = jpeg("there.jpg", 8, 8);
        assertThatThrownBy(() -> ImageFiles.checkWritable(existing, false)).hasMessage(
                "not writing " + existing + ": the file exists (use --force to replace it)");
        ImageFiles.checkWritable(existing, true);
        Path noFolder = dir.resolve("no/such/folder/out.png");
        assertThatThrownBy(() -> ImageFiles.checkWritable(noFolder, false)).hasMessageContaining("does not exist");
        Path folder = Files.createDirectory(dir.resolve("folder.png"));
        assertThatThrownBy(() -> ImageFiles.checkWritable(folder, true)).hasMessageContaining("it is a folder");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.png"), dir.resolve("nowhere.png"));
        assertThatThrownBy(() -> ImageFiles.checkWritable(dangling, false)).hasMessageContaining("exists");
        assertThatThrownBy(() -> ImageFiles.write(SyntheticImages.gradient(4, 4), dangling, false)).hasMessageContaining("exists");
        assertThat(Files.isSymbolicLink(dangling)).isTrue();
        assertThat(dir.resolve("nowhere.png")).doesNotExist();
        try (var files = Files.list(dir)) {
            assertThat(files.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
        }
    }

    @Test
    void controlCharactersInFileNamesAreEscapedInMessages() {
        Path odd = dir.resolve("evil\u001b[2Jname.png");
        assertThatThrownBy(() -> ImageFiles.read(odd)).hasMessageContaining("evil\\u001b[2Jname.png").hasMessageNotContaining("\u001b");
    }
}
