package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.convolab.core.Backend;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.StagedInput;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.io.ImageFiles;
import org.convolab.io.PendingJpeg;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A JPEG decoded straight into an engine's staged input ({@link StagedFilter}) comes out as the ordinary short way
 * writes it, byte for byte; a device failure under the staged pixels falls back to the ordinary way with nothing lost;
 * jobs the staged way does not take (bands, another depth) never reach it. The engine here is the CPU's with a direct
 * buffer as its staged input, so the test runs anywhere the native JPEG codec is (CI installs it).
 */
class StagedFilterTest {

    static final CpuEngine CPU = new CpuEngine(2);

    @TempDir
    Path dir;

    Path photo;

    @AfterAll
    static void close() {
        CPU.close();
    }

    @BeforeEach
    void aJpegTheNativeCodecTakes() throws Exception {
        RgbaImage coffee = ImageFiles.read(Path.of("sample-images/coffee.png"));
        photo = dir.resolve("photo.jpg");
        javax.imageio.ImageIO.write(ImageFiles.toBufferedImage(coffee, false), "jpg", photo.toFile());
        assumeTrue(PendingJpeg.open(photo, RowSources.DEFAULT_MAX_PIXELS).isPresent(),
                "no native JPEG codec here (libturbojpeg0): the staged way needs one");
    }

    /** The CPU engine with a direct buffer as its staged input; counts the staged filters, and can lose them. */
    static final class StagingEngine implements ConvolutionEngine {
        int stagedFilters;
        int prepared;
        boolean lose;
        private ByteBuffer buffer;

        @Override
        public Backend backend() {
            return Backend.CUDA;
        }

        @Override
        public String device() {
            return "staging test engine";
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            return CPU.filter(image, spec, strategy);
        }

        @Override
        public void prepare(int width, int height, FilterSpec spec, Strategy strategy) {
            prepared++;
        }

        @Override
        public Optional<StagedInput> stagedInput() {
            return Optional.of(new StagedInput() {
                @Override
                public Optional<ByteBuffer> buffer(int width, int height) {
                    buffer = ByteBuffer.allocateDirect(4 * width * height).order(ByteOrder.nativeOrder());
                    return Optional.of(buffer);
                }

                @Override
                public ResultLease filterLeased(int width, int height, FilterSpec spec, Strategy strategy) {
                    stagedFilters++;
                    if (lose) {
                        throw new StagedInput.Lost("the test's device failed", null);
                    }
                    int[] p = new int[width * height];
                    buffer.asIntBuffer().get(p);
                    return ResultLease.of(CPU.filter(new RgbaImage(width, height, p), spec, strategy));
                }
            });
        }

        @Override
        public void close() {
        }
    }

    private StripFilter.Report run(ConvolutionEngine engine, Path out, FileFilter.Job job) {
        return FileFilter.run(job, () -> engine, FilterSpec.of(MaskPresets.parse("gaussian:2"), BorderPolicy.parse("mirror")),
                Strategy.AUTO, n -> { });
    }

    private FileFilter.Job job(Path out, int bandRows, OutputDepth depth) {
        return new FileFilter.Job(photo, out, false, RowSources.DEFAULT_MAX_PIXELS, RowSinks.Options.defaults(), bandRows, false, depth);
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "jpg"})
    void theStagedWayWritesTheOrdinaryWaysBytes(String format) throws Exception {
        Path ordinary = dir.resolve("ordinary." + format);
        run(CPU, ordinary, job(ordinary, 0, OutputDepth.SAME));
        StagingEngine staging = new StagingEngine();
        Path staged = dir.resolve("staged." + format);
        StripFilter.Report r = run(staging, staged, job(staged, 0, OutputDepth.SAME));
        assertThat(staging.stagedFilters).as("filtered from the staged input").isEqualTo(1);
        assertThat(staging.prepared).as("made ready before the decode").isEqualTo(1);
        assertThat(r.covers()).contains("decoded into");
        assertThat(Files.readAllBytes(staged)).isEqualTo(Files.readAllBytes(ordinary));
    }

    @Test
    void aDeviceFailureUnderTheStagedPixelsGoesTheOrdinaryWayWithNothingLost() throws Exception {
        Path ordinary = dir.resolve("ordinary.png");
        run(CPU, ordinary, job(ordinary, 0, OutputDepth.SAME));
        StagingEngine staging = new StagingEngine();
        staging.lose = true;
        Path out = dir.resolve("after-loss.png");
        StripFilter.Report r = run(staging, out, job(out, 0, OutputDepth.SAME));
        assertThat(staging.stagedFilters).isEqualTo(1);
        assertThat(r.covers()).doesNotContain("decoded into");
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(ordinary));
    }

    @Test
    void bandsAndAnotherDepthNeverTakeTheStagedWay() {
        StagingEngine staging = new StagingEngine();
        Path banded = dir.resolve("banded.png");
        run(staging, banded, job(banded, 16, OutputDepth.SAME));
        Path deep = dir.resolve("deep.tif");
        run(staging, deep, job(deep, 0, OutputDepth.FLOAT));
        assertThat(staging.stagedFilters).isZero();
        assertThat(banded).exists();
        assertThat(deep).exists();
    }
}
