package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ij.ImagePlus;
import ij.io.Opener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stacks written by {@link TiffStackWriter}, read back by {@link TiffStack} and by ImageJ 1.x's own opener. */
class TiffStackTest {

    @TempDir
    Path dir;

    /** Random pages of the format: page p, row y as {@code pages.get(p)[y]}. */
    static List<int[][]> pages(SampleFormat f, int w, int h, int n, long seed) {
        Random rnd = new Random(seed);
        List<int[][]> out = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            int[][] rows = new int[h][w * f.channels()];
            for (int[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    row[i] = f.isFloat() ? Float.floatToRawIntBits(rnd.nextFloat() * 1000 - 500) : rnd.nextInt(f.maxValue() + 1);
                }
            }
            out.add(rows);
        }
        return out;
    }

    static void write(Path file, SampleFormat f, int w, int h, List<int[][]> pages, Hyperstack hs, long classicLimit) {
        TiffStackWriter.write(file, false, w, h, f, pages.size(), Optional.empty(), hs.imageJDescription(), sink -> {
            for (int[][] page : pages) {
                sink.writePage(rows -> {
                    for (int[] row : page) {
                        rows.writeRow(row);
                    }
                });
            }
        }, classicLimit);
    }

    static void assertReadsBack(Path file, SampleFormat f, int w, int h, List<int[][]> pages) {
        TiffStack stack = TiffStack.open(file, Long.MAX_VALUE).orElseThrow();
        assertThat(stack.pages()).isEqualTo(pages.size());
        assertThat(stack.format()).isEqualTo(f);
        int[] row = new int[w * f.channels()];
        for (int p = 0; p < pages.size(); p++) {
            try (RowSource src = stack.page(p)) {
                for (int y = 0; y < h; y++) {
                    src.readRow(row);
                    assertThat(row).as("page %d row %d", p, y).isEqualTo(pages.get(p)[y]);
                }
            }
        }
    }

    @Test
    void everyFormatRoundTripsBitForBitAndImageJOpensTheStack() {
        SampleFormat[] formats = {new SampleFormat(1, 8), new SampleFormat(1, 16), new SampleFormat(3, 8), new SampleFormat(3, 16),
                new SampleFormat(1, 32, SampleFormat.Kind.FLOAT)};
        int w = 13;
        int h = 7;
        for (SampleFormat f : formats) {
            Path file = dir.resolve("s" + f.channels() + "-" + f.bitDepth() + ".tif");
            List<int[][]> pages = pages(f, w, h, 5, f.hashCode());
            write(file, f, w, h, pages, Hyperstack.slices(5), TiffStackWriter.CLASSIC_LIMIT);
            assertReadsBack(file, f, w, h, pages);
            ImagePlus imp = new Opener().openImage(file.toString());
            assertThat(imp).as("ImageJ opens %s", f).isNotNull();
            // ImageJ has no 16-bit RGB type: it opens such a stack with three pages a page
            int channels = f.channels() == 3 && f.bitDepth() == 16 ? 3 : 1;
            assertThat(imp.getStackSize()).as("%s", f).isEqualTo(5 * channels);
            if (channels == 1) {
                assertThat(imp.getNSlices()).isEqualTo(5);
            }
            assertThat(imp.getWidth()).isEqualTo(w);
            assertThat(imp.getBitDepth()).isEqualTo(f.channels() == 3 && f.bitDepth() == 8 ? 24 : f.bitDepth());
            if (f.channels() == 1) { // ImageJ reads the same samples
                for (int p = 0; p < 5; p++) {
                    var ip = imp.getStack().getProcessor(p + 1);
                    for (int y = 0; y < h; y++) {
                        for (int x = 0; x < w; x++) {
                            int want = pages.get(p)[y][x];
                            int got = f.isFloat() ? Float.floatToRawIntBits(ip.getf(x, y)) : ip.get(x, y);
                            assertThat(got).as("%s page %d (%d,%d)", f, p, x, y).isEqualTo(want);
                        }
                    }
                }
            }
        }
    }

    @Test
    void hyperstackDimensionsSpacingAndUnitReachImageJ() throws Exception {
        SampleFormat f = new SampleFormat(1, 16);
        Hyperstack hs = new Hyperstack(2, 3, 4, Optional.of(2.5), Optional.of("micron"), Optional.empty());
        Path file = dir.resolve("hyper.tif");
        List<int[][]> pages = pages(f, 6, 5, 24, 1);
        write(file, f, 6, 5, pages, hs, TiffStackWriter.CLASSIC_LIMIT);
        ImagePlus imp = new Opener().openImage(file.toString());
        assertThat(imp.getNChannels()).isEqualTo(2);
        assertThat(imp.getNSlices()).isEqualTo(3);
        assertThat(imp.getNFrames()).isEqualTo(4);
        assertThat(imp.getCalibration().pixelDepth).isEqualTo(2.5);
        assertThat(imp.getCalibration().getUnit()).isEqualTo("micron");
        Hyperstack back = TiffStack.open(file, Long.MAX_VALUE).orElseThrow().hyperstack();
        assertThat(back.channels()).isEqualTo(2);
        assertThat(back.slices()).isEqualTo(3);
        assertThat(back.frames()).isEqualTo(4);
        assertThat(back.spacing()).contains(2.5);
        assertThat(back.imageJDescription()).isEqualTo(hs.imageJDescription()); // kept as it was
    }

    @Test
    void aStackPastTheClassicLimitIsWrittenAsBigTiffAndReadBack() throws Exception {
        SampleFormat f = new SampleFormat(1, 16);
        Path file = dir.resolve("big.tif");
        List<int[][]> pages = pages(f, 9, 4, 3, 2);
        write(file, f, 9, 4, pages, Hyperstack.slices(3), 10);
        byte[] head = Files.readAllBytes(file);
        assertThat(head[2] == 43 || head[3] == 43).as("BigTIFF magic 43").isTrue();
        assertReadsBack(file, f, 9, 4, pages);
    }

    @Test
    void aSingleImageIsNoStack() {
        SampleFormat f = new SampleFormat(1, 8);
        Path file = dir.resolve("one.tif");
        write(file, f, 4, 4, pages(f, 4, 4, 1, 3), Hyperstack.slices(1), TiffStackWriter.CLASSIC_LIMIT);
        assertThat(TiffStack.open(file, Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void aStackIsWrittenAsTiffOnly() {
        assertThatThrownBy(() -> write(dir.resolve("s.png"), new SampleFormat(1, 8), 2, 2,
                pages(new SampleFormat(1, 8), 2, 2, 2, 4), Hyperstack.slices(2), TiffStackWriter.CLASSIC_LIMIT))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("TIFF only");
        assertThat(dir.resolve("s.png")).doesNotExist();
    }
}
