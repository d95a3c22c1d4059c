package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * libjpeg-turbo through TurboJPEG against the ImageIO path it replaces: the same decoded pixels, encodes
 * within JPEG rounding of ImageIO's at the same quality and chroma subsampling, the ICC profile kept, damaged
 * data refused, and the kinds it does not take (CMYK, grey) left to ImageIO. Skipped where the system has no
 * libturbojpeg (CI installs it: .ci/run).
 */
class TurboJpegCodecTest {

    @TempDir
    Path dir;

    private JpegCodec turbo;

    @BeforeEach
    void needsTurboJpeg() {
        JpegCodecs.imageIoOnly(false);
        Optional<JpegCodec> c = JpegCodecs.nativeCodec();
        assumeTrue(c.isPresent(), "libjpeg-turbo is not installed here (" + JpegCodecs.problem() + "): "
                + JpegCodecs.INSTALL_HINT);
        turbo = c.get();
    }

    @AfterEach
    void backToTheDefault() {
        JpegCodecs.imageIoOnly(false);
    }

    /** A photograph at 3x its size (bicubic detail, not flat areas), opaque. */
    private static RgbaImage photo() {
        RgbaImage small = ImageFiles.read(Path.of("sample-images/coffee.png"));
        BufferedImage big = new BufferedImage(small.width() * 2, small.height() * 2, BufferedImage.TYPE_INT_RGB);
        var g = big.createGraphics();
        g.setRenderingHint(java.awt.RenderingHints.KEY_INTERPOLATION, java.awt.RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(ImageFiles.toBufferedImage(small, false), 0, 0, big.getWidth(), big.getHeight(), null);
        g.dispose();
        RgbaImage img = ImageFiles.toRgba(big);
        int[] p = img.pixels();
        for (int i = 0; i < p.length; i++) {
            p[i] |= 0xff000000;
        }
        return img;
    }

    private static byte[] encode(JpegCodec codec, RgbaImage img, int quality, Optional<byte[]> icc) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec.encode(img, quality, icc, out);
        return out.toByteArray();
    }

    /** Decoded the ImageIO way: RowSources with the native codec switched off. */
    private RgbaImage imageIoDecode(Path f) {
        JpegCodecs.imageIoOnly(true);
        try (RowSource s = RowSources.opener(f, Long.MAX_VALUE).get()) {
            return s.packedArgb().orElseThrow();
        } finally {
            JpegCodecs.imageIoOnly(false);
        }
    }

    static double psnr(RgbaImage a, RgbaImage b) {
        double se = 0;
        int[] p = a.pixels();
        int[] q = b.pixels();
        for (int i = 0; i < p.length; i++) {
            for (int s = 0; s <= 16; s += 8) {
                int d = ((p[i] >> s) & 0xff) - ((q[i] >> s) & 0xff);
                se += d * d;
            }
        }
        double mse = se / (3.0 * p.length);
        return mse == 0 ? Double.POSITIVE_INFINITY : 10 * Math.log10(255 * 255 / mse);
    }

    @Test
    void decodesTheSamePixelsAsImageIo() throws Exception {
        Path f = Files.write(dir.resolve("p.jpg"), encode(new ImageIoJpegCodec(), photo(), 92, Optional.empty()));
        RgbaImage viaImageIo = imageIoDecode(f);
        RgbaImage viaTurbo = turbo.decode(Files.readAllBytes(f), "p.jpg").orElseThrow();
        // both run libjpeg's accurate integer IDCT and fancy upsampling: at most a rounding apart
        assertThat(viaTurbo.maxDifference(viaImageIo)).isLessThanOrEqualTo(1);
        assertThat(psnr(viaTurbo, viaImageIo)).isGreaterThan(55);
    }

    @ParameterizedTest
    @ValueSource(ints = {92, 75})
    void encodesWithinJpegRoundingOfImageIoAtTheSameQuality(int quality) throws Exception {
        RgbaImage img = photo();
        Path t = Files.write(dir.resolve("t.jpg"), encode(turbo, img, quality, Optional.empty()));
        Path i = Files.write(dir.resolve("i.jpg"), encode(new ImageIoJpegCodec(), img, quality, Optional.empty()));
        RgbaImage fromTurbo = imageIoDecode(t);
        RgbaImage fromImageIo = imageIoDecode(i);
        assertThat(psnr(fromTurbo, fromImageIo)).as("PSNR between the two encoders' outputs, dB").isGreaterThanOrEqualTo(45);
        // and both are the image, to JPEG's precision at that quality
        assertThat(psnr(fromTurbo, img)).isGreaterThan(quality >= 90 ? 38 : 30);
        assertThat(samplingFactors(Files.readAllBytes(t))).isEqualTo(samplingFactors(Files.readAllBytes(i)));
    }

