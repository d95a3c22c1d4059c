package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ar.com.hjg.pngj.PngReader;
import ar.com.hjg.pngj.chunks.PngChunkICCP;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.core.RgbaImage;
import org.convolab.io.Exif;
import org.convolab.io.ImageFiles;
import org.convolab.io.Orientation;
import org.convolab.io.PngSamples;
import org.convolab.io.RowSinks;
import org.convolab.io.TestImageFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files through the streamed filter: identity round trips bit for bit, formats kept, bad input one line. */
class FileFilterTest {

    static final CpuEngine ENGINE = new CpuEngine(2);
    static final FilterSpec IDENTITY = FilterSpec.of(MaskPresets.parse("identity"), BorderPolicy.parse("mirror"));

    @TempDir
    Path dir;

    @AfterAll
    static void close() {
        ENGINE.close();
    }

    StripFilter.Report run(Path in, Path out, int band) {
        return FileFilter.run(new FileFilter.Job(in, out, false, 2_000_000_000L, RowSinks.Options.defaults(), band), ENGINE, IDENTITY,
                Strategy.AUTO, n -> { });
    }

    @Test
    void sixteenBitRgbPngRoundTripsBitForBit() {
        Path in = PngSamples.write(dir.resolve("in16.png"), 31, 17, 16, false, false, 1);
        Path out = dir.resolve("out16.png");
        StripFilter.Report r = run(in, out, 4);
        assertThat(r.format()).isEqualTo(new SampleFormat(3, 16));
        PngReader check = new PngReader(out.toFile());
        assertThat(check.imgInfo.bitDepth).isEqualTo(16);
        assertThat(check.imgInfo.alpha).isFalse();
        check.close();
        assertThat(PngSamples.rows(out)).usingRecursiveComparison().isEqualTo(PngSamples.rows(in));
    }

    @Test
    void greyAndGreyAlphaPngsStayGreyBitForBit() {
        for (boolean alpha : new boolean[] {false, true}) {
            Path in = PngSamples.write(dir.resolve("g" + alpha + ".png"), 23, 19, 8, alpha, true, 2);
            Path out = dir.resolve("og" + alpha + ".png");
            run(in, out, 3);
            PngReader check = new PngReader(out.toFile());
            assertThat(check.imgInfo.greyscale).isTrue();
            assertThat(check.imgInfo.alpha).isEqualTo(alpha);
            check.close();
            assertThat(PngSamples.rows(out)).usingRecursiveComparison().isEqualTo(PngSamples.rows(in));
        }
    }

    @Test
    void rgbPngIsWrittenAsRgbAndRgbaAsRgba() {
        for (boolean alpha : new boolean[] {false, true}) {
            Path in = PngSamples.write(dir.resolve("c" + alpha + ".png"), 9, 7, 8, alpha, false, 3);
            Path out = dir.resolve("oc" + alpha + ".png");
            run(in, out, 2);
            PngReader check = new PngReader(out.toFile());
            assertThat(check.imgInfo.channels).isEqualTo(alpha ? 4 : 3);
            check.close();
            assertThat(PngSamples.rows(out)).usingRecursiveComparison().isEqualTo(PngSamples.rows(in));
        }
    }

    @Test
    void sixteenBitTiffRoundTripsBitForBit() throws Exception {
        int w = 21;
        int h = 13;
        Path in = dir.resolve("in16.tif");
        int[] px = TestImageFiles.tiff16(in, w, h, 4);
        Path out = dir.resolve("out16.tif");
        StripFilter.Report r = run(in, out, 5);
        assertThat(r.format()).isEqualTo(new SampleFormat(3, 16));
        BufferedImage back = ImageIO.read(out.toFile());
        assertThat(back.getColorModel().getComponentSize(0)).isEqualTo(16);
        assertThat(back.getRaster().getPixels(0, 0, w, h, (int[]) null)).isEqualTo(px);
    }

