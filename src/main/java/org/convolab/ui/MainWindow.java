package org.convolab.ui;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.ui.classroom.ClassroomWindow;
import org.convolab.ui.compare.CompareWindow;

/**
 * The main window: the layout, and views that show the {@link MainModel} (the input, the settings,
 * the last filter outcome, the status line). What the user does goes to the model, to
 * {@link FileActions} or to the {@link MainMenus}; errors go to a dialog or the status bar and the
 * window goes on working.
 */
final class MainWindow {
    final Stage stage;
    private final EngineProvider engines;
    private final AppPreferences prefs;
    private final MainModel model;
    final FileActions files;
    final SettingsBar settings;
    final MainMenus menus;
    final MainToolbar toolbar;
    private final ExecutorService compare = BackgroundThreads.single("convolab-compare");

    private final Viewport viewport = new Viewport();
    final ImageCanvas inputView = new ImageCanvas(viewport);
    final ImageCanvas outputView = new ImageCanvas(viewport);
    final TimingOverlay overlay = new TimingOverlay();
    /** "Filtering..." over the output while a filter takes longer than a moment. */
    final BusyCue busy;
    final HistogramPanel histograms;
    final MaskEditor maskEditor;
    final Label sizeLabel = new Label();
    final Label deviceLabel = new Label();
    final Label message = new Label();
    final Label pixelLabel = new Label();
    final Label zoomLabel = new Label();
    private final SplitPane sideBySide = new SplitPane();
    final StackPane imageArea = new StackPane();
    /** The output view and its overlay: in the side-by-side pane, or alone with the before/after divider. */
    private final StackPane outputStack = new StackPane();
    private final ExecutorService previews = BackgroundThreads.single("convolab-preview");
    private Theme theme;
    private CompareWindow compareWindow;
    private ClassroomWindow classroom;

    MainWindow(Stage stage, EngineProvider engines, AppPreferences prefs) {
        this.stage = stage;
        this.engines = engines;
        this.prefs = prefs;
        this.model = new MainModel(engines, prefs.lastState());
        this.files = new FileActions(stage, model, prefs);
        this.settings = new SettingsBar(model);
        this.histograms = new HistogramPanel(model);
        this.maskEditor = new MaskEditor(m -> model.edit(model.current().withMask(m)), model::say);
        maskEditor.setOnResize(model::resizeMask);
        this.busy = new BusyCue(model.filterWorker());
        this.menus = new MainMenus(model, files, this);
        this.toolbar = new MainToolbar(model, files, this, settings);
        build();
        bindToModel();
    }

    /** What the window shows. */
    MainModel model() {
        return model;
    }

    // ------------------------------------------------------------------ layout

