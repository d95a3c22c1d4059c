package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.OutputMappingTable;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;

/**
 * The CPU engine's 8-bit output mapping against {@link OutputMappingTable}: a 1x1 mask whose weight is the row's
 * sum over pixels of value 1 makes that sum exactly, on a row wide enough for the vector loop and its scalar tail.
 */
class OutputMappingCpuTest {

    @Test
    void theEnginesBytesAreTheTables() {
        int w = 67;
        int[] px = new int[w];
        Arrays.fill(px, 0xff010101);
        RgbaImage ones = new RgbaImage(w, 1, px);
        try (CpuEngine engine = new CpuEngine(2)) {
            for (OutputMappingTable.Row r : OutputMappingTable.ROWS) {
                FilterSpec spec = new FilterSpec(Mask.of(1, 1, r.sum()), ConstantPolicy.ZERO, r.divisor(), r.offset(), r.abs());
                RgbaImage out = engine.filter(ones, spec, Strategy.NAIVE).image();
                for (int x = 0; x < w; x++) {
                    assertThat(out.argb(x, 0) & 0xff).as("%s at x = %d", r, x).isEqualTo(r.byteValue());
                }
            }
        }
    }
}
