package org.convolab.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The bundled sample images. They live in {@code sample-images/} and are packed in the jar under
 * {@code /sample-images/}; a running app uses the folder when it is there, else copies from the jar.
 */
public final class SampleImages {

    /** The samples in menu order; the first is the default. */
    public static final List<String> NAMES = List.of("astronaut.png", "coffee.png", "chelsea.png", "rocket.jpg",
            "hubble_deep_field.jpg", "checkerboard.png", "gradient.png", "bright-pixel.png");

    private SampleImages() {
    }

    /** The default sample. */
    public static Path defaultSample() {
        return path(NAMES.get(0));
    }

    /** A sample by name, from sample-images/ if present, else extracted from the jar. */
    public static Path path(String name) {
        Path local = Path.of("sample-images", name);
        if (Files.isRegularFile(local)) {
            return local;
        }
        try (InputStream in = SampleImages.class.getResourceAsStream("/sample-images/" + name)) {
            if (in == null) {
                return local;
            }
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "convolab-samples");
            Files.createDirectories(dir);
            Path target = dir.resolve(name);
            if (!Files.exists(target)) {
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
