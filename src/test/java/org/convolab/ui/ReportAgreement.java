package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.convolab.cli.Cli;
import org.convolab.core.Backend;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.engine.Engines;
import org.convolab.io.PngSamples;
import org.convolab.io.WideSamples;
import org.convolab.selftest.TestImages;
import org.convolab.ui.compare.CompareRows;
import org.convolab.ui.compare.CompareTask;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The four reports of one filter name the same kernels and the same bytes and FLOPs: {@code convolab bench} (its
 * json: runs, kernel_bytes, kernel_flops), the timing overlay's details, Compare's rows (What ran and the cost its
 * rates divide) and {@code convolab filter --timings}; all read the result's plan and {@link FilterCost}. Every
 * concrete strategy x mask kind (a full 2D mask, a separable one, one of FFT size: 31x31, past both engines' FFT
 * crossover) x sample format (8-bit ARGB, 16-bit RGB, float RGB). Bench and Compare take 8-bit images only: for
 * 16-bit and float the overlay (the window's sample path, {@link FilterService#filterSamples}) and {@code --timings}
 * are held to each other, and on the CPU (whose plans do not depend on the layout) to the 8-bit figures too.
 * A subclass says which backend.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ReportAgreement {
    static final int W = 48;
    static final int H = 40;

    /** The backend the reports run on. */
    abstract Backend backend();

    /** Skips the class where the backend cannot run (the gpu variant without a device). */
    void assumeBackend() {
    }

    private ConvolutionEngine engine;
    @TempDir
    Path dir;

    /** One mask kind: how bench makes it and the same mask for the other reports. */
    record Kind(String name, List<String> benchArgs, Mask mask) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(
                new Kind("full 2D 5x5", List.of("--mask-size", "5x5"), TestImages.randomMask(5, 5, new Random(5))),
                // bench --radius 3 --mask gaussian is gaussian:1.5:7: the very mask
                new Kind("separable 7x7", List.of("--radius", "3", "--mask", "gaussian"), MaskPresets.parse("gaussian:1.5:7")),
                new Kind("FFT-size 31x31", List.of("--mask-size", "31x31"), TestImages.randomMask(31, 31, new Random(31))));
    }

    /** What one report said: the kernels it names and their work. */
    record Said(String kernels, String cost) {
        static Said of(String kernels, FilterCost cost) {
            return new Said(kernels, cost.describe());
        }

        /** The "kernels K: COST" line of the overlay and --timings. */
        static Said fromLine(String text) {
            String line = text.lines().filter(l -> l.startsWith("kernels ")).reduce((a, b) -> b).orElse("(no kernels line) x: ");
            int colon = line.lastIndexOf(": ");
            return new Said(line.substring("kernels ".length(), colon), line.substring(colon + 2));
        }
    }

    @BeforeAll
    void open() {
        assumeBackend();
        engine = Engines.open(backend(), msg -> { });
    }

    @AfterAll
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void benchOverlayCompareAndTimingsAgree(Kind kind) {
        List<Strategy> strategies = Strategy.concrete().stream().filter(s -> s.whyNotApplicable(kind.mask()) == null).toList();
        Map<String, JsonObject> bench = bench(kind, strategies);
        FilterSpec spec = FilterSpec.of(kind.mask(), BorderPolicy.parse("mirror"));
        RgbaImage image = TestImages.opaqueImage(W, H, 7);
        Map<String, CompareTask.Row> compare = CompareRows.run(engine, image, spec, 1).stream()
                .collect(Collectors.toMap(CompareTask.Row::strategy, r -> r));
        Path png8 = PngSamples.write(dir.resolve("in8.png"), W, H, 8, false, false, 8);
        Path png16 = PngSamples.write(dir.resolve("in16.png"), W, H, 16, false, false, 16);
        float[] values = new float[W * H * 3];
        Random rnd = new Random(32);
        for (int i = 0; i < values.length; i++) {
            values[i] = rnd.nextFloat() * 2 - 0.5f;
        }
        Path tif = WideSamples.write(dir.resolve("inf.tif"), W, H, new SampleFormat(3, 32, SampleFormat.Kind.FLOAT),
                WideSamples.bits(values));
        List<String> differ = new ArrayList<>();
        int checked = 0;
        for (Strategy s : strategies) {
            String where = kind + ", " + s.id();
            JsonObject row = bench.get(s.id());
            Said fromBench = Said.of(row.get("runs").getAsString(),
                    new FilterCost(row.get("kernel_bytes").getAsLong(), row.get("kernel_flops").getAsLong()));
            CompareTask.Row c = compare.get(s.id());
            Map<String, Said> said = new HashMap<>();
            said.put("compare", Said.of(c.ran(), c.cost()));
            said.put("overlay", overlay8(image, kind.mask(), s));
            said.put("--timings", timings(png8, "o8.png", kind.mask(), s));
            said.forEach((report, x) -> {
                if (!x.equals(fromBench)) {
                    differ.add(where + ", 8-bit: " + report + " says " + x + ", bench " + fromBench);
                }
            });
            for (Path wide : List.of(png16, tif)) {
                String fmt = wide == png16 ? "16-bit" : "float";
                Said overlay = Said.fromLine(TimingOverlay.describe(FilterService.filterSamples(engine, SampleImage.readIfWide(wide),
                        state(kind.mask(), s), 1)));
                Said cli = timings(wide, "o" + fmt + (wide == png16 ? ".png" : ".tif"), kind.mask(), s);
                if (!overlay.equals(cli)) {
                    differ.add(where + ", " + fmt + ": the overlay says " + overlay + ", --timings " + cli);
                }
                // 16-bit and float images run on float planes, never a fused kernel: 8 bytes a pixel a channel a pass
                long passes = cli.kernels().split(" \\+ ").length;
                String planesBytes = new FilterCost(24L * W * H * passes, 0).describe().split(", ")[0];
                if (!cli.cost().startsWith(planesBytes + ", ")) {
                    differ.add(where + ", " + fmt + ": --timings says " + cli + ", three float planes a pass move " + planesBytes);
                }
                if (backend() == Backend.CPU && !cli.equals(fromBench)) {
                    differ.add(where + ", " + fmt + ": --timings says " + cli + ", bench (8-bit, the same CPU plan) " + fromBench);
                }
            }
            checked++;
        }
        assertThat(differ).as("reports that differ").isEmpty();
        assertThat(checked).isEqualTo(strategies.size()).isGreaterThanOrEqualTo(8);
    }

    private EditState state(Mask mask, Strategy s) {
        return new EditState(mask, BorderPolicy.parse("mirror"), 1f, 0f, false, s, backend());
    }

    /** The overlay's details for an 8-bit image, as the window's filter service gets the result (lent). */
    private Said overlay8(RgbaImage image, Mask mask, Strategy s) {
        EditState state = state(mask, s);
        try (ResultLease lease = engine.filterLeased(image, state.spec(), s)) {
            return Said.fromLine(TimingOverlay.describe(FilterOutcome.whole(lease, engine.backend(), engine.device(), state, 1)));
        }
    }

    /** Bench's json rows by strategy, one run each. */
    private Map<String, JsonObject> bench(Kind kind, List<Strategy> strategies) {
        List<String> args = new ArrayList<>(List.of("bench", "--backend", backend().toString(), "--size", W + "x" + H,
                "--strategy", strategies.stream().map(Strategy::id).collect(Collectors.joining(",")), "--repeat", "1",
                "--warmup", "0", "--format", "json", "--border", "mirror"));
        args.addAll(kind.benchArgs());
        String out = cli(args);
        Map<String, JsonObject> rows = new HashMap<>();
        for (var e : JsonParser.parseString(out).getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            rows.put(o.get("strategy").getAsString(), o);
        }
        assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(strategies.stream().map(Strategy::id).toList());
        return rows;
    }

    /** {@code convolab filter IN -o OUT --timings}'s kernels line. */
    private Said timings(Path in, String out, Mask mask, Strategy s) {
        return Said.fromLine(cli(List.of("filter", in.toString(), "-o", dir.resolve(out).toString(), "--force", "--mask",
                inline(mask), "--border", "mirror", "--strategy", s.id(), "--backend", backend().toString(), "--timings")));
    }

    /** The mask as inline rows ("a b c; d e f; ..."), every weight exact. */
    static String inline(Mask m) {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < m.height(); y++) {
            sb.append(y == 0 ? "" : "; ");
            for (int x = 0; x < m.width(); x++) {
                sb.append(x == 0 ? "" : " ").append(m.get(x, y));
            }
        }
        return sb.toString();
    }

    private static String cli(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(String.join(" ", args) + ": " + err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }
}
