package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.convolab.core.Backend;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.DeviceJpeg;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.io.ImageFiles;
import org.convolab.io.JpegMarkers;
import org.convolab.io.RowSinks;
import org.convolab.io.SyntheticImages;
import org.convolab.io.TestJpegs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files of a batch go the device JPEG way and which the CPU way, file by file: the routing, the
 * kept segments and the fall-backs, with a device codec made of the CPU's parts (the real one, nvJPEG,
 * is tested on the GPU host by cuda.NvJpegGpuTest).
 */
class DeviceJpegStagesTest {

    @TempDir
    Path dir;

    private final CpuEngine cpu = new CpuEngine(1);
    private final FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1"), BorderPolicy.parse("mirror"));
    private final RgbaImage image = SyntheticImages.gradient(64, 48);

    /** A "device" codec: ImageIO decodes, the CPU engine filters, ImageIO encodes; it records what it was given. */
    private final class CpuPartsCodec implements DeviceJpeg {
        final List<Integer> qualities = new ArrayList<>();
        final java.util.concurrent.atomic.AtomicInteger leased = new java.util.concurrent.atomic.AtomicInteger();
        final List<byte[]> prepared = new java.util.concurrent.CopyOnWriteArrayList<>();
        boolean refuse;
        boolean closed;

        @Override
        public Encoded transcodeLeased(java.nio.ByteBuffer jpeg, FilterSpec s, Strategy strategy, int quality) {
            byte[] in = new byte[jpeg.remaining()];
            jpeg.duplicate().get(in);
            byte[] out = transcode(in, s, strategy, quality);
            leased.incrementAndGet();
            return new Encoded(java.nio.ByteBuffer.wrap(out), leased::decrementAndGet);
        }

        @Override
        public void prepare(byte[] jpeg, FilterSpec s, Strategy strategy) {
            prepared.add(jpeg);
        }

        @Override
        public String name() {
            if (closed) { // as a closed CUDA engine's codec: its thread is gone
                throw new IllegalStateException("the engine is closed");
            }
            return "test codec";
        }

