package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.ui.classroom.ClassroomWindow;
import org.convolab.ui.compare.CompareTask;
import org.convolab.ui.compare.CompareWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The main window, driven as a user would, headless (Monocle), on the CPU engine. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    @TempDir
    Path dir;

    private MainWindow window;
    private MainModel model;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        model = window.model();
        model.edit(model.current().withMask(MaskPresets.parse("box:3")));
    }

    /** Waits until the window shows a result of its current settings, and returns it. */
    private RgbaImage settledOutput() {
        UiWait.settled(model);
        return model.outcome().result().image();
    }

    private RgbaImage expected() {
        return ReferenceConvolver.filter(model.input(), model.current().spec());
    }

    @Test
    void opensTheSampleAndShowsItsFilteredOutput() {
        RgbaImage out = settledOutput();
        assertThat(window.stage.getTitle()).isEqualTo("Convolab \u2014 astronaut.png");
        assertThat(model.input().width()).isEqualTo(512);
        assertThat(out.maxDifference(expected())).isLessThanOrEqualTo(1);
        assertThat(window.overlay.isVisible()).isTrue();
        assertThat(TimingOverlay.describe(model.outcome())).contains("mask 3x3").contains("cpu").contains("GFLOP/s");
    }

    @Test
    void editingAWeightFiltersAgain(FxRobot robot) {
        RgbaImage before = settledOutput();
        robot.doubleClickOn("#w-1-1").eraseText(8).write("5").type(KeyCode.ENTER);
        UiWait.until(() -> model.current().mask().get(1, 1) == 5f);
        RgbaImage after = settledOutput();
        assertThat(after.maxDifference(before)).isGreaterThan(10);
        assertThat(after.maxDifference(expected())).isLessThanOrEqualTo(1);
        assertThat(robot.lookup("#mask-sum").queryLabeled().getText()).contains("5.8");
    }

    @Test
    void switchingThePolicyChangesTheEdges(FxRobot robot) {
        RgbaImage mirror = settledOutput();
        robot.interact(() -> window.settings.border.getSelectionModel().select("zero"));
        UiWait.until(() -> model.current().border().name().equals("zero"));
        RgbaImage zero = settledOutput();
        assertThat(zero.maxDifference(ReferenceConvolver.filter(model.input(),
                FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("zero"))))).isLessThanOrEqualTo(1);
        assertThat(zero.argb(0, 0)).isNotEqualTo(mirror.argb(0, 0));
        assertThat(zero.argb(256, 256)).isEqualTo(mirror.argb(256, 256));
    }

    @Test
    void undoAndRedoRestoreTheMaskAndTheOutput(FxRobot robot) {
        RgbaImage box = settledOutput();
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("sharpen"))));
        RgbaImage sharp = settledOutput();
        assertThat(sharp.maxDifference(box)).isGreaterThan(10);
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        UiWait.until(() -> model.current().mask().equals(MaskPresets.parse("box:3")));
        assertThat(settledOutput().pixels()).containsExactly(box.pixels());
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z).release(KeyCode.Z, KeyCode.SHIFT, KeyCode.CONTROL);
        UiWait.until(() -> model.current().mask().equals(MaskPresets.parse("sharpen")));
        assertThat(settledOutput().pixels()).containsExactly(sharp.pixels());
    }

    @Test
    void rapidEditsShowOnlyTheNewestResult(FxRobot robot) {
        settledOutput();
        robot.interact(() -> {
            for (int n = 3; n <= 21; n += 2) {
                model.edit(model.current().withMask(MaskPresets.parse("box:" + n)));
            }
        });
        RgbaImage out = settledOutput();
        assertThat(model.outcome().state().mask().width()).isEqualTo(21);
        assertThat(out.maxDifference(expected())).isLessThanOrEqualTo(1);
    }

    @Test
    void compareRunsEveryApplicableStrategyIntoATable(FxRobot robot) {
        settledOutput();
        CompareWindow[] cw = new CompareWindow[1];
        robot.interact(() -> cw[0] = window.tools.openCompare());
        robot.clickOn("#compare-run");
        TableView<CompareWindow.RowView> table = cw[0].table();
        UiWait.until(() -> !table.getItems().isEmpty());
        assertThat(table.getItems()).extracting(CompareWindow.RowView::getStrategy)
                .containsExactly("naive", "constant", "tiled", "tiled-out", "cached", "separable", "separable-tiled", "fast", "fast-separable", "tensor", "fft");
        assertThat(table.getItems()).allSatisfy(r -> assertThat(r.getMaxDiff()).isLessThanOrEqualTo(1));
        assertThat(table.getItems().get(0).getSpeedup()).isEqualTo("1.00×");
        // two selected rows show their outputs' difference x32 (CompareWindowTest checks its pixels):
        // non-empty exactly when the two outputs differ
        robot.interact(() -> table.getSelectionModel().selectIndices(0, 6));
        RgbaImage naive = table.getItems().get(0).row().output();
        RgbaImage sepTiled = table.getItems().get(6).row().output();
        assertThat(cw[0].difference().pixels()).containsExactly(CompareTask.difference(naive, sepTiled, 32).pixels());
        assertThat(Arrays.stream(cw[0].difference().pixels()).anyMatch(p -> (p & 0xffffff) != 0))
                .isEqualTo(naive.maxDifference(sepTiled) > 0);
        robot.interact(() -> cw[0].stage().close());
    }

    @Test
    void aBrokenFileGetsADialogAndTheWindowGoesOn(FxRobot robot) throws Exception {
        settledOutput();
        Path broken = Files.writeString(dir.resolve("broken.png"), "this is not a PNG");
        robot.interact(() -> window.files.open(broken));
        UiWait.until(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(dialog.getContentText()).contains("broken.png").contains("not an image");
        assertThat(window.stage.getTitle()).isEqualTo("Convolab \u2014 astronaut.png");
        robot.interact(() -> ((Stage) dialog.getScene().getWindow()).close());
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("box:5"))));
        assertThat(settledOutput().maxDifference(expected())).isLessThanOrEqualTo(1);
    }

    /** Issue 26 item 7: a phone photo stored sideways (EXIF orientation 6) is shown upright, and the status bar says so. */
    @Test
    void aSidewaysPhonePhotoIsShownUpright(FxRobot robot) {
        settledOutput();
        RgbaImage stored = org.convolab.io.SyntheticImages.gradient(40, 30);
        Path photo = org.convolab.io.TestImageFiles.jpegWithOrientation(dir.resolve("phone.jpg"), stored, 6);
        robot.interact(() -> window.files.open(photo));
        UiWait.until(() -> photo.equals(model.file()));
        settledOutput();
        assertThat(model.input().width()).isEqualTo(30);
        assertThat(model.input().pixels()).containsExactly(
                org.convolab.io.Orientation.apply(org.convolab.io.ImageFiles.read(photo), 6).pixels());
        assertThat(model.statusProperty().get()).contains("shown upright by its EXIF orientation 6");
    }

    @Test
    void savingNeverReplacesTheInput(FxRobot robot) throws Exception {
        RgbaImage out = settledOutput();
        Path input = dir.resolve("in.png");
        org.convolab.io.ImageFiles.write(model.input(), input, false);
        robot.interact(() -> window.files.open(input));
        UiWait.until(() -> input.equals(model.file()));
        settledOutput();
        byte[] before = Files.readAllBytes(input);
        robot.interact(() -> window.files.save(out, input));
        UiWait.until(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
        Path target = dir.resolve("out.png");
        robot.interact(() -> window.files.save(out, target));
        UiWait.until(() -> Files.exists(target));
    }

    @Test
    void ghostCellViewListsTheSumOfTheFilteredCornerPixel(FxRobot robot) {
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("1 2 3 2 1; 2 3 4 3 2; 3 4 5 4 3; 2 3 4 3 2; 1 2 3 2 1"))
                .withDivisor(65).withBorder(BorderPolicy.parse("zero"))));
        RgbaImage out = settledOutput();
        ClassroomWindow[] cw = new ClassroomWindow[1];
        robot.interact(() -> cw[0] = window.tools.openClassroom());
        robot.interact(() -> cw[0].ghosts().select(0, 0));
        int listed = cw[0].ghosts().listedOutput();
        assertThat(listed).isEqualTo(out.channel(0, 0, 0));
        assertThat(cw[0].ghosts().listedTerms()).last().asString().startsWith("sum = ");
        assertThat(cw[0].ghosts().listedTerms()).anyMatch(l -> l.contains("ghost (-2, -2) is the constant 0"));
        assertThat(cw[0].ghosts().resultText()).endsWith("= " + listed);
        // changing the policy updates the view at once
        robot.interact(() -> window.settings.border.getSelectionModel().select("clamp"));
        UiWait.until(() -> model.current().border().name().equals("clamp"));
        assertThat(cw[0].ghosts().listedTerms()).anyMatch(l -> l.contains("ghost (-2, -2) copies pixel (0, 0)"));
        RgbaImage clamped = settledOutput();
        assertThat(cw[0].ghosts().listedOutput()).isEqualTo(clamped.channel(0, 0, 0));
        assertThat(cw[0].tiles().infoText()).contains("block = input tile").contains("ghost cells");
        assertThat(cw[0].cost().modelText()).contains("loads / output");
        robot.interact(() -> cw[0].stage().close());
    }

    @Test
    void aThousandRapidEditsEndOnTheNewestResultWithoutGrowingMemory(FxRobot robot) {
        settledOutput();
        long before = usedHeap();
        java.util.Random rnd = new java.util.Random(4);
        for (int batch = 0; batch < 10; batch++) {
            robot.interact(() -> {
                for (int i = 0; i < 100; i++) {
                    float[] w = new float[9];
                    for (int k = 0; k < 9; k++) {
                        w[k] = rnd.nextFloat();
                    }
                    model.edit(model.current().withMask(org.convolab.core.Mask.of(3, 3, w).normalized()));
                }
            });
        }
        RgbaImage out = settledOutput();
        assertThat(model.outcome().state()).isEqualTo(model.current());
        assertThat(out.maxDifference(expected())).isLessThanOrEqualTo(1);
        long after = usedHeap();
        assertThat(after - before).as("heap before %d, after %d", before, after).isLessThan(64L << 20);
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
