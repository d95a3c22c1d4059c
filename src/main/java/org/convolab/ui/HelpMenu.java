package org.convolab.ui;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextArea;
import javafx.stage.Window;

/**
 * Help: the keyboard shortcuts (read from the menus themselves, so the list cannot go stale), the
 * README's sections (the README travels in the jar), where messages and settings go, and About.
 */
final class HelpMenu {
    /** Keys that are no menu item's accelerator. */
    static final List<String> OTHER_KEYS = List.of("Esc\tcancel a running filter (main window)",
            "Esc, Ctrl+W\tclose Compare or Classroom", "Arrow keys\tmove the selected square of the mask heat map",
            "Ctrl+Z, Ctrl+Shift+Z in a mask cell\tundo, redo the settings", "Alt+letter\topen a menu (the underlined letter)");

    final Menu menu;
    private final Window owner;
    private final String gpuStatus;

    HelpMenu(Window owner, MenuBar bar, String gpuStatus) {
        this.owner = owner;
        this.gpuStatus = gpuStatus;
        Menu readme = new Menu("_README");
        for (String title : readmeSections().keySet()) {
            readme.getItems().add(MainMenus.plainItem(title, () -> show("README \u2014 " + title, readmeSections().get(title))));
        }
        readme.setDisable(readme.getItems().isEmpty());
        menu = new Menu("_Help", null, MainMenus.item("_Keyboard Shortcuts", "F1", () -> show("Keyboard shortcuts", shortcuts(bar))),
                readme, MainMenus.item("_Where Messages and Settings Go", null, () -> show("Where messages and settings go",
                        whereThingsGo())), MainMenus.item("_About Convolab", null, () -> show("About Convolab", about())));
        menu.setId("menu-help");
    }

    /** One line per menu item with a shortcut ("Ctrl+O\tFile › Open..."), then the keys no menu item has. */
    static String shortcuts(MenuBar bar) {
        List<String> lines = new ArrayList<>();
        for (Menu m : bar.getMenus()) {
            collect(m, m.getText().replace("_", ""), lines);
        }
        lines.add("");
        lines.addAll(OTHER_KEYS);
        return String.join("\n", lines);
    }

    private static void collect(Menu menu, String path, List<String> lines) {
        for (MenuItem i : menu.getItems()) {
            if (i instanceof Menu sub) {
                collect(sub, path + " \u203a " + sub.getText().replace("_", ""), lines);
            } else if (i.getAccelerator() != null && i.getText() != null) {
                lines.add(i.getAccelerator().getDisplayText() + "\t" + path + " \u203a " + i.getText().replace("_", ""));
            }
        }
    }

    /** The README's "## " sections by title, each with its text (the "### " parts inside it included). */
    static Map<String, String> readmeSections() {
        Map<String, String> sections = new LinkedHashMap<>();
        String text;
        try (InputStream in = HelpMenu.class.getResourceAsStream("README.md")) {
            if (in == null) {
                return sections;
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return sections;
        }
        String title = "Introduction";
        StringBuilder body = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("## ")) {
                sections.put(title, body.toString().strip());
                title = line.substring(3).strip();
                body.setLength(0);
            } else if (!line.startsWith("# ")) {
                body.append(line).append('\n');
            }
        }
        sections.put(title, body.toString().strip());
        return sections;
    }

    /** Where messages go (no log file) and where the settings are kept. */
    static String whereThingsGo() {
        return "Convolab writes no log file. Problems are told where they happen: a dialog for what stops an action, "
                + "the status bar for the rest, and a line on the terminal that started the app (standard error) for "
                + "anything the window cannot show, such as a GPU that fails while it starts.\n\n"
                + "Start it from a terminal (convolab gui, or java -jar convolab.jar gui) to see those lines; "
                + "2> convolab.log keeps them in a file.\n\n"
                + "Settings (the last mask and settings, window place, theme, recent files) are kept with Java's "
                + "Preferences, under org/convolab/convolab: on Linux in ~/.java/.userPrefs/org/convolab/, on Windows in "
                + "the registry (HKEY_CURRENT_USER\\Software\\JavaSoft\\Prefs), on macOS in "
                + "~/Library/Preferences/com.apple.java.util.prefs.plist.";
    }

    /** Version, Java, JavaFX and the GPU in use. */
    String about() {
        String version = HelpMenu.class.getPackage().getImplementationVersion();
        return "Convolab " + (version == null ? "(development build)" : version) + "\n"
                + "Image convolution on NVIDIA GPUs (JCuda) and on the CPU, for teaching and for work.\n\n"
                + "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")\n"
                + "JavaFX " + System.getProperty("javafx.runtime.version", "?") + "\n"
                + gpuStatus;
    }

    private void show(String title, String text) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.CLOSE);
        a.initOwner(owner);
        a.setTitle(title);
        a.setHeaderText(title);
        TextArea area = new TextArea(text);
        area.setEditable(false);
        area.setWrapText(true);
        area.setPrefSize(640, 420);
        area.setId("help-text");
        a.getDialogPane().setContent(area);
        a.getDialogPane().getStylesheets().add(Theme.APP_CSS);
        a.setResizable(true);
        a.show();
    }
}
