package org.convolab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.convolab.core.CostModel;
import org.convolab.core.Strategy;
import org.convolab.core.UserText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code convolab explain}: the course's cost model as tables. */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Print the cost model of tiling: the bandwidth reduction for each mask width M and output tile width T",
                "(1D: M*T / (T+M-1); 2D: T^2*M^2 / (T+M-1)^2), then, per strategy, global-memory loads per output and",
                "arithmetic intensity (FLOP per byte read, float32)."})
public final class ExplainCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Option(names = "--dims", defaultValue = "2", description = "1, 2 or 3 (bricks) (default ${DEFAULT-VALUE})")
    int dims;

    @Option(names = "--tile", split = ",", paramLabel = "LIST", defaultValue = "8,16,32,64",
            description = "output tile widths T (default ${DEFAULT-VALUE})")
    int[] tiles;

    @Option(names = "--mask", split = ",", paramLabel = "LIST", defaultValue = "5,9", description = "mask widths M, odd (default ${DEFAULT-VALUE})")
    int[] masks;

    @Option(names = "--format", defaultValue = "table", paramLabel = "table|csv", description = "default ${DEFAULT-VALUE}")
    String format;

    @Override
    public Integer call() {
        if (dims < 1 || dims > 3) {
            throw new ParameterException(cmd.commandLine(), "--dims must be 1, 2 or 3, not " + dims);
        }
        for (int m : masks) {
            if (m < 1 || m % 2 == 0 || m > 63) {
                throw new ParameterException(cmd.commandLine(), "--mask: mask width " + m + " must be odd, from 1 to 63");
            }
        }
        for (int t : tiles) {
            if (t < 1 || t > 4096) {
                throw new ParameterException(cmd.commandLine(), "--tile: tile width " + t + " must be from 1 to 4096");
            }
        }
        if (!format.equals("csv") && !format.equals("table")) {
            throw new ParameterException(cmd.commandLine(), "--format: unknown format " + UserText.quote(format) + " (use table or csv)");
        }
        PrintWriter out = cmd.commandLine().getOut();
        if (format.equals("csv")) {
            csv(out);
        } else {
            table(out);
        }
        out.flush();
        return 0;
    }

    private void csv(PrintWriter out) {
        out.println("dims,mask,tile,input_tile,reduction,tiled_loads_per_output,tiled_flop_per_byte");
        for (int m : masks) {
            for (int t : tiles) {
                out.printf(Locale.ROOT, "%d,%d,%d,%d,%.2f,%.4f,%.4f%n", dims, m, t, CostModel.inputTile(m, t),
                        CostModel.reduction(dims, m, t), CostModel.loadsPerOutput(Strategy.TILED, dims, m, t),
                        CostModel.intensity(Strategy.TILED, dims, m, t));
            }
        }
    }

    private void table(PrintWriter out) {
        out.printf(Locale.ROOT, "Bandwidth reduction of tiling, %dD: %s%n", dims,
                dims == 1 ? "M*T / (T + M - 1)" : dims == 2 ? "T^2 * M^2 / (T + M - 1)^2"
                        : "T^3 * M^3 / (T + M - 1)^3 (bricks: the 2D formula's cube)");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-8s", "M \\ T"));
        for (int t : tiles) {
            head.append(String.format(Locale.ROOT, "%9d", t));
        }
        out.println(head);
        for (int m : masks) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-8d", m));
            for (int t : tiles) {
                row.append(String.format(Locale.ROOT, "%9.2f", CostModel.reduction(dims, m, t)));
            }
            out.println(row);
        }
        int t = tiles[0];
        out.println();
        out.printf(Locale.ROOT, "Per output, %dD, T = %d (float32; FLOP per byte of global memory read):%n", dims, t);
        out.printf(Locale.ROOT, "%-6s %-16s %14s %12s%n", "M", "strategy", "loads/output", "FLOP/byte");
        for (int m : masks) {
            for (Strategy s : new Strategy[] {Strategy.NAIVE, Strategy.CONSTANT, Strategy.TILED}) {
                out.printf(Locale.ROOT, "%-6d %-16s %14.3f %12.3f%n", m, s.id(), CostModel.loadsPerOutput(s, dims, m, t),
                        CostModel.intensity(s, dims, m, t));
            }
        }
        if (dims == 2) {
            out.println();
            out.println("A block = input tile has at most 1024 threads: IN <= 32, so OUT <= 32 - 2r.");
        } else if (dims == 3) {
            out.println();
            out.println("A block = input brick has at most 1024 threads: IN <= 10 (10^3 = 1000), so OUT <= 10 - 2r; larger bricks");
            out.println("load several inputs a thread, or keep a 2D slab in shared memory and slide along z (strategy fast).");
        }
    }
}
