package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import org.convolab.core.Mask3D;
import org.convolab.core.MaskPresets;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleMapping;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.cpu.VolumeReference;
import org.convolab.io.Hyperstack;
import org.convolab.io.TiffStack;
import org.convolab.io.TiffStackWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Stacks in the window (issue 25 item 4, issue 29 item 12): a multi-page TIFF opens with a z slider (and t for a
 * hyperstack's frames); each slice shown is filtered live with the 2D mask, or as the middle of the 3D filter; Filter
 * Whole Stack (Ctrl+Shift+F) filters every page in the background, Esc cancels it; Save writes a stack of the same
 * dimensions; a 3D mask is edited slice by slice. Every result is checked against the CPU's double reference.
 */
@ExtendWith(ApplicationExtension.class)
class StackWindowTest {
    private static final int W = 64;
    private static final int H = 48;
    private static final SampleFormat GREY8 = new SampleFormat(1, 8);
    private static final SampleFormat GREY16 = new SampleFormat(1, 16);
    private static final SampleFormat FLOAT = new SampleFormat(1, 32, SampleFormat.Kind.FLOAT);

    private final SlowEngine engine = new SlowEngine();
    private MainWindow window;
    private MainModel model;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window = WindowTests.openWith(stage, engine);
        model = window.model();
    }

    @AfterEach
    void stop(FxRobot robot) {
        engine.delay(0);
        robot.interact(window::close);
    }

    /** A stack of random samples in the format, with the dimensions given. */
    private Path stack(String name, SampleFormat f, Hyperstack dims, long seed) {
        Path p = dir.resolve(name);
        Random rnd = new Random(seed);
        TiffStackWriter.write(p, false, W, H, f, dims.pages(), Optional.empty(), dims.imageJDescription(), sink -> {
            for (int page = 0; page < dims.pages(); page++) {
                sink.writePage(rows -> {
                    int[] row = new int[W];
                    for (int y = 0; y < H; y++) {
                        for (int x = 0; x < W; x++) {
                            row[x] = f.isFloat() ? Float.floatToRawIntBits(rnd.nextFloat() * 1100 - 100)
                                    : rnd.nextInt(f.maxValue() + 1);
                        }
                        rows.writeRow(row);
                    }
                });
            }
        });
        return p;
    }

    private static Hyperstack slices(int n) {
        return Hyperstack.slices(n);
    }

    private void open(FxRobot robot, Path file) {
        robot.interact(() -> window.files.open(file));
        UiWait.until(() -> file.equals(model.file()) && model.stack().get() != null);
        UiWait.settled(model);
    }

    /** The CPU's double reference of one page with the 2D mask, mapped into the output format. */
    private static float[] reference2d(SampleImage page, EditState s) {
        double[] plane = new double[W * H];
        for (int i = 0; i < plane.length; i++) {
            plane[i] = page.format().toFloat(page.samples()[i]);
        }
        return mapped(ReferenceConvolver.correlate(plane, W, H, s.mask(), s.border()), 0, page.format(), s);
    }

    /** The reference of slice z of a volume (the stack's pages) with the 3D mask. */
    private static float[] reference3d(SampleImage[] pages, int z, EditState s) {
        float[] voxels = new float[W * H * pages.length];
        for (int k = 0; k < pages.length; k++) {
            for (int i = 0; i < W * H; i++) {
                voxels[k * W * H + i] = pages[k].format().toFloat(pages[k].samples()[i]);
            }
        }
        Mask3D m = s.mask3d();
        return mapped(VolumeReference.correlate(voxels, W, H, pages.length, m, s.border()), z * W * H, pages[0].format(), s);
    }

    private static float[] mapped(double[] sums, int from, SampleFormat in, EditState s) {
        SampleFormat out = s.depth().of(in);
        SampleMapping mapping = new SampleMapping(s.spec(), in, out);
        float[] r = new float[W * H];
        for (int i = 0; i < r.length; i++) {
            r[i] = out.toFloat(mapping.sample((float) sums[from + i]));
        }
        return r;
    }

    /** Integers within one level (float sums of the engine against double ones), floats within a relative 1e-4. */
    private static void assertMatches(SampleImage got, float[] expected, String what) {
        for (int i = 0; i < expected.length; i++) {
            float g = got.format().toFloat(got.samples()[i]);
            double tol = got.format().isFloat() ? 1e-4 * Math.max(1, Math.abs(expected[i])) : 1;
            assertThat((double) Math.abs(g - expected[i])).as("%s, pixel (%d, %d)", what, i % W, i / W).isLessThanOrEqualTo(tol);
        }
    }

    private void moveZ(FxRobot robot, int z) {
        robot.interact(() -> window.stackBar.z.setValue(z));
        UiWait.until(() -> model.outcome() != null && model.outcome().stack() != null
                && model.outcome().stack().index() == model.stack().index() && model.outcome().state().equals(model.current()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void sliderShowsFilteredSlices(FxRobot robot, SampleFormat f, long seed) {
        open(robot, stack("s.tif", f, slices(5), seed));
        assertThat(window.stackBar.row.isVisible()).isTrue();
        assertThat(window.stackBar.z.getMax()).isEqualTo(4);
        assertThat(window.sizeLabel.getText()).contains("5 slices");
        ImageStack st = model.stack().get();
        for (int z : new int[] {3, 0, 4}) {
            moveZ(robot, z);
            SampleImage page = st.pages()[z];
            assertThat(model.samples()).as("the input is slice %d", z).isSameAs(page);
            assertThat(window.inputView.image.get().argb(7, 5)).isEqualTo(page.render(model.inputRenderedAt()).argb(7, 5));
            FilterOutcome o = model.outcome();
            assertThat(o.stack().label()).contains("slice z " + (z + 1) + "/5");
            assertMatches(o.samples(), reference2d(page, model.current()), f + " slice " + z);
            DisplayRange out = model.ranges().get(DisplayRanges.Target.OUTPUT);
            assertThat(window.outputView.image.get().argb(9, 9)).isEqualTo(o.samples().render(out).argb(9, 9));
        }
        assertThat(window.overlay.isVisible()).isTrue();
        assertThat(TimingOverlay.summary(model.outcome())).startsWith("slice z 5/5");
    }

    @Test
    void an8BitStacksSlicesAreFilteredAsTheSliderMoves(FxRobot robot) {
        sliderShowsFilteredSlices(robot, GREY8, 1);
    }

    @Test
    void a16BitStacksSlicesAreFilteredAsTheSliderMoves(FxRobot robot) {
        sliderShowsFilteredSlices(robot, GREY16, 2);
    }

    @Test
    void aFloatStacksSlicesAreFilteredAsTheSliderMoves(FxRobot robot) {
        sliderShowsFilteredSlices(robot, FLOAT, 3);
    }

    @Test
    void filterWholeStackByItsShortcutThenTheSliderBrowsesTheResult(FxRobot robot) {
        open(robot, stack("w.tif", GREY16, slices(4), 4));
        robot.push(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        UiWait.until(() -> model.stack().filtered(model.current()) != null);
        WaitForAsyncUtils.waitForFxEvents();
        FilteredStack f = model.stack().filtered(model.current());
        ImageStack in = model.stack().get();
        for (int p = 0; p < 4; p++) {
            assertMatches(f.stack().pages()[p], reference2d(in.pages()[p], model.current()), "page " + p);
        }
        assertThat(window.stackBar.mode.getText()).contains("whole stack");
        moveZ(robot, 2);
        assertThat(model.outcome().stack().whole()).as("a page of the filtered stack, not a new filter").isSameAs(f);
        assertThat(model.outcome().samples()).isSameAs(f.stack().pages()[2]);
        assertThat(TimingOverlay.summary(model.outcome())).startsWith("whole stack (4 slices), slice z 3/4");
        // a new edit filters the slice live again
        robot.interact(() -> model.masks().applyPreset("sharpen"));
        UiWait.settled(model);
        assertThat(model.outcome().stack().whole()).isNull();
        assertMatches(model.outcome().samples(), reference2d(in.pages()[2], model.current()), "sharpened slice 2");
    }

    @Test
    void escCancelsTheWholeStackRunAndTheOutputKeepsTheSlice(FxRobot robot) throws Exception {
        open(robot, stack("c.tif", GREY8, slices(5), 5));
        FilterOutcome live = model.outcome();
        engine.delay(700); // each page waits: the run lasts seconds
        robot.interact(() -> window.menus.bar.getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> "menu-filter-whole-stack".equals(i.getId())).findFirst().orElseThrow().fire());
        UiWait.until(() -> window.files.progress.isVisible());
        robot.clickOn(window.outputView);
        robot.push(KeyCode.ESCAPE);
        UiWait.until(() -> model.statusProperty().get().startsWith("Cancelled"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(WaitForAsyncUtils.asyncFx(model::filtering).get()).isFalse();
        assertThat(model.stack().filtered(model.current())).isNull();
        assertThat(model.outcome()).isSameAs(live);
    }

    @Test
    void saveWritesTheFilteredStackWithItsHyperstackDimensions(FxRobot robot) throws Exception {
        Hyperstack dims = new Hyperstack(1, 3, 2, Optional.empty(), Optional.empty(), Optional.empty());
        open(robot, stack("h.tif", FLOAT, dims, 6));
        assertThat(window.stackBar.t.getParent().isVisible()).as("a t slider for the frames").isTrue();
        robot.interact(() -> window.stackBar.t.setValue(1));
        UiWait.until(() -> model.stack().t.get() == 1 && model.outcome().stack().index() == dims.page(0, 0, 1));
        javafx.stage.FileChooser fc = WaitForAsyncUtils.asyncFx(window.files::saveChooser).get();
        assertThat(fc.getInitialFileName()).isEqualTo("h-filtered.tif");
        Path target = dir.resolve("out.tif");
        robot.interact(() -> window.files.saveCurrent(target));
        UiWait.until(() -> model.statusProperty().get().startsWith("Saved"));
        FilteredStack f = model.stack().filtered(model.current());
        TiffStack back = TiffStack.open(target, 1L << 30).orElseThrow();
        assertThat(back.hyperstack().slices()).isEqualTo(3);
        assertThat(back.hyperstack().frames()).isEqualTo(2);
        assertThat(back.format()).isEqualTo(FLOAT);
        for (int p = 0; p < dims.pages(); p++) {
            try (RowSource page = back.page(p)) {
                assertThat(SampleImage.read(page).samples()).as("page %d bit for bit", p).isEqualTo(f.stack().pages()[p].samples());
            }
            assertMatches(f.stack().pages()[p], reference2d(model.stack().get().pages()[p], model.current()), "page " + p);
        }
    }

    @Test
    void aThreeDMaskFiltersTheSliceAsTheMiddleOfTheVolumeAndTheWholeStackAsOne(FxRobot robot) {
        open(robot, stack("v.tif", GREY16, slices(5), 7));
        ImageStack in = model.stack().get();
        // Mask › Presets › 3D box 3x3x3
        robot.interact(() -> window.menus.presets.getItems().stream().filter(i -> "preset-box3d-3".equals(i.getId()))
                .findFirst().orElseThrow().fire());
        UiWait.settled(model);
        assertThat(model.current().volume()).isNotNull();
        for (int z : new int[] {0, 2, 4}) {
            moveZ(robot, z);
            assertThat(model.outcome().stack().label()).contains("middle of the 3D filter");
            assertMatches(model.outcome().samples(), reference3d(in.pages(), z, model.current()), "3D slice " + z);
        }
        robot.interact(() -> model.edit(model.current().withBorder(org.convolab.core.BorderPolicy.parse("wrap"))));
        UiWait.settled(model);
        assertMatches(model.outcome().samples(), reference3d(in.pages(), 4, model.current()), "3D slice 4, wrap in z");
        robot.interact(model::filterWholeStack);
        UiWait.until(() -> model.stack().filtered(model.current()) != null);
        FilteredStack f = model.stack().filtered(model.current());
        for (int z = 0; z < 5; z++) {
            assertMatches(f.stack().pages()[z], reference3d(in.pages(), z, model.current()), "3D page " + z);
        }
    }

    @Test
    void aThreeDMaskIsEditedSliceBySlice(FxRobot robot) {
        open(robot, stack("e.tif", GREY8, slices(3), 8));
        robot.interact(() -> window.maskSlices.depth.setValue(3));
        UiWait.settled(model);
        Mask3D v = model.current().volume();
        assertThat(v.depth()).isEqualTo(3);
        assertThat(v.slice(1)).as("the 2D mask is the middle slice").isEqualTo(MaskPresets.parse("box:3"));
        assertThat(window.maskSlices.slice.isVisible()).isTrue();
        robot.interact(() -> window.maskSlices.slice.getValueFactory().setValue(1)); // the first z slice
        WaitForAsyncUtils.waitForFxEvents();
        robot.doubleClickOn("#w-1-1").eraseText(8).write("0.5").push(KeyCode.ENTER);
        UiWait.settled(model);
        Mask3D edited = model.current().volume();
        assertThat(edited.at(1, 1, 0)).isEqualTo(0.5f);
        assertThat(edited.slice(1)).as("the middle slice as it was").isEqualTo(v.slice(1));
        assertThat(edited.slice(2)).isEqualTo(v.slice(2));
        robot.interact(() -> window.maskSlices.slice.getValueFactory().setValue(3));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#w-1-1").queryTextInputControl().getText()).as("slice 3 shows its zeros").isEqualTo("0");
        assertMatches(model.outcome().samples(), reference3d(model.stack().get().pages(), 0, model.current()), "edited 3D mask");
        robot.interact(() -> model.undo());
        UiWait.settled(model);
        assertThat(model.current().volume()).isEqualTo(v);
    }
}
