package org.convolab.ui;

import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.convolab.core.Mask3D;

/**
 * Above the mask editor: the mask's depth (1 for a 2D mask; 3, 5... slices for a 3D mask over z) and, for a 3D mask,
 * which of its z slices the editor shows and edits. Presets box3d and gaussian3d are in Mask › Presets.
 */
final class MaskSliceBar {
    /** The depth: odd, 1 (2D) to {@value #MAX_DEPTH}. */
    final ComboBox<Integer> depth = new ComboBox<>();
    /** The slice the editor shows, from 1. */
    final Spinner<Integer> slice = new Spinner<>();
    private final Label of = new Label();
    private final HBox sliceBox;
    /** The row. */
    final HBox row;
    private final MaskEdits masks;
    private boolean updating;

    /** The deepest mask the editor makes (deeper ones come from presets). */
    static final int MAX_DEPTH = 31;

    MaskSliceBar(MainModel model) {
        this.masks = model.masks();
        for (int d = 1; d <= MAX_DEPTH; d += 2) {
            depth.getItems().add(d);
        }
        depth.setId("mask-depth");
        depth.setVisibleRowCount(8);
        depth.setTooltip(new Tooltip("Depth: 1 for a 2D mask, applied to each slice; 3 or more for a 3D mask over z slices"
                + " (edited slice by slice)"));
        depth.setOnAction(e -> {
            if (!updating && depth.getValue() != null) {
                masks.setDepth(depth.getValue());
            }
        });
        slice.setId("mask-slice");
        slice.setPrefWidth(72);
        slice.setEditable(true);
        slice.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(1, 1, 1));
        slice.valueProperty().addListener((o, was, now) -> {
            if (!updating && now != null) {
                masks.slice.set(now - 1);
            }
        });
        Label depthLabel = new Label("Depth");
        Label sliceLabel = new Label("Edit z slice");
        for (Region r : new Region[] {depthLabel, sliceLabel, of, depth}) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
        sliceBox = new HBox(6, sliceLabel, slice, of);
        sliceBox.setAlignment(Pos.CENTER_LEFT);
        sliceBox.managedProperty().bind(sliceBox.visibleProperty());
        row = new HBox(12, new HBox(6, depthLabel, depth), sliceBox);
        ((HBox) row.getChildren().get(0)).setAlignment(Pos.CENTER_LEFT);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setId("mask-slice-bar");
        model.stateProperty().addListener((o, was, now) -> show(now));
        masks.slice.addListener((o, was, now) -> show(model.current()));
        show(model.current());
    }

    private void show(EditState s) {
        updating = true;
        try {
            Mask3D v = s.mask3d();
            depth.setValue(v.depth());
            sliceBox.setVisible(s.is3d());
            SpinnerValueFactory.IntegerSpinnerValueFactory f = (SpinnerValueFactory.IntegerSpinnerValueFactory) slice.getValueFactory();
            f.setMax(v.depth());
            f.setValue(masks.shownSlice(v) + 1);
            of.setText("of " + v.depth() + (s.is3d() ? " (middle: " + (v.depth() / 2 + 1) + ")" : ""));
        } finally {
            updating = false;
        }
    }
}
