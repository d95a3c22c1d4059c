package org.convolab.ui;

import java.util.List;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;

/**
 * The main window's menu bar and its shortcuts. Every menu and item has a mnemonic (Alt+F opens
 * File); names that come from files (samples, recent files) are shown as they are. The items only
 * call the model, the file actions and the window; the view choices (before/after divider, timing
 * overlay, theme) are properties the window binds to.
 */
final class MainMenus {
    /** Mask presets that take no parameter, with their menu text. */
    static final List<String[]> FIXED_PRESETS = List.of(new String[] {"_Identity", "identity"},
            new String[] {"_Sharpen", "sharpen"}, new String[] {"_Laplacian (4 neighbours)", "laplacian:4"},
            new String[] {"Laplacian (_8 neighbours)", "laplacian:8"}, new String[] {"Sobel _x (edges, |sum|)", "sobel-x"},
            new String[] {"Sobel _y (edges, |sum|)", "sobel-y"}, new String[] {"_Prewitt x (edges, |sum|)", "prewitt-x"},
            new String[] {"Prewitt y (edges, |sum|)", "prewitt-y"}, new String[] {"_Emboss", "emboss"});
    /** 3D mask presets (for stacks: over z slices too), with their menu text. */
    static final List<String[]> VOLUME_PRESETS = List.of(new String[] {"3D box 3x3x3 (box3d:3)", "box3d:3"},
            new String[] {"3D box 5x5x5 (box3d:5)", "box3d:5"}, new String[] {"3D Gaussian sigma 1 (gaussian3d:1)", "gaussian3d:1"},
            new String[] {"3D Gaussian sigma 1, 1, 2 in z (gaussian3d:1,1,2)", "gaussian3d:1,1,2"});

    /** View › Show timing overlay. */
    final CheckMenuItem showOverlay = new CheckMenuItem("Show _timing overlay");
    /** View › Show histograms (under the images). */
    final CheckMenuItem showHistograms = new CheckMenuItem("Show _histograms");
    /** View › Histogram style: each channel in a strip of its own (otherwise R, G, B overlaid). */
    final CheckMenuItem histogramsPerChannel = new CheckMenuItem("Histograms _per channel");
    /** View › Histogram style: log scale. */
    final CheckMenuItem histogramsLog = new CheckMenuItem("Histograms on a _log scale");
    /** View › Before/after divider (otherwise side by side). */
    final RadioMenuItem splitMode = new RadioMenuItem("_Before/after divider");
    /** View › Side by side. */
    final RadioMenuItem sideBySide = new RadioMenuItem("_Side by side");
    /** View › Theme › Light and Dark. */
    final RadioMenuItem light = new RadioMenuItem("_Light");
    final RadioMenuItem dark = new RadioMenuItem("_Dark");
    /** The menus, for tests. */
    final Menu fileMenu;
    final Menu samples;
    final Menu presets;
    /** Help › shortcuts, README, messages, about. */
    final HelpMenu help;
    /** The whole bar. */
    final MenuBar bar;

