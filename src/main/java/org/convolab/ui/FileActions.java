package org.convolab.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.image.Image;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.io.Exif;
import org.convolab.io.ImageFiles;
import org.convolab.io.Orientation;
import org.convolab.io.SampleImages;

/**
 * The main window's files: opening images (chooser, recent files, samples, drag and drop), saving
 * the result (never over the input) and loading and saving masks. Reading and writing images run on
 * one background thread as tasks with immutable inputs; what failed goes to an error dialog.
 */
final class FileActions implements AutoCloseable {
    private final Stage stage;
    private final MainModel model;
    private final AppPreferences prefs;
    private final ExecutorService io = BackgroundThreads.single("convolab-io");
    /** File › Open Recent, refilled after each open. */
    final Menu recentMenu = new Menu("Open _Recent");
    /** The status bar's progress of opening and of filtering a big image. */
    final ProgressStrip progress = new ProgressStrip();
    /** Mask › Load Mask and Save Mask. */
    final MaskFileDialogs masks;
    private Task<?> opening;

    FileActions(Stage stage, MainModel model, AppPreferences prefs) {
        this.stage = stage;
        this.model = model;
        this.prefs = prefs;
        this.masks = new MaskFileDialogs(this, model);
        refreshRecent();
    }

    /**
     * A decoded image and its JavaFX copy (null for an image too big for one JavaFX image), both made off the FX thread,
     * with its samples when they are not 8-bit (else null).
     */
    private record Loaded(RgbaImage image, SampleImage samples, Image fx, ImageStack stack) {
    }

    /**
     * Opens an image in the background, turned upright by its EXIF orientation (a phone photo stored sideways is
     * shown as taken; the status bar says so); a dialog says why when it cannot be read.
     */
    void open(Path path) {
        String[] note = {""};
        SampleImage[] kept = {null};
        ImageStack[] stack = {null};
        open(path, () -> {
            // a multi-page TIFF is a stack: every page kept as samples, the first shown at the stack's display range
            stack[0] = ImageStack.readIfStack(path);
            if (stack[0] != null) {
                kept[0] = stack[0].pages()[0];
                return kept[0].render(DisplayRange.initial(stack[0].pages()));
            }
            // 16-bit, 32-bit and float PNGs and TIFFs keep their values (shown through a display range)
            SampleImage wide = SampleImage.readIfWide(path);
            if (wide != null) {
                kept[0] = wide;
                return wide.render(DisplayRange.initial(wide));
            }
            RgbaImage stored = ImageFiles.read(path);
            Exif exif = Exif.read(path);
            if (!exif.turned()) {
                return stored;
            }
            note[0] = "shown upright by its EXIF orientation " + exif.orientation();
            return Orientation.apply(stored, exif.orientation());
        }, note, kept, stack);
    }

    /**
     * Opens what {@code read} decodes, in the background, with progress and Cancel in the status bar;
     * a cancelled or failed open leaves the image shown before in place.
     */
    void open(Path path, Callable<RgbaImage> read) {
        open(path, read, new String[] {""}, new SampleImage[1], new ImageStack[1]);
    }

    /**
     * {@link #open(Path, Callable)}; {@code note[0]}, once {@code read} has set it, goes with the status lines, and
     * {@code kept[0]} is the image's samples where they are not 8-bit.
     */
    private void open(Path path, Callable<RgbaImage> read, String[] note, SampleImage[] kept, ImageStack[] stack) {
        if (opening != null) {
            opening.cancel(); // the newest open wins
        }
        String name = String.valueOf(path.getFileName());
        model.say("Opening " + name + "...");
        Task<Loaded> load = new Task<>() {
            @Override
            protected Loaded call() throws Exception {
                updateProgress(-1, 1);
                RgbaImage img = read.call();
                if (isCancelled()) {
                    return null;
                }
                return new Loaded(img, kept[0], FxImages.fitsOneImage(img.width(), img.height()) ? FxImages.toFx(img) : null,
                        stack[0]);
            }
        };
        opening = load;
        load.setOnSucceeded(e -> {
            opening = null;
            Loaded l = load.getValue();
            if (l.stack() != null) {
                model.openedStack(path, l.stack(), l.image(), l.fx());
            } else {
                model.opened(path, l.image(), l.samples(), l.fx(), note[0]);
            }
            prefs.opened(path);
            refreshRecent();
        });
        load.setOnCancelled(e -> {
            if (opening == load) {
                opening = null;
                model.say("Not opened: " + name + " (cancelled)");
            }
        });
        load.setOnFailed(e -> error("Cannot open " + name, FilterStatus.failure(load.getException())));
        progress.show(load, "Opening " + name);
        io.submit(load);
    }

