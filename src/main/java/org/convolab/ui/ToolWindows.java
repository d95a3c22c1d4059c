package org.convolab.ui;

import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.ui.classroom.ClassroomWindow;
import org.convolab.ui.compare.CompareWindow;

/**
 * The windows and dialogs the main window opens: Compare, the classroom, the Display Range dialog, the preset
 * dialogs, and the pictures of views (View › Export as PNG, Edit › Copy View as Picture), with the background
 * threads they run on.
 */
final class ToolWindows implements AutoCloseable {
    private final Stage stage;
    private final MainModel model;
    private final FileActions files;
    /** The images and their overlay, for pictures of the main window. */
    private final Node images;
    private final ExecutorService compare = BackgroundThreads.single("convolab-compare");
    private final ExecutorService previews = BackgroundThreads.single("convolab-preview");
    private CompareWindow compareWindow;
    private ClassroomWindow classroom;
    private DisplayRangeDialog displayRange;

    ToolWindows(Stage stage, MainModel model, FileActions files, Node images) {
        this.stage = stage;
        this.model = model;
        this.files = files;
        this.images = images;
    }

    /** Opens the parameter dialog of a preset; OK puts its mask in the editor. */
    PresetDialog presetDialog(PresetDialog.Kind kind) {
        PresetDialog d = newPresetDialog(kind);
        d.showAndWait().ifPresent(m -> model.masks().applyPreset(m, d.spec()));
        return d;
    }

    /** The dialog, not shown (tests show it themselves). */
    PresetDialog newPresetDialog(PresetDialog.Kind kind) {
        RgbaImage in = model.input();
        Function<Mask, Image> filter = null;
        if (in != null) {
            int side = Math.min(200, Math.min(in.width(), in.height()));
            RgbaImage crop = in.crop((in.width() - side) / 2, (in.height() - side) / 2, side, side);
            EditState s = model.current();
            ConvolutionEngine cpu = model.cpuEngine();
            filter = m -> FxImages.toFx(cpu.filter(crop, s.withMask(m).spec(), Strategy.AUTO).image());
        }
        PresetDialog d = new PresetDialog(stage, kind, filter, previews);
        d.getDialogPane().getStylesheets().add(Theme.APP_CSS);
        return d;
    }

    /** A picture of a view for slides, or null (with a status line) when that view is not open. */
    Image picture(ExportTarget target, double scale) {
        Node node = switch (target) {
            case IMAGES -> images;
            case CLASSROOM -> classroom != null && classroom.stage().isShowing() ? classroom.exportNode() : null;
            case COMPARE -> compareWindow != null && compareWindow.stage().isShowing() ? compareWindow.exportNode() : null;
        };
        if (node == null) {
            model.say(target == ExportTarget.CLASSROOM ? "Open Tools \u203a Classroom first" : "Open Tools \u203a Compare first");
            return null;
        }
        return SnapshotExport.snapshot(node, scale);
    }

    /** View › Export as PNG: a picture of a view, saved where the user says. */
    void export(ExportTarget target, double scale) {
        Image p = picture(target, scale);
        if (p != null) {
            files.savePicture(p, target.fileName + (scale == 1 ? "" : "@" + (int) scale + "x"));
        }
    }

    /** Edit › Copy View as Picture: the images and their overlay on the clipboard. */
    void copyView() {
        SnapshotExport.copy(picture(ExportTarget.IMAGES, 1));
        model.say("The view is on the clipboard");
    }

    /** View › Display Range: the Brightness &amp; Contrast of 16-bit, 32-bit and float images and results. */
    DisplayRangeDialog openDisplayRange() {
        if (displayRange == null) {
            displayRange = new DisplayRangeDialog(stage, model);
        }
        displayRange.show();
        return displayRange;
    }

    /**
     * Opens the compare window on the current image and settings; on a stack, on the slice shown (its title says
     * which), and with a 3D mask the 2D strategies run its middle slice (the title says so).
     */
    CompareWindow openCompare() {
        RgbaImage img = model.input();
        if (img == null) {
            model.say("Open an image first");
            return null;
        }
        if (compareWindow != null) {
            compareWindow.stage().close();
        }
        EditState s = model.current();
        var engine = model.engine();
        StackModel st = model.stack();
        String where = st.get() == null || st.get().pages().length == 1 ? "" : st.where() + " of ";
        String mask = s.is3d() ? s.volume().width() + "x" + s.volume().height() + "x" + s.volume().depth()
                + " 3D mask (2D strategies timed with its middle slice)" : s.mask().width() + "x" + s.mask().height() + " mask";
        compareWindow = new CompareWindow(stage, compare, engine, img, s.spec(), where
                + (model.file() == null ? "" : model.file().getFileName() + ", ") + mask + ", " + s.border().name() + ", "
                + engine.backend());
        compareWindow.stage().show();
        return compareWindow;
    }

    /** Opens the classroom window, or brings it forward. */
    ClassroomWindow openClassroom() {
        if (classroom == null) {
            classroom = new ClassroomWindow(stage, model, model::engine, compare);
        }
        classroom.stage().show();
        classroom.stage().toFront();
        return classroom;
    }

    @Override
    public void close() {
        compare.shutdownNow();
        previews.shutdownNow();
    }
}
