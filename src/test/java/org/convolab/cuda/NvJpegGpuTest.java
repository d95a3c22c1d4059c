package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.convolab.core.BorderPolicy;
import org.convolab.core.DeviceJpeg;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.engine.DeviceJpegStages;
import org.convolab.engine.FaithfulFileStages;
import org.convolab.io.ImageFiles;
import org.convolab.io.RowSinks;
import org.convolab.io.SampleImages;
import org.convolab.io.TestJpegs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * nvJPEG on the GPU host: decode, filter and encode on the device give what the CPU codec and the
 * double-precision reference give, up to the JPEG codecs' own rounding; files nvJPEG cannot take are
 * refused as {@link DeviceJpeg.Unsupported} (the batch then goes the CPU way); a host without the
 * library offers no device codec.
 */
@Tag("gpu")
class NvJpegGpuTest {

    private static CudaEngine engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    private static DeviceJpeg codecOrSkip() {
        assumeTrue(NvJpeg.problem() == null, () -> "no nvJPEG on this host: " + NvJpeg.problem());
        return engine.deviceJpeg().orElseThrow();
    }

    /** The three sample photographs as baseline JPEGs, each at every quality given. */
    private static List<byte[]> photos(int... qualities) throws Exception {
        List<byte[]> out = new ArrayList<>();
        for (String name : List.of("astronaut.png", "coffee.png", "chelsea.png")) {
            RgbaImage img = ImageFiles.read(SampleImages.path(name));
            for (int q : qualities) {
                out.add(TestJpegs.jpeg(img, q, false, false));
            }
        }
        return out;
    }

    private RgbaImage read(byte[] jpeg, String name) throws Exception {
        return ImageFiles.read(Files.write(dir.resolve(name), jpeg));
    }