        @Override
        public byte[] transcode(byte[] jpeg, FilterSpec s, Strategy strategy, int quality) {
            if (refuse) {
                throw new Unsupported("refused by the test");
            }
            qualities.add(quality);
            try {
                Path tmp = Files.write(Files.createTempFile(dir, "device", ".jpg"), jpeg);
                return TestJpegs.jpeg(cpu.filter(ImageFiles.read(tmp), s, strategy).image(), quality, false, false);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private final CpuPartsCodec codec = new CpuPartsCodec();

    /** The CPU engine with the codec above. */
    private final ConvolutionEngine engine = new ConvolutionEngine() {
        @Override
        public Backend backend() {
            return Backend.CPU;
        }

        @Override
        public String device() {
            return "CPU with a test JPEG codec";
        }

        @Override
        public FilterResult filter(RgbaImage img, FilterSpec s, Strategy strategy) {
            return cpu.filter(img, s, strategy);
        }

        @Override
        public Optional<DeviceJpeg> deviceJpeg() {
            return Optional.of(codec);
        }

        @Override
        public void close() {
        }
    };

    @AfterEach
    void close() {
        cpu.close();
    }

    private DeviceJpegStages stages() {
        FaithfulFileStages cpuWay = new FaithfulFileStages(spec, Strategy.NAIVE, Long.MAX_VALUE, RowSinks.Options.defaults(), n -> { });
        return new DeviceJpegStages(cpuWay, spec, Strategy.NAIVE, Long.MAX_VALUE, 93, p -> true);
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void aBaselineJpegGoesTheDeviceWayWithItsQualityAndKeptSegments() throws Exception {
        byte[] exif = {(byte) 0xFF, (byte) 0xE1, 0, 8, 'E', 'x', 'i', 'f', 0, 0};
        Path in = write("a.jpg", JpegMarkers.withSegments(TestJpegs.jpeg(image, 95, false, false), List.of(exif)));
        DeviceJpegStages st = stages();
        DeviceJpegStages.Opened opened = st.decode(in);
        assertThat(opened.jpeg()).isNotNull();
        assertThat(st.pixels(opened)).isEqualTo(64 * 48);
        Path out = dir.resolve("o.jpg");
        st.encode(st.filter(engine, opened), out, false);
        assertThat(codec.qualities).containsExactly(93);
        assertThat(JpegMarkers.parse(Files.readAllBytes(out)).kept()).containsExactly(exif);
        RgbaImage expected = cpu.filter(ImageFiles.read(in), spec, Strategy.NAIVE).image();
        assertThat(TestJpegs.psnr(ImageFiles.read(out), expected)).isGreaterThan(35);
        codec.closed = true; // the batch prints its summary after closing the engines
        assertThat(st.codecReport("fallback")).isEqualTo("JPEG codec: test codec for 1 file, the CPU way for 0");
    }

    @Test
    void progressiveGreyPngAndRefusedFilesGoTheCpuWayWithTheSameResult() throws Exception {
        Path progressive = write("p.jpg", TestJpegs.jpeg(image, 92, true, false));
        Path grey = write("g.jpg", TestJpegs.jpeg(image, 92, false, true));
        Path png = dir.resolve("x.png");
        ImageFiles.write(image, png, false);
        DeviceJpegStages st = stages();
        for (Path in : List.of(progressive, grey, png)) {
            DeviceJpegStages.Opened opened = st.decode(in);
            assertThat(opened.jpeg()).as(in.toString()).isNull();
            st.encode(st.filter(engine, opened), dir.resolve("out-" + in.getFileName()), false);
        }
        Path baseline = write("b.jpg", TestJpegs.jpeg(image, 92, false, false));
        codec.refuse = true;
        DeviceJpegStages.Opened opened = st.decode(baseline);
        assertThat(opened.jpeg()).isNotNull();
        st.encode(st.filter(engine, opened), dir.resolve("out-b.jpg"), false);
        assertThat(codec.qualities).isEmpty();
        assertThat(st.codecReport("test codec")).endsWith("for 0 files, the CPU way for 4");
        RgbaImage expected = cpu.filter(ImageFiles.read(png), spec, Strategy.NAIVE).image();
        assertThat(ImageFiles.read(dir.resolve("out-x.png")).maxDifference(expected)).isZero();
        assertThat(dir.resolve("out-b.jpg")).exists();
    }

    @Test
    void anEngineWithoutADeviceCodecFiltersEveryFileTheCpuWay() throws Exception {
        Path in = write("a.jpg", TestJpegs.jpeg(image, 92, false, false));
        DeviceJpegStages st = stages();
        st.encode(st.filter(cpu, st.decode(in)), dir.resolve("o.jpg"), false);
        assertThat(codec.qualities).isEmpty();
        assertThat(st.codecReport("x")).endsWith("the CPU way for 1");
    }

    @Test
    void aLentResultIsGivenBackOnceWrittenOnceAFailedWriteAndOnceDropped() throws Exception {
        Path in = write("a.jpg", TestJpegs.jpeg(image, 92, false, false));
        DeviceJpegStages st = stages();
        st.encode(st.filter(engine, st.decode(in)), dir.resolve("o.jpg"), false);
        assertThat(codec.leased).hasValue(0);
        DeviceJpegStages.Filtered again = st.filter(engine, st.decode(in));
        assertThat(codec.leased).hasValue(1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> st.encode(again, dir.resolve("o.jpg"), false))
                .isInstanceOf(org.convolab.core.ConvolabException.class);
        assertThat(codec.leased).as("the output existed: not written, still given back").hasValue(0);
        st.drop(st.filter(engine, st.decode(in)));
        assertThat(codec.leased).hasValue(0);
    }

    @Test
    void theCodecIsPreparedWithTheFirstJpegWhoseOutputIsAJpeg() throws Exception {
        Path png = dir.resolve("x.png");
        ImageFiles.write(image, png, false);
        byte[] jpeg = TestJpegs.jpeg(image, 92, false, false);
        Path in = write("a.jpg", jpeg);
        stages().prepareWhileReading(List.of(engine), List.of(png, in));
        for (int i = 0; i < 200 && codec.prepared.isEmpty(); i++) {
            Thread.sleep(10); // it runs on a thread of its own
        }
        assertThat(codec.prepared).hasSize(1);
        assertThat(codec.prepared.get(0)).isEqualTo(jpeg);
    }
}
