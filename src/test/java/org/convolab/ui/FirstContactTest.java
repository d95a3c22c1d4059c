package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuItem;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The items of issue 15 (first contact) that a headless window can hold, on the CPU engine. */
@ExtendWith(ApplicationExtension.class)
class FirstContactTest {

    @TempDir
    Path dir;

    private Stage stage;
    private MainWindow window;
    private MainModel model;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = TestWindows.openOnTheCpu(stage);
        model = window.model();
        model.edit(model.current().withMask(MaskPresets.parse("box:3")));
    }

    private static Bounds onScreen(Node n) {
        return n.localToScreen(n.getBoundsInLocal());
    }

    // ------------------------------------------------------------------ the window on its screen

    @Test
    void theWholeWindowIsOnA1280x720Screen(FxRobot robot) {
        Rectangle2D screen = new Rectangle2D(0, 0, 1280, 720);
        robot.interact(() -> {
            Rectangle2D b = WindowPlacement.place(screen, null);
            stage.setX(b.getMinX());
            stage.setY(b.getMinY());
            stage.setWidth(b.getWidth());
            stage.setHeight(b.getHeight());
        });
        UiWait.settled(model);
        assertThat(stage.getX()).isGreaterThanOrEqualTo(0);
        assertThat(stage.getY()).isGreaterThanOrEqualTo(0);
        assertThat(stage.getX() + stage.getWidth()).isLessThanOrEqualTo(1280);
        assertThat(stage.getY() + stage.getHeight()).isLessThanOrEqualTo(720);
        // menus, toolbar and status bar are inside the screen, and the status line is not cut
        for (Node n : new Node[] {window.menus.bar, window.toolbar.row, robot.lookup("#strategy").query(),
                robot.lookup("#backend").query(), robot.lookup("#status-bar").query()}) {
            Bounds b = onScreen(n);
            assertThat(b.getMinX()).as("%s", n.getId()).isGreaterThanOrEqualTo(0);
            assertThat(b.getMinY()).as("%s", n.getId()).isGreaterThanOrEqualTo(0);
            assertThat(b.getMaxX()).as("%s", n.getId()).isLessThanOrEqualTo(1280.5);
            assertThat(b.getMaxY()).as("%s", n.getId()).isLessThanOrEqualTo(720.5);
        }
        assertThat(window.sizeLabel.getText()).isEqualTo("512 x 512 px");
        assertThat(window.sizeLabel.getWidth()).isGreaterThanOrEqualTo(window.sizeLabel.prefWidth(-1) - 0.5);
        assertThat(window.zoomLabel.getWidth()).isGreaterThanOrEqualTo(window.zoomLabel.prefWidth(-1) - 0.5);
    }

    @Test
    void aRememberedPlaceOffTheScreenIsClampedOntoIt() {
        Rectangle2D screen = new Rectangle2D(0, 0, 1280, 720);
        Rectangle2D b = WindowPlacement.place(screen, new Rectangle2D(-60, -60, 1400, 900));
        assertThat(b).isEqualTo(new Rectangle2D(0, 0, 1280, 720));
        Rectangle2D moved = WindowPlacement.place(screen, new Rectangle2D(900, 500, 1000, 600));
        assertThat(moved).isEqualTo(new Rectangle2D(280, 120, 1000, 600));
        // a second screen right of the first: the place stays on that screen
        Rectangle2D right = new Rectangle2D(1280, 0, 1920, 1080);
        assertThat(WindowPlacement.place(right, null).getMinX()).isGreaterThanOrEqualTo(1280);
        assertThat(WindowPlacement.place(right, new Rectangle2D(100, 100, 1000, 700)).getMinX()).isEqualTo(1280);
    }

    @Test
    void thePlaceIsRememberedPerScreen(FxRobot robot) {
        robot.interact(() -> {
            stage.setX(40);
            stage.setY(30);
            stage.setWidth(1000);
            stage.setHeight(640);
            stage.close();
        });
        AppPreferences prefs = new AppPreferences();
        Rectangle2D saved = prefs.windowBounds(prefs.lastScreen());
        assertThat(saved).isEqualTo(new Rectangle2D(40, 30, 1000, 640));
        Stage[] again = new Stage[1];
        robot.interact(() -> {
            again[0] = new Stage();
            WindowPlacement.apply(again[0], WindowPlacement.screen(prefs), prefs);
        });
        assertThat(again[0].getX()).isEqualTo(40);
        assertThat(again[0].getWidth()).isEqualTo(1000);
    }

    // ------------------------------------------------------------------ keys and menus

    @Test
    void ctrlZInAMaskCellUndoesTheWeightJustTyped(FxRobot robot) {
        UiWait.settled(model);
        Mask box = model.current().mask();
        robot.doubleClickOn("#w-1-1").eraseText(8).write("5").type(KeyCode.ENTER);
        UiWait.until(() -> model.current().mask().get(1, 1) == 5f);
        assertThat(robot.lookup("#w-1-1").query().isFocused()).isTrue();
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        UiWait.until(() -> model.current().mask().equals(box));
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z).release(KeyCode.Z, KeyCode.SHIFT, KeyCode.CONTROL);
        UiWait.until(() -> model.current().mask().get(1, 1) == 5f);
    }

    @Test
    void altFOpensTheFileMenuAndSampleNamesKeepTheirUnderscores(FxRobot robot) {
        UiWait.settled(model);
        robot.press(KeyCode.ALT, KeyCode.F).release(KeyCode.F, KeyCode.ALT);
        UiWait.until(window.menus.fileMenu::isShowing);
        robot.interact(window.menus.fileMenu::hide);
        MenuItem hubble = window.menus.samples.getItems().stream().filter(i -> i.getText().contains("hubble")).findFirst()
                .orElseThrow();
        assertThat(hubble.getText()).isEqualTo("hubble_deep_field.jpg");
        assertThat(hubble.isMnemonicParsing()).isFalse();
        // every top-level menu has a mnemonic
        assertThat(window.menus.bar.getMenus()).allSatisfy(m -> assertThat(m.getText()).startsWith("_"));
    }

    @Test
    void zoomKeysZoomAndTheStatusBarShowsThePercentage(FxRobot robot) {
        UiWait.settled(model);
        robot.clickOn("#image-size");
        String fitted = window.zoomLabel.getText();
        assertThat(fitted).matches("Zoom [0-9.]+ %");
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoomLabel.getText()).isEqualTo("Zoom 100 %");
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoomLabel.getText()).isEqualTo("Zoom 125 %");
        robot.press(KeyCode.CONTROL, KeyCode.MINUS).release(KeyCode.MINUS, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.MINUS).release(KeyCode.MINUS, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoomLabel.getText()).isEqualTo("Zoom 80 %");
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT0).release(KeyCode.DIGIT0, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoomLabel.getText()).isEqualTo(fitted);
        assertThat(StatusBar.zoomText(0.0625)).isEqualTo("Zoom 6.3 %");
    }

    @Test
    void theTitleNeverNamesAFileThatFailedToOpen(FxRobot robot) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.png"), "not a PNG");
        Stage[] holder = new Stage[1];
        robot.interact(() -> {
            holder[0] = new Stage();
            ConvolabApp.open(holder[0], broken);
        });
        Stage other = holder[0];
        UiWait.until(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        assertThat(other.getTitle()).isEqualTo("Convolab").doesNotContain("broken");
        robot.interact(() -> {
            ((Stage) robot.lookup(".dialog-pane").query().getScene().getWindow()).close();
            other.close();
        });
    }

    // ------------------------------------------------------------------ choices that cannot apply

    @Test
    void strategiesThatDoNotFitTheMaskAreDisabledAndSayWhy(FxRobot robot) {
        robot.interact(() -> model.masks().applyPreset("sharpen"));
        UiWait.settled(model);
        robot.clickOn("#strategy");
        UiWait.until(() -> robot.lookup(".list-cell").queryAll().stream()
                .anyMatch(c -> ((ListCell<?>) c).getText() != null && ((ListCell<?>) c).getText().startsWith("separable")));
        ListCell<?> sep = robot.lookup(".list-cell").queryAll().stream().map(c -> (ListCell<?>) c)
                .filter(c -> c.getText() != null && c.getText().startsWith("separable \u2014")).findFirst().orElseThrow();
        assertThat(sep.getText()).isEqualTo("separable \u2014 needs a separable mask");
        assertThat(sep.isDisabled()).isTrue();
        ListCell<?> tiled = robot.lookup(".list-cell").queryAll().stream().map(c -> (ListCell<?>) c)
                .filter(c -> "tiled".equals(c.getText())).findFirst().orElseThrow();
        assertThat(tiled.isDisabled()).isFalse();
        robot.type(KeyCode.ESCAPE);
        robot.interact(() -> model.masks().applyPreset("box:3"));
        assertThat(window.settings.strategies.text(Strategy.SEPARABLE)).isEqualTo("separable");
    }

    @Test
    void theSobelPresetsTickAbsoluteValue(FxRobot robot) {
        robot.interact(() -> model.masks().applyPreset("sobel-x"));
        assertThat(model.current().abs()).isTrue();
        assertThat(window.settings.abs.isSelected()).isTrue();
        robot.interact(() -> model.edit(model.current().withAbs(false)));
        robot.interact(() -> model.masks().applyPreset("sobel-y"));
        assertThat(model.current().abs()).isTrue();
    }

    // ------------------------------------------------------------------ the overlay

    @Test
    void theOverlayOnTheCpuHasNoUploadOrDownload() {
        UiWait.settled(model);
        FilterOutcome o = model.outcome();
        assertThat(TimingOverlay.describe(o)).doesNotContain("upload").doesNotContain("download").contains("kernels");
        assertThat(TimingOverlay.phases(o)).extracting(TimingOverlay.Phase::name).doesNotContain("upload", "download")
                .contains("kernels");
        assertThat(window.overlay.bar.getChildren()).hasSize(TimingOverlay.phases(o).size());
    }

    // ------------------------------------------------------------------ theme and export

    @Test
    void theThemeSwitchesAndIsRemembered(FxRobot robot) {
        robot.clickOn("#tool-theme");
        assertThat(window.theme()).isEqualTo(Theme.DARK);
        assertThat(Application.getUserAgentStylesheet()).contains("primer-dark");
        assertThat(new AppPreferences().theme()).isEqualTo(Theme.DARK);
        robot.clickOn("#tool-theme");
        assertThat(Application.getUserAgentStylesheet()).contains("primer-light");
        assertThat(new AppPreferences().theme()).isEqualTo(Theme.LIGHT);
    }

    @Test
    void exportWritesThePictureAtTwiceTheSize(FxRobot robot) throws Exception {
        UiWait.settled(model);
        Image[] pic = new Image[1];
        robot.interact(() -> pic[0] = window.tools.picture(ExportTarget.IMAGES, 2));
        assertThat(pic[0].getWidth()).isEqualTo(Math.ceil(window.imageArea.getWidth() * 2), org.assertj.core.data.Offset.offset(2.0));
        Path png = dir.resolve("view.png");
        robot.interact(() -> window.files.writePicture(pic[0], png));
        UiWait.until(() -> Files.exists(png) && Files.isReadable(png) && sizeOf(png) > 0);
        UiWait.until(() -> readable(png));
        assertThat(ImageIO.read(png.toFile()).getWidth()).isEqualTo((int) pic[0].getWidth());
        // the classroom has nothing to export until it is open
        robot.interact(() -> assertThat(window.tools.picture(ExportTarget.CLASSROOM, 1)).isNull());
        assertThat(model.statusProperty().get()).contains("Classroom");
        robot.interact(window.tools::openClassroom);
        robot.interact(() -> pic[0] = window.tools.picture(ExportTarget.CLASSROOM, 1));
        assertThat(pic[0].getWidth()).isGreaterThan(100);
    }

    @Test
    void copyPutsTheViewOnTheClipboard(FxRobot robot) {
        UiWait.settled(model);
        robot.interact(window.tools::copyView);
        robot.interact(() -> {
            javafx.scene.input.Clipboard c = javafx.scene.input.Clipboard.getSystemClipboard();
            assertThat(c.hasImage()).isTrue();
            assertThat(c.getImage().getWidth()).isEqualTo(Math.ceil(window.imageArea.getWidth()),
                    org.assertj.core.data.Offset.offset(1.0));
        });
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static boolean readable(Path p) {
        try {
            return ImageIO.read(p.toFile()) != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ classroom

    @Test
    void theClassroomGridScalesWithItsWindowAndTheListHighlightsTheGrid(FxRobot robot) {
        UiWait.settled(model);
        var cw = new org.convolab.ui.classroom.ClassroomWindow[1];
        robot.interact(() -> cw[0] = window.tools.openClassroom());
        robot.interact(() -> {
            cw[0].stage().setWidth(700);
            cw[0].stage().setHeight(600);
        });
        WaitForAsyncUtils.waitForFxEvents();
        double small = cw[0].ghosts().cellSize();
        robot.interact(() -> {
            cw[0].stage().setWidth(1500);
            cw[0].stage().setHeight(1100);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(cw[0].ghosts().cellSize()).isGreaterThan(small);
        robot.interact(() -> cw[0].ghosts().select(0, 0));
        // hovering the corner pixel (read by the mask's centre weight) selects its line
        robot.interact(() -> cw[0].ghosts().hoverCell(0, 0));
        int line = cw[0].ghosts().highlightedTerm();
        assertThat(line).isGreaterThanOrEqualTo(0);
        assertThat(cw[0].ghosts().listedTerms().get(line)).contains("pixel (0, 0)");
        robot.interact(() -> cw[0].stage().close());
    }
}
