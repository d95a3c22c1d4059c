package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ij.ImagePlus;
import ij.ImageStack;
import ij.io.FileSaver;
import ij.process.FloatProcessor;
import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask3D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VolumeMaskFilesTest {

    @TempDir
    Path dir;

    @Test
    void textSlicesAreSeparatedByDashes() throws Exception {
        Path f = dir.resolve("m.txt");
        Files.writeString(f, "1 2 3\n---\n4 5 6\n---\n7 8 9\n");
        Mask3D m = VolumeMaskFiles.read(f).orElseThrow();
        assertThat(new int[] {m.width(), m.height(), m.depth()}).containsExactly(3, 1, 3);
        assertThat(m.at(1, 0, 2)).isEqualTo(8f);
    }

    @Test
    void textWithoutDashesIsATwoDimensionalMask() throws Exception {
        Path f = dir.resolve("m2.txt");
        Files.writeString(f, "1 2 1\n2 4 2\n1 2 1\n");
        assertThat(VolumeMaskFiles.read(f)).isEmpty();
    }

    @Test
    void slicesOfDifferentSizesAreRefusedNamingTheSlice() throws Exception {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, "1 2 3\n---\n4\n");
        assertThatThrownBy(() -> VolumeMaskFiles.read(f)).isInstanceOf(ConvolabException.class).hasMessageContaining("slice 2");
    }

    /** A point-spread function as ImageJ stores one: a 32-bit float stack, a page a z slice. */
    @Test
    void aMultiPageFloatTiffIsAMaskAPageASlice() {
        ImageStack st = new ImageStack(3, 3);
        for (int k = 0; k < 5; k++) {
            float[] w = new float[9];
            w[4] = k + 0.5f;
            st.addSlice(new FloatProcessor(3, 3, w));
        }
        Path f = dir.resolve("psf.tif");
        new FileSaver(new ImagePlus("psf", st)).saveAsTiffStack(f.toString());
        Mask3D m = VolumeMaskFiles.read(f).orElseThrow();
        assertThat(new int[] {m.width(), m.height(), m.depth()}).containsExactly(3, 3, 5);
        assertThat(m.at(1, 1, 3)).isEqualTo(3.5f);
        assertThat(m.at(0, 0, 3)).isEqualTo(0f);
    }
}