    /** The window's stage, for the dialogs. */
    Stage stage() {
        return stage;
    }

    /** The open running now, or null. */
    Task<?> opening() {
        return opening;
    }

    /**
     * Saves a shown result in the background; never over the input. The file chooser has already asked before
     * replacing a file. The save holds the result ({@link ResultLease#retain}) until it is written, so a newer
     * result shown meanwhile does not give its memory back to the engine under the writer.
     */
    void save(ResultLease result, Path target) {
        ResultLease held = result.retain();
        if (!save(held::image, target, held::close)) {
            held.close();
        }
    }

    /** Saves an image; never over the input. */
    void save(RgbaImage image, Path target) {
        save(() -> image, target, () -> { });
    }

    /**
     * Saves samples in their own format, never over the input: a float or 32-bit result as TIFF (another format says
     * so in a dialog), 16 bits in PNG or TIFF, bit for bit.
     */
    void save(SampleImage image, Path target) {
        submitWrite(notices -> image.write(target, true, notices), target, () -> { });
    }

    private boolean save(java.util.function.Supplier<RgbaImage> image, Path target, Runnable done) {
        // the lent pixels are copied into an array only where the engine has none (the GPU, under 32 MP)
        return submitWrite(notices -> ImageFiles.write(image.get(), target, true), target, done);
    }

    /**
     * Runs {@code write} (on the io thread; it gets where to say what the file's format dropped) to write
     * {@code target}, then runs {@code done}.
     *
     * @return false when nothing was submitted (the target is the input), {@code done} not run
     */
    private boolean submitWrite(java.util.function.Consumer<java.util.function.Consumer<String>> write, Path target, Runnable done) {
        Path in = model.file();
        if (in != null && ImageFiles.sameFile(in, target)) {
            error("Not saved", "The result would replace the input image " + target.getFileName() + "; choose another name");
            return false;
        }
        java.util.List<String> dropped = new java.util.concurrent.CopyOnWriteArrayList<>();
        Task<Void> task = new Task<>() {
            @Override
            protected Void call() {
                try {
                    write.accept(dropped::add);
                } finally {
                    done.run();
                }
                return null;
            }
        };
        model.say("Saving " + target.getFileName() + "..."); // in the background: the window goes on working
        task.setOnSucceeded(e -> model.say("Saved " + target + (dropped.isEmpty() ? "" : " (" + String.join("; ", dropped) + ")")));
        task.setOnFailed(e -> error("Not saved", FilterStatus.failure(task.getException())));
        io.submit(task);
        return true;
    }

    /** Opens the first file dropped on the scene. */
    void acceptDrops(Scene scene) {
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
    }

    /** File › Samples: one item per bundled sample image. */
    Menu samplesMenu() {
        Menu samples = new Menu("S_amples");
        for (String name : SampleImages.NAMES) {
            samples.getItems().add(MainMenus.plainItem(name, () -> open(SampleImages.path(name))));
        }
        return samples;
    }

