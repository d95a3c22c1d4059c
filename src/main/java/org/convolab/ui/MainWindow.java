package org.convolab.ui;

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
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.convolab.core.RgbaImage;

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

    private final Viewport viewport = new Viewport();
    final ImageCanvas inputView = new ImageCanvas(viewport);
    final ImageCanvas outputView = new ImageCanvas(viewport);
    final TimingOverlay overlay = new TimingOverlay();
    /** "Filtering..." over the output while a filter takes longer than a moment. */
    final BusyCue busy;
    final HistogramPanel histograms;
    final MaskEditor maskEditor;
    /** The mask's depth and the 3D mask's slice the editor shows. */
    final MaskSliceBar maskSlices;
    /** The sliders of a stack, under the images. */
    final StackBar stackBar;
    final StatusBar status;
    final Label sizeLabel;
    final Label pixelLabel;
    final Label zoomLabel;
    private final SplitPane sideBySide = new SplitPane();
    final StackPane imageArea = new StackPane();
    /** The output view and its overlay: in the side-by-side pane, or alone with the before/after divider. */
    private final StackPane outputStack = new StackPane();
    /** Compare, the classroom, the dialogs and the pictures of views. */
    final ToolWindows tools;
    private Theme theme;

    MainWindow(Stage stage, EngineProvider engines, AppPreferences prefs) {
        this.stage = stage;
        this.engines = engines;
        this.prefs = prefs;
        this.model = new MainModel(engines, prefs.lastState());
        this.files = new FileActions(stage, model, prefs);
        this.settings = new SettingsBar(model);
        this.histograms = new HistogramPanel(model);
        this.maskEditor = new MaskEditor(model.masks()::edited, model::say);
        maskEditor.setOnResize(model.masks()::resize);
        this.maskSlices = new MaskSliceBar(model);
        this.stackBar = new StackBar(model);
        this.status = new StatusBar(files.progress);
        this.sizeLabel = status.sizeLabel;
        this.pixelLabel = status.pixelLabel;
        this.zoomLabel = status.zoomLabel;
        this.tools = new ToolWindows(stage, model, files, imageArea);
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
        VBox left = new VBox(8, section("Mask"), maskSlices.row, maskEditor, settings.outputMapping);
        left.setId("mask-panel");
        VBox.setVgrow(maskEditor, Priority.ALWAYS);
        left.setPadding(new Insets(6));
        left.setPrefWidth(440);
        left.setMinWidth(360);
        root.setLeft(left);
        sideBySide.getItems().addAll(titled("Input", inputView), titled("Output", outputStack()));
        imageArea.getChildren().add(sideBySide);
        imageArea.setMinSize(200, 150);
        VBox centre = new VBox(imageArea, stackBar.row, histograms.row);
        VBox.setVgrow(imageArea, Priority.ALWAYS);
        root.setCenter(centre);
        root.setBottom(status.row);
        menus.splitMode.selectedProperty().addListener((o, a, b) -> layoutImages());
        histograms.follow(menus, prefs);

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
        status.deviceLabel.setText(cuda == null ? "GPU: ready" : "GPU: not used (CPU engine)");
        status.deviceLabel.setTooltip(new Tooltip(cuda == null ? "Filters run on the GPU" : cuda));
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
        status.message.textProperty().bind(model.statusProperty());
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
                String what = model.filterWorker().getMessage();
                files.progress.show(model.filterWorker(), what == null || what.isEmpty() ? "Filtering the whole image" : what);
            }
        });
        inputView.setOnHoverPixel((x, y) -> status.hover(model, x, y));
        outputView.setOnHoverPixel((x, y) -> status.hover(model, x, y));
        model.stateProperty().addListener((o, was, now) -> maskEditor.show(model.masks().shown()));
        model.masks().slice.addListener((o, was, now) -> maskEditor.show(model.masks().shown()));
        maskEditor.show(model.masks().shown());
        model.outcomeProperty().addListener((o, was, now) -> {
            showOutput();
            if (now != null) {
                overlay.show(now);
            }
        });
        model.ranges().outputProperty().addListener((o, was, now) -> showOutput());
        model.inputProperty().addListener((o, was, img) -> {
            SampleImage kept = model.samples();
            ImageStack st = model.stack().get();
            sizeLabel.setText(img.width() + " x " + img.height() + " px" + (kept == null ? "" : ", " + kept.format())
                    + (st == null || st.pages().length == 1 ? "" : ", " + st.dims().describe()));
            boolean slice = st != null && st.pages().length > 1 && was != null && was.width() == img.width()
                    && was.height() == img.height();
            if (!slice) {
                Platform.runLater(this::fit); // a new image; a slice of the stack keeps the zoom
            }
        });
        // the file changes only once it has been read: a file that failed to open is never named
        model.fileProperty().addListener((o, was, path) -> stage.setTitle("Convolab \u2014 " + path.getFileName()));
        zoomLabel.textProperty().bind(Bindings.createStringBinding(() -> StatusBar.zoomText(viewport.zoom.get()), viewport.zoom));
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

    /** The GPU failed for good: the app goes on with the CPU engine and says so. */
    void gpuFailed(String text) {
        status.deviceLabel.setText("GPU: not used (" + text + ")");
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

    void close() {
        stage.close();
    }

    void shutdown() {
        files.close();
        histograms.close();
        tools.close();
        engines.close();
    }
}
