package org.convolab.cli;

import com.google.gson.GsonBuilder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes the rows {@link BenchCommand} measured as a table, CSV or JSON. */
final class BenchTable {

    private BenchTable() {
    }

    /**
     * Prints the rows as {@code format} says: "json" (an array of objects), "csv" (a header of the keys, then
     * a line a row; cells with commas or spaces quoted) or else a table with a header line.
     */
    static void print(PrintWriter out, String format, List<Map<String, Object>> rows) {
        switch (format) {
            case "json" -> out.println(new GsonBuilder().setPrettyPrinting().create().toJson(rows));
            case "csv" -> {
                if (!rows.isEmpty()) {
                    out.println(String.join(",", rows.get(0).keySet()));
                }
                for (Map<String, Object> row : rows) {
                    List<String> cells = new ArrayList<>();
                    for (Object v : row.values()) {
                        String t = String.valueOf(v);
                        cells.add(t.contains(",") || t.contains(" ") ? "\"" + t.replace("\"", "\"\"") + "\"" : t);
                    }
                    out.println(String.join(",", cells));
                }
            }
            default -> {
                if (rows.isEmpty()) {
                    out.println("no strategy applies to these masks");
                    return;
                }
                Map<String, Object> first = rows.get(0);
                out.printf(Locale.ROOT, "%s, %s: %sx%s, border %s, median of %s runs%n", first.get("backend"), first.get("device"),
                        first.get("width"), first.get("height"), first.get("border"), first.get("repeat"));
                out.printf(Locale.ROOT, "%-6s %-7s %-26s %11s %11s %9s %10s %8s  %s%n", "radius", "mask", "strategy", "kernel ms",
                        "end-to-end", "GB/s", "GFLOP/s", "maxdiff", "runs");
                for (Map<String, Object> row : rows) {
                    out.printf(Locale.ROOT, "%-6s %-7s %-26s %11.3f %11.3f %9.1f %10.1f %8s  %s%n", row.get("radius"),
                            String.valueOf(row.get("mask")).split(" ")[0], row.get("strategy"), (double) row.get("kernel_ms"),
                            (double) row.get("end_to_end_ms"), (double) row.get("gbps"), (double) row.get("gflops"),
                            row.get("max_diff"), row.get("runs"));
                }
            }
        }
        out.flush();
    }
}
