package org.convolab.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.CheckBox;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.engine.Backend;
import org.convolab.io.ImageFiles;
import org.convolab.io.MaskFiles;

/**
 * The main window. The views show the model (the image, the {@link EditState} and the last filter
 * outcome); every edit goes through {@link #edit}, which records it for undo and filters again off
 * the FX thread. Errors go to a dialog or the status bar; the window goes on working.
 */
final class MainWindow {
    private static final String[] BORDERS = {"zero", "constant", "clamp", "reflect", "mirror", "wrap"};

    final Stage stage;
    private final EngineProvider engines;
    private final AppPreferences prefs;
    private final FilterService filter;
    private final ExecutorService io = Executors.newSingleThreadExecutor(r -> daemon(r, "convolab-io"));
    private final ExecutorService compare = Executors.newSingleThreadExecutor(r -> daemon(r, "convolab-compare"));
    private final History<EditState> history;

    final ObjectProperty<RgbaImage> input = new SimpleObjectProperty<>();
    final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    final ObjectProperty<FilterOutcome> outcome = new SimpleObjectProperty<>();
    final ObjectProperty<EditState> state = new SimpleObjectProperty<>();

    private final Viewport viewport = new Viewport();
    final ImageCanvas inputView = new ImageCanvas(viewport);
    final ImageCanvas outputView = new ImageCanvas(viewport);
    final TimingOverlay overlay = new TimingOverlay();
    final MaskEditor maskEditor;
    final ComboBox<Strategy> strategy = new ComboBox<>();
    final ComboBox<String> border = new ComboBox<>();
    final TextField constant = new TextField("0");
    final ComboBox<Backend> backend = new ComboBox<>();
    final TextField divisor = new TextField("1");
    final TextField offset = new TextField("0");
    final CheckBox abs = new CheckBox("|sum|");
    final Label sizeLabel = new Label();
    final Label deviceLabel = new Label();
    final Label message = new Label();
    final Label pixelLabel = new Label();
    private final SplitPane sideBySide = new SplitPane();
    private final StackPane imageArea = new StackPane();
    private final Menu recentMenu = new Menu("Open Recent");
    private final CheckMenuItem showOverlay = new CheckMenuItem("Show timing overlay");
    private final RadioMenuItem splitMode = new RadioMenuItem("Before/after divider");
    private Image inputFx;
    private CompareWindow compareWindow;
    private ClassroomWindow classroom;

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    MainWindow(Stage stage, EngineProvider engines, AppPreferences prefs) {
        this.stage = stage;
        this.engines = engines;
        this.prefs = prefs;
        this.filter = new FilterService(engines);
        this.history = new History<>(prefs.lastState(), 200);
        this.maskEditor = new MaskEditor(m -> edit(current().withMask(m)), this::say);
        state.set(history.current());
        build();
        state.addListener((o, was, now) -> showState(now));
        showState(state.get());
        filter.setOnSucceeded(e -> shown(filter.getValue()));
        filter.setOnFailed(e -> say(describe(filter.getException())));
    }

    EditState current() {
        return state.get();
    }

    // ------------------------------------------------------------------ layout

