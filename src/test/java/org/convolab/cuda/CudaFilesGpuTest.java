package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.Strategy;
import org.convolab.engine.Conformance;
import org.convolab.engine.FileFilter;
import org.convolab.engine.StripFilter;
import org.convolab.io.RowSinks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A JPEG through the CUDA engine both ways a file goes: the short way (the whole 8-bit image in one engine
 * call, as {@code convolab filter} and each file of a batch take it) writes the bytes of the streamed bands,
 * for every strategy but fft (which streams) and every policy, a separable and a 2D mask. Skipped, with the
 * reason, where no CUDA device is usable.
 */
@Tag("gpu")
class CudaFilesGpuTest {

    private static CudaEngine engine;

    @TempDir
    static Path dir;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    static Stream<Arguments> strategiesAndPolicies() {
        return Stream.of(Strategy.values()).filter(s -> s != Strategy.FFT)
                .flatMap(s -> Conformance.policies().stream().map(p -> Arguments.of(s, p.name())));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesAndPolicies")
    void theShortWayOnTheGpuWritesTheStreamedBytes(Strategy strategy, String policy) throws IOException {
        Path in = dir.resolve("rocket.jpg");
        synchronized (CudaFilesGpuTest.class) {
            if (!Files.exists(in)) {
                Files.copy(org.convolab.io.SampleImages.path("rocket.jpg"), in); // from the jar in the bundle
            }
        }
        Mask random = Mask.of(5, 3, new float[] {0.1f, -0.2f, 0.3f, 0.05f, 0.1f, 0.2f, 0.4f, -0.1f, 0.1f, 0.05f, 0.1f, 0.2f, -0.3f, 0.1f, 0f});
        for (Mask mask : new Mask[] {MaskPresets.parse("gaussian:1:5"), random}) {
            if (strategy.whyNotApplicable(mask) != null) {
                continue;
            }
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            String name = strategy.id() + "-" + policy.replace(':', '_') + "-" + mask.width() + "x" + mask.height();
            Path whole = dir.resolve("whole-" + name + ".png");
            Path bands = dir.resolve("bands-" + name + ".png");
            StripFilter.Report w = FileFilter.run(job(in, whole, 0), engine, spec, strategy, n -> { });
            StripFilter.Report b = FileFilter.run(job(in, bands, 7), engine, spec, strategy, n -> { });
            assertThat(w.bands()).isEqualTo(1);
            assertThat(b.bands()).isGreaterThan(1);
            assertThat(w.plan().launches()).as("ran on the GPU").isNotEmpty();
            assertThat(Files.readAllBytes(whole)).as(name).isEqualTo(Files.readAllBytes(bands));
        }
    }

    private static FileFilter.Job job(Path in, Path out, int band) {
        return new FileFilter.Job(in, out, false, 2_000_000_000L, RowSinks.Options.defaults(), band);
    }
}
