package org.convolab.ui;

import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;
import org.convolab.core.MaskPresets;

/**
 * The main window's menu bar and its shortcuts. The items only call the model, the file actions
 * and the window; the two view choices (before/after divider, timing overlay) are properties the
 * window binds to.
 */
final class MainMenus {
    /** View › Show timing overlay. */
    final CheckMenuItem showOverlay = new CheckMenuItem("Show timing overlay");
    /** View › Before/after divider (otherwise side by side). */
    final RadioMenuItem splitMode = new RadioMenuItem("Before/after divider");
    /** The whole bar. */
    final MenuBar bar;

    MainMenus(MainModel model, FileActions files, MainWindow window) {
        MenuItem save = item("Save Result...", "Shortcut+S", files::chooseAndSave);
        save.setId("menu-save");
        Menu fileMenu = new Menu("File", null, item("Open...", "Shortcut+O", files::chooseAndOpen), files.recentMenu,
                files.samplesMenu(), new SeparatorMenuItem(), save, new SeparatorMenuItem(),
                item("Quit", "Shortcut+Q", window::close));

        Menu editMenu = new Menu("Edit", null, item("Undo", "Shortcut+Z", model::undo),
                item("Redo", "Shortcut+Shift+Z", model::redo));

        Menu presets = new Menu("Presets");
        for (String p : MaskPresets.EXAMPLES) {
            presets.getItems().add(item(p, null, () -> model.applyPreset(p)));
        }
        Menu maskMenu = new Menu("Mask", null, presets, item("Normalise", null, model::normalise),
                item("Flip (convolution)", null, model::flip), new SeparatorMenuItem(),
                item("Load mask...", null, files::loadMask), item("Save mask...", null, files::saveMask));

        ToggleGroup mode = new ToggleGroup();
        RadioMenuItem side = new RadioMenuItem("Side by side");
        side.setToggleGroup(mode);
        splitMode.setToggleGroup(mode);
        side.setSelected(true);
        showOverlay.setSelected(true);
        Menu viewMenu = new Menu("View", null, side, splitMode, new SeparatorMenuItem(),
                item("Fit", "Shortcut+0", window::fit), item("100 %", "Shortcut+1", window::actualSize),
                new SeparatorMenuItem(), showOverlay);

        MenuItem compare = item("Compare strategies...", "Shortcut+K", window::openCompare);
        compare.setId("menu-compare");
        MenuItem classroom = item("Classroom: ghost cells, tiles, cost model...", "Shortcut+L", window::openClassroom);
        Menu tools = new Menu("Tools", null, compare, classroom);
        bar = new MenuBar(fileMenu, editMenu, maskMenu, viewMenu, tools);
    }

    /** A menu item with an optional shortcut ("Shortcut+O") that runs an action. */
    static MenuItem item(String text, String keys, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (keys != null) {
            m.setAccelerator(KeyCombination.keyCombination(keys));
        }
        m.setOnAction(e -> action.run());
        return m;
    }
}
