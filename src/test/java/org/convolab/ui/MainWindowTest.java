package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.engine.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The main window, driven as a user would, headless (Monocle), on the CPU engine. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    @TempDir
    Path dir;

    private MainWindow window;

    @Start
    void start(Stage stage) {
        new AppPreferences().clear();
        window = ConvolabApp.open(stage, null);
        window.edit(window.current().withBackend(Backend.CPU).withMask(MaskPresets.parse("box:3")));
    }

    private static void waitUntil(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out", e);
        }
    }

    /** Waits until the window shows a result of its current settings, and returns it. */
    private RgbaImage settledOutput() {
        waitUntil(() -> window.outcome.get() != null && window.outcome.get().state().equals(window.current()));
        WaitForAsyncUtils.waitForFxEvents();
        return window.outcome.get().result().image();
    }

    private RgbaImage expected() {
        return ReferenceConvolver.filter(window.input.get(), window.current().spec());
    }

    @Test
    void opensTheSampleAndShowsItsFilteredOutput() {
        RgbaImage out = settledOutput();
        assertThat(window.stage.getTitle()).isEqualTo("Convolab \u2014 astronaut.png");
        assertThat(window.input.get().width()).isEqualTo(512);
        assertThat(out.maxDifference(expected())).isLessThanOrEqualTo(1);
        assertThat(window.overlay.isVisible()).isTrue();
        assertThat(TimingOverlay.describe(window.outcome.get())).contains("mask 3x3").contains("cpu").contains("GFLOP/s");
    }

    @Test
    void editingAWeightFiltersAgain(FxRobot robot) {
        RgbaImage before = settledOutput();
        robot.doubleClickOn("#w-1-1").eraseText(8).write("5").type(KeyCode.ENTER);
        waitUntil(() -> window.current().mask().get(1, 1) == 5f);
        RgbaImage after = settledOutput();
        assertThat(after.maxDifference(before)).isGreaterThan(10);
        assertThat(after.maxDifference(expected())).isLessThanOrEqualTo(1);
        assertThat(robot.lookup("#mask-sum").queryLabeled().getText()).contains("5.8");
    }

    @Test
    void switchingThePolicyChangesTheEdges(FxRobot robot) {
        RgbaImage mirror = settledOutput();
        robot.interact(() -> window.border.getSelectionModel().select("zero"));
        waitUntil(() -> window.current().border().name().equals("zero"));
        RgbaImage zero = settledOutput();
        assertThat(zero.maxDifference(ReferenceConvolver.filter(window.input.get(),
                FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("zero"))))).isLessThanOrEqualTo(1);
        assertThat(zero.argb(0, 0)).isNotEqualTo(mirror.argb(0, 0));
        assertThat(zero.argb(256, 256)).isEqualTo(mirror.argb(256, 256));
    }

    @Test
    void undoAndRedoRestoreTheMaskAndTheOutput(FxRobot robot) {
        RgbaImage box = settledOutput();
        robot.interact(() -> window.edit(window.current().withMask(MaskPresets.parse("sharpen"))));
        RgbaImage sharp = settledOutput();
        assertThat(sharp.maxDifference(box)).isGreaterThan(10);
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        waitUntil(() -> window.current().mask().equals(MaskPresets.parse("box:3")));
        assertThat(settledOutput().pixels()).containsExactly(box.pixels());
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z).release(KeyCode.Z, KeyCode.SHIFT, KeyCode.CONTROL);
        waitUntil(() -> window.current().mask().equals(MaskPresets.parse("sharpen")));
        assertThat(settledOutput().pixels()).containsExactly(sharp.pixels());
    }

    @Test
    void rapidEditsShowOnlyTheNewestResult(FxRobot robot) {
        settledOutput();
        robot.interact(() -> {
            for (int n = 3; n <= 21; n += 2) {
                window.edit(window.current().withMask(MaskPresets.parse("box:" + n)));
            }
        });
        RgbaImage out = settledOutput();
        assertThat(window.outcome.get().state().mask().width()).isEqualTo(21);
        assertThat(out.maxDifference(expected())).isLessThanOrEqualTo(1);
    }

    @Test
    void compareRunsEveryApplicableStrategyIntoATable(FxRobot robot) {
        settledOutput();
        CompareWindow[] cw = new CompareWindow[1];
        robot.interact(() -> cw[0] = window.openCompare());
        robot.clickOn("#compare-run");
        TableView<CompareWindow.RowView> table = cw[0].table;
        waitUntil(() -> !table.getItems().isEmpty());
        assertThat(table.getItems()).extracting(CompareWindow.RowView::getStrategy)
                .containsExactly("naive", "constant", "tiled", "tiled-out", "cached", "separable", "separable-tiled", "fast", "fast-separable");
        assertThat(table.getItems()).allSatisfy(r -> assertThat(r.getMaxDiff()).isLessThanOrEqualTo(1));
        assertThat(table.getItems().get(0).getSpeedup()).isEqualTo("1.00×");
        robot.interact(() -> {
            table.getSelectionModel().selectIndices(0, 6);
        });
        robot.interact(() -> cw[0].stage.close());
    }

    @Test
    void aBrokenFileGetsADialogAndTheWindowGoesOn(FxRobot robot) throws Exception {
        settledOutput();
        Path broken = Files.writeString(dir.resolve("broken.png"), "this is not a PNG");
        robot.interact(() -> window.open(broken));
        waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(dialog.getContentText()).contains("broken.png").contains("not an image");
        assertThat(window.stage.getTitle()).isEqualTo("Convolab \u2014 astronaut.png");
        robot.interact(() -> ((Stage) dialog.getScene().getWindow()).close());
        robot.interact(() -> window.edit(window.current().withMask(MaskPresets.parse("box:5"))));
        assertThat(settledOutput().maxDifference(expected())).isLessThanOrEqualTo(1);
    }

    @Test
    void savingNeverReplacesTheInput(FxRobot robot) throws Exception {
        RgbaImage out = settledOutput();
        Path input = dir.resolve("in.png");
        org.convolab.io.ImageFiles.write(window.input.get(), input, false);
        robot.interact(() -> window.open(input));
        waitUntil(() -> input.equals(window.file.get()));
        settledOutput();
        byte[] before = Files.readAllBytes(input);
        robot.interact(() -> window.save(out, input));
        waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
        Path target = dir.resolve("out.png");
        robot.interact(() -> window.save(out, target));
        waitUntil(() -> Files.exists(target));
    }

    @Test
    void ghostCellViewListsTheSumOfTheFilteredCornerPixel(FxRobot robot) {
        robot.interact(() -> window.edit(window.current().withMask(MaskPresets.parse("1 2 3 2 1; 2 3 4 3 2; 3 4 5 4 3; 2 3 4 3 2; 1 2 3 2 1"))
                .withDivisor(65).withBorder(BorderPolicy.parse("zero"))));
        RgbaImage out = settledOutput();
        ClassroomWindow[] cw = new ClassroomWindow[1];
        robot.interact(() -> cw[0] = window.openClassroom());
        robot.interact(() -> cw[0].ghosts.select(0, 0));
        int listed = cw[0].ghosts.listedOutput();
        assertThat(listed).isEqualTo(out.channel(0, 0, 0));
        assertThat(cw[0].ghosts.terms.getItems()).last().asString().startsWith("sum = ");
        assertThat(cw[0].ghosts.terms.getItems()).anyMatch(l -> l.contains("ghost (-2, -2) is the constant 0"));
        assertThat(cw[0].ghosts.result.getText()).endsWith("= " + listed);
        // changing the policy updates the view at once
        robot.interact(() -> window.border.getSelectionModel().select("clamp"));
        waitUntil(() -> window.current().border().name().equals("clamp"));
        assertThat(cw[0].ghosts.terms.getItems()).anyMatch(l -> l.contains("ghost (-2, -2) copies pixel (0, 0)"));
        RgbaImage clamped = settledOutput();
        assertThat(cw[0].ghosts.listedOutput()).isEqualTo(clamped.channel(0, 0, 0));
        assertThat(cw[0].tiles.info.getText()).contains("block = input tile").contains("ghost cells");
        assertThat(cw[0].cost.model.getText()).contains("loads / output");
        robot.interact(() -> cw[0].stage.close());
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
                    window.edit(window.current().withMask(org.convolab.core.Mask.of(3, 3, w).normalized()));
                }
            });
        }
        RgbaImage out = settledOutput();
        assertThat(window.outcome.get().state()).isEqualTo(window.current());
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
