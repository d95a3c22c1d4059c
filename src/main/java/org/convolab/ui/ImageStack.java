package org.convolab.ui;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.io.Hyperstack;
import org.convolab.io.ImageFiles;
import org.convolab.io.TiffStack;
import org.convolab.io.TiffStackWriter;

/**
 * A stack (a multi-page TIFF) as the window keeps it: whole in memory, one {@link SampleImage} a page, pages in
 * ImageJ's order (channel fastest, then z slice, then time frame: {@link Hyperstack#page}), with the dimensions, the
 * ICC profile and ImageJ's description that Save writes back. 8-bit pages are kept as samples too.
 *
 * @param pages every page, one size and format; not copied, not to be modified
 */
record ImageStack(String name, SampleImage[] pages, Hyperstack dims, Optional<byte[]> icc) {

    ImageStack {
        if (pages.length != dims.pages()) {
            throw new IllegalArgumentException(pages.length + " pages for " + dims.describe());
        }
    }

    /**
     * The file as a stack when it is a TIFF of more than one page, read whole; null for any other file.
     *
     * @throws ConvolabException with one line when the stack cannot be read or does not fit the heap
     */
    static ImageStack readIfStack(Path file) {
        Optional<TiffStack> s = TiffStack.open(file, ImageFiles.DEFAULT_MAX_PIXELS);
        if (s.isEmpty()) {
            return null;
        }
        TiffStack t = s.get();
        long bytes = (long) t.width() * t.height() * t.format().channels() * 4L * t.pages();
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (bytes > free / 2) {
            throw new ConvolabException(String.format(Locale.ROOT, "the stack %s (%dx%d, %d pages) needs about %.1f GB in the"
                    + " window, the heap has %.1f GB free (filter it with convolab filter, which streams it page by page)",
                    t.name(), t.width(), t.height(), t.pages(), bytes / 1e9, free / 1e9));
        }
        SampleImage[] pages = new SampleImage[t.pages()];
        for (int p = 0; p < pages.length; p++) {
            try (RowSource page = t.page(p)) {
                pages[p] = SampleImage.read(page);
            }
        }
        return new ImageStack(t.name(), pages, t.hyperstack(), t.iccProfile());
    }

    int width() {
        return pages[0].width();
    }

    int height() {
        return pages[0].height();
    }

    SampleFormat format() {
        return pages[0].format();
    }

    /** The page of channel c, slice z, frame t (all from 0). */
    SampleImage page(int c, int z, int t) {
        return pages[dims.page(c, z, t)];
    }

    /** The same dimensions with other pages (a filtered stack). */
    ImageStack withPages(SampleImage[] filtered) {
        return new ImageStack(name, filtered, dims, icc);
    }

    /**
     * Writes the stack as a multi-page TIFF of the same dimensions (ImageJ and Fiji open it as such), never replacing
     * a file unless {@code replace}.
     *
     * @throws ConvolabException when the name is not .tif/.tiff or the write fails; nothing is left behind then
     */
    void write(Path file, boolean replace) {
        TiffStackWriter.write(file, replace, width(), height(), format(), pages.length, icc, dims.imageJDescription(), sink -> {
            for (SampleImage p : pages) {
                sink.writePage(p::writeRows);
            }
        });
    }

    /** "64x48 16-bit grey, 5 slices x 3 frames". */
    String describe() {
        return width() + "x" + height() + " " + format() + ", " + dims.describe();
    }
}