    private void build() {
        BorderPane root = new BorderPane();
        root.setTop(new VBox(menus(), toolbar()));
        VBox left = new VBox(8, section("Mask"), maskEditor, outputMapping());
        left.setPadding(new Insets(6));
        left.setPrefWidth(430);
        left.setMinWidth(430);
        root.setLeft(left);
        StackPane outputStack = new StackPane(outputView, overlay);
        StackPane.setAlignment(overlay, Pos.TOP_LEFT);
        StackPane.setMargin(overlay, new Insets(10));
        overlay.visibleProperty().bind(showOverlay.selectedProperty().and(outcome.isNotNull()));
        sideBySide.getItems().addAll(titled("Input", inputView), titled("Output", outputStack));
        imageArea.getChildren().add(sideBySide);
        root.setCenter(imageArea);
        HBox status = new HBox(16, sizeLabel, deviceLabel, pixelLabel, message);
        status.setPadding(new Insets(4, 8, 4, 8));
        status.setId("status-bar");
        message.setId("status-message");
        pixelLabel.setId("pixel-readout");
        HBox.setHgrow(message, Priority.ALWAYS);
        root.setBottom(status);
        inputView.setOnHoverPixel(this::hover);
        outputView.setOnHoverPixel(this::hover);
        outputView.before.bind(javafx.beans.binding.Bindings.createObjectBinding(() -> splitMode.isSelected() ? inputFx : null,
                splitMode.selectedProperty(), input));

        Scene scene = new Scene(root, prefs.width(), prefs.height());
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            if (files != null && !files.isEmpty()) {
                open(files.get(0).toPath());
            }
            e.setDropCompleted(files != null && !files.isEmpty());
            e.consume();
        });
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            prefs.saveWindow(scene.getWidth(), scene.getHeight());
            prefs.saveState(current());
            prefs.flush();
        });
        String cuda = engines.cudaProblem();
        deviceLabel.setText(cuda == null ? "GPU: ready" : "GPU: not used (" + cuda + ")");
    }

    private static Label section(String text) {
        Label l = new Label(text);
        l.setStyle("-fx-font-weight: bold;");
        return l;
    }

    private static VBox titled(String title, javafx.scene.Node content) {
        VBox box = new VBox(section(title), content);
        VBox.setVgrow(content, Priority.ALWAYS);
        box.setPadding(new Insets(2));
        return box;
    }

    private MenuBar menus() {
        MenuItem open = item("Open...", "Shortcut+O", e -> chooseAndOpen());
        MenuItem save = item("Save Result...", "Shortcut+S", e -> chooseAndSave());
        save.setId("menu-save");
        Menu samples = new Menu("Samples");
        for (String name : SampleImages.NAMES) {
            samples.getItems().add(item(name, null, e -> open(SampleImages.path(name))));
        }
        refreshRecent();
        MenuItem quit = item("Quit", "Shortcut+Q", e -> stage.close());
        Menu fileMenu = new Menu("File", null, open, recentMenu, samples, new SeparatorMenuItem(), save, new SeparatorMenuItem(), quit);

        MenuItem undo = item("Undo", "Shortcut+Z", e -> undo());
        MenuItem redo = item("Redo", "Shortcut+Shift+Z", e -> redo());
        Menu editMenu = new Menu("Edit", null, undo, redo);

        Menu presets = new Menu("Presets");
        for (String p : MaskPresets.EXAMPLES) {
            presets.getItems().add(item(p, null, e -> applyPreset(p)));
        }
        MenuItem normalise = item("Normalise", null, e -> normalise());
        MenuItem flip = item("Flip (convolution)", null, e -> edit(current().withMask(current().mask().flipped())));
        MenuItem loadMask = item("Load mask...", null, e -> loadMask());
        MenuItem saveMask = item("Save mask...", null, e -> saveMask());
        Menu maskMenu = new Menu("Mask", null, presets, normalise, flip, new SeparatorMenuItem(), loadMask, saveMask);

        ToggleGroup mode = new ToggleGroup();
        RadioMenuItem side = new RadioMenuItem("Side by side");
        side.setToggleGroup(mode);
        splitMode.setToggleGroup(mode);
        side.setSelected(true);
        mode.selectedToggleProperty().addListener((o, a, b) -> layoutImages());
        showOverlay.setSelected(true);
        MenuItem fit = item("Fit", "Shortcut+0", e -> fit());
        MenuItem actual = item("100 %", "Shortcut+1", e -> {
            if (input.get() != null) {
                viewport.actualSize(input.get().width(), input.get().height());
            }
        });
        Menu viewMenu = new Menu("View", null, side, splitMode, new SeparatorMenuItem(), fit, actual, new SeparatorMenuItem(), showOverlay);

        MenuItem compareItem = item("Compare strategies...", "Shortcut+K", e -> openCompare());
        compareItem.setId("menu-compare");
        MenuItem classroom = item("Classroom: ghost cells, tiles, cost model...", "Shortcut+L", e -> openClassroom());
        Menu tools = new Menu("Tools", null, compareItem, classroom);
        return new MenuBar(fileMenu, editMenu, maskMenu, viewMenu, tools);
    }

    private static MenuItem item(String text, String keys, javafx.event.EventHandler<javafx.event.ActionEvent> action) {
        MenuItem m = new MenuItem(text);
        if (keys != null) {
            m.setAccelerator(KeyCombination.keyCombination(keys));
        }
        m.setOnAction(action);
        return m;
    }

    private HBox toolbar() {
        strategy.getItems().setAll(Strategy.values());
        strategy.setId("strategy");
        strategy.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Strategy s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setText(null);
                    setDisable(false);
                    setTooltip(null);
                    return;
                }
                setText(s.id());
                String why = s.whyNotApplicable(current().mask());
                setDisable(why != null);
                setTooltip(new Tooltip(why != null ? why : s.description()));
            }
        });
        strategy.setOnAction(e -> {
            Strategy s = strategy.getValue();
            if (s != null && s != current().strategy()) {
                edit(current().withStrategy(s));
            }
        });
        border.getItems().setAll(BORDERS);
        border.setId("border");
        border.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                setTooltip(empty || s == null ? null : new Tooltip(policyFor(s, "0").description() + "  (OpenCV "
                        + policyFor(s, "0").openCvName() + ", SciPy " + policyFor(s, "0").scipyName() + ")"));
            }
        });
        border.setOnAction(e -> applyBorder());
        constant.setId("border-constant");
        constant.setPrefColumnCount(4);
        constant.setOnAction(e -> applyBorder());
        backend.getItems().setAll(Backend.values());
        backend.setId("backend");
        String cuda = engines.cudaProblem();
        backend.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Backend b, boolean empty) {
                super.updateItem(b, empty);
                setText(empty || b == null ? null : b.toString());
                boolean off = b == Backend.CUDA && cuda != null;
                setDisable(off);
                setTooltip(off ? new Tooltip("No CUDA device: " + cuda) : null);
            }
        });
        backend.setOnAction(e -> {
            if (backend.getValue() != null && backend.getValue() != current().backend()) {
                edit(current().withBackend(backend.getValue()));
            }
        });
        HBox bar = new HBox(8, new Label("Strategy"), strategy, new Label("Ghost cells"), border, new Label("value"), constant,
                new Label("Backend"), backend);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6));
        return bar;
    }

    private VBox outputMapping() {
        divisor.setId("divisor");
        offset.setId("offset");
        abs.setId("abs");
        divisor.setPrefColumnCount(5);
        offset.setPrefColumnCount(5);
        divisor.setOnAction(e -> applyMapping());
        offset.setOnAction(e -> applyMapping());
        divisor.focusedProperty().addListener((o, a, now) -> {
            if (!now) {
                applyMapping();
            }
        });
        offset.focusedProperty().addListener((o, a, now) -> {
            if (!now) {
                applyMapping();
            }
        });
        abs.setOnAction(e -> edit(current().withAbs(abs.isSelected())));
        HBox row = new HBox(6, new Label("Divide by"), divisor, new Label("then add"), offset, abs);
        row.setAlignment(Pos.CENTER_LEFT);
        Label formula = new Label("out = clamp(round(sum / divisor + offset), 0, 255)");
        formula.setStyle("-fx-font-size: 11px; -fx-text-fill: #555;");
        return new VBox(4, section("Output"), row, formula);
    }

    private void layoutImages() {
        if (splitMode.isSelected()) {
            StackPane outputStack = (StackPane) ((VBox) sideBySide.getItems().get(1)).getChildren().get(1);
            outputView.split.set(0.5);
            imageArea.getChildren().setAll(outputStack);
        } else {
            outputView.split.set(-1);
            VBox outBox = (VBox) sideBySide.getItems().get(1);
            StackPane outputStack = new StackPane(outputView, overlay);
            StackPane.setAlignment(overlay, Pos.TOP_LEFT);
            StackPane.setMargin(overlay, new Insets(10));
            outBox.getChildren().set(1, outputStack);
            VBox.setVgrow(outputStack, Priority.ALWAYS);
            imageArea.getChildren().setAll(sideBySide);
        }
    }

    // ------------------------------------------------------------------ showing the model

    private void showState(EditState s) {
        maskEditor.show(s.mask());
        strategy.setValue(s.strategy());
        if (s.border() instanceof ConstantPolicy c) {
            border.setValue(c.value() == 0f ? "zero" : "constant");
            constant.setText(org.convolab.core.MaskText.formatWeight(c.value()));
        } else {
            border.setValue(s.border().name());
        }
        constant.setDisable(!"constant".equals(border.getValue()));
        backend.setValue(s.backend());
        divisor.setText(org.convolab.core.MaskText.formatWeight(s.divisor()));
        offset.setText(org.convolab.core.MaskText.formatWeight(s.offset()));
        abs.setSelected(s.abs());
        String why = s.strategy().whyNotApplicable(s.mask());
        if (why != null) {
            say(why);
        }
    }

    private void shown(FilterOutcome o) {
        if (o == null || o.sequence() != filter.latest()) {
            return; // an older result never replaces a newer request's
        }
        outcome.set(o);
        outputView.image.set(o.image());
        overlay.show(o);
        say(String.format(Locale.ROOT, "Filtered with %s on %s in %.1f ms", o.result().strategy().id(), o.backend(),
                o.result().timings().totalMs()));
    }

    private void hover(int x, int y) {
        RgbaImage in = input.get();
        FilterOutcome o = outcome.get();
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
    void gpuFailed(String message) {
        deviceLabel.setText("GPU: not used (" + message + ")");
        error("The GPU stopped working", message);
    }

    void say(String text) {
        message.setText(text);
    }

    static String describe(Throwable t) {
        if (t instanceof ConvolabException) {
            return t.getMessage();
        }
        return "Unexpected error: " + t;
    }

    // ------------------------------------------------------------------ actions

    /** Records a new state for undo and filters again. */
    void edit(EditState s) {
        history.push(s);
        state.set(s);
        refilter();
    }

    void undo() {
        history.undo().ifPresent(s -> {
            state.set(s);
            refilter();
        });
    }

    void redo() {
        history.redo().ifPresent(s -> {
            state.set(s);
            refilter();
        });
    }

    private void refilter() {
        RgbaImage img = input.get();
        if (img == null) {
            return;
        }
        String why = current().strategy().whyNotApplicable(current().mask());
        if (why != null) {
            say(why);
            return;
        }
        filter.submit(img, current());
    }

    private void applyPreset(String spec) {
        edit(current().withMask(MaskPresets.parse(spec)));
    }

    private void normalise() {
        Mask m = current().mask();
        if (m.sum() == 0) {
            say("Cannot normalise: the weights sum to 0 (use the divisor instead)");
            return;
        }
        edit(current().withMask(m.normalized()));
    }

    private static BorderPolicy policyFor(String name, String value) {
        return name.equals("constant") ? BorderPolicy.parse("constant:" + value) : BorderPolicy.parse(name);
    }

    private void applyBorder() {
        String b = border.getValue();
        if (b == null) {
            return;
        }
        constant.setDisable(!b.equals("constant"));
        try {
            BorderPolicy p = policyFor(b, constant.getText().strip());
            if (!p.equals(current().border())) {
                edit(current().withBorder(p));
            }
        } catch (ConvolabException e) {
            say(e.getMessage());
        }
    }

    private void applyMapping() {
        try {
            float d = Float.parseFloat(divisor.getText().strip());
            float o = Float.parseFloat(offset.getText().strip());
            if (d == 0f || !Float.isFinite(d) || !Float.isFinite(o)) {
                say("The divisor must be a number other than 0, and the offset a number");
                return;
            }
            if (d != current().divisor() || o != current().offset()) {
                edit(current().withDivisor(d).withOffset(o));
            }
        } catch (NumberFormatException e) {
            say("The divisor and offset must be numbers");
        }
    }

    private void fit() {
        RgbaImage img = input.get();
        if (img != null) {
            viewport.fit(img.width(), img.height(), outputView.getWidth(), outputView.getHeight());
        }
    }

    /** A decoded image and its JavaFX copy, both made off the FX thread. */
    private record Loaded(RgbaImage image, Image fx) {
    }

    /** Opens an image in the background; a dialog says why when it cannot be read. */
    void open(Path path) {
        say("Opening " + path.getFileName() + "...");
        Task<Loaded> load = new Task<>() {
            @Override
            protected Loaded call() {
                RgbaImage img = ImageFiles.read(path);
                return new Loaded(img, ConvolabApp.toFx(img));
            }
        };
        load.setOnSucceeded(e -> {
            RgbaImage img = load.getValue().image();
            inputFx = load.getValue().fx();
            input.set(img);
            file.set(path);
            outcome.set(null);
            inputView.image.set(inputFx);
            outputView.image.set(null);
            stage.setTitle("Convolab \u2014 " + path.getFileName());
            sizeLabel.setText(img.width() + " x " + img.height());
            prefs.opened(path);
            refreshRecent();
            Platform.runLater(this::fit);
            refilter();
        });
        load.setOnFailed(e -> error("Cannot open " + path.getFileName(), describe(load.getException())));
        io.submit(load);
    }

    void error(String header, String text) {
        say(text);
        Alert a = new Alert(Alert.AlertType.ERROR, text);
        a.initOwner(stage);
        a.setHeaderText(header);
        a.setTitle("Convolab");
        a.show();
    }

    private void refreshRecent() {
        recentMenu.getItems().clear();
        for (Path p : prefs.recentFiles()) {
            recentMenu.getItems().add(item(p.toString(), null, e -> open(p)));
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        Path folder = prefs.lastFolder();
        if (folder != null) {
            fc.setInitialDirectory(folder.toFile());
        }
        return fc;
    }

    private void chooseAndOpen() {
        FileChooser fc = chooser("Open image");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Images", "*.png", "*.jpg", "*.jpeg", "*.bmp", "*.gif",
                "*.tif", "*.tiff"));
        File f = fc.showOpenDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    private void chooseAndSave() {
        FilterOutcome o = outcome.get();
        if (o == null) {
            say("Nothing to save yet");
            return;
        }
        FileChooser fc = chooser("Save result");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG, JPEG, BMP, TIFF", "*.png", "*.jpg", "*.bmp", "*.tif"));
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            save(o.result().image(), f.toPath());
        }
    }

    /** Saves a result; never over the input. The file chooser has already asked before replacing a file. */
    void save(RgbaImage image, Path target) {
        if (file.get() != null && (ImageFiles.sameFile(file.get(), target)
                || file.get().toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize()))) {
            error("Not saved", "The result would replace the input image " + target.getFileName() + "; choose another name");
            return;
        }
        Task<Void> write = new Task<>() {
            @Override
            protected Void call() {
                ImageFiles.write(image, target, true);
                return null;
            }
        };
        write.setOnSucceeded(e -> say("Saved " + target));
        write.setOnFailed(e -> error("Not saved", describe(write.getException())));
        io.submit(write);
    }

    private void loadMask() {
        FileChooser fc = chooser("Load mask");
        File f = fc.showOpenDialog(stage);
        if (f != null) {
            try {
                edit(current().withMask(MaskFiles.read(f.toPath())));
            } catch (ConvolabException e) {
                error("Cannot load the mask", e.getMessage());
            }
        }
    }

    private void saveMask() {
        FileChooser fc = chooser("Save mask");
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            try {
                MaskFiles.write(current().mask(), f.toPath());
                say("Saved mask " + f);
            } catch (ConvolabException e) {
                error("Cannot save the mask", e.getMessage());
            }
        }
    }

    /** Opens the compare window on the current image and settings. */
    CompareWindow openCompare() {
        RgbaImage img = input.get();
        if (img == null) {
            say("Open an image first");
            return null;
        }
        if (compareWindow != null) {
            compareWindow.stage.close();
        }
        var engine = engines.engine(current().backend());
        compareWindow = new CompareWindow(stage, compare, engine, img, current().spec(),
                (file.get() == null ? "" : file.get().getFileName() + ", ") + current().mask().width() + "x"
                        + current().mask().height() + " mask, " + current().border().name() + ", " + engine.backend());
        compareWindow.stage.show();
        return compareWindow;
    }

    /** The input as a JavaFX image (for the classroom's tile view). */
    Image inputImage() {
        return inputFx;
    }

    /** Opens the classroom window, or brings it forward. */
    ClassroomWindow openClassroom() {
        if (classroom == null) {
            classroom = new ClassroomWindow(this);
        }
        classroom.stage.show();
        classroom.stage.toFront();
        return classroom;
    }

    void shutdown() {
        io.shutdownNow();
        compare.shutdownNow();
        engines.close();
    }
}
