package org.convolab.ui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.convolab.io.Hyperstack;

/**
 * The row under the images while a stack is open: a slider for the z slice, and for the time frame and the channel
 * where the hyperstack has more than one, each with its position ("z 3/5"); Filter Whole Stack; and whether the
 * output shows the slice filtered live or a page of the whole filtered stack. Hidden for a single image.
 */
final class StackBar {
    final Slider z = slider("stack-z");
    final Slider t = slider("stack-t");
    final Slider c = slider("stack-c");
    private final Label zText = new Label();
    private final Label tText = new Label();
    private final Label cText = new Label();
    final Button whole = new Button("Filter Whole Stack");
    /** "live: the slice is filtered as you move" or "the whole stack, filtered with these settings". */
    final Label mode = new Label();
    /** The row. */
    final HBox row;
    private final HBox tBox;
    private final HBox cBox;
    private final MainModel model;
    private boolean updating;

    StackBar(MainModel model) {
        this.model = model;
        whole.setId("stack-whole");
        whole.setTooltip(new Tooltip("Filter every page with the current settings (Ctrl+Shift+F; Esc cancels); the sliders"
                + " then browse the result, and Save writes it as a stack"));
        whole.setOnAction(e -> model.filterWholeStack());
        mode.setId("stack-mode");
        mode.getStyleClass().add("hint");
        tBox = box("t", t, tText);
        cBox = box("channel", c, cText);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox zBox = box("z", z, zText);
        HBox.setHgrow(zBox, Priority.ALWAYS);
        row = new HBox(12, zBox, tBox, cBox, gap, mode, whole);
        row.setId("stack-bar");
        row.setAlignment(Pos.CENTER_LEFT);
        row.setPadding(new Insets(2, 8, 2, 8));
        row.managedProperty().bind(row.visibleProperty());
        row.setVisible(false);
        for (Slider s : new Slider[] {z, t, c}) {
            s.valueProperty().addListener((o, was, now) -> moved());
        }
        StackModel stack = model.stack();
        stack.stackProperty().addListener((o, was, now) -> opened(now));
        model.outcomeProperty().addListener((o, was, now) -> showMode(now));
    }

    private static Slider slider(String id) {
        Slider s = new Slider(0, 1, 0);
        s.setId(id);
        s.setMajorTickUnit(1);
        s.setMinorTickCount(0);
        s.setSnapToTicks(true);
        s.setBlockIncrement(1);
        s.setMinWidth(120);
        return s;
    }

    private static HBox box(String name, Slider s, Label where) {
        where.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(s, Priority.ALWAYS);
        HBox b = new HBox(6, new Label(name), s, where);
        b.setAlignment(Pos.CENTER_LEFT);
        b.managedProperty().bind(b.visibleProperty());
        return b;
    }

    /** A new stack (or none): the sliders' ranges, at the first page; hidden for a single image or a stack of one. */
    private void opened(ImageStack s) {
        boolean shown = s != null && s.pages().length > 1;
        row.setVisible(shown);
        if (!shown) {
            return;
        }
        Hyperstack d = s.dims();
        updating = true;
        try {
            range(z, d.slices());
            range(t, d.frames());
            range(c, d.channels());
        } finally {
            updating = false;
        }
        z.getParent().setVisible(d.slices() > 1);
        tBox.setVisible(d.frames() > 1);
        cBox.setVisible(d.channels() > 1);
        texts();
    }

    private static void range(Slider s, int n) {
        s.setMax(Math.max(1, n - 1));
        s.setValue(0);
        s.setDisable(n <= 1);
    }

    private void moved() {
        if (updating) {
            return;
        }
        StackModel st = model.stack();
        int zi = (int) Math.round(z.getValue());
        int ti = (int) Math.round(t.getValue());
        int ci = (int) Math.round(c.getValue());
        if (st.get() == null || (zi == st.z.get() && ti == st.t.get() && ci == st.c.get())) {
            return;
        }
        model.showSlice(ci, zi, ti);
        texts();
    }

    private void texts() {
        Hyperstack d = model.stack().get().dims();
        zText.setText((model.stack().z.get() + 1) + " / " + d.slices());
        tText.setText((model.stack().t.get() + 1) + " / " + d.frames());
        cText.setText((model.stack().c.get() + 1) + " / " + d.channels());
    }

    private void showMode(FilterOutcome o) {
        if (o == null || o.stack() == null) {
            mode.setText("");
        } else if (o.stack().whole() != null) {
            mode.setText("Output: the whole stack, filtered with these settings");
        } else {
            mode.setText("Output: this slice, filtered live" + (o.state().is3d() ? " as the middle of the 3D filter" : ""));
        }
    }
}