    @Test
    void iccJpegKeepsItsStoredValuesAndProfile() throws Exception {
        Path in = Path.of("sample-images/rocket.jpg");
        BufferedImage stored;
        byte[] profile;
        try (ImageInputStream s = ImageIO.createImageInputStream(in.toFile())) {
            ImageReader reader = ImageIO.getImageReaders(s).next();
            reader.setInput(s);
            // the values as stored, in the profile's colour space (the reader's default converts to sRGB)
            javax.imageio.ImageReadParam p = reader.getDefaultReadParam();
            for (var it = reader.getImageTypes(0); it.hasNext(); ) {
                var t = it.next();
                if (!t.getColorModel().getColorSpace().isCS_sRGB() && t.getColorModel().getNumColorComponents() == 3) {
                    p.setDestinationType(t);
                }
            }
            stored = reader.read(0, p);
            profile = ((java.awt.color.ICC_ColorSpace) stored.getColorModel().getColorSpace()).getProfile().getData();
            reader.dispose();
        }
        Path out = dir.resolve("rocket.png");
        run(in, out, 16);
        int w = stored.getWidth();
        List<int[]> rows = PngSamples.rows(out);
        for (int y = 0; y < stored.getHeight(); y++) {
            assertThat(rows.get(y)).as("row %d", y).isEqualTo(stored.getRaster().getPixels(0, y, w, 1, (int[]) null));
        }
        PngReader check = new PngReader(out.toFile());
        assertThat(((PngChunkICCP) check.getChunksList().getById1(PngChunkICCP.ID)).getProfile()).isEqualTo(profile);
        check.close();
        // and back to JPEG: the profile is embedded again, the values stay close (JPEG is lossy)
        Path jpg = dir.resolve("rocket.jpg");
        run(out, jpg, 0);
        try (ImageInputStream s = ImageIO.createImageInputStream(jpg.toFile())) {
            ImageReader reader = ImageIO.getImageReaders(s).next();
            reader.setInput(s);
            javax.imageio.ImageReadParam p = reader.getDefaultReadParam();
            for (var it = reader.getImageTypes(0); it.hasNext(); ) {
                var t = it.next();
                if (!t.getColorModel().getColorSpace().isCS_sRGB() && t.getColorModel().getNumColorComponents() == 3) {
                    p.setDestinationType(t);
                }
            }
            BufferedImage again = reader.read(0, p);
            assertThat(((java.awt.color.ICC_ColorSpace) again.getColorModel().getColorSpace()).getProfile().getData())
                    .isEqualTo(profile);
            int[] a = stored.getRaster().getPixels(0, 0, w, stored.getHeight(), (int[]) null);
            int[] b = again.getRaster().getPixels(0, 0, w, stored.getHeight(), (int[]) null);
            long sum = 0;
            for (int i = 0; i < a.length; i++) {
                sum += Math.abs(a[i] - b[i]);
            }
            assertThat((double) sum / a.length).as("mean difference after JPEG at quality 92").isLessThan(1.5);
            reader.dispose();
        }
    }

    @Test
    void alphaToJpegIsSaidOnce() {
        Path in = PngSamples.write(dir.resolve("a.png"), 8, 300, 16, true, false, 5);
        List<String> notices = new ArrayList<>();
        FileFilter.run(new FileFilter.Job(in, dir.resolve("a.jpg"), false, 2_000_000_000L, RowSinks.Options.defaults(), 7),
                ENGINE, IDENTITY, Strategy.AUTO, notices::add);
        assertThat(notices).hasSize(2).anyMatch(n -> n.contains("no alpha")).anyMatch(n -> n.contains("8 bits"));
        assertThat(Files.exists(dir.resolve("a.jpg"))).isTrue();
    }