    /** The SOF segment's sampling byte of each component: 0x11 0x11 0x11 is 4:4:4, 0x22 0x11 0x11 4:2:0. */
    static int[] samplingFactors(byte[] jpeg) {
        for (int k = 2; k + 1 < jpeg.length; ) {
            int marker = jpeg[k + 1] & 0xff;
            int len = ((jpeg[k + 2] & 0xff) << 8) | (jpeg[k + 3] & 0xff);
            if (marker == 0xC0 || marker == 0xC2) {
                int n = jpeg[k + 9] & 0xff;
                int[] f = new int[n];
                for (int c = 0; c < n; c++) {
                    f[c] = jpeg[k + 11 + 3 * c] & 0xff;
                }
                return f;
            }
            k += 2 + len;
        }
        throw new AssertionError("no SOF");
    }

    @Test
    void noChromaSubsamplingFromQuality90() throws Exception {
        RgbaImage img = SyntheticImages.gradient(64, 48);
        assertThat(samplingFactors(encode(turbo, img, 90, Optional.empty()))).containsExactly(0x11, 0x11, 0x11);
        assertThat(samplingFactors(encode(turbo, img, 89, Optional.empty()))).containsExactly(0x22, 0x11, 0x11);
    }

    @Test
    void theIccProfileIsWrittenAndReadBackAsImageIoDoes() throws Exception {
        byte[] profile = ICC_Profile.getInstance(ColorSpace.CS_LINEAR_RGB).getData(); // not sRGB: a profile to keep
        // a copy the JDK does not know as its own, so the ImageIO path keeps it too
        profile = profile.clone();
        profile[0x2C] ^= 1; // the device manufacturer field: changes nothing a decoder uses
        RgbaImage img = SyntheticImages.gradient(40, 30);
        Path t = Files.write(dir.resolve("icc-t.jpg"), encode(turbo, img, 92, Optional.of(profile)));
        Path i = Files.write(dir.resolve("icc-i.jpg"), encode(new ImageIoJpegCodec(), img, 92, Optional.of(profile)));
        Optional<byte[]> viaTurbo;
        try (RowSource s = RowSources.opener(t, Long.MAX_VALUE).get()) {
            viaTurbo = s.iccProfile();
        }
        JpegCodecs.imageIoOnly(true);
        Optional<byte[]> viaImageIo;
        try (RowSource s = RowSources.opener(i, Long.MAX_VALUE).get()) {
            viaImageIo = s.iccProfile();
        }
        assertThat(viaImageIo).isPresent();
        assertThat(viaTurbo).isPresent();
        // the same profile (LCMS may pad a tag when it writes a profile out: compare what the tags hold)
        ICC_Profile a = ICC_Profile.getInstance(viaTurbo.get());
        ICC_Profile b = ICC_Profile.getInstance(viaImageIo.get());
        for (int tag : new int[] {ICC_Profile.icSigRedColorantTag, ICC_Profile.icSigGreenColorantTag,
                ICC_Profile.icSigBlueColorantTag, ICC_Profile.icSigMediaWhitePointTag, ICC_Profile.icSigProfileDescriptionTag}) {
            assertThat(a.getData(tag)).as("tag %08x", tag).isEqualTo(b.getData(tag)).isNotNull();
        }
        assertThat(a.getData(ICC_Profile.icSigRedTRCTag)).startsWith(Arrays.copyOf(b.getData(ICC_Profile.icSigRedTRCTag), 14));
        assertThat(a.getData(ICC_Profile.icSigHead)[0x2C]).isEqualTo(profile[0x2C]);
    }

    @Test
    void aTruncatedJpegIsRefusedWithOneLine() throws Exception {
        byte[] whole = encode(turbo, photo(), 92, Optional.empty());
        Path half = Files.write(dir.resolve("half.jpg"), Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> turbo.decode(Files.readAllBytes(half), "half.jpg"))
                .isInstanceOf(ConvolabException.class)
                .hasMessageStartingWith("cannot decode half.jpg: the JPEG data is damaged or truncated (")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> RowSources.opener(half, Long.MAX_VALUE)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("damaged or truncated");
    }

    @Test
    void cmykAndGreyJpegsGoTheImageIoWay() throws Exception {
        Path cmyk = Path.of(getClass().getResource("cyan-cmyk.jpg").toURI());
        assertThat(turbo.header(Files.readAllBytes(cmyk))).isEmpty();
        assertThat(JpegFiles.read(cmyk, "cyan-cmyk.jpg", Long.MAX_VALUE, true)).isEmpty();
        try (RowSource s = RowSources.opener(cmyk, Long.MAX_VALUE).get()) {
            assertThat(s.width()).isPositive(); // read, by ImageIO
        }
        BufferedImage grey = new BufferedImage(16, 8, BufferedImage.TYPE_BYTE_GRAY);
        Path g = dir.resolve("grey.jpg");
        ImageIO.write(grey, "jpeg", g.toFile());
        assertThat(turbo.header(Files.readAllBytes(g))).isEmpty();
        try (RowSource s = RowSources.opener(g, Long.MAX_VALUE).get()) {
            assertThat(s.format().grey()).isTrue();
        }
    }