    private void build() {
        BorderPane root = new BorderPane();
        root.setTop(new VBox(menus.bar, toolbar.row));
        VBox left = new VBox(8, section("Mask"), maskEditor, settings.outputMapping);
        left.setId("mask-panel");
        VBox.setVgrow(maskEditor, Priority.ALWAYS);
        left.setPadding(new Insets(6));
        left.setPrefWidth(440);
        left.setMinWidth(360);
        root.setLeft(left);
        sideBySide.getItems().addAll(titled("Input", inputView), titled("Output", outputStack()));
        imageArea.getChildren().add(sideBySide);
        imageArea.setMinSize(200, 150);
        VBox centre = new VBox(imageArea, histograms.row);
        VBox.setVgrow(imageArea, Priority.ALWAYS);
        root.setCenter(centre);
        // the fixed facts keep their width; only the message gives way (with an ellipsis)
        for (Label l : new Label[] {sizeLabel, zoomLabel, deviceLabel, pixelLabel}) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        message.setMinWidth(40);
        message.setMaxWidth(Double.MAX_VALUE);
        HBox status = new HBox(16, sizeLabel, zoomLabel, pixelLabel, files.progress, message, deviceLabel);
        status.setPadding(new Insets(4, 8, 4, 8));
        status.setId("status-bar");
        status.getStyleClass().add("status-bar");
        sizeLabel.setId("image-size");
        zoomLabel.setId("zoom-percent");
        message.setId("status-message");
        pixelLabel.setId("pixel-readout");
        HBox.setHgrow(message, Priority.ALWAYS);
        root.setBottom(status);
        menus.splitMode.selectedProperty().addListener((o, a, b) -> layoutImages());
        showHistograms();

        Scene scene = new Scene(root);
        scene.getStylesheets().add(Theme.APP_CSS);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::undoInMaskCell);
        scene.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            // Esc cancels a running filter (a field or a list that takes Esc for itself has consumed it)
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && model.cancelFilter()) {
                e.consume();
            }
        });
        files.acceptDrops(scene);
        stage.setScene(scene);
        stage.setMinWidth(640);
        stage.setMinHeight(420);
        WindowPlacement.apply(stage, WindowPlacement.screen(prefs), prefs);
        theme(prefs.theme());
        stage.setOnHidden(e -> {
            WindowPlacement.remember(stage, prefs);
            prefs.saveState(model.current());
            prefs.flush();
        });
        String cuda = engines.cudaProblem();
        deviceLabel.setText(cuda == null ? "GPU: ready" : "GPU: not used (CPU engine)");
        deviceLabel.setTooltip(new Tooltip(cuda == null ? "Filters run on the GPU" : cuda));
    }

    /**
     * Ctrl+Z and Ctrl+Shift+Z in a mask cell that holds the shown weight undo and redo the settings
     * (the text field would otherwise take them for its own, empty, text history).
     */
    private void undoInMaskCell(KeyEvent e) {
        if (!(stage.getScene().getFocusOwner() instanceof TextField f) || !f.getStyleClass().contains("mask-cell")
                || !f.getText().strip().equals(f.getUserData())) {
            return;
        }
        if (REDO.match(e)) {
            model.redo();
            e.consume();
        } else if (UNDO.match(e)) {
            model.undo();
            e.consume();
        }
    }

    private static final KeyCombination UNDO = KeyCombination.keyCombination("Shortcut+Z");
    private static final KeyCombination REDO = KeyCombination.keyCombination("Shortcut+Shift+Z");

    /**
     * The output view with the timing overlay in its bottom-left corner (photos keep their subject in
     * the middle and upper part; the overlay is one line there unless expanded) and the busy cue at the
     * top. The overlay is never wider than the view: its text wraps instead of being cut.
     */
    private StackPane outputStack() {
        outputStack.getChildren().setAll(outputView, overlay, busy);
        StackPane.setAlignment(busy, Pos.TOP_CENTER);
        StackPane.setMargin(busy, new Insets(12, 0, 0, 0));
        StackPane.setAlignment(overlay, Pos.BOTTOM_LEFT);
        StackPane.setMargin(overlay, new Insets(8));
        outputStack.widthProperty().addListener((o, was, w) -> overlay.setRoom(w.doubleValue() - 16));
        return outputStack;
    }

    static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static VBox titled(String title, Node content) {
        VBox box = new VBox(section(title), content);
        VBox.setVgrow(content, Priority.ALWAYS);
        box.setPadding(new Insets(2));
        return box;
    }

    /** The histogram row follows View › Show histograms and its style items, remembered between runs. */
    private void showHistograms() {
        menus.showHistograms.setSelected(prefs.showHistograms());
        menus.histogramsPerChannel.setSelected(prefs.histogramsPerChannel());
        menus.histogramsLog.setSelected(prefs.histogramsLog());
        histograms.row.visibleProperty().bind(menus.showHistograms.selectedProperty());
        for (HistogramView v : new HistogramView[] {histograms.input, histograms.output}) {
            v.layout.bind(Bindings.when(menus.histogramsPerChannel.selectedProperty())
                    .then(HistogramView.Layout.PER_CHANNEL).otherwise(HistogramView.Layout.OVERLAID));
            v.logScale.bind(menus.histogramsLog.selectedProperty());
        }
        menus.showHistograms.selectedProperty().addListener((o, a, b) -> prefs.saveHistograms(b,
                menus.histogramsPerChannel.isSelected(), menus.histogramsLog.isSelected()));
        menus.histogramsPerChannel.selectedProperty().addListener((o, a, b) -> prefs.saveHistograms(
                menus.showHistograms.isSelected(), b, menus.histogramsLog.isSelected()));
        menus.histogramsLog.selectedProperty().addListener((o, a, b) -> prefs.saveHistograms(
                menus.showHistograms.isSelected(), menus.histogramsPerChannel.isSelected(), b));
    }

    /**
     * Puts the output (with its overlay) either in the side-by-side pane or alone in the image area with
     * the before/after divider. The same output stack moves between the two places; each switch, in
     * any order and any number of times, leaves both images shown.
     */
    private void layoutImages() {
        VBox outBox = (VBox) sideBySide.getItems().get(1);
        if (menus.splitMode.isSelected()) {
            outBox.getChildren().remove(outputStack);
            outputView.split.set(0.5);
            imageArea.getChildren().setAll(outputStack);
        } else {
            outputView.split.set(-1);
            imageArea.getChildren().setAll(sideBySide);
            if (!outBox.getChildren().contains(outputStack)) {
                outBox.getChildren().add(outputStack);
            }
            VBox.setVgrow(outputStack, Priority.ALWAYS);
        }
    }

    // ------------------------------------------------------------------ showing the model

    private void bindToModel() {
        message.textProperty().bind(model.statusProperty());
        overlay.visibleProperty().bind(menus.showOverlay.selectedProperty().and(model.outcomeProperty().isNotNull()));
        inputView.image.bind(Bindings.createObjectBinding(this::shownInput, model.inputProperty(),
                model.ranges().inputProperty()));
        outputView.before.bind(Bindings.createObjectBinding(() -> menus.splitMode.isSelected() ? inputView.image.get() : null,
                menus.splitMode.selectedProperty(), inputView.image));
        model.setVisibleRegion(() -> model.input() == null ? null
                : outputView.visibleRegion(model.input().width(), model.input().height()));
        model.previewProperty().addListener((o, was, p) -> outputView.patch.set(
                p == null ? null : new ImageCanvas.Patch(ViewPixels.of(p.result()), p.x(), p.y(), p.step())));
        model.filterWorker().progressProperty().addListener((o, was, f) -> {
            if (f.doubleValue() >= 0 && model.filterWorker().isRunning() && files.progress.shown() != model.filterWorker()) {
                files.progress.show(model.filterWorker(), "Filtering the whole image");
            }
        });
        inputView.setOnHoverPixel(this::hover);
        outputView.setOnHoverPixel(this::hover);
        model.stateProperty().addListener((o, was, now) -> maskEditor.show(now.mask()));
        maskEditor.show(model.current().mask());
        model.outcomeProperty().addListener((o, was, now) -> {
            showOutput();
            if (now != null) {
                overlay.show(now);
            }
        });
        model.ranges().outputProperty().addListener((o, was, now) -> showOutput());
        model.inputProperty().addListener((o, was, img) -> {
            SampleImage kept = model.samples();
            sizeLabel.setText(img.width() + " x " + img.height() + " px" + (kept == null ? "" : ", " + kept.format()));
            Platform.runLater(this::fit);
        });
        // the file changes only once it has been read: a file that failed to open is never named
        model.fileProperty().addListener((o, was, path) -> stage.setTitle("Convolab \u2014 " + path.getFileName()));
        zoomLabel.textProperty().bind(Bindings.createStringBinding(() -> zoomText(viewport.zoom.get()), viewport.zoom));
    }

    /** The input as shown: its samples through the input's display range, or the 8-bit pixels as they are. */
    private ViewPixels shownInput() {
        SampleImage kept = model.samples();
        DisplayRange r = model.ranges().get(DisplayRanges.Target.INPUT);
        if (kept == null || r == null || r.equals(model.inputRenderedAt())) {
            return ViewPixels.of(model.input());
        }
        return ViewPixels.of(kept.render(r));
    }

    /** The output as shown: its samples through the output's display range, or the lent 8-bit pixels (not a copy). */
    private void showOutput() {
        FilterOutcome o = model.outcome();
        DisplayRange r = model.ranges().get(DisplayRanges.Target.OUTPUT);
        if (o == null) {
            outputView.image.set(null);
        } else if (o.samples() == null || r == null) {
            outputView.image.set(ViewPixels.of(o.result()));
        } else {
            outputView.image.set(ViewPixels.of(o.samples().render(r)));
        }
    }

    /**
     * The values under the cursor: (x, y), then the input's and the output's samples as stored (a float exactly, a
     * 16- or 32-bit integer as an integer), or an 8-bit image's R,G,B.
     */
    private void hover(int x, int y) {
        RgbaImage in = model.input();
        FilterOutcome o = model.outcome();
        if (x < 0 || in == null) {
            pixelLabel.setText("");
            return;
        }
        String out;
        if (o == null || o.result().width() != in.width() || !o.result().isOpen()) {
            out = "";
        } else {
            out = " out " + (o.samples() != null ? o.samples().valueText(x, y) : rgb(o.result().argb(x, y)));
        }
        SampleImage kept = model.samples();
        pixelLabel.setText("(" + x + ", " + y + ") in " + (kept != null ? kept.valueText(x, y) : rgb(in.argb(x, y))) + out);
    }

    private static String rgb(int p) {
        return String.format(Locale.ROOT, "%d,%d,%d", (p >>> 16) & 0xff, (p >>> 8) & 0xff, p & 0xff);
    }

    /** The GPU failed for good: the app goes on with the CPU engine and says so. */
    void gpuFailed(String text) {
        deviceLabel.setText("GPU: not used (" + text + ")");
        model.say(text);
        ErrorDialog.show(stage, "The GPU stopped working", text);
    }

    // ------------------------------------------------------------------ view actions

    void fit() {
        RgbaImage img = model.input();
        if (img != null) {
            viewport.fit(img.width(), img.height(), outputView.getWidth(), outputView.getHeight());
        }
    }

    /** The zoom as the status bar shows it: "Zoom 50 %", with decimals only below 10 %. */
    static String zoomText(double zoom) {
        double pct = zoom * 100;
        return String.format(Locale.ROOT, pct < 10 ? "Zoom %.1f %%" : "Zoom %.0f %%", pct);
    }

    /** One zoom step in (1.25x), about the centre of the view. */
    void zoomIn() {
        viewport.zoomAbout(1.25, viewport.centerX.get(), viewport.centerY.get());
    }

    /** One zoom step out. */
    void zoomOut() {
        viewport.zoomAbout(0.8, viewport.centerX.get(), viewport.centerY.get());
    }

    void actualSize() {
        RgbaImage img = model.input();
        if (img != null) {
            viewport.actualSize(img.width(), img.height());
        }
    }

    // ------------------------------------------------------------------ theme, presets, export

    /** Applies a theme to every window and remembers it. */
    void theme(Theme t) {
        theme = t;
        t.apply();
        (t == Theme.DARK ? menus.dark : menus.light).setSelected(true);
        prefs.saveTheme(t);
    }

    void toggleTheme() {
        theme(theme == Theme.DARK ? Theme.LIGHT : Theme.DARK);
    }

    /** The theme in use. */
    Theme theme() {
        return theme;
    }

    /** Opens the parameter dialog of a preset; OK puts its mask in the editor. */
    PresetDialog presetDialog(PresetDialog.Kind kind) {
        PresetDialog d = newPresetDialog(kind);
        d.showAndWait().ifPresent(m -> model.applyPreset(m, d.spec()));
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
            case IMAGES -> imageArea;
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

    void close() {
        stage.close();
    }

    /** View › Display Range: the Brightness &amp; Contrast of 16-bit, 32-bit and float images and results. */
    DisplayRangeDialog openDisplayRange() {
        if (displayRange == null) {
            displayRange = new DisplayRangeDialog(stage, model);
        }
        displayRange.show();
        return displayRange;
    }

    private DisplayRangeDialog displayRange;

    /** Opens the compare window on the current image and settings. */
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
        compareWindow = new CompareWindow(stage, compare, engine, img, s.spec(),
                (model.file() == null ? "" : model.file().getFileName() + ", ") + s.mask().width() + "x"
                        + s.mask().height() + " mask, " + s.border().name() + ", " + engine.backend());
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

    void shutdown() {
        files.close();
        histograms.close();
        compare.shutdownNow();
        previews.shutdownNow();
        engines.close();
    }
}
