package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.io.Exif;
import org.convolab.io.ImageFiles;
import org.convolab.io.PngBytes;
import org.convolab.io.SyntheticImages;
import org.convolab.io.TestImageFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 26 items 5 to 9 through {@code convolab filter}: one line and exit 1, or the photo upright. */
class HostileInputCliTest {

    @TempDir
    Path dir;

    private static void refusedInOneLine(CliTest.Run r, String message) {
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).contains(message);
    }

    @Test
    void weightsThatOverflowTheFloatSumsAreOneLine() throws Exception {
        Path in = dir.resolve("in.png");
        ImageFiles.write(SyntheticImages.gradient(120, 60), in, false);
        StringBuilder mask = new StringBuilder();
        for (int y = 0; y < 63; y++) {
            for (int x = 0; x < 63; x++) {
                mask.append((x + y) % 2 == 0 ? "1e38 " : "-1e38 ");
            }
            mask.append('\n');
        }
        Path m = Files.writeString(dir.resolve("huge.txt"), mask);
        Path out = dir.resolve("out.png");
        refusedInOneLine(CliTest.run("filter", in.toString(), "-o", out.toString(), "--mask-file", m.toString(),
                "--divisor", "1e38", "--backend", "cpu"), "the mask's weights are too large");
        assertThat(out).doesNotExist();
    }

    @Test
    void anIccBombIsOneLineAndNoOutput() throws Exception {
        byte[] icc = PngBytes.zerosDeflated("icc\0\0".getBytes(StandardCharsets.ISO_8859_1), 64L << 20);
        Path in = Files.write(dir.resolve("bomb.png"), PngBytes.start(10, 10, 8, 2).chunk("iCCP", icc).end(new byte[310]));
        Path out = dir.resolve("out.png");
        refusedInOneLine(CliTest.run("filter", in.toString(), "-o", out.toString(), "--mask", "identity", "--backend", "cpu"),
                "inflates to more than 4 MB");
        assertThat(out).doesNotExist();
    }

    @Test
    void outOfMemoryNamesTheHeapNotTheImage() {
        assertThat(Cli.oneLine(new OutOfMemoryError("Java heap space")))
                .startsWith("out of memory: the work needed more than the Java heap's ").doesNotContain("smaller image");
    }

    @Test
    void autoOrientTurnsAPhoneJpegUpright() {
        Path photo = TestImageFiles.jpegWithOrientation(dir.resolve("phone.jpg"), SyntheticImages.gradient(40, 30), 6);
        Path kept = dir.resolve("kept.jpg");
        Path up = dir.resolve("up.jpg");
        assertThat(CliTest.run("filter", photo.toString(), "-o", kept.toString(), "--mask", "box:3", "--backend", "cpu").code()).isZero();
        assertThat(CliTest.run("filter", photo.toString(), "-o", up.toString(), "--mask", "box:3", "--backend", "cpu",
                "--auto-orient").code()).isZero();
        assertThat(Exif.read(kept).orientation()).isEqualTo(6);
        assertThat(ImageFiles.read(kept).width()).isEqualTo(40);
        assertThat(Exif.read(up).orientation()).isEqualTo(1);
        assertThat(ImageFiles.read(up).width()).isEqualTo(30);
    }
}