    void chooseAndOpen() {
        FileChooser fc = chooser("Open image");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Images", "*.png", "*.jpg", "*.jpeg", "*.bmp", "*.gif",
                "*.tif", "*.tiff"));
        File f = fc.showOpenDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    void chooseAndSave() {
        if (model.outcome() == null && !model.filtering()) {
            model.say("Nothing to save yet");
            return;
        }
        File f = saveChooser().showSaveDialog(stage);
        if (f != null) {
            saveCurrent(f.toPath());
        }
    }

    /**
     * Saves the result of the settings the window shows: at once when it is there, else when the filter
     * (of a big image, or of an edit just made) has finished it.
     */
    void saveCurrent(Path target) {
        ImageStack st = model.stack().get();
        if (st != null && st.pages().length > 1) {
            saveStack(target);
            return;
        }
        boolean waits = model.whenCurrent(o -> {
            if (o.samples() != null) {
                save(o.samples(), target); // 16-bit, 32-bit or float: the values, not the pixels shown
            } else {
                save(o.result(), target);
            }
        }, why -> error("Not saved", why));
        if (waits) {
            model.say("Saving " + target.getFileName() + " when the whole image is filtered with the current settings...");
        }
    }

    /**
     * Saves the whole stack filtered with the current settings as a multi-page TIFF of the same dimensions: at once
     * when it has been filtered, else once Filter Whole Stack (which this starts) is done.
     */
    private void saveStack(Path target) {
        FilteredStack done = model.stack().filtered(model.current());
        if (done != null) {
            submitWrite(notices -> done.stack().write(target, true), target, () -> { });
            return;
        }
        long request = model.filterWholeStack();
        if (request < 0) {
            error("Not saved", model.statusProperty().get());
            return;
        }
        model.whenShown(request, o -> {
            if (o.stack() != null && o.stack().whole() != null) {
                saveStack(target);
            } else {
                error("Not saved", "the settings changed before the whole stack was filtered; save again");
            }
        }, why -> error("Not saved", why));
        model.say("Saving " + target.getFileName() + " when the whole stack is filtered (Esc cancels)...");
    }

    /** Asks where to save a picture and writes it as PNG; a failure gets a dialog. */
    void savePicture(javafx.scene.image.Image picture, String name) {
        FileChooser fc = chooser("Export as PNG");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG image", "*.png"));
        fc.setInitialFileName(name + ".png");
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            writePicture(picture, f.toPath());
        }
    }

    /** Writes a picture as PNG in the background. */
    void writePicture(javafx.scene.image.Image picture, Path target) {
        Task<Void> write = new Task<>() {
            @Override
            protected Void call() {
                SnapshotExport.writePng(picture, target);
                return null;
            }
        };
        write.setOnSucceeded(e -> model.say("Exported " + target));
        write.setOnFailed(e -> error("Not exported", write.getException().getMessage()));
        io.submit(write);
    }

    /** The Save Result dialog, not shown: it suggests NAME-filtered.png beside the input (tests look at it). */
    FileChooser saveChooser() {
        FileChooser fc = chooser("Save result");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG, JPEG, BMP, TIFF", "*.png", "*.jpg", "*.bmp", "*.tif"));
        Path in = model.file();
        if (in != null) {
            FilterOutcome o = model.outcome();
            // PNG holds 8 and 16 bits: a float or 32-bit result is suggested as TIFF
            boolean tiff = o != null && o.samples() != null && !o.samples().format().narrowInteger()
                    || model.stack().get() != null && model.stack().get().pages().length > 1; // a stack is a multi-page TIFF
            fc.setInitialFileName(suggestedName(in, tiff ? ".tif" : ".png"));
            Path folder = in.toAbsolutePath().getParent();
            if (folder != null && java.nio.file.Files.isDirectory(folder) && java.nio.file.Files.isWritable(folder)) {
                fc.setInitialDirectory(folder.toFile()); // beside the input (else the last folder used)
            }
        }
        return fc;
    }

    /** The name Save Result suggests for an input: "photo.jpg" gives "photo-filtered.png". */
    static String suggestedName(Path input) {
        return suggestedName(input, ".png");
    }

    /** The name Save Result suggests for an input, with the extension given (".png", ".tif"). */
    static String suggestedName(Path input, String extension) {
        String name = input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return (dot > 0 ? name.substring(0, dot) : name) + "-filtered" + extension;
    }

    FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        Path folder = prefs.lastFolder();
        if (folder != null) {
            fc.setInitialDirectory(folder.toFile());
        }
        return fc;
    }

    private void refreshRecent() {
        recentMenu.getItems().clear();
        for (Path p : prefs.recentFiles()) {
            recentMenu.getItems().add(MainMenus.plainItem(p.toString(), () -> open(p)));
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }

    void error(String header, String text) {
        model.say(text);
        ErrorDialog.show(stage, header, text);
    }

    @Override
    public void close() {
        io.shutdownNow();
    }
}
