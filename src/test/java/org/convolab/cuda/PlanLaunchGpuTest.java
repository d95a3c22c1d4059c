package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.FilterResult;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.SampleImageFilter;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The plan of every strategy x mask kind x sample layout against the kernels that really launched (the
 * module's launch log, {@link LaunchPlan#launches}): 8-bit images through the engine with and without
 * the fused kernels, float planes through its plane filter, 16-bit and float RGB images whole through its
 * sample filter. Each must have launched exactly the steps
 * the planner laid out for the device, kernel and geometry, and named the rules' kernels.
 */
@Tag("gpu")
class PlanLaunchGpuTest {
    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    @Test
    void everyPlanLaunchesWhatItSays() {
        int w = 130;
        int h = 67;
        RgbaImage image = randomImage(w, h, new Random(27));
        List<String> failures = new ArrayList<>();
        int checked = 0;
        try (PlaneFilter planes = engine.planeFilter().orElseThrow()) {
            for (PlanCases.Case c : PlanCases.all()) {
                String where = c.toString();
                CudaPlanner.Decision d;
                LaunchPlan ran;
                int rows = h;
                if (c.layout() == SampleLayout.ARGB8) {
                    engine.fuseArgb(c.fuse());
                    d = engine.decide(c.spec(), c.strategy());
                    FilterResult r = engine.filter(image, c.spec(), c.strategy());
                    ran = r.plan();
                    if (r.timings().cost().bytes() != d.cost(w, h, c.mask()).bytes()) {
                        failures.add(where + ": cost " + r.timings().cost() + ", the plan's " + d.cost(w, h, c.mask()));
                    }
                } else {
                    d = CudaPlanner.decide(c.strategy(), c.spec(), SampleLayout.PLANES, false, engine.capability());
                    rows = h + c.mask().height() - 1;
                    float[] in = new float[w * rows];
                    for (int i = 0; i < in.length; i++) {
                        in[i] = (i * 37 % 256);
                    }
                    ran = planes.correlate(in, w, h, c.spec(), c.strategy(), new float[w * h]);
                }
                int planeRows = rows;
                int channels = c.layout() == SampleLayout.ARGB8 ? 3 : 1;
                List<String> expected = engine.onGpu(() -> d.variant().steps(w, planeRows, channels, engine.session().module())).stream()
                        .filter(s -> !s.library()).map(KernelStep::describe).distinct().toList();
                if (!ran.kernels().equals(PlanCases.expectedKernels(ran.runs(), c.spec(), c.layout(), c.fuse()))) {
                    failures.add(where + ": planned " + ran.kernels());
                } else if (ran.runs() == Strategy.TENSOR) {
                    // the tensor launcher picks the variant of the planned family (split, high halves, one load) itself
                    String family = ran.kernels().get(0).replace("_argb_", "_argb");
                    String oneLoad = "convolab_tensor_argbn_e" + TensorLauncher.groupBands(c.spec().mask().width());
                    if (ran.launches().size() != 1 || !(ran.launches().get(0).replace("_argb3_", "_argb").replace("_argb_", "_argb")
                            .startsWith(family) || ran.launches().get(0).startsWith(oneLoad))) {
                        failures.add(where + ": launched " + ran.launches() + ", planned the family " + ran.kernels());
                    }
                } else if (!ran.launches().equals(expected)) {
                    failures.add(where + ": launched " + ran.launches() + ", planned " + expected);
                }
                checked++;
            }
        } finally {
            engine.fuseArgb(CudaPlanner.FUSE_ARGB);
        }
        int total = checked;
        assertTrue(failures.isEmpty(), () -> failures.size() + " of " + total + " plans differ from their launches:\n"
                + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        assertEquals(PlanCases.all().size(), checked);
    }

    /**
     * 16-bit and float RGB images whole through the sample filter ({@link CudaSampleFilter}, the planes layout on
     * three colour planes): the launch log is the samples-to-planes kernel, exactly the planned steps of the filter
     * for three planes, and the planes-to-samples kernel, with the rules' kernels named.
     */
    @Test
    void everySampleFormatPlanLaunchesWhatItSays() {
        int w = 130;
        int h = 67;
        int n = w * h;
        List<String> failures = new ArrayList<>();
        int checked = 0;
        try (PlaneFilter planes = engine.planeFilter().orElseThrow()) {
            SampleImageFilter samples = planes.sampleImages().orElseThrow();
            for (PlanCases.Case c : PlanCases.all()) {
                if (c.layout() != SampleLayout.PLANES) {
                    continue;
                }
                for (SampleImageFilter.Samples kind : SampleImageFilter.Samples.values()) {
                    String where = c + " " + (kind == SampleImageFilter.Samples.U16 ? "16-bit" : "float") + " RGB";
                    CudaPlanner.Decision d = CudaPlanner.decide(c.strategy(), c.spec(), SampleLayout.PLANES, false);
                    samples.prepare(w, h, 3, kind, kind, c.spec(), c.strategy());
                    ByteBuffer in = samples.input();
                    for (int i = 0; i < 3 * n; i++) {
                        if (kind == SampleImageFilter.Samples.U16) {
                            in.putShort(2 * i, (short) (i * 37 % 65536));
                        } else {
                            in.putFloat(4 * i, (i * 37 % 256) / 255f);
                        }
                    }
                    LaunchPlan ran = samples.filter(w, h, 3, kind, kind, 65535, c.spec(), c.strategy());
                    boolean u16 = kind == SampleImageFilter.Samples.U16;
                    int grid = KernelLaunch.ceilDiv(n, 256);
                    List<String> expected = new ArrayList<>();
                    expected.add(KernelStep.of(u16 ? CudaSampleFilter.U16_IN : CudaSampleFilter.F32_IN, grid, 1, 1, 256, 1, 0).describe());
                    expected.addAll(engine.onGpu(() -> d.variant().steps(w, h, 3, engine.session().module())).stream()
                            .filter(s -> !s.library()).map(KernelStep::describe).toList());
                    expected.add(KernelStep.of(u16 ? CudaSampleFilter.U16_OUT : CudaSampleFilter.F32_OUT, grid, 1, 1, 256, 1, 0).describe());
                    if (!ran.kernels().equals(PlanCases.expectedKernels(ran.runs(), c.spec(), SampleLayout.PLANES, false))) {
                        failures.add(where + ": planned " + ran.kernels());
                    } else if (ran.runs() == Strategy.TENSOR) {
                        // the tensor launcher picks the variant of the planned family itself: the kernel between the two
                        List<String> l = ran.launches();
                        if (l.size() != 3 || !l.get(0).equals(expected.get(0)) || !l.get(2).equals(expected.get(expected.size() - 1))
                                || !l.get(1).startsWith(ran.kernels().get(0))) {
                            failures.add(where + ": launched " + l + ", planned the family " + ran.kernels());
                        }
                    } else if (!ran.launches().equals(expected.stream().distinct().toList())) {
                        failures.add(where + ": launched " + ran.launches() + ", planned " + expected);
                    }
                    checked++;
                }
            }
        }
        int total = checked;
        assertTrue(failures.isEmpty(), () -> failures.size() + " of " + total + " plans differ from their launches:\n"
                + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        assertTrue(checked > 1000, "cases checked: " + checked);
    }

    private static RgbaImage randomImage(int w, int h, Random rnd) {
        int[] px = new int[w * h];
        for (int i = 0; i < px.length; i++) {
            px[i] = rnd.nextInt();
        }
        return new RgbaImage(w, h, px);
    }
}
