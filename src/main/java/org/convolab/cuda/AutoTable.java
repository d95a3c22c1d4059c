package org.convolab.cuda;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * The measured table auto reads for masks that are not separable: for each sample layout, the mask sizes a board
 * run measured and the kernel milliseconds of each strategy on them ({@value #RESOURCE}, written by
 * {@code bench/auto_table.py} from the board's JSON: the app's packed 8-bit ARGB path for {@link SampleLayout#ARGB8},
 * the planes kernels for {@link SampleLayout#PLANES}). Auto runs the fastest strategy the device and host can run
 * of the measured mask nearest the asked one ({@link Row#distance}: the widths' and heights' ratios, so a 5x63
 * mask takes the 5x63 row, a 13x13 one the 15x15 row).
 *
 * <p>Lines: {@code # source: TEXT} names the run; other {@code #} lines are comments; each row is
 * {@code LAYOUT<TAB>WxH<TAB>strategy=ms<TAB>...}, e.g. {@code argb8	15x15	fast=0.444	tensor=0.254	fft=2.124}.
 */
final class AutoTable {
    /** The table's resource, beside this class. */
    static final String RESOURCE = "auto-table.tsv";

    /** One measured mask of one layout: the kernel ms of each strategy that ran it. */
    record Row(SampleLayout layout, int width, int height, Map<Strategy, Double> ms) {

        /** The fastest of the row's strategies that {@code runnable} lets run, if any. */
        Optional<Strategy> fastest(Predicate<Strategy> runnable) {
            return ms.entrySet().stream().filter(e -> runnable.test(e.getKey())).min(Map.Entry.comparingByValue())
                    .map(Map.Entry::getKey);
        }

        /** This row with {@code strategy}'s time multiplied by {@code factor} (where it was measured). */
        Row scaled(Strategy strategy, double factor) {
            Map<Strategy, Double> m = new java.util.EnumMap<>(Strategy.class);
            m.putAll(ms);
            m.computeIfPresent(strategy, (k, v) -> v * factor);
            return new Row(layout, width, height, m);
        }

        /** How far the mask's shape is from this row's: |ln(w / width)| + |ln(h / height)|. */
        double distance(Mask m) {
            return Math.abs(Math.log((double) m.width() / width)) + Math.abs(Math.log((double) m.height() / height));
        }

        /** "15x15: tensor 0.254, fast 0.444, fft 2.124 ms", fastest first. */
        String describe() {
            return width + "x" + height + ": " + ms.entrySet().stream().sorted(Map.Entry.comparingByValue())
                    .map(e -> e.getKey().id() + " " + String.format(Locale.ROOT, "%.3f", e.getValue()))
                    .collect(Collectors.joining(", ")) + " ms";
        }
    }

    private final List<Row> rows;
    private final String source;

    private AutoTable(List<Row> rows, String source) {
        this.rows = List.copyOf(rows);
        this.source = source;
    }

    /** The table shipped with the app (read once). */
    static AutoTable measured() {
        return Shipped.TABLE;
    }

    /** Holder: the resource is read when the planner first asks. */
    private static final class Shipped {
        static final AutoTable TABLE = load();

        private static AutoTable load() {
            try (InputStream in = AutoTable.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the build left out " + RESOURCE + ", auto's measured table");
                }
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                return parse(r.lines().toList(), RESOURCE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Parses the lines of a table; {@code name} goes into the error of a line that is not a row. */
    static AutoTable parse(List<String> lines, String name) {
        List<Row> rows = new ArrayList<>();
        String source = "";
        int n = 0;
        for (String line : lines) {
            n++;
            String t = line.strip();
            if (t.startsWith("# source:")) {
                source = t.substring("# source:".length()).strip();
            }
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            rows.add(row(t, name + ":" + n));
        }
        return new AutoTable(rows, source);
    }

    private static Row row(String line, String where) {
        String[] f = line.split("\t");
        try {
            SampleLayout layout = SampleLayout.valueOf(f[0].toUpperCase(Locale.ROOT));
            String[] wh = f[1].split("x");
            Map<Strategy, Double> ms = new LinkedHashMap<>();
            for (int i = 2; i < f.length; i++) {
                String[] kv = f[i].split("=");
                double v = Double.parseDouble(kv[1]);
                if (!(v > 0) || Strategy.parse(kv[0]) == Strategy.AUTO) {
                    throw new IllegalArgumentException(f[i]);
                }
                ms.put(Strategy.parse(kv[0]), v);
            }
            if (ms.isEmpty()) {
                throw new IllegalArgumentException("no strategy");
            }
            return new Row(layout, Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), ms);
        } catch (RuntimeException e) {
            throw new IllegalStateException(where + ": not a row of auto's table (" + e.getMessage() + "): " + line, e);
        }
    }

    /** Every row, in the file's order. */
    List<Row> rows() {
        return rows;
    }

    /** The run the table comes from ("" if the file does not say). */
    String source() {
        return source;
    }

    /** The layout's row nearest the mask (the first of equally near ones: rows are listed from the smallest mask). */
    Optional<Row> nearest(SampleLayout layout, Mask m) {
        return rows.stream().filter(r -> r.layout() == layout).min(Comparator.comparingDouble(r -> r.distance(m)));
    }
}
