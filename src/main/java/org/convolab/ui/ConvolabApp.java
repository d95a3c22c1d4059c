package org.convolab.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.io.ImageFiles;

/** The JavaFX application: the main window. */
public class ConvolabApp extends Application {

    /** The image the window opens first; null for the default sample. */
    private static volatile Path initialImage;

    /**
     * Launches the GUI (blocks until the window closes) and returns the exit code: 0, or 1 with one
     * line on stderr when there is no display.
     */
    public static int launchApp(Path image) {
        initialImage = image;
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
        Path file = initialImage != null ? initialImage : SampleImages.defaultSample();
        BorderPane root = new BorderPane();
        Label status = new Label();
        root.setBottom(status);
        try {
            RgbaImage img = ImageFiles.read(file);
            ImageView view = new ImageView(toFx(img));
            view.setPreserveRatio(true);
            view.fitWidthProperty().bind(root.widthProperty());
            view.fitHeightProperty().bind(root.heightProperty().subtract(24));
            root.setCenter(view);
            status.setText(img.width() + " x " + img.height());
        } catch (ConvolabException e) {
            status.setText(e.getMessage());
        }
        stage.setTitle("Convolab \u2014 " + file.getFileName());
        stage.setScene(new Scene(root, 1000, 700));
        stage.show();
    }

    /** An RgbaImage as a JavaFX image. */
    public static Image toFx(RgbaImage img) {
        return SwingFXUtils.toFXImage(ImageFiles.toBufferedImage(img, true), null);
    }

    @Override
    public void stop() {
        Platform.exit();
    }

    static boolean exists(Path p) {
        return p != null && Files.isRegularFile(p);
    }
}
