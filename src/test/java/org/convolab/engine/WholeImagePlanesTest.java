package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.io.PngSamples;
import org.convolab.io.RowSinks;
import org.convolab.io.WideSamples;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Grey and 16-bit files that fit the heap are filtered whole, in one band (one plane filter call a channel, the
 * results written into the rows read): the same samples as bands of rows, alpha kept, for every policy.
 */
class WholeImagePlanesTest {

    static final CpuEngine ENGINE = new CpuEngine(2);

    @TempDir
    Path dir;

    @AfterAll
    static void close() {
        ENGINE.close();
    }

    private StripFilter.Report run(Path in, Path out, FilterSpec spec, int band, OutputDepth depth) {
        return FileFilter.run(new FileFilter.Job(in, out, true, 1L << 30, RowSinks.Options.defaults(), band, depth), ENGINE, spec,
                Strategy.AUTO, n -> { });
    }

    @Test
    void wholeImageGivesTheBandsSamples() {
        int k = 0;
        for (Object[] f : new Object[][] {{16, true, false}, {16, false, true}, {8, true, true}, {16, false, false}}) {
            Path in = PngSamples.write(dir.resolve("in" + k + ".png"), 37, 29, (int) f[0], (boolean) f[1], (boolean) f[2], 40 + k);
            k++;
            for (BorderPolicy p : Conformance.policies()) {
                for (String mask : new String[] {"gaussian:2", "laplacian", "3 -1 2; 0 5 -4; 1 1 -2"}) {
                    FilterSpec spec = new FilterSpec(MaskPresets.parse(mask), p, 1.5f, 20f, mask.equals("laplacian"));
                    Path whole = dir.resolve("whole.png");
                    Path bands = dir.resolve("bands.png");
                    StripFilter.Report r = run(in, whole, spec, 0, OutputDepth.SAME);
                    assertThat(r.bands()).isEqualTo(1);
                    assertThat(run(in, bands, spec, 5, OutputDepth.SAME).bands()).isEqualTo(6);
                    assertThat(WideSamples.read(whole).samples()).as(f[0] + "-bit " + p.name() + " " + mask)
                            .isEqualTo(WideSamples.read(bands).samples());
                }
            }
        }
    }

    @Test
    void aChangedDepthIsWrittenIntoNewRowsNotTheInputs() {
        Path in = PngSamples.write(dir.resolve("in.png"), 21, 13, 16, true, false, 3);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("wrap"));
        Path whole = dir.resolve("w.tif");
        Path bands = dir.resolve("b.tif");
        assertThat(run(in, whole, spec, 0, OutputDepth.FLOAT).bands()).isEqualTo(1);
        run(in, bands, spec, 4, OutputDepth.FLOAT);
        assertThat(WideSamples.read(whole).samples()).isEqualTo(WideSamples.read(bands).samples());
    }
}
