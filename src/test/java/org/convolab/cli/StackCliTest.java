package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ij.ImagePlus;
import ij.ImageStack;
import ij.io.FileSaver;
import ij.io.Opener;
import ij.process.ByteProcessor;
import java.nio.file.Path;
import java.util.Random;
import org.convolab.cli.CliTest.Run;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stacks and 3D on the command line. */
class StackCliTest {

    @TempDir
    Path dir;

    Path stack;

    @BeforeEach
    void threePages() {
        Random rnd = new Random(1);
        ImageStack st = new ImageStack(12, 9);
        for (int p = 0; p < 3; p++) {
            byte[] px = new byte[12 * 9];
            rnd.nextBytes(px);
            st.addSlice(new ByteProcessor(12, 9, px));
        }
        stack = dir.resolve("three.tif");
        new FileSaver(new ImagePlus("three", st)).saveAsTiffStack(stack.toString());
    }

    /** Was: exit 0 and a one-page output. */
    @Test
    void aThreePageTiffGivesThreePages() {
        Path out = dir.resolve("out.tif");
        Run r = CliTest.run("filter", stack.toString(), "-o", out.toString(), "--mask", "box:3", "--backend", "cpu");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(new Opener().openImage(out.toString()).getStackSize()).isEqualTo(3);
        Run png = CliTest.run("filter", stack.toString(), "-o", dir.resolve("out.png").toString(), "--mask", "box:3", "--backend", "cpu");
        assertThat(png.code()).isEqualTo(1);
        assertThat(png.errLines()).singleElement().asString().contains("TIFF only");
        assertThat(dir.resolve("out.png")).doesNotExist();
    }

    @Test
    void aThreeDimensionalMaskFiltersAcrossPages() {
        Path out = dir.resolve("out3.tif");
        Run r = CliTest.run("filter", stack.toString(), "-o", out.toString(), "--mask", "gaussian3d:1", "--backend", "cpu", "--timings");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("3D strategy separable").contains("stack of 3 slices");
        ImagePlus b = new Opener().openImage(out.toString());
        assertThat(b.getStackSize()).isEqualTo(3);
        // across z: page 2 of the output differs from the 2D-per-page result
        Path flat = dir.resolve("flat.tif");
        CliTest.run("filter", stack.toString(), "-o", flat.toString(), "--mask", "gaussian:1", "--backend", "cpu");
        assertThat((byte[]) b.getStack().getProcessor(2).getPixels())
                .isNotEqualTo((byte[]) new Opener().openImage(flat.toString()).getStack().getProcessor(2).getPixels());
    }

    @Test
    void aThreeDimensionalStrategyThatDoesNotApplyIsOneLine() {
        Run r = CliTest.run("filter", stack.toString(), "-o", dir.resolve("o.tif").toString(), "--mask", "box3d:3",
                "--strategy", "tiled-out", "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().contains("has no 3D form");
        Run batch = CliTest.run("batch", dir.toString(), "-o", dir.resolve("b").toString(), "--mask", "box3d:3", "--backend", "cpu");
        assertThat(batch.code()).isEqualTo(1);
        assertThat(batch.errLines()).singleElement().asString().contains("3D mask");
    }

    @Test
    void explainPrintsTheBrickTable() {
        Run r = CliTest.run("explain", "--dims", "3", "--tile", "8,16", "--mask", "5,9");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("T^3 * M^3 / (T + M - 1)^3").contains("5           37.04    64.00")
                .contains("9           91.13   216.00");
        assertThat(CliTest.run("explain", "--dims", "4").code()).isEqualTo(2);
    }
}
