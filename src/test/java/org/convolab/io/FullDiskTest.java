package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes onto a full and onto a read-only file system give a clear error and leave no temporary
 * file. Needs to mount small tmpfs file systems (root on Linux); skipped with the reason elsewhere.
 */
class FullDiskTest {

    @TempDir
    Path dir;

    private Path mounted;

    private static boolean run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }

    private Path mount(String options) throws Exception {
        Path m = Files.createDirectory(dir.resolve("fs-" + options.replace(',', '-').replace('=', '-')));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", options, "tmpfs", m.toString()),
                "cannot mount a tmpfs here (needs root on Linux): full and read-only disks not tested");
        mounted = m;
        return m;
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted != null) {
            run("umount", mounted.toString());
        }
    }

    @Test
    void aFullDiskGivesAnErrorAndNoTemporaryFile() throws Exception {
        Path fs = mount("size=64k");
        Path out = fs.resolve("out.png");
        // random pixels: a gradient now compresses into less than the 64k (adaptive PNG row filters)
        assertThatThrownBy(() -> ImageFiles.write(org.convolab.cli.BenchCommand.randomImage(600, 400, 1), out, false))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("cannot write").hasMessageContaining("No space left");
        try (var files = Files.list(fs)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aReadOnlyDiskGivesAnErrorAndNoTemporaryFile() throws Exception {
        Path fs = mount("size=1m,ro");
        assertThatThrownBy(() -> ImageFiles.write(SyntheticImages.gradient(60, 40), fs.resolve("out.png"), false))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("Read-only file system");
        try (var files = Files.list(fs)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aReadOnlyFolderIsFoundBeforeDecoding() throws Exception {
        Path fs = mount("size=1m,ro");
        assertThatThrownBy(() -> ImageFiles.checkWritable(fs.resolve("out.png"), false))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("cannot write").hasMessageContaining("Read-only");
    }

    @Test
    void aTinyImageIoCacheFolderNeverMakesAValidPngDamaged() throws Exception {
        Path fs = mount("size=8k");
        Path png = dir.resolve("noise.png");
        int[] p = new int[300 * 300];
        java.util.Random rnd = new java.util.Random(3);
        for (int i = 0; i < p.length; i++) {
            p[i] = 0xff000000 | rnd.nextInt(0x1000000);
        }
        org.convolab.core.RgbaImage noise = new org.convolab.core.RgbaImage(300, 300, p);
        boolean useCache = javax.imageio.ImageIO.getUseCache();
        try {
            // what ImageIO does by default: copy each stream into its cache folder (here 8 KiB)
            javax.imageio.ImageIO.setUseCache(true);
            javax.imageio.ImageIO.setCacheDirectory(fs.toFile());
            ImageFiles.write(noise, png, false);
            assertThat(Files.size(png)).isGreaterThan(100_000);
            assertThat(ImageFiles.read(png).pixels()).isEqualTo(p);
        } finally {
            javax.imageio.ImageIO.setCacheDirectory(null);
            javax.imageio.ImageIO.setUseCache(useCache);
        }
        try (var files = Files.list(fs)) {
            assertThat(files).isEmpty();
        }
    }
}
