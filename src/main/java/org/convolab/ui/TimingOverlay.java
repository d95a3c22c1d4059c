package org.convolab.ui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.convolab.core.Backend;
import org.convolab.core.Mask;
import org.convolab.core.Timings;

/**
 * The timing overlay drawn on the output: one line by default (what ran, on what, how long, how fast),
 * placed by the window where it hides least; a click expands it to the details: how long each phase
 * took and a small stacked bar of where the time went (upload, kernels, the rest, download). Phases
 * that do not apply are left out: the CPU engine has no upload or download. Its text wraps rather
 * than being cut when the output is narrow.
 */
final class TimingOverlay extends VBox {
    /** The stacked bar's width in pixels. */
    static final double BAR_WIDTH = 260;

    /** One phase of the bar: a name, its time and its style class. */
    record Phase(String name, double ms, String styleClass) {
    }

    /** The one line shown by default. */
    final Label line = new Label();
    private final Label text = new Label();
    final HBox bar = new HBox();
    private final HBox legend = new HBox(10);
    private final VBox details;
    /** Whether the details show under the line (a click on the overlay toggles it). */
    final javafx.beans.property.BooleanProperty expanded = new javafx.beans.property.SimpleBooleanProperty(false);
    private FilterOutcome shown;

    TimingOverlay() {
        line.setId("timing-overlay-line");
        text.setId("timing-overlay-text");
        bar.setId("timing-bar");
        legend.setId("timing-legend");
        details = new VBox(4, text, bar, legend);
        getChildren().addAll(line, details);
        setId("timing-overlay");
        setSpacing(4);
        for (Label l : new Label[] {line, text}) {
            l.setWrapText(true); // never cut: a narrow output wraps the text instead
            l.setMinHeight(USE_PREF_SIZE);
        }
        bar.setPrefHeight(10);
        bar.setMaxWidth(BAR_WIDTH);
        details.visibleProperty().bind(expanded);
        details.managedProperty().bind(expanded);
        expanded.addListener((o, was, now) -> showLine());
        setCursor(javafx.scene.Cursor.HAND);
        setOnMouseClicked(e -> {
            expanded.set(!expanded.get());
            e.consume();
        });
        Tooltip.install(this, new Tooltip("Click for the details (or to fold them)"));
    }

    /** The widest the overlay may be (the output's width less a margin); its text wraps within it. */
    private double room = Double.MAX_VALUE;

    /** Sets {@link #room}. */
    void setRoom(double width) {
        room = Math.max(60, width);
        requestLayout();
    }

    @Override
    protected double computeMaxWidth(double height) {
        return Math.min(computePrefWidth(height), room);
    }

    @Override
    protected double computeMaxHeight(double width) {
        return computePrefHeight(width);
    }

    private void showLine() {
        if (shown != null) {
            line.setText(summary(shown) + (expanded.get() ? "  \u25be" : "  \u25b8"));
        }
    }

    /** The one line: strategy, backend, mask and end-to-end time (the rates are in the details). */
    static String summary(FilterOutcome o) {
        double total = o.result().timings().totalMs();
        String time = String.format(Locale.ROOT, total >= 100 ? "%.0f ms" : total >= 10 ? "%.1f ms" : "%.2f ms", total);
        String where = o.stack() == null ? "" : o.stack().label() + " \u00b7 ";
        return where + o.result().strategy().id() + " \u00b7 " + o.backend() + " \u00b7 " + maskSize(o.state()) + " \u00b7 " + time;
    }

    /** "5x5", or "3x3x3" for a 3D mask. */
    static String maskSize(EditState s) {
        Mask m = s.mask();
        return m.width() + "x" + m.height() + (s.is3d() ? "x" + s.volume().depth() + " (3D)" : "");
    }

