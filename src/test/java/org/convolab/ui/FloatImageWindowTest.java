package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.stage.Stage;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Float (and 16-bit) images in the window: shown through a display range from min to max, the exact values under
 * the cursor, the Display Range dialog, signed results of depth float, and Save keeping the floats bit for bit.
 */
@ExtendWith(ApplicationExtension.class)
class FloatImageWindowTest {
    private static final int W = 64;
    private static final int H = 48;
    private static final SampleFormat FLOAT_GREY = new SampleFormat(1, 32, SampleFormat.Kind.FLOAT);

    private MainWindow window;
    private MainModel model;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window = WindowTests.openOnCpu(stage);
        model = window.model();
    }

    /** The ramp of the ImageJ file: -5 at the first pixel to 1000 at the last, in raster order. */
    static float ramp(int x, int y) {
        return -5f + 1005f * (y * W + x) / (W * H - 1);
    }

    /** A float grey TIFF as ImageJ writes its 32-bit type, of {@code value(x, y)}. */
    private Path floatTiff(String name, java.util.function.IntBinaryOperator bits) {
        Path p = dir.resolve(name);
        RowSinks.write(p, false, W, H, FLOAT_GREY, Optional.empty(), RowSinks.Options.defaults(), n -> { }, sink -> {
            int[] row = new int[W];
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    row[x] = bits.applyAsInt(x, y);
                }
                sink.writeRow(row);
            }
        });
        return p;
    }

    private Path rampTiff() {
        return floatTiff("ramp.tif", (x, y) -> Float.floatToRawIntBits(ramp(x, y)));
    }

    private void open(FxRobot robot, Path file) {
        robot.interact(() -> window.files.open(file));
        UiWait.until(() -> file.equals(model.file()) && model.samples() != null);
        UiWait.settled(model);
    }

    /** The grey level the input view shows at (x, y). */
    private int shownInput(int x, int y) {
        return window.inputView.image.get().argb(x, y) & 0xff;
    }

    private int shownOutput(int x, int y) {
        return window.outputView.image.get().argb(x, y) & 0xff;
    }

    @Test
    void aFloatTiffOpensShownFromItsMinToItsMax(FxRobot robot) {
        open(robot, rampTiff());
        assertThat(model.samples().format()).isEqualTo(FLOAT_GREY);
        assertThat(model.ranges().get(DisplayRanges.Target.INPUT)).isEqualTo(new DisplayRange(-5, 1000));
        assertThat(window.sizeLabel.getText()).contains("32-bit float grey");
        assertThat(shownInput(0, 0)).as("the minimum, -5, is black").isEqualTo(0);
        assertThat(shownInput(W - 1, H - 1)).as("the maximum, 1000, is white").isEqualTo(255);
        int mid = W * H / 2;
        int expected = (int) Math.floor((ramp(mid % W, mid / W) + 5) / 1005 * 255 + 0.5);
        assertThat(shownInput(mid % W, mid / W)).isEqualTo(expected);
    }

    @Test
    void theStatusBarReadsTheExactFloatUnderTheCursorInAndOut(FxRobot robot) {
        open(robot, rampTiff());
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("identity")).withDepth(OutputDepth.FLOAT)));
        UiWait.settled(model);
        robot.moveTo(window.inputView);
        robot.moveBy(3, 2);
        WaitForAsyncUtils.waitForFxEvents();
        String text = window.pixelLabel.getText();
        Matcher m = Pattern.compile("\\((\\d+), (\\d+)\\) in (\\S+) out (\\S+)").matcher(text);
        assertThat(m.matches()).as(text).isTrue();
        float v = ramp(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        assertThat(m.group(3)).isEqualTo(Float.toString(v));
        assertThat(Float.parseFloat(m.group(3))).as("reads back as the very float").isEqualTo(v);
        assertThat(m.group(4)).as("the identity's float result is the input").isEqualTo(Float.toString(v));
    }

    @Test
    void theDisplayRangeDialogChangesTheShownPixels(FxRobot robot) {
        open(robot, rampTiff());
        int x = 10;
        int y = 24; // about 500
        int before = shownInput(x, y);
        DisplayRangeDialog[] d = new DisplayRangeDialog[1];
        robot.interact(() -> {
            d[0] = window.tools.openDisplayRange();
            d[0].target.setValue(DisplayRanges.Target.INPUT);
        });
        robot.interact(() -> {
            d[0].min.setText(Double.toString(ramp(x, y) - 100.0));
            d[0].max.setText(Double.toString(ramp(x, y) + 300.0)); // the value a quarter of the way: 64.25
        });
        robot.clickOn("#range-apply");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(before).isBetween(120, 135);
        assertThat(shownInput(x, y)).isEqualTo(64);
        assertThat(shownInput(W - 1, H - 1)).as("above max: white").isEqualTo(255);
        robot.interact(() -> {
            d[0].min.setText("0");
            d[0].max.setText("10");
        });
        robot.clickOn("#range-apply");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shownInput(x, y)).isEqualTo(255);
        robot.clickOn("#range-reset");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shownInput(x, y)).isEqualTo(before);
        assertThat(model.samples().value(x, y, 0)).as("only the screen changed").isEqualTo(ramp(x, y));
        robot.interact(() -> d[0].stage().close());
    }

    /** A dark background of 0 with one bright pixel of 100: a Laplacian's centre is -400, its neighbours +100. */
    private Path dotTiff() {
        return floatTiff("dot.tif", (x, y) -> Float.floatToRawIntBits(x == 20 && y == 20 ? 100f : 0f));
    }

    @Test
    void aLaplaciansNegativeSideIsKeptInFloatAndShownThroughTheRange(FxRobot robot) {
        open(robot, dotTiff());
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("laplacian:4")).withAbs(false)
                .withDepth(OutputDepth.FLOAT)));
        UiWait.settled(model);
        SampleImage out = model.outcome().samples();
        assertThat(out.format()).isEqualTo(FLOAT_GREY);
        float centre = out.value(20, 20, 0);
        float side = out.value(21, 20, 0);
        assertThat(centre * side).as("opposite signs").isNegative();
        DisplayRange r = model.ranges().get(DisplayRanges.Target.OUTPUT);
        assertThat(r.min()).isEqualTo(Math.min(centre, side));
        assertThat(r.max()).isEqualTo(Math.max(centre, side));
        // the negative side, zero and the positive side are three different greys
        int neg = shownOutput(centre < 0 ? 20 : 21, 20);
        int zero = shownOutput(5, 5);
        int pos = shownOutput(centre < 0 ? 21 : 20, 20);
        assertThat(neg).isEqualTo(0);
        assertThat(pos).isEqualTo(255);
        assertThat(zero).isStrictlyBetween(neg, pos);
        assertThat(model.statusProperty().get()).contains("output shown " + r + " (float)");
    }

    @Test
    void saveOfAFloatResultWritesAFloatTiffThatReadsBackBitForBit(FxRobot robot) throws Exception {
        open(robot, rampTiff());
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("gaussian:1.5")).withDepth(OutputDepth.FLOAT)));
        UiWait.settled(model);
        javafx.stage.FileChooser fc = WaitForAsyncUtils.asyncFx(window.files::saveChooser).get();
        assertThat(fc.getInitialFileName()).isEqualTo("ramp-filtered.tif");
        SampleImage result = model.outcome().samples();
        Path target = dir.resolve("saved.tif");
        robot.interact(() -> window.files.saveCurrent(target));
        UiWait.until(() -> model.statusProperty().get().startsWith("Saved"));
        assertThat(Files.exists(target)).isTrue();
        try (RowSource back = RowSources.opener(target, 1L << 30).get()) {
            assertThat(back.format()).isEqualTo(FLOAT_GREY);
            assertThat(SampleImage.read(back).samples()).isEqualTo(result.samples());
        }
        // a blur of a ramp is not the ramp: the floats saved are the result's, not the input's
        assertThat(result.samples()).isNotEqualTo(model.samples().samples());
    }

    @Test
    void aSigned32BitIntegerTiffOpensWithItsValuesAndFiltersBackIntoIntegers(FxRobot robot) {
        Path p = dir.resolve("int32.tif");
        SampleFormat int32 = new SampleFormat(1, 32, SampleFormat.Kind.SIGNED);
        RowSinks.write(p, false, W, H, int32, Optional.empty(), RowSinks.Options.defaults(), n -> { }, sink -> {
            int[] row = new int[W];
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    row[x] = -70_000 + 100_003 * x - 9 * y; // past 16 bits either side
                }
                sink.writeRow(row);
            }
        });
        open(robot, p);
        assertThat(model.samples().format()).isEqualTo(int32);
        assertThat(model.ranges().get(DisplayRanges.Target.INPUT)).isEqualTo(new DisplayRange(-70_000 - 9 * (H - 1),
                -70_000 + 100_003 * (W - 1)));
        assertThat(shownInput(0, H - 1)).isEqualTo(0);
        assertThat(shownInput(W - 1, 0)).isEqualTo(255);
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("identity"))));
        UiWait.settled(model);
        assertThat(model.outcome().samples().format()).as("depth same: the input's type").isEqualTo(int32);
        assertThat(model.outcome().samples().samples()).isEqualTo(model.samples().samples());
        robot.moveTo(window.inputView);
        WaitForAsyncUtils.waitForFxEvents();
        Matcher m = Pattern.compile("\\((\\d+), (\\d+)\\) in (\\S+) out (\\S+)").matcher(window.pixelLabel.getText());
        assertThat(m.matches()).as(window.pixelLabel.getText()).isTrue();
        String v = Integer.toString(-70_000 + 100_003 * Integer.parseInt(m.group(1)) - 9 * Integer.parseInt(m.group(2)));
        assertThat(m.group(3)).isEqualTo(v);
        assertThat(m.group(4)).isEqualTo(v);
    }

    @Test
    void sixteenBitValuesReadAsIntegers(FxRobot robot) {
        Path p = dir.resolve("grey16.png");
        RowSinks.write(p, false, W, H, new SampleFormat(1, 16), Optional.empty(), RowSinks.Options.defaults(), n -> { }, sink -> {
            int[] row = new int[W];
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    row[x] = 40000 + x * 7 + y;
                }
                sink.writeRow(row);
            }
        });
        open(robot, p);
        robot.moveTo(window.inputView);
        WaitForAsyncUtils.waitForFxEvents();
        Matcher m = Pattern.compile("\\((\\d+), (\\d+)\\) in (\\S+) out (\\S+)").matcher(window.pixelLabel.getText());
        assertThat(m.matches()).as(window.pixelLabel.getText()).isTrue();
        int x = Integer.parseInt(m.group(1));
        int y = Integer.parseInt(m.group(2));
        assertThat(m.group(3)).isEqualTo(Integer.toString(40000 + x * 7 + y));
        assertThat(m.group(4)).matches("\\d+");
        assertThat(model.outcome().samples().format()).as("a 16-bit result at depth same").isEqualTo(new SampleFormat(1, 16));
        Path target = dir.resolve("saved16.png");
        SampleImage result = model.outcome().samples();
        robot.interact(() -> window.files.saveCurrent(target));
        UiWait.until(() -> model.statusProperty().get().startsWith("Saved"));
        try (RowSource back = RowSources.opener(target, 1L << 30).get()) {
            assertThat(back.format()).as("Save keeps 16 bits").isEqualTo(new SampleFormat(1, 16));
            assertThat(SampleImage.read(back).samples()).isEqualTo(result.samples());
        }
    }
}