    @Test
    void hugeDeclaredJpegGetsTheHeapLineBeforeDecoding() throws Exception {
        byte[] jpg = Files.readAllBytes(Path.of("sample-images/rocket.jpg"));
        for (int i = 0; i + 8 < jpg.length; i++) {
            if ((jpg[i] & 0xff) == 0xff && ((jpg[i + 1] & 0xff) == 0xc0 || (jpg[i + 1] & 0xff) == 0xc2)) {
                jpg[i + 5] = (byte) 0xea; // height 60000
                jpg[i + 6] = 0x60;
                jpg[i + 7] = (byte) 0xea; // width 60000
                jpg[i + 8] = 0x60;
                break;
            }
        }
        Path in = Files.write(dir.resolve("huge.jpg"), jpg);
        Path out = dir.resolve("huge.png");
        assertThatThrownBy(() -> FileFilter.run(new FileFilter.Job(in, out, false, 4_000_000_000L, RowSinks.Options.defaults(), 0),
                ENGINE, IDENTITY, Strategy.AUTO, n -> { }))
                .isInstanceOf(ConvolabException.class)
                .hasMessageContaining("60000x60000 JPEG whole needs about 14.")
                .hasMessageContaining("GB, the heap allows").hasMessageContaining("-Xmx")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> run(in, out, 0)).hasMessageContaining("over the limit of 2000.0 megapixels");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void truncatedPngFailsWithOneLineAndLeavesNoFile() throws Exception {
        Path in = PngSamples.write(dir.resolve("t.png"), 64, 64, 8, false, false, 6);
        byte[] b = Files.readAllBytes(in);
        Path cut = Files.write(dir.resolve("cut.png"), java.util.Arrays.copyOf(b, b.length / 2));
        Path out = dir.resolve("cut-out.png");
        assertThatThrownBy(() -> run(cut, out, 8)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("damaged or truncated");
        assertThat(dir.toFile().list()).doesNotContain("cut-out.png").noneMatch(n -> n.endsWith(".tmp"));
    }

    @Test
    void existingOutputIsNotReplacedWithoutAsking() throws Exception {
        Path in = PngSamples.write(dir.resolve("e.png"), 4, 4, 8, false, false, 7);
        Path out = Files.writeString(dir.resolve("keep.png"), "mine");
        assertThatThrownBy(() -> run(in, out, 0)).hasMessageContaining("the file exists");
        assertThat(Files.readString(out)).isEqualTo("mine");
        assertThat(new File(dir.toFile(), "keep.png").length()).isEqualTo(4);
    }

    private static byte[] readBytes(Path f) {
        try {
            return Files.readAllBytes(f);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Issue 26 item 7: a phone photo (orientation 6) keeps its EXIF, or is turned upright with --auto-orient. */
    @Test
    void aPhotosOrientationIsKeptInJpegAndTiffOrAppliedWithAutoOrient() {
        Path photo = TestImageFiles.jpegWithOrientation(dir.resolve("phone.jpg"), org.convolab.io.SyntheticImages.gradient(40, 30), 6);
        for (String ext : new String[] {"jpg", "tif"}) {
            Path kept = dir.resolve("kept." + ext);
            run(photo, kept, 0);
            assertThat(Exif.read(kept).orientation()).as(ext).isEqualTo(6);
            assertThat(ImageFiles.read(kept).width()).as(ext + ": the stored pixels").isEqualTo(40);
        }
        assertThat(new String(Exif.read(dir.resolve("kept.jpg")).tiff().orElseThrow(), java.nio.charset.StandardCharsets.ISO_8859_1))
                .as("the whole EXIF block is carried").contains("Phone");
        assertThat(new String(readBytes(dir.resolve("kept.tif")), java.nio.charset.StandardCharsets.ISO_8859_1))
                .as("the TIFF keeps the EXIF's Make too").contains("Phone");

        RgbaImage upright = Orientation.apply(ImageFiles.read(photo), 6);
        for (String ext : new String[] {"png", "jpg"}) {
            Path up = dir.resolve("up." + ext);
            FileFilter.run(new FileFilter.Job(photo, up, false, 2_000_000_000L, RowSinks.Options.defaults(), 0, true, OutputDepth.SAME), ENGINE,
                    IDENTITY, Strategy.AUTO, n -> { });
            RgbaImage got = ImageFiles.read(up);
            assertThat(got.width()).as(ext).isEqualTo(30);
            if (ext.equals("png")) {
                assertThat(got.pixels()).containsExactly(upright.pixels());
            } else {
                assertThat(Exif.read(up).orientation()).isEqualTo(1);
                assertThat(Exif.read(up).tiff()).isPresent();
            }
        }

        // a batch, on its own stages
        FaithfulFileStages stages = new FaithfulFileStages(IDENTITY, Strategy.AUTO, 2_000_000_000L, RowSinks.Options.defaults(),
                n -> { }, true, OutputDepth.SAME);
        Path batchOut = dir.resolve("batch.png");
        stages.encode(stages.filter(ENGINE, stages.decode(photo)), batchOut, false);
        assertThat(ImageFiles.read(batchOut).pixels()).containsExactly(upright.pixels());
    }
}
