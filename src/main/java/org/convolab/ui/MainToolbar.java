package org.convolab.ui;

import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Separator;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.kordamp.ikonli.materialdesign2.MaterialDesignU;

/**
 * The row under the menus: icon buttons for the frequent actions (each also in a menu, with its
 * shortcut in the tooltip), then the settings bar. Icons are font glyphs, so they stay sharp at any
 * screen scale.
 */
final class MainToolbar {
    /** The icon buttons. */
    final ToolBar bar;
    /** The icons and the settings together, for the top of the window. */
    final FlowPane row;

    MainToolbar(MainModel model, FileActions files, MainWindow window, SettingsBar settings) {
        bar = new ToolBar(
                button("tool-open", MaterialDesignF.FOLDER_OPEN_OUTLINE, "Open an image (Ctrl+O)", files::chooseAndOpen),
                button("tool-save", MaterialDesignC.CONTENT_SAVE_OUTLINE, "Save the result (Ctrl+S)", files::chooseAndSave),
                new Separator(),
                button("tool-undo", MaterialDesignU.UNDO, "Undo (Ctrl+Z)", model::undo),
                button("tool-redo", MaterialDesignR.REDO, "Redo (Ctrl+Shift+Z)", model::redo),
                new Separator(),
                button("tool-zoom-out", MaterialDesignM.MAGNIFY_MINUS_OUTLINE, "Zoom out (Ctrl+-)", window::zoomOut),
                button("tool-zoom-in", MaterialDesignM.MAGNIFY_PLUS_OUTLINE, "Zoom in (Ctrl+=)", window::zoomIn),
                button("tool-fit", MaterialDesignF.FIT_TO_SCREEN_OUTLINE, "Fit the image (Ctrl+0)", window::fit),
                new Separator(),
                button("tool-compare", MaterialDesignC.CHART_BAR, "Compare strategies (Ctrl+K)", window.tools::openCompare),
                button("tool-classroom", MaterialDesignS.SCHOOL_OUTLINE, "Classroom (Ctrl+L)", window.tools::openClassroom),
                button("tool-theme", MaterialDesignT.THEME_LIGHT_DARK, "Light or dark theme", window::toggleTheme));
        bar.setId("main-toolbar");
        // the settings sit beside the icons and wrap under them when the window is narrow
        row = new FlowPane(Orientation.HORIZONTAL, 4, 2, bar, settings.toolbar);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setId("toolbar-row");
    }

    /** An icon button with a tooltip, its text for screen readers, and an action. */
    static Button button(String id, Ikon icon, String tip, Runnable action) {
        FontIcon glyph = new FontIcon(icon);
        glyph.setIconSize(18);
        Button b = new Button(null, glyph);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setAccessibleText(tip);
        b.setFocusTraversable(false); // the menus give keyboard access; Tab stays on the settings
        b.setOnAction(e -> action.run());
        return b;
    }
}
