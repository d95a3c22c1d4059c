package org.convolab.ui;

import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import org.convolab.core.Histogram;
import org.convolab.core.Histogram.Channel;

/**
 * One image's histograms drawn on a canvas: red, green and blue overlaid, or red, green, blue and
 * luminance each in a strip of its own, on a linear or a log scale. Hovering names the bin under the
 * pointer, its value range and its counts ({@link #hoverText()}, also shown as a tooltip).
 */
final class HistogramView extends Region {
    /** How the channels are laid out. */
    enum Layout {
        OVERLAID, PER_CHANNEL
    }

    private static final Channel[] RGB = {Channel.RED, Channel.GREEN, Channel.BLUE};
    private static final Channel[] STRIPS = {Channel.RED, Channel.GREEN, Channel.BLUE, Channel.LUMINANCE};

    /** The histogram shown, or null (an empty frame). */
    final ObjectProperty<Histogram> histogram = new SimpleObjectProperty<>(this, "histogram");
    /** Overlaid or per channel. */
    final ObjectProperty<Layout> layout = new SimpleObjectProperty<>(this, "layout", Layout.OVERLAID);
    /** Bar heights by log(1 + count) instead of count, so that small bins next to a huge one show. */
    final BooleanProperty logScale = new SimpleBooleanProperty(this, "logScale", false);
    private final StringProperty hover = new SimpleStringProperty(this, "hover", "");
    private final Canvas canvas = new Canvas();
    private final Tooltip tooltip = new Tooltip();

    HistogramView() {
        getChildren().add(canvas);
        setMinSize(120, 60);
        setPrefSize(400, 110);
        getStyleClass().add("histogram-view");
        histogram.addListener(o -> redraw());
        layout.addListener(o -> redraw());
        logScale.addListener(o -> redraw());
        tooltip.textProperty().bind(hover);
        setOnMouseMoved(e -> {
            hover.set(hoverTextAt(e.getX()));
            if (hover.get().isEmpty()) {
                Tooltip.uninstall(this, tooltip);
            } else {
                Tooltip.install(this, tooltip);
            }
        });
        setOnMouseExited(e -> hover.set(""));
    }

    /** What hovering shows: the bin under the pointer, its values and counts; empty when none. */
    String hoverText() {
        return hover.get();
    }

    /** The hover text, as a property (a label under the view shows it). */
    StringProperty hoverTextProperty() {
        return hover;
    }

    /** The hover text for a pointer at x in this view: "bin 12 (values 12-12): R 40, G 3, B 0, L 7". */
    String hoverTextAt(double x) {
        Histogram h = histogram.get();
        double w = getWidth();
        if (h == null || w <= 0 || x < 0 || x >= w) {
            return "";
        }
        int bin = Math.min(h.bins() - 1, (int) (x / w * h.bins()));
        String values = h.lowValue(bin) == h.highValue(bin) ? "value " + h.lowValue(bin)
                : "values " + h.lowValue(bin) + "-" + h.highValue(bin);
        return String.format(Locale.ROOT, "bin %d (%s): R %d, G %d, B %d, L %d", bin, values,
                h.count(Channel.RED, bin), h.count(Channel.GREEN, bin), h.count(Channel.BLUE, bin),
                h.count(Channel.LUMINANCE, bin));
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            redraw();
        }
    }

    // ------------------------------------------------------------------ drawing

    private void redraw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        g.setFill(Color.gray(0.12));
        g.fillRect(0, 0, w, h);
        Histogram hist = histogram.get();
        if (hist == null || w < 2 || h < 2) {
            return;
        }
        if (layout.get() == Layout.OVERLAID) {
            double top = top(hist, RGB);
            for (Channel c : RGB) {
                bars(g, hist, c, top, 0, h, colour(c, 0.55));
            }
        } else {
            double strip = h / STRIPS.length;
            for (int i = 0; i < STRIPS.length; i++) {
                Channel c = STRIPS[i];
                bars(g, hist, c, top(hist, new Channel[] {c}), i * strip, strip - 1, colour(c, 0.9));
            }
        }
    }

    /** One channel's bars in the band [y0, y0 + height), the tallest reaching the band's top at {@code top}. */
    private void bars(GraphicsContext g, Histogram hist, Channel c, double top, double y0, double height, Color fill) {
        if (top <= 0) {
            return;
        }
        g.setFill(fill);
        double w = canvas.getWidth();
        double binWidth = w / hist.bins();
        for (int b = 0; b < hist.bins(); b++) {
            double bar = Math.min(1, scaled(hist.count(c, b)) / top) * height;
            // a bar at least a pixel wide, so that 256 bins in a narrow view still show
            g.fillRect(b * binWidth, y0 + height - bar, Math.max(1, binWidth), bar);
        }
    }

    private double scaled(long count) {
        return logScale.get() ? Math.log1p(count) : count;
    }

    /**
     * The count drawn at full height. On a linear scale one huge bin (a black background, a clipped
     * highlight) would flatten the rest, so as ImageJ does, a channel's tallest bin more than twice
     * its next tallest is cut off at 1.5 times the next tallest.
     */
    private double top(Histogram h, Channel[] channels) {
        double top = 0;
        for (Channel c : channels) {
            long first = 0;
            long second = 0;
            for (long n : h.channelCounts(c)) {
                if (n > first) {
                    second = first;
                    first = n;
                } else if (n > second) {
                    second = n;
                }
            }
            boolean cut = !logScale.get() && second > 0 && first > 2 * second;
            top = Math.max(top, cut ? 1.5 * second : scaled(first));
        }
        return top;
    }

    private static Color colour(Channel c, double opacity) {
        return switch (c) {
            case RED -> Color.rgb(235, 60, 60, opacity);
            case GREEN -> Color.rgb(60, 200, 80, opacity);
            case BLUE -> Color.rgb(70, 120, 255, opacity);
            default -> Color.gray(0.85, opacity);
        };
    }
}
