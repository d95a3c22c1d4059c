package org.convolab.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;

/**
 * The image reader takes any bytes under any of its extensions: the result is an image or a
 * ConvolabException with a clear message, never another exception. Images over 4 megapixels are
 * refused from the header, so the fuzzer cannot make the decoder allocate gigabytes. Regression
 * inputs: ImageFilesFuzzTestInputs/ beside this class.
 */
class ImageFilesFuzzTest {

    private static final String[] EXTENSIONS = {".png", ".jpg", ".bmp", ".gif", ".tif"};

    @FuzzTest(maxDuration = "30s")
    void anyBytesGiveAnImageOrOneClearLine(FuzzedDataProvider data) throws IOException {
        String ext = EXTENSIONS[data.consumeInt(0, EXTENSIONS.length - 1)];
        byte[] bytes = data.consumeRemainingAsBytes();
        Path file = Files.createTempFile("convolab-fuzz", ext);
        try {
            Files.write(file, bytes);
            try {
                RgbaImage img = ImageFiles.read(file, 4_000_000);
                assertTrue(img.width() >= 1 && img.height() >= 1);
            } catch (ConvolabException e) {
                assertFalse(e.getMessage().isBlank());
                assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