    MainMenus(MainModel model, FileActions files, MainWindow window) {
        MenuItem save = item("_Save Result...", "Shortcut+S", files::chooseAndSave);
        save.setId("menu-save");
        samples = files.samplesMenu();
        fileMenu = new Menu("_File", null, item("_Open...", "Shortcut+O", files::chooseAndOpen), files.recentMenu,
                samples, new SeparatorMenuItem(), save, new SeparatorMenuItem(),
                item("_Quit", "Shortcut+Q", window::close));
        fileMenu.setId("menu-file");

        Menu editMenu = new Menu("_Edit", null, item("_Undo", "Shortcut+Z", model::undo),
                item("_Redo", "Shortcut+Shift+Z", model::redo), new SeparatorMenuItem(),
                item("_Copy View as Picture", "Shortcut+Shift+C", window.tools::copyView),
                item("Copy as Co_mmand", "Shortcut+Alt+C", () -> CopyAsCommand.copy(model)));

        presets = new Menu("_Presets");
        for (PresetDialog.Kind k : PresetDialog.Kind.values()) {
            presets.getItems().add(item(mnemonic(k.title) + "...", null, () -> window.tools.presetDialog(k)));
        }
        presets.getItems().add(new SeparatorMenuItem());
        for (String[] p : FIXED_PRESETS) {
            presets.getItems().add(item(p[0], null, () -> model.masks().applyPreset(p[1])));
        }
        presets.getItems().add(new SeparatorMenuItem());
        for (String[] p : VOLUME_PRESETS) {
            MenuItem m = plainItem(p[0], () -> model.masks().applyPreset(p[1]));
            m.setId("preset-" + p[1].replace(':', '-').replace(',', '-').replace('.', '-'));
            presets.getItems().add(m);
        }
        Menu maskMenu = new Menu("_Mask", null, presets, item("_Normalise", null, model.masks()::normalise),
                item("_Flip (convolution)", null, model.masks()::flip), new SeparatorMenuItem(),
                item("_Load Mask...", null, files.masks::loadMask), item("Sa_ve Mask...", null, files.masks::saveMask));

        ToggleGroup mode = new ToggleGroup();
        RadioMenuItem side = sideBySide;
        side.setToggleGroup(mode);
        splitMode.setToggleGroup(mode);
        side.setSelected(true);
        showOverlay.setSelected(true);
        ToggleGroup themes = new ToggleGroup();
        light.setToggleGroup(themes);
        dark.setToggleGroup(themes);
        light.setOnAction(e -> window.theme(Theme.LIGHT));
        dark.setOnAction(e -> window.theme(Theme.DARK));
        Menu export = new Menu("E_xport as PNG", null,
                item("_Images with overlay...", "Shortcut+E", () -> window.tools.export(ExportTarget.IMAGES, 1)),
                item("Images with overlay at _2x...", "Shortcut+Shift+E", () -> window.tools.export(ExportTarget.IMAGES, 2)),
                item("_Classroom view...", null, () -> window.tools.export(ExportTarget.CLASSROOM, 1)),
                item("Classroom view at 2x...", null, () -> window.tools.export(ExportTarget.CLASSROOM, 2)),
                item("Compare _table and chart...", null, () -> window.tools.export(ExportTarget.COMPARE, 1)),
                item("Compare table and chart at 2x...", null, () -> window.tools.export(ExportTarget.COMPARE, 2)));
        Menu viewMenu = new Menu("_View", null, side, splitMode, new SeparatorMenuItem(),
                item("Zoom _In", "Shortcut+Equals", window::zoomIn), item("Zoom _Out", "Shortcut+Minus", window::zoomOut),
                item("_Fit", "Shortcut+0", window::fit), item("_100 %", "Shortcut+1", window::actualSize),
                new SeparatorMenuItem(), displayRange(window), showOverlay, showHistograms,
                new Menu("Histogram _style", null, histogramsPerChannel, histogramsLog), new Menu("T_heme", null, light, dark), new SeparatorMenuItem(), export);

        MenuItem compare = item("_Compare Strategies...", "Shortcut+K", window.tools::openCompare);
        compare.setId("menu-compare");
        showHistograms.setId("menu-show-histograms");
        MenuItem classroom = item("C_lassroom: Ghost Cells, Tiles, Cost Model, Histograms...", "Shortcut+L", window.tools::openClassroom);
        MenuItem whole = item("Filter _Whole Stack", "Shortcut+Shift+F", model::filterWholeStack);
        whole.setId("menu-filter-whole-stack");
        whole.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> model.stack().get() == null
                || model.stack().get().pages().length < 2, model.stack().stackProperty()));
        Menu tools = new Menu("_Tools", null, compare, classroom, new SeparatorMenuItem(), whole);
        bar = new MenuBar(fileMenu, editMenu, maskMenu, viewMenu, tools);
        bar.setId("menu-bar");
        help = new HelpMenu(window.stage, bar, model.cudaProblem() == null ? "GPU: in use" : "GPU: not used ("
                + model.cudaProblem() + "); filters run on the CPU engine");
        bar.getMenus().add(help.menu);
    }

    /** View › Display Range: min and max shown black to white, for 16-bit, 32-bit and float images (ImageJ's B&C). */
    private static MenuItem displayRange(MainWindow window) {
        MenuItem m = item("Display _Range (Brightness & Contrast)...", "Shortcut+Shift+B", window.tools::openDisplayRange);
        m.setId("menu-display-range");
        return m;
    }

    private static String mnemonic(String title) {
        return "_" + title;
    }

    /** A menu item with a mnemonic (the letter after '_'), an optional shortcut ("Shortcut+O") and an action. */
    static MenuItem item(String text, String keys, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (keys != null) {
            m.setAccelerator(KeyCombination.keyCombination(keys));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    /** A menu item that shows its text as it is (a file name: '_' is no mnemonic). */
    static MenuItem plainItem(String text, Runnable action) {
        MenuItem m = item(text, null, action);
        m.setMnemonicParsing(false);
        return m;
    }
}