    @ParameterizedTest(name = "{0} {1} q{2}")
    @CsvSource({"gaussian:1.5, mirror, 92", "box:5, zero, 95", "sharpen, clamp, 90", "gaussian:2, wrap, 80", "identity, zero, 92"})
    void theGpuWayMatchesTheCpuCodecAndTheReference(String mask, String border, int quality) throws Exception {
        DeviceJpeg codec = codecOrSkip();
        RgbaImage photo = ImageFiles.read(SampleImages.path("astronaut.png"));
        byte[] input = TestJpegs.jpeg(photo, 92, false, false);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse(mask), BorderPolicy.parse(border));
        byte[] gpu = codec.transcode(input, spec, Strategy.AUTO, quality);
        RgbaImage decodedOnCpu = read(input, "in.jpg");
        RgbaImage reference = ReferenceConvolver.filter(decodedOnCpu, spec);
        // the CPU way's encoder as the batch runs it (no chroma subsampling from quality 90)
        Path cpuFile = dir.resolve("cpu.jpg");
        RowSinks.write(cpuFile, false, reference, new SampleFormat(3, 8), Optional.empty(), new RowSinks.Options(quality, 1), n -> { });
        RgbaImage cpuWay = ImageFiles.read(cpuFile);
        RgbaImage gpuWay = read(gpu, "gpu.jpg");
        double between = TestJpegs.psnr(gpuWay, cpuWay);
        double toReference = TestJpegs.psnr(gpuWay, reference);
        System.out.printf("nvJPEG %s %s q%d: PSNR to the CPU codec's output %.1f dB, to the reference %.1f dB (CPU codec to reference %.1f dB)%n",
                mask, border, quality, between, toReference, TestJpegs.psnr(cpuWay, reference));
        assertThat(gpuWay.width()).isEqualTo(photo.width());
        // 45 dB between the two codecs' outputs; a mask that makes much high-frequency detail (sharpen) leaves both
        // further from the exact result, and there the two must still be much closer to each other than either to it
        double cpuToReference = TestJpegs.psnr(cpuWay, reference);
        assertThat(between).isGreaterThanOrEqualTo(Math.min(quality >= 90 ? 45 : 38, cpuToReference + 5));
        assertThat(toReference).isGreaterThanOrEqualTo(TestJpegs.psnr(cpuWay, reference) - 3);
    }

    @Test
    void filesFromManyThreadsAreGatheredIntoBatchesWithTheSameResults() throws Exception {
        DeviceJpeg codec = codecOrSkip();
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1"), BorderPolicy.parse("mirror"));
        List<byte[]> inputs = photos(92, 85);
        List<byte[]> oneByOne = new ArrayList<>();
        for (byte[] in : inputs) {
            oneByOne.add(codec.transcode(in, spec, Strategy.AUTO, 92));
        }
        ExecutorService pool = Executors.newFixedThreadPool(inputs.size() * 2);
        try {
            List<Future<byte[]>> together = new ArrayList<>();
            for (int round = 0; round < 2; round++) {
                for (byte[] in : inputs) {
                    together.add(pool.submit(() -> codec.transcode(in, spec, Strategy.AUTO, 92)));
                }
            }
            for (int i = 0; i < together.size(); i++) {
                assertThat(together.get(i).get()).as("file %d", i % inputs.size()).isEqualTo(oneByOne.get(i % inputs.size()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void filesNvJpegCannotTakeAreRefusedForTheCpuWayAndTheEngineStillWorks() {
        DeviceJpeg codec = codecOrSkip();
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("zero"));
        assertThatThrownBy(() -> codec.transcode("not a jpeg at all".getBytes(), spec, Strategy.AUTO, 92))
                .isInstanceOf(DeviceJpeg.Unsupported.class);
        RgbaImage small = ImageFiles.read(SampleImages.path("chelsea.png"));
        assertThat(engine.filter(small, spec, Strategy.AUTO).image().maxDifference(ReferenceConvolver.filter(small, spec)))
                .isLessThanOrEqualTo(1);
        assertThat(codec.name()).startsWith("nvJPEG ");
    }

    @Test
    void aBatchsProgressiveAndGreyFilesGoTheCpuWayAndBaselineOnesTheDeviceWayWithTheSameImages() throws Exception {
        codecOrSkip();
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1"), BorderPolicy.parse("mirror"));
        RgbaImage photo = ImageFiles.read(SampleImages.path("coffee.png"));
        FaithfulFileStages cpuWay = new FaithfulFileStages(spec, Strategy.AUTO, Long.MAX_VALUE, RowSinks.Options.defaults(), n -> { });
        DeviceJpegStages stages = new DeviceJpegStages(cpuWay, spec, Strategy.AUTO, Long.MAX_VALUE, 92, p -> true);
        Path baseline = Files.write(dir.resolve("b.jpg"), TestJpegs.jpeg(photo, 92, false, false));
        Path progressive = Files.write(dir.resolve("p.jpg"), TestJpegs.jpeg(photo, 92, true, false));
        Path grey = Files.write(dir.resolve("g.jpg"), TestJpegs.jpeg(photo, 92, false, true));
        for (Path in : List.of(baseline, progressive, grey)) {
            stages.encode(stages.filter(engine, stages.decode(in)), dir.resolve("out-" + in.getFileName()), false);
        }
        assertThat(stages.codecReport("nvJPEG")).matches("JPEG codec: nvJPEG \\S+, .+ for 1 file, the CPU way for 2");
        // the device way and the CPU way of the same baseline file: the same image up to the codecs' rounding
        Path cpuOut = dir.resolve("cpu-b.jpg");
        cpuWay.encode(cpuWay.filter(engine, cpuWay.decode(baseline)), cpuOut, false);
        assertThat(TestJpegs.psnr(ImageFiles.read(dir.resolve("out-b.jpg")), ImageFiles.read(cpuOut))).isGreaterThan(45);
        assertThat(TestJpegs.psnr(ImageFiles.read(dir.resolve("out-p.jpg")), ImageFiles.read(cpuOut))).isGreaterThan(40);
    }

    @Test
    void leasedResultsAreTheSameBytesAndTheirBuffersAreReusedNotMadeForEveryFile() throws Exception {
        DeviceJpeg codec = codecOrSkip();
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1"), BorderPolicy.parse("mirror"));
        List<byte[]> inputs = photos(92);
        codec.prepare(inputs.get(0), spec, Strategy.AUTO); // the batch's warm-up: the same results after it
        List<byte[]> copied = new ArrayList<>();
        for (byte[] in : inputs) {
            copied.add(codec.transcode(in, spec, Strategy.AUTO, 92));
        }
        int afterFirstRound = 0;
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < inputs.size(); i++) {
                // the file in a longer, reused array: only its bytes are read
                byte[] longer = java.util.Arrays.copyOf(inputs.get(i), inputs.get(i).length + 1000);
                try (DeviceJpeg.Encoded lent = codec.transcodeLeased(java.nio.ByteBuffer.wrap(longer, 0, inputs.get(i).length), spec,
                        Strategy.AUTO, 92)) {
                    assertThat(lent.bytes().isDirect()).isTrue();
                    assertThat(lent.toArray()).isEqualTo(copied.get(i));
                }
            }
            if (round == 0) {
                afterFirstRound = engine.onGpu(() -> engine.session().jpegCodec().outputBuffers());
            }
        }
        int kept = engine.onGpu(() -> engine.session().jpegCodec().outputBuffers());
        assertThat(kept).as("host buffers for encoded files, each given back: none more after the first round")
                .isEqualTo(afterFirstRound).isPositive();
        // a lease still open keeps its bytes while later files are encoded
        DeviceJpeg.Encoded held = codec.transcodeLeased(java.nio.ByteBuffer.wrap(inputs.get(1)), spec, Strategy.AUTO, 92);
        for (byte[] in : inputs) {
            codec.transcode(in, spec, Strategy.AUTO, 80);
        }
        assertThat(held.toArray()).isEqualTo(copied.get(1));
        held.close();
    }

    @Test
    void aHostWithoutTheLibrarySaysWhyInOneLine() {
        CudaLibrary<NvJpeg.Api> missing = new CudaLibrary<>("nvJPEG", NvJpeg.Api.class, "convolab.test.none", "libconvolab-no-such-nvjpeg.so");
        assertThat(missing.api()).isNull();
        assertThat(missing.problem()).startsWith("no nvJPEG library found on this host").doesNotContain("\n");
    }
}
