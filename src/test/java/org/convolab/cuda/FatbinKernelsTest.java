package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.convolab.core.ConvolabException;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;

/**
 * Every kernel name the Java side launches is in the fatbin the build made, and the fatbin holds no
 * kernel that nothing launches. The names are read from the SASS images' ELF section names
 * ({@code .text.<kernel>}), as cuobjdump lists them; skipped where the build ran without nvcc.
 */
class FatbinKernelsTest {
    private static final Pattern TEXT = Pattern.compile("\\.text\\.(convolab_\\w+)");

    /** Launched outside the variant table: the resident image's unpack and pack, the device JPEG path, test-only kernels. */
    private static final Set<String> OTHERS = Set.of("convolab_unpack_argb", "convolab_pack_argb", "convolab_ycc_to_argb",
            "convolab_argb_to_rgbi", "convolab_border_table", "convolab_fault");

    @Test
    void everyKernelJavaLaunchesIsInTheFatbinAndNoOther() {
        assumeTrue(KernelImage.present(), KernelImage.MISSING);
        Set<String> inFatbin = fatbinKernels(KernelImage.load().orElseThrow());
        assertTrue(inFatbin.size() > 50, "kernels read from the fatbin: " + inFatbin);
        Set<String> used = javaKernels();
        Set<String> missing = new TreeSet<>(used);
        missing.removeAll(inFatbin);
        assertEquals(Set.of(), missing, "launched by Java, not in the fatbin");
        Set<String> unused = new TreeSet<>(inFatbin);
        unused.removeAll(used);
        assertEquals(Set.of(), unused, "in the fatbin, launched by nothing");
    }

    /** Every kernel of the variant table over the plan matrix, fft's, the histograms' and the others. */
    static Set<String> javaKernels() {
        Set<String> used = new TreeSet<>(OTHERS);
        for (PlanCases.Case c : PlanCases.all()) {
            try {
                used.addAll(CudaPlanner.decide(c.strategy(), c.spec(), c.layout(), c.fuse()).plan().kernels());
            } catch (ConvolabException e) {
                // past 63x63 without cuFFT: fft's kernels are added below
            }
            for (Strategy s : Strategy.values()) {
                if (s != Strategy.AUTO && s.whyNotApplicable(c.mask()) == null && !(s == Strategy.TILED && CudaPlanner.large(c.mask()))) {
                    try {
                        used.addAll(CudaPlanner.variant(s, c.mask(), c.layout(), c.spec().divisor() == 1f, c.fuse()).kernels());
                    } catch (IllegalStateException e) {
                        // tiled on a mask no input tile fits: the planner runs tiled-out instead
                    }
                }
            }
        }
        used.addAll(KernelTable.FFT_PASSES);
        used.addAll(CudaSampleFilter.KERNELS);
        used.addAll(VolumeKernels.names());
        used.addAll(TensorLauncher.allKernels());
        used.removeIf(k -> k.startsWith("cufft "));
        for (HistogramStrategy h : HistogramStrategy.values()) {
            used.add(HistogramKernels.kernel(h, 8));
            used.add(HistogramKernels.kernel(h, 16));
        }
        return used;
    }

    static Set<String> fatbinKernels(byte[] fatbin) {
        Set<String> names = new TreeSet<>();
        Matcher m = TEXT.matcher(new String(fatbin, StandardCharsets.ISO_8859_1));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
