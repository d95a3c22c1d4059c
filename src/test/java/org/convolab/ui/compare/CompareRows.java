package org.convolab.ui.compare;

import java.util.List;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;

/** Compare's rows for tests outside this package: the measurement the window runs, on the caller's thread, no FX. */
public final class CompareRows {
    private CompareRows() {
    }

    /** Every applicable strategy's row, as the compare window shows them ({@code repeat} timed runs each). */
    public static List<CompareTask.Row> run(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, int repeat) {
        return CompareRun.rows(engine, image, spec, repeat, CompareRun.QUIET);
    }
}
