package org.convolab.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.convolab.core.BorderPolicy;
import org.convolab.core.MaskPresets;
import org.convolab.ui.classroom.ClassroomWindow;
import org.convolab.ui.compare.CompareWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The README's and docs/' screenshots, rendered headless (Monocle, software pipeline) at 1280x720
 * and 1920x1080, light and dark. Runs only when asked:
 * {@code mvn test -Dtest=Screenshots -Dconvolab.screenshots=docs/screenshots}.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "convolab.screenshots", matches = ".+")
class Screenshots {
    private MainWindow window;
    private MainModel model;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = TestWindows.openOnTheCpu(stage);
        model = window.model();
    }

    private void settled() {
        UiWait.settled(model);
        sleep(300);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void size(FxRobot robot, Stage s, double w, double h) {
        robot.interact(() -> {
            s.setX(0);
            s.setY(0);
            s.setWidth(w);
            s.setHeight(h);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void shoot(FxRobot robot, Node node, String name) {
        WaitForAsyncUtils.waitForFxEvents();
        sleep(200);
        Path dir = Path.of(System.getProperty("convolab.screenshots"));
        robot.interact(() -> {
            try {
                Files.createDirectories(dir);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            writeSmallPng(SnapshotExport.snapshot(node, 1), dir.resolve(name + ".png"));
        });
    }

    /**
     * A window's contents at a size, laid out in a scene of their own (the headless screen is
     * smaller than 1920x1080, and a scene's snapshot needs no screen), then put back.
     */
    private static void shootAt(FxRobot robot, Stage stage, double w, double h, String name, Runnable laidOut) {
        Path dir = Path.of(System.getProperty("convolab.screenshots"));
        WaitForAsyncUtils.waitForFxEvents();
        Scene[] off = new Scene[1];
        javafx.scene.Parent root = stage.getScene().getRoot();
        robot.interact(() -> {
            stage.getScene().setRoot(new javafx.scene.layout.Region());
            off[0] = new Scene(root, w, h);
            off[0].getStylesheets().setAll(stage.getScene().getStylesheets());
            root.applyCss();
            root.layout();
            laidOut.run();
            root.layout();
        });
        sleep(500);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            try {
                Files.createDirectories(dir);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            writeSmallPng(off[0].snapshot(null), dir.resolve(name + ".png"));
            off[0].setRoot(new javafx.scene.layout.Region());
            stage.getScene().setRoot(root);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * A PNG of at most 256 colours, the most frequent ones (at 5 bits a channel), without dithering:
     * the window's flat areas stay exact and the file a fraction of the size, for the repository.
     */
    private static void writeSmallPng(javafx.scene.image.Image fx, Path file) {
        java.awt.image.BufferedImage in = javafx.embed.swing.SwingFXUtils.fromFXImage(fx, null);
        int w = in.getWidth();
        int h = in.getHeight();
        int[] px = in.getRGB(0, 0, w, h, null, 0, w);
        long[] count = new long[1 << 15];
        for (int p : px) {
            count[key(p)]++;
        }
        Integer[] bins = new Integer[count.length];
        for (int i = 0; i < bins.length; i++) {
            bins[i] = i;
        }
        java.util.Arrays.sort(bins, (a, b) -> Long.compare(count[b], count[a]));
        int n = 0;
        byte[] r = new byte[256];
        byte[] g = new byte[256];
        byte[] b = new byte[256];
        int[] pal = new int[256];
        for (int i = 0; i < 256 && count[bins[i]] > 0; i++, n++) {
            int rgb = expand(bins[i]);
            r[n] = (byte) (rgb >> 16);
            g[n] = (byte) (rgb >> 8);
            b[n] = (byte) rgb;
            pal[n] = rgb;
        }
        int[] nearest = new int[1 << 15];
        java.util.Arrays.fill(nearest, -1);
        java.awt.image.BufferedImage out = new java.awt.image.BufferedImage(w, h,
                java.awt.image.BufferedImage.TYPE_BYTE_INDEXED, new java.awt.image.IndexColorModel(8, n, r, g, b));
        byte[] data = ((java.awt.image.DataBufferByte) out.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < px.length; i++) {
            int k = key(px[i]);
            if (nearest[k] < 0) {
                int c = expand(k);
                long best = Long.MAX_VALUE;
                for (int j = 0; j < n; j++) {
                    int dr = ((c >> 16) & 255) - ((pal[j] >> 16) & 255);
                    int dg = ((c >> 8) & 255) - ((pal[j] >> 8) & 255);
                    int db = (c & 255) - (pal[j] & 255);
                    long d = 3L * dr * dr + 4L * dg * dg + 2L * db * db;
                    if (d < best) {
                        best = d;
                        nearest[k] = j;
                    }
                }
            }
            data[i] = (byte) nearest[k];
        }
        try {
            javax.imageio.ImageIO.write(out, "png", file.toFile());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static int key(int argb) {
        return (((argb >> 19) & 31) << 10) | (((argb >> 11) & 31) << 5) | ((argb >> 3) & 31);
    }

    private static int expand(int key) {
        return (((key >> 10) & 31) * 255 / 31) << 16 | (((key >> 5) & 31) * 255 / 31) << 8 | (key & 31) * 255 / 31;
    }

    @Test
    void mainWindowAndMaskEditor(FxRobot robot) {
        for (String theme : new String[] {"light", "dark"}) {
            robot.interact(() -> window.theme(theme.equals("dark") ? Theme.DARK : Theme.LIGHT));
            robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("gaussian:1.5"))));
            settled();
            shootAt(robot, stage, 1280, 720, "main-1280x720-" + theme, window::fit);
            size(robot, stage, 1280, 720);
            robot.interact(() -> model.masks().applyPreset("sobel-x"));
            settled();
            shoot(robot, robot.lookup("#mask-panel").query(), "mask-3x3-" + theme);
            robot.interact(() -> model.edit(model.current().withAbs(false)
                    .withMask(MaskPresets.parse("motion:31:30"))));
            settled();
            shoot(robot, robot.lookup("#mask-panel").query(), "mask-31x31-" + theme);
        }
        // the large window with the before/after divider: one image, magnified (a smaller PNG than two)
        robot.interact(() -> {
            model.edit(model.current().withMask(MaskPresets.parse("sharpen")));
            window.menus.splitMode.setSelected(true); // one image with the before/after divider
        });
        for (String theme : new String[] {"light", "dark"}) {
            robot.interact(() -> window.theme(theme.equals("dark") ? Theme.DARK : Theme.LIGHT));
            settled();
            shootAt(robot, stage, 1920, 1080, "main-1920x1080-" + theme, window::fit);
        }
    }

    /**
     * A 32-bit float image (the astronaut as grey values from -5 to 1015) with a Laplacian kept in float, shown
     * through a display range symmetric about 0: its negative side dark, zero grey, its positive side bright; and
     * the Display Range dialog on the output.
     */
    @Test
    void floatImageWithALaplacian(FxRobot robot) throws java.io.IOException {
        org.convolab.core.RgbaImage photo = org.convolab.io.ImageFiles.read(org.convolab.io.SampleImages.path("astronaut.png"));
        int w = photo.width();
        Path tiff = Files.createTempDirectory("convolab-shots").resolve("astronaut-float.tif");
        org.convolab.core.SampleFormat f = new org.convolab.core.SampleFormat(1, 32, org.convolab.core.SampleFormat.Kind.FLOAT);
        org.convolab.io.RowSinks.write(tiff, false, w, photo.height(), f, java.util.Optional.empty(),
                org.convolab.io.RowSinks.Options.defaults(), n -> { }, sink -> {
                    int[] row = new int[w];
                    for (int y = 0; y < photo.height(); y++) {
                        for (int x = 0; x < w; x++) {
                            int p = photo.argb(x, y);
                            float grey = 0.299f * (p >> 16 & 255) + 0.587f * (p >> 8 & 255) + 0.114f * (p & 255);
                            row[x] = Float.floatToRawIntBits(grey * 4 - 5);
                        }
                        sink.writeRow(row);
                    }
                });
        robot.interact(() -> window.theme(Theme.LIGHT));
        robot.interact(() -> window.files.open(tiff));
        UiWait.until(() -> tiff.equals(model.file()) && model.samples() != null);
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("laplacian:8")).withAbs(false)
                .withDepth(org.convolab.core.OutputDepth.FLOAT)));
        settled();
        // min..max of a Laplacian is set by a few sharp edges' extremes: a window symmetric about 0 (zero mid grey, the
        // negative side dark, the positive bright), typed as an ImageJ user would in B&C's Set
        DisplayRangeDialog[] d = new DisplayRangeDialog[1];
        robot.interact(() -> {
            d[0] = window.tools.openDisplayRange();
            d[0].min.setText("-200");
            d[0].max.setText("200");
        });
        robot.clickOn("#range-apply");
        shoot(robot, d[0].stage().getScene().getRoot(), "display-range-light");
        robot.interact(() -> d[0].stage().close());
        shootAt(robot, stage, 1280, 720, "float-laplacian-1280x720-light", window::fit);
        size(robot, stage, 1280, 720);
    }

    /**
     * A 16-bit stack of five slices (the astronaut, brighter slice by slice, with a disc that grows through z) with a
     * 3D Gaussian: the z slider under the images, the mask's depth and z slice above the editor.
     */
    @Test
    void stackWithA3dMask(FxRobot robot) throws java.io.IOException {
        org.convolab.core.RgbaImage photo = org.convolab.io.ImageFiles.read(org.convolab.io.SampleImages.path("astronaut.png"));
        int w = photo.width();
        int h = photo.height();
        int slices = 5;
        Path tiff = Files.createTempDirectory("convolab-shots").resolve("astronaut-stack.tif");
        org.convolab.io.Hyperstack dims = org.convolab.io.Hyperstack.slices(slices);
        org.convolab.io.TiffStackWriter.write(tiff, false, w, h, new org.convolab.core.SampleFormat(1, 16), slices,
                java.util.Optional.empty(), dims.imageJDescription(), sink -> {
                    for (int z = 0; z < slices; z++) {
                        int zz = z;
                        sink.writePage(rows -> {
                            int[] row = new int[w];
                            for (int y = 0; y < h; y++) {
                                for (int x = 0; x < w; x++) {
                                    int p = photo.argb(x, y);
                                    double grey = 0.299 * (p >> 16 & 255) + 0.587 * (p >> 8 & 255) + 0.114 * (p & 255);
                                    double r = Math.hypot(x - w * 0.75, y - h * 0.25);
                                    row[x] = (int) Math.min(65535, grey * (160 + 40 * zz) + (r < 20 + 15 * zz ? 20000 : 0));
                                }
                                rows.writeRow(row);
                            }
                        });
                    }
                });
        robot.interact(() -> window.theme(Theme.LIGHT));
        robot.interact(() -> window.files.open(tiff));
        UiWait.until(() -> tiff.equals(model.file()) && model.stack().get() != null);
        robot.interact(() -> model.masks().applyPreset("gaussian3d:1"));
        settled();
        robot.interact(() -> window.stackBar.z.setValue(3));
        UiWait.until(() -> model.outcome() != null && model.outcome().stack() != null && model.stack().z.get() == 3
                && model.outcome().stack().index() == 3);
        robot.interact(() -> model.masks().slice.set(1));
        settled();
        shootAt(robot, stage, 1280, 720, "stack-1280x720-light", window::fit);
        size(robot, stage, 1280, 720);
    }

    /** The classroom's tile view in 3D (a slice through a brick's input brick) and the ghost-cell view's z face line. */
    @Test
    void classroomBrick(FxRobot robot) {
        robot.interact(() -> {
            window.theme(Theme.LIGHT);
            model.edit(model.current().withMask(MaskPresets.parse("box:5")).withBorder(BorderPolicy.parse("mirror")));
        });
        settled();
        ClassroomWindow[] cr = new ClassroomWindow[1];
        robot.interact(() -> {
            cr[0] = window.tools.openClassroom();
            cr[0].tabs().getSelectionModel().select(1);
        });
        robot.clickOn("#tile-brick");
        robot.interact(() -> robot.lookup("#tile-slice").queryAs(javafx.scene.control.Spinner.class).getValueFactory().setValue(-1));
        shootAt(robot, cr[0].stage(), 1280, 720, "classroom-brick-1280x720-light", () -> { });
        robot.interact(() -> cr[0].tabs().getSelectionModel().select(0));
        shootAt(robot, cr[0].stage(), 1280, 720, "classroom-zface-1280x720-light", () -> { });
        robot.interact(() -> cr[0].stage().close());
    }

    @Test
    void compareAndClassroom(FxRobot robot) {
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse("gaussian:1"))
                .withBorder(BorderPolicy.parse("zero"))));
        settled();
        CompareWindow[] cw = new CompareWindow[1];
        robot.interact(() -> cw[0] = window.tools.openCompare());
        robot.clickOn("#compare-run");
        UiWait.until(() -> !cw[0].table().getItems().isEmpty());
        robot.interact(() -> cw[0].table().getSelectionModel().selectIndices(0, 7));
        ClassroomWindow[] cr = new ClassroomWindow[1];
        for (String theme : new String[] {"light", "dark"}) {
            robot.interact(() -> window.theme(theme.equals("dark") ? Theme.DARK : Theme.LIGHT));
            for (int[] wh : new int[][] {{1280, 720}, {1920, 1080}}) {
                shootAt(robot, cw[0].stage(), wh[0], wh[1], "compare-" + wh[0] + "x" + wh[1] + "-" + theme, () -> { });
            }
        }
        robot.interact(() -> cw[0].stage().close());
        robot.interact(() -> cr[0] = window.tools.openClassroom());
        robot.interact(() -> cr[0].ghosts().select(1, 0));
        for (String theme : new String[] {"light", "dark"}) {
            robot.interact(() -> window.theme(theme.equals("dark") ? Theme.DARK : Theme.LIGHT));
            for (int[] wh : new int[][] {{1280, 720}, {1920, 1080}}) {
                shootAt(robot, cr[0].stage(), wh[0], wh[1], "classroom-" + wh[0] + "x" + wh[1] + "-" + theme,
                        () -> cr[0].ghosts().hoverCell(0, 0));
            }
        }
        robot.interact(() -> cr[0].tabs().getSelectionModel().select(1));
        shootAt(robot, cr[0].stage(), 1280, 720, "classroom-tiles-1280x720-dark", () -> { });
    }
}
