package org.convolab.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.convolab.core.MaskText;
import org.convolab.core.RowSource;
import org.convolab.core.UserText;

/**
 * 3D mask files: a multi-page TIFF, one grey page a z slice (as point-spread functions are stored; the stored
 * values are the weights: 8/16-bit integers or 32-bit float), or a text mask whose slices are separated by a line
 * holding only {@code ---} (each slice as {@link MaskFiles} reads a 2D mask).
 */
public final class VolumeMaskFiles {

    private VolumeMaskFiles() {
    }

    /**
     * The 3D mask the file holds, or empty when it holds a 2D mask (a text without {@code ---} lines, a libvips
     * {@code .mat}, a pipe).
     *
     * @throws ConvolabException naming the file (and slice) for a mask that cannot be read
     */
    public static Optional<Mask3D> read(Path file) {
        if (!Files.isRegularFile(file) || MaskFiles.isMatrixFile(file)) {
            return Optional.empty();
        }
        String name = UserText.escape(file.toString());
        if (TiffStack.isTiff(file)) {
            return Optional.of(readTiff(file, name));
        }
        String text = MaskFiles.readText(file);
        List<String> slices = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean separated = false;
        for (String line : text.split("\r?\n", -1)) {
            if (line.strip().equals("---")) {
                slices.add(current.toString());
                current.setLength(0);
                separated = true;
            } else {
                current.append(line).append('\n');
            }
        }
        if (!separated) {
            return Optional.empty();
        }
        slices.add(current.toString());
        if (slices.size() > 1 && slices.get(slices.size() - 1).strip().isEmpty()) {
            slices.remove(slices.size() - 1); // a --- after the last slice
        }
        List<Mask> masks = new ArrayList<>();
        for (int k = 0; k < slices.size(); k++) {
            masks.add(MaskText.parse(slices.get(k), "mask file " + name + " slice " + (k + 1)));
        }
        return Optional.of(stack(masks, name));
    }

    private static Mask3D readTiff(Path file, String name) {
        List<Mask> masks = new ArrayList<>();
        Optional<TiffStack> stack = TiffStack.open(file, (long) Mask.MAX_SIZE * Mask.MAX_SIZE);
        int pages = stack.map(TiffStack::pages).orElse(1);
        if (pages > Mask.MAX_SIZE) {
            throw new ConvolabException("mask file " + name + " has " + pages + " pages; a 3D mask is at most " + Mask.MAX_SIZE + " deep");
        }
        for (int p = 0; p < pages; p++) {
            try (RowSource src = stack.isPresent() ? stack.get().page(p) : RowSources.opener(file, (long) Mask.MAX_SIZE * Mask.MAX_SIZE).get()) {
                if (!src.format().grey() || src.format().alpha()) {
                    throw new ConvolabException("mask file " + name + " holds " + src.format() + " pages; a mask TIFF holds grey pages");
                }
                int w = src.width();
                float[] weights = new float[w * src.height()];
                int[] row = new int[w];
                for (int y = 0; y < src.height(); y++) {
                    src.readRow(row);
                    for (int x = 0; x < w; x++) {
                        weights[y * w + x] = src.format().toFloat(row[x]);
                    }
                }
                try {
                    masks.add(Mask.of(w, src.height(), weights));
                } catch (ConvolabException e) {
                    throw new ConvolabException("mask file " + name + " page " + (p + 1) + ": " + e.getMessage());
                }
            }
        }
        return stack(masks, name);
    }

    private static Mask3D stack(List<Mask> slices, String name) {
        Mask first = slices.get(0);
        float[] w = new float[first.width() * first.height() * slices.size()];
        int plane = first.width() * first.height();
        for (int k = 0; k < slices.size(); k++) {
            Mask m = slices.get(k);
            if (m.width() != first.width() || m.height() != first.height()) {
                throw new ConvolabException("mask file " + name + ": slice " + (k + 1) + " is " + m.width() + "x" + m.height()
                        + ", slice 1 is " + first.width() + "x" + first.height() + "; every slice of a 3D mask has one size");
            }
            System.arraycopy(m.weights(), 0, w, k * plane, plane);
        }
        try {
            return Mask3D.of(first.width(), first.height(), slices.size(), w);
        } catch (ConvolabException e) {
            throw new ConvolabException("mask file " + name + ": " + e.getMessage());
        }
    }

    /**
     * Writes (or replaces) a 3D mask atomically as text that {@link #read} reads back: each slice as ImageJ's rows of
     * weights ({@link org.convolab.core.MaskText#format}), slices separated by a line holding only {@code ---}.
     *
     * @throws ConvolabException when the file cannot be written
     */
    public static void write(Mask3D mask, Path file) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < mask.depth(); k++) {
            b.append(k > 0 ? "---\n" : "").append(org.convolab.core.MaskText.format(mask.slice(k)));
        }
        byte[] text = b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try {
            AtomicWrite.write(FileIdentity.resolved(file), true, out -> out.write(text));
        } catch (java.io.IOException e) {
            throw new ConvolabException("cannot write mask file " + UserText.escape(file.toString()) + ": " + e.getMessage());
        }
    }
}
