package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.convolab.ui.classroom.ClassroomWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Help › shortcuts, README sections, where messages go, About; Classroom closes with Esc and Ctrl+W. */
@ExtendWith(ApplicationExtension.class)
class HelpMenuTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        stage.show();
    }

    @Test
    void theHelpMenuListsShortcutsReadmeSectionsAndAbout(FxRobot robot) {
        HelpMenu help = window.menus.help;
        assertThat(window.menus.bar.getMenus()).contains(help.menu);
        assertThat(help.menu.getItems()).extracting(MenuItem::getText)
                .contains("_Keyboard Shortcuts", "_README", "_About Convolab");
        String keys = HelpMenu.shortcuts(window.menus.bar);
        // read from the menus: every accelerator is there, with its place in the menus
        assertThat(keys).contains("File \u203a Open...").contains("Tools \u203a Compare Strategies...").contains("Esc");
        for (String line : keys.split("\n")) {
            assertThat(line.isEmpty() || line.contains("\t")).as(line).isTrue();
        }
        Map<String, String> sections = HelpMenu.readmeSections();
        assertThat(sections).containsKeys("Strategies", "Command line");
        assertThat(sections.get("Strategies")).contains("separable");
        assertThat(HelpMenu.whereThingsGo()).contains("no log file").contains("standard error");
        // the About box opens and names the Java version
        MenuItem about = help.menu.getItems().stream().filter(i -> i.getText().contains("About")).findFirst().orElseThrow();
        robot.interact(about::fire);
        WaitForAsyncUtils.waitForFxEvents();
        var text = robot.lookup("#help-text").queryAs(javafx.scene.control.TextArea.class);
        assertThat(text.getText()).contains("Java " + System.getProperty("java.version")).contains("GPU");
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void classroomClosesWithEscAndCtrlW(FxRobot robot) {
        ClassroomWindow[] c = new ClassroomWindow[1];
        robot.interact(() -> c[0] = window.tools.openClassroom());
        robot.clickOn(c[0].tabs()).type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(c[0].stage().isShowing()).isFalse();
        robot.interact(() -> window.tools.openClassroom());
        robot.clickOn(c[0].tabs()).press(KeyCode.CONTROL).type(KeyCode.W).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(c[0].stage().isShowing()).isFalse();
    }
}
