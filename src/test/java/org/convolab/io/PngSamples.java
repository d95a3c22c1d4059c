package org.convolab.io;

import ar.com.hjg.pngj.ImageLineInt;
import ar.com.hjg.pngj.PngReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** PNGs of random samples at any depth and layout, written and read row by row with PNGJ, for the file tests. */
public final class PngSamples {

    private PngSamples() {
    }

    /** Writes a w x h PNG of random samples ({@code bits} 8 or 16; grey or RGB; with alpha or not). */
    public static Path write(Path file, int w, int h, int bits, boolean alpha, boolean grey, long seed) {
        TestImageFiles.png(file, w, h, bits, alpha, grey, seed);
        return file;
    }

    /** The stored samples of a PNG, a row an array. */
    public static List<int[]> rows(Path file) {
        PngReader r = new PngReader(file.toFile());
        List<int[]> rows = new ArrayList<>();
        while (r.hasMoreRows()) {
            rows.add(((ImageLineInt) r.readRow()).getScanline().clone());
        }
        r.end();
        return rows;
    }
}
