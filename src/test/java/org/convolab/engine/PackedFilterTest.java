package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.io.RowSinks;
import org.convolab.io.TestImageFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The short way for 8-bit RGB(A) images (one engine call on the packed image) against the streamed bands,
 * byte for byte in the written files: every policy, RGB and RGBA, with and without an ICC profile, PNG,
 * JPEG, TIFF and BMP out; in {@code convolab filter} (images decoded whole) and in the batch's stages
 * (PNGs read whole too).
 */
class PackedFilterTest {

    static final CpuEngine ENGINE = new CpuEngine(2);

    @TempDir
    static Path dir;

    @AfterAll
    static void close() {
        ENGINE.close();
    }

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String policy : StripFilterTest.POLICIES) {
            for (String input : List.of("rocket.jpg", "random.jpg", "random.bmp", "transparent.gif")) {
                for (String mask : List.of("gaussian 5x5", "random 5x3, divisor 0.9, offset 3, |sum|")) {
                    b.add(Arguments.of(policy, input, mask));
                }
            }
        }
        return b.build();
    }

    static FilterSpec spec(String mask, String policy) {
        return mask.startsWith("gaussian")
                ? FilterSpec.of(MaskPresets.parse("gaussian:1:5"), BorderPolicy.parse(policy))
                : new FilterSpec(StripFilterTest.randomMask(5, 3, 7), BorderPolicy.parse(policy), 0.9f, 3f, true);
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("cases")
    void theShortWayWritesTheStreamedBytes(String policy, String input, String mask) throws IOException {
        Path in = input(input);
        FilterSpec spec = spec(mask, policy);
        for (String ext : List.of("png", "jpg", "tif", "bmp")) {
            Path shortWay = dir.resolve("short-" + policy + "-" + input + "." + ext);
            Path streamed = dir.resolve("streamed-" + policy + "-" + input + "." + ext);
            StripFilter.Report s = FileFilter.run(job(in, shortWay, 0), ENGINE, spec, Strategy.AUTO, n -> { });
            StripFilter.Report b = FileFilter.run(job(in, streamed, 7), ENGINE, spec, Strategy.AUTO, n -> { });
            assertThat(s.bands()).as("the short way: one piece").isEqualTo(1);
            assertThat(b.bands()).as("streamed in bands of 7 rows").isGreaterThan(1);
            assertThat(s.format()).isEqualTo(b.format());
            assertThat(Files.readAllBytes(shortWay)).as(ext).isEqualTo(Files.readAllBytes(streamed));
            Files.delete(shortWay);
            Files.delete(streamed);
        }
    }

    @Test
    void theInputsCoverRgbAndRgba() {
        FaithfulFileStages stages = stages(FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("mirror")), Strategy.AUTO);
        assertThat(stages.decode(input("random.jpg")).format()).isEqualTo(new SampleFormat(3, 8));
        assertThat(stages.decode(input("transparent.gif")).format()).isEqualTo(new SampleFormat(4, 8));
        assertThat(stages.decode(input("rocket.jpg")).icc()).isPresent();
    }

    @Test
    void theBatchStagesTakeTheShortWayAndWriteWhatFilterWrites() throws IOException {
        for (String policy : StripFilterTest.POLICIES) {
            FilterSpec spec = spec("random", policy);
            FaithfulFileStages stages = stages(spec, Strategy.AUTO);
            for (String input : List.of("rocket.jpg", "transparent.gif", "rgb.png", "rgba.png", "random.tif")) {
                FaithfulFileStages.Opened opened = stages.decode(input(input));
                assertThat(opened.packed()).as("8-bit RGB(A): read whole and packed on the codec thread").isPresent();
                assertThat(opened.opener()).as("the decoded image is not kept beside it").isNull();
                FaithfulFileStages.Filtered f = stages.filter(ENGINE, opened);
                assertThat(f.rows()).isEmpty();
                for (String ext : List.of("png", "jpg")) {
                    Path batch = dir.resolve("batch-" + policy + "-" + input + "." + ext);
                    Path streamed = dir.resolve("batch-streamed-" + policy + "-" + input + "." + ext);
                    stages.encode(f, batch, false);
                    FileFilter.run(job(input(input), streamed, 5), ENGINE, spec, Strategy.AUTO, n -> { });
                    assertThat(Files.readAllBytes(batch)).as("%s, %s to %s", policy, input, ext).isEqualTo(Files.readAllBytes(streamed));
                }
            }
        }
    }

    @Test
    void masksThatMayTakeTheFftAndGreyOr16BitImagesStream() {
        Mask big = StripFilterTest.randomMask(21, 21, 3); // 441 taps, not separable: auto may take the FFT
        FilterSpec fftish = FilterSpec.of(big, BorderPolicy.parse("mirror"));
        FilterSpec small = FilterSpec.of(MaskPresets.parse("gaussian:1:5"), BorderPolicy.parse("mirror"));
        assertThat(PackedFilter.applies(fftish, Strategy.AUTO)).isFalse();
        assertThat(PackedFilter.applies(small, Strategy.FFT)).isFalse();
        assertThat(PackedFilter.applies(fftish, Strategy.FAST)).isTrue();
        assertThat(PackedFilter.applies(small, Strategy.AUTO)).isTrue();
        assertThat(stages(fftish, Strategy.AUTO).decode(input("random.jpg")).packed()).isEmpty();
        assertThat(stages(fftish, Strategy.AUTO).decode(input("rgb.png")).packed()).isEmpty();
        for (int bits : new int[] {8, 16}) {
            Path png = dir.resolve("streamed-" + bits + ".png");
            TestImageFiles.png(png, 13, 9, bits, false, bits == 8, 4); // 8-bit grey, 16-bit RGB
            FaithfulFileStages.Opened opened = stages(small, Strategy.AUTO).decode(png);
            assertThat(opened.packed()).as("%d bits: read as the filter goes", bits).isEmpty();
            assertThat(opened.opener()).isNotNull();
        }
        Path wide = dir.resolve("wide.png"); // 2000 wide: two bands of 524 rows
        TestImageFiles.png(wide, 2000, 530, 8, false, false, 5);
        assertThat(FileFilter.run(job(wide, dir.resolve("wide-out.png"), 0), ENGINE, small, Strategy.AUTO, n -> { }).bands())
                .as("convolab filter streams a PNG (of any size) in bands").isEqualTo(2);
    }

    /** An FFT mask goes whole (packed) only to an engine whose whole-image FFT is cheap: the capability, not the backend. */
    @Test
    void fftMasksGoWholeOnlyWhereTheEngineSaysTheWholeImageFftIsCheap() {
        FilterSpec fftish = FilterSpec.of(StripFilterTest.randomMask(21, 21, 3), BorderPolicy.parse("mirror"));
        org.convolab.core.ConvolutionEngine cheapFft = new org.convolab.core.ConvolutionEngine() {
            @Override
            public org.convolab.core.Backend backend() {
                return org.convolab.core.Backend.CPU; // the backend says nothing: the capability decides
            }

            @Override
            public String device() {
                return "test";
            }

            @Override
            public org.convolab.core.FilterResult filter(org.convolab.core.RgbaImage image, FilterSpec spec, Strategy strategy) {
                return ENGINE.filter(image, spec, strategy);
            }

            @Override
            public boolean wholeImageFftIsCheap() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        assertThat(ENGINE.wholeImageFftIsCheap()).isFalse();
        try (org.convolab.core.RowSource src = org.convolab.io.RowSources.opener(input("random.jpg"), 1_000_000L).get()) {
            assertThat(PackedFilter.fftOnDevice(src, fftish, Strategy.FFT, ENGINE)).isEmpty();
            assertThat(PackedFilter.fftOnDevice(src, fftish, Strategy.FFT, cheapFft)).get()
                    .satisfies(img -> assertThat(img.width()).isEqualTo(src.width()));
        }
    }

    static FileFilter.Job job(Path in, Path out, int band) {
        return new FileFilter.Job(in, out, false, 2_000_000_000L, RowSinks.Options.defaults(), band);
    }

    static FaithfulFileStages stages(FilterSpec spec, Strategy strategy) {
        return new FaithfulFileStages(spec, strategy, 2_000_000_000L, RowSinks.Options.defaults(), n -> { });
    }

    /** The test inputs, made once: the bundled ICC JPEG, random RGB JPEG and BMP, a GIF with a transparent colour. */
    static synchronized Path input(String name) {
        Path p = dir.resolve(name);
        if (Files.exists(p)) {
            return p;
        }
        try {
            if (name.equals("rocket.jpg")) {
                return Files.copy(Path.of("sample-images/rocket.jpg"), p);
            }
            if (name.endsWith(".png")) {
                TestImageFiles.png(p, 43, 31, 8, name.equals("rgba.png"), false, name.length());
                return p;
            }
            Random rnd = new Random(name.hashCode());
            BufferedImage img;
            if (name.endsWith(".gif")) {
                byte[] r = new byte[256];
                byte[] g = new byte[256];
                byte[] bl = new byte[256];
                rnd.nextBytes(r);
                rnd.nextBytes(g);
                rnd.nextBytes(bl);
                img = new BufferedImage(41, 29, BufferedImage.TYPE_BYTE_INDEXED, new IndexColorModel(8, 256, r, g, bl, 5));
                for (int y = 0; y < 29; y++) {
                    for (int x = 0; x < 41; x++) {
                        img.getRaster().setSample(x, y, 0, rnd.nextInt(8) == 0 ? 5 : rnd.nextInt(256));
                    }
                }
            } else {
                img = new BufferedImage(37, 23, BufferedImage.TYPE_3BYTE_BGR);
                for (int y = 0; y < 23; y++) {
                    for (int x = 0; x < 37; x++) {
                        img.setRGB(x, y, rnd.nextInt());
                    }
                }
            }
            if (!ImageIO.write(img, name.substring(name.lastIndexOf('.') + 1), p.toFile())) {
                throw new IllegalStateException("no writer for " + name);
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