    @Test
    void progressiveJpegsAreDecodedToo() throws Exception {
        RgbaImage img = photo();
        Path f = dir.resolve("prog.jpg");
        Iterator<ImageWriter> it = ImageIO.getImageWritersByFormatName("jpeg");
        ImageWriter w = it.next();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(f.toFile())) {
            w.setOutput(out);
            ImageWriteParam p = w.getDefaultWriteParam();
            p.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
            w.write(null, new IIOImage(ImageFiles.toBufferedImage(img, false), null, null), p);
        } finally {
            w.dispose();
        }
        byte[] bytes = Files.readAllBytes(f);
        assertThat(turbo.header(bytes)).isPresent();
        assertThat(turbo.decode(bytes, "prog.jpg").orElseThrow().maxDifference(imageIoDecode(f))).isLessThanOrEqualTo(1);
    }

    @Test
    void theWindowsReadTakesTheNativeCodecUnlessTheFileCarriesAProfile() throws Exception {
        Path plain = Files.write(dir.resolve("plain.jpg"), encode(turbo, photo(), 92, Optional.empty()));
        JpegCodecs.resetCounts();
        RgbaImage shown = ImageFiles.read(plain);
        assertThat(JpegCodecs.summary()).hasValue("JPEG codec: " + turbo.name() + ", 1 decoded");
        assertThat(shown.maxDifference(imageIoDecode(plain))).isLessThanOrEqualTo(1);
        // rocket.jpg embeds a profile: ImageIO's reader converts it to sRGB for display (up to 55 levels
        // from the stored values), so the window keeps reading such files that way
        JpegCodecs.resetCounts();
        ImageFiles.read(Path.of("sample-images/rocket.jpg"));
        assertThat(JpegCodecs.summary().orElseThrow()).doesNotContain(turbo.name()).contains("1 decoded");
        JpegCodecs.resetCounts();
    }

    @Test
    void theSummarySaysWhichCodecRan() throws Exception {
        JpegCodecs.resetCounts();
        Path f = dir.resolve("s.jpg");
        ImageFiles.write(SyntheticImages.gradient(20, 10), f, false);
        RowSources.opener(f, Long.MAX_VALUE).get().close();
        assertThat(JpegCodecs.summary()).hasValue("JPEG codec: " + turbo.name() + ", 1 decoded, 1 encoded");
        assertThat(turbo.name()).startsWith("libjpeg-turbo").endsWith("(TurboJPEG)");
        JpegCodecs.imageIoOnly(true);
        RowSources.opener(f, Long.MAX_VALUE).get().close();
        assertThat(JpegCodecs.summary().orElseThrow()).contains("; ImageIO").endsWith(", 1 decoded");
        JpegCodecs.resetCounts();
    }

    /** Decoded straight into a direct buffer (a GPU's page-locked upload buffer): the pixels of {@link JpegCodec#decode}. */
    @Test
    void decodesIntoADirectBufferThePixelsOfTheArray() throws Exception {
        RgbaImage img = photo();
        for (int quality : new int[] {75, 95}) {
            byte[] jpeg = encode(turbo, img, quality, Optional.empty());
            int[] array = turbo.decode(jpeg, "photo.jpg").orElseThrow().pixels();
            java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(4 * array.length + 64).order(java.nio.ByteOrder.nativeOrder());
            assertThat(turbo.decodeInto(jpeg, "photo.jpg", turbo.header(jpeg).orElseThrow(), direct)).isTrue();
            int[] staged = new int[array.length];
            direct.asIntBuffer().get(staged);
            assertThat(staged).as("quality %d", quality).isEqualTo(array);
        }
    }

    @Test
    void decodingIntoAHeapOrTooSmallBufferIsRefused() throws Exception {
        RgbaImage img = photo();
        byte[] jpeg = encode(turbo, img, 90, Optional.empty());
        assertThat(turbo.decodeInto(jpeg, "photo.jpg", turbo.header(jpeg).orElseThrow(), java.nio.ByteBuffer.allocate(4 * img.size()))).as("a heap buffer").isFalse();
        assertThatThrownBy(() -> turbo.decodeInto(jpeg, "photo.jpg", turbo.header(jpeg).orElseThrow(), java.nio.ByteBuffer.allocateDirect(4 * img.size() - 4)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs");
    }

    @Test
    void damagedDataIsRefusedOnTheDirectWayToo() throws Exception {
        byte[] jpeg = encode(turbo, photo(), 90, Optional.empty());
        byte[] cut = Arrays.copyOf(jpeg, jpeg.length / 2);
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(4 * photo().size());
        assertThatThrownBy(() -> turbo.decodeInto(cut, "cut.jpg", new JpegCodec.Header(photo().width(), photo().height()), direct)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("cut.jpg").hasMessageContaining("damaged or truncated");
    }
}
