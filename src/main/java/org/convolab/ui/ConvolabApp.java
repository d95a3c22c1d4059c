package org.convolab.ui;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.stage.Stage;
import org.convolab.io.SampleImages;

/** The JavaFX application: opens the main window on an image or the default sample. */
public class ConvolabApp extends Application {

    /** The image the window opens first; null for the default sample. */
    private static volatile Path initialImage;
    private static volatile boolean openClassroom;

    private MainWindow window;

    /**
     * JavaFX's logger (held here: java.util.logging keeps loggers weakly, and a collected one loses its
     * filter).
     */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    /**
     * Drops JavaFX's one "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'"
     * line, printed at every launch. Convolab is one runnable jar (JavaFX on the class path, so the same
     * jar runs on any host with {@code java -jar}); JavaFX 21 works that way (every window test runs so),
     * the line only says the module path is the configuration OpenJFX tests. Every other JavaFX message
     * still prints.
     */
    static void quietClassPathWarning() {
        JAVAFX_LOG.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
    }

    /**
     * Launches the GUI (blocks until the window closes) and returns the exit code: 0, or 1 with one
     * line on stderr when there is no display.
     */
    public static int launchApp(Path image, boolean classroom) {
        quietClassPathWarning();
        initialImage = image;
        openClassroom = classroom;
        try {
            Application.launch(ConvolabApp.class);
            return 0;
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            System.err.println("convolab: cannot open the window (" + e.getMessage()
                    + "); is there a display? The command line works without one: convolab --help");
            return 1;
        }
    }

    @Override
    public void start(Stage stage) {
        window = open(stage, initialImage);
        if (openClassroom) {
            window.tools.openClassroom();
        }
    }

    /** Builds the main window on a stage and opens the image (or the default sample). */
    static MainWindow open(Stage stage, Path image) {
        MainWindow[] holder = new MainWindow[1];
        EngineProvider engines = new EngineProvider(msg -> javafx.application.Platform.runLater(() -> {
            if (holder[0] != null) {
                holder[0].gpuFailed(msg);
            }
        }));
        MainWindow w = new MainWindow(stage, engines, new AppPreferences());
        holder[0] = w;
        Path first = image != null ? image : SampleImages.defaultSample();
        stage.setTitle("Convolab"); // named after the file once it has been read
        stage.show();
        w.files.open(first);
        return w;
    }

    @Override
    public void stop() {
        if (window != null) {
            window.shutdown();
        }
    }
}
