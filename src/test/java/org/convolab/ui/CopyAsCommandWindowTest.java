package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.convolab.core.MaskPresets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Edit › Copy as Command in the window puts the command line and the ImageJ macro line on the clipboard. */
@ExtendWith(ApplicationExtension.class)
class CopyAsCommandWindowTest {

    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
    }

    @Test
    void editCopyAsCommandCopiesBothLines(FxRobot robot) {
        MainModel model = window.model();
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("sobel-x")).withAbs(true)));
        UiWait.settled(model);
        Menu edit = window.menus.bar.getMenus().stream().filter(m -> m.getText().equals("_Edit")).findFirst().orElseThrow();
        MenuItem item = edit.getItems().stream().filter(i -> "Copy as Co_mmand".equals(i.getText())).findFirst().orElseThrow();
        AtomicReference<String> copied = new AtomicReference<>();
        robot.interact(() -> {
            item.fire();
            copied.set(Clipboard.getSystemClipboard().getString());
        });
        assertThat(copied.get().lines()).hasSize(2);
        assertThat(copied.get().lines().findFirst().orElseThrow()).startsWith("convolab filter ")
                .contains("--mask='-1 0 1; -2 0 2; -1 0 1'").contains("--abs");
        assertThat(copied.get().lines().skip(1).findFirst().orElseThrow())
                .startsWith("run(\"Convolab Convolve...\", \"mask=[-1 0 1;-2 0 2;-1 0 1] border=")
                .endsWith("// not in Convolab Convolve: --abs");
    }
}
