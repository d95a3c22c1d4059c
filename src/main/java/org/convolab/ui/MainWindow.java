package org.convolab.ui;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.convolab.core.RgbaImage;
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
    private final MainMenus menus;
    private final ExecutorService compare = BackgroundThreads.single("convolab-compare");

    private final Viewport viewport = new Viewport();
    final ImageCanvas inputView = new ImageCanvas(viewport);
    final ImageCanvas outputView = new ImageCanvas(viewport);
    final TimingOverlay overlay = new TimingOverlay();
    final MaskEditor maskEditor;
    final Label sizeLabel = new Label();
    final Label deviceLabel = new Label();
    final Label message = new Label();
    final Label pixelLabel = new Label();
    private final SplitPane sideBySide = new SplitPane();
    private final StackPane imageArea = new StackPane();
    private CompareWindow compareWindow;
    private ClassroomWindow classroom;

    MainWindow(Stage stage, EngineProvider engines, AppPreferences prefs) {
        this.stage = stage;
        this.engines = engines;
        this.prefs = prefs;
        this.model = new MainModel(engines, prefs.lastState());
        this.files = new FileActions(stage, model, prefs);
        this.settings = new SettingsBar(model);
        this.maskEditor = new MaskEditor(m -> model.edit(model.current().withMask(m)), model::say);
        this.menus = new MainMenus(model, files, this);
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
        root.setTop(new VBox(menus.bar, settings.toolbar));
        VBox left = new VBox(8, section("Mask"), maskEditor, settings.outputMapping);
        left.setPadding(new Insets(6));
        left.setPrefWidth(430);
        left.setMinWidth(430);
        root.setLeft(left);
        sideBySide.getItems().addAll(titled("Input", inputView), titled("Output", outputStack()));
        imageArea.getChildren().add(sideBySide);
        root.setCenter(imageArea);
        HBox status = new HBox(16, sizeLabel, deviceLabel, pixelLabel, files.progress, message);
        status.setPadding(new Insets(4, 8, 4, 8));
        status.setId("status-bar");
        message.setId("status-message");
        pixelLabel.setId("pixel-readout");
        HBox.setHgrow(message, Priority.ALWAYS);
        root.setBottom(status);
        menus.splitMode.selectedProperty().addListener((o, a, b) -> layoutImages());

        Scene scene = new Scene(root, prefs.width(), prefs.height());
        files.acceptDrops(scene);
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            prefs.saveWindow(scene.getWidth(), scene.getHeight());
            prefs.saveState(model.current());
            prefs.flush();
        });
        String cuda = engines.cudaProblem();
        deviceLabel.setText(cuda == null ? "GPU: ready" : "GPU: not used (" + cuda + ")");
    }

    /** The output view with the timing overlay in its top-left corner. */
    private StackPane outputStack() {
        StackPane outputStack = new StackPane(outputView, overlay);
        StackPane.setAlignment(overlay, Pos.TOP_LEFT);
        StackPane.setMargin(overlay, new Insets(10));
        return outputStack;
    }

    static Label section(String text) {
        Label l = new Label(text);
        l.setStyle("-fx-font-weight: bold;");
        return l;
    }

    private static VBox titled(String title, Node content) {
        VBox box = new VBox(section(title), content);
        VBox.setVgrow(content, Priority.ALWAYS);
        box.setPadding(new Insets(2));
        return box;
    }

    private void layoutImages() {
        if (menus.splitMode.isSelected()) {
            StackPane outputStack = (StackPane) ((VBox) sideBySide.getItems().get(1)).getChildren().get(1);
            outputView.split.set(0.5);
            imageArea.getChildren().setAll(outputStack);
        } else {
            outputView.split.set(-1);
            VBox outBox = (VBox) sideBySide.getItems().get(1);
            StackPane outputStack = outputStack();
            outBox.getChildren().set(1, outputStack);
            VBox.setVgrow(outputStack, Priority.ALWAYS);
            imageArea.getChildren().setAll(sideBySide);
        }
    }

    // ------------------------------------------------------------------ showing the model

    private void bindToModel() {
        message.textProperty().bind(model.statusProperty());
        overlay.visibleProperty().bind(menus.showOverlay.selectedProperty().and(model.outcomeProperty().isNotNull()));
        inputView.image.bind(model.inputProperty());
        outputView.before.bind(Bindings.createObjectBinding(() -> menus.splitMode.isSelected() ? model.input() : null,
                menus.splitMode.selectedProperty(), model.inputProperty()));
        model.setVisibleRegion(() -> model.input() == null ? null
                : outputView.visibleRegion(model.input().width(), model.input().height()));
        model.previewProperty().addListener((o, was, p) -> outputView.patch.set(
                p == null ? null : new ImageCanvas.Patch(p.result().image(), p.x(), p.y())));
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
            outputView.image.set(now == null ? null : now.result().image());
            if (now != null) {
                overlay.show(now);
            }
        });
        model.inputProperty().addListener((o, was, img) -> {
            sizeLabel.setText(img.width() + " x " + img.height());
            Platform.runLater(this::fit);
        });
        model.fileProperty().addListener((o, was, path) -> stage.setTitle("Convolab \u2014 " + path.getFileName()));
    }

    private void hover(int x, int y) {
        RgbaImage in = model.input();
        FilterOutcome o = model.outcome();
        if (x < 0 || in == null) {
            pixelLabel.setText("");
            return;
        }
        String out = o == null || o.result().image().width() != in.width() ? "" : " out " + rgb(o.result().image().argb(x, y));
        pixelLabel.setText("(" + x + ", " + y + ") in " + rgb(in.argb(x, y)) + out);
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

    void actualSize() {
        RgbaImage img = model.input();
        if (img != null) {
            viewport.actualSize(img.width(), img.height());
        }
    }

    void close() {
        stage.close();
    }

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
            classroom = new ClassroomWindow(stage, model);
        }
        classroom.stage().show();
        classroom.stage().toFront();
        return classroom;
    }

    void shutdown() {
        files.close();
        compare.shutdownNow();
        engines.close();
    }
}
