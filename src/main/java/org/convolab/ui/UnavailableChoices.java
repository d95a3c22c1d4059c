package org.convolab.ui;

import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;

/**
 * A choice list whose items can be unavailable: such an item is disabled (greyed, cannot be chosen),
 * its text names a short reason ("separable — needs a separable mask"), and the full reason is the
 * tooltip over it. A disabled cell gets no mouse events of its own, so the tooltip belongs to the
 * list and takes the text of the cell under the mouse. {@link #refresh} redraws the items when what
 * they depend on (the mask) changes: the list's cells are reused and would keep their old state.
 *
 * @param <T> the items
 */
final class UnavailableChoices<T> {
    /** Why an item cannot be chosen (full and short), or null when it can. */
    record Why(String full, String brief) {
    }

    private final ComboBox<T> box;
    private final Function<T, Why> why;
    private final Function<T, String> name;
    private final Function<T, String> description;
    private final Tooltip listTip = new Tooltip();

    private UnavailableChoices(ComboBox<T> box, Function<T, String> name, Function<T, Why> why, Function<T, String> description) {
        this.box = box;
        this.name = name;
        this.why = why;
        this.description = description;
        listTip.setShowDelay(Duration.millis(300));
        listTip.setWrapText(true);
        listTip.setMaxWidth(420);
        refresh();
        box.skinProperty().addListener((o, was, skin) -> hookList());
    }

    /** Makes the box's list show unavailable items as disabled, with their reasons. */
    static <T> UnavailableChoices<T> install(ComboBox<T> box, Function<T, String> name, Function<T, Why> why,
            Function<T, String> description) {
        return new UnavailableChoices<>(box, name, why, description);
    }

    /** The text of an item in the list: its name, and the short reason when it cannot be chosen. */
    String text(T item) {
        Why w = why.apply(item);
        return w == null ? name.apply(item) : name.apply(item) + " \u2014 " + w.brief();
    }

    /** Redraws every item (new cells): call when what decides availability has changed. */
    void refresh() {
        box.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().remove("unavailable");
                if (empty || item == null) {
                    setText(null);
                    setDisable(false);
                    setUserData(null);
                    return;
                }
                Why w = why.apply(item);
                setText(text(item));
                setDisable(w != null);
                setUserData(w == null ? description.apply(item) : w.full());
                if (w != null) {
                    getStyleClass().add("unavailable");
                }
            }
        });
        box.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().remove("unavailable");
                setText(empty || item == null ? null : text(item));
                Why w = empty || item == null ? null : why.apply(item);
                if (w != null) {
                    getStyleClass().add("unavailable");
                }
                box.setTooltip(w == null ? null : new Tooltip(w.full()));
            }
        });
    }

    /** The tooltip of the open list: the full reason (or the description) of the item under the mouse. */
    private void hookList() {
        if (!(box.getSkin() instanceof ComboBoxListViewSkin<?> skin) || !(skin.getPopupContent() instanceof ListView<?> list)) {
            return;
        }
        list.setTooltip(listTip);
        list.addEventFilter(MouseEvent.MOUSE_MOVED, e -> {
            String tip = tipAt(list, e.getSceneX(), e.getSceneY());
            listTip.setText(tip == null ? "" : tip);
            if (tip == null) {
                listTip.hide();
            }
        });
    }

    /** The text for the cell at a scene point (found by its bounds: a disabled cell is never picked). */
    private static String tipAt(ListView<?> list, double sceneX, double sceneY) {
        for (Node n : list.lookupAll(".list-cell")) {
            if (n instanceof ListCell<?> c && c.isVisible() && c.getItem() != null
                    && c.localToScene(c.getBoundsInLocal()).contains(sceneX, sceneY)) {
                return c.getUserData() instanceof String s ? s : null;
            }
        }
        return null;
    }

    /** The tooltip the open list shows over an item, for tests. */
    Tooltip listTooltip() {
        return listTip;
    }
}