    /** The views of one phase, made once and given new numbers with each result (a new Tooltip costs about a frame). */
    private record PhaseViews(Region bar, Tooltip tip, Label legend) {
        static PhaseViews of(String styleClass) {
            Region r = new Region();
            r.getStyleClass().add(styleClass);
            Tooltip tip = new Tooltip();
            Tooltip.install(r, tip);
            Region swatch = new Region();
            swatch.getStyleClass().add(styleClass);
            swatch.setMinSize(9, 9);
            swatch.setMaxSize(9, 9);
            return new PhaseViews(r, tip, new Label("", swatch));
        }
    }

    private final Map<String, PhaseViews> views = new HashMap<>();

    /** Shows an outcome. */
    void show(FilterOutcome o) {
        shown = o;
        showLine();
        text.setText(describe(o));
        List<Phase> phases = phases(o);
        double total = phases.stream().mapToDouble(Phase::ms).sum();
        bar.getChildren().clear();
        legend.getChildren().clear();
        for (Phase p : phases) {
            PhaseViews v = views.computeIfAbsent(p.styleClass(), PhaseViews::of);
            double w = total > 0 ? Math.max(2, BAR_WIDTH * p.ms() / total) : 0;
            v.bar().setMinSize(w, 10);
            v.bar().setPrefSize(w, 10);
            v.tip().setText(p.name() + " " + ms(p.ms()));
            v.legend().setText(p.name());
            bar.getChildren().add(v.bar());
            legend.getChildren().add(v.legend());
        }
    }

    /** The phases of the bar in order, without those that do not apply (no upload or download on the CPU). */
    static List<Phase> phases(FilterOutcome o) {
        Timings t = o.result().timings();
        boolean transfers = hasTransfers(o);
        List<Phase> list = new ArrayList<>();
        if (transfers) {
            list.add(new Phase("upload", t.uploadMs(), "phase-upload"));
        }
        list.add(new Phase("kernels", t.kernelMs(), "phase-kernels"));
        double rest = t.unpackMs() + t.packMs();
        if (rest > 0) {
            list.add(new Phase(transfers ? "unpack+pack" : "padding", rest, "phase-other"));
        }
        if (transfers) {
            list.add(new Phase("download", t.downloadMs(), "phase-download"));
        }
        return list;
    }

    /** False on the CPU engine, which copies nothing to or from a device. */
    static boolean hasTransfers(FilterOutcome o) {
        Timings t = o.result().timings();
        return !(o.backend() == Backend.CPU && t.uploadMs() == 0 && t.downloadMs() == 0);
    }

    /** The overlay's text for an outcome (also used by tests). */
    static String describe(FilterOutcome o) {
        Timings t = o.result().timings();
        StringBuilder sb = new StringBuilder();
        if (o.stack() != null) {
            sb.append(o.stack().label()).append(String.format("%n"));
        }
        sb.append(String.format(Locale.ROOT, "%s  |  %s  |  mask %s%n", o.result().strategy().id(), o.state().border().name(),
                maskSize(o.state())));
        sb.append(String.format(Locale.ROOT, "%s: %s%n", o.backend(), o.device()));
        if (t.channelMs().size() == 3) {
            sb.append(String.format(Locale.ROOT, "kernels %s  (R %.3f  G %.3f  B %.3f)%n", ms(t.kernelMs()),
                    t.channelMs().get(0), t.channelMs().get(1), t.channelMs().get(2)));
        } else {
            sb.append(String.format(Locale.ROOT, "kernels %s  (R, G, B in one launch)%n", ms(t.kernelMs())));
        }
        if (hasTransfers(o)) {
            sb.append(String.format(Locale.ROOT, "upload %s   download %s%n", ms(t.uploadMs()), ms(t.downloadMs())));
        }
        sb.append(String.format(Locale.ROOT, "end to end %s%n", ms(t.totalMs())));
        sb.append(String.format(Locale.ROOT, "%.1f GB/s   %.1f GFLOP/s%n", t.gbps(), t.gflops()));
        // what the rates count: the kernels the plan names and their work (FilterCost, as every report counts it)
        sb.append("kernels ").append(o.result().plan().describeKernels()).append(": ").append(t.cost().describe());
        return sb.toString();
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%.3f ms", v);
    }
}
