package org.convolab.ui;

import java.nio.file.Path;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.image.Image;
import org.convolab.core.OutputDepth;
import org.convolab.core.RgbaImage;
import org.convolab.io.Hyperstack;

/**
 * What is open in the window: the file, the input as shown (8-bit pixels) with its samples where they are not 8-bit,
 * the stack and the slice shown of it, the display ranges, and what the status bar adds about the image. Each a
 * property the views bind to; no JavaFX toolkit needed (the JavaFX copy of the input is made when first asked for).
 */
final class OpenInput {
    final ReadOnlyObjectWrapper<RgbaImage> input = new ReadOnlyObjectWrapper<>();
    /** The input's samples when it is not 8-bit (16-bit, 32-bit, float) or a page of a stack; null for an 8-bit image. */
    final ReadOnlyObjectWrapper<SampleImage> samples = new ReadOnlyObjectWrapper<>();
    final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
    /** The display ranges of the input and output samples. */
    final DisplayRanges ranges = new DisplayRanges();
    /** The open stack and the position shown in it. */
    final StackModel stack = new StackModel();
    /** The input as a JavaFX image, or null until asked for (an image too big for one never has one). */
    private Image fx;
    /** An 8-bit input's samples, made when an output depth other than 8 bits (or a 3D mask) asks for them. */
    private SampleImage eightBitSamples;
    /** The display range {@link #input} shows the samples at (it was made at it), or null for an 8-bit image. */
    DisplayRange renderedAt;
    /** What the status bar adds about the open image ("; shown upright by its EXIF orientation 6"), or "". */
    String note = "";

    /** A new image or stack (null for an image), {@code image} showing {@code kept} (or the 8-bit image itself). */
    void open(Path path, RgbaImage image, SampleImage kept, Image fxCopy, String how, ImageStack s) {
        note = how == null || how.isEmpty() ? "" : "; " + how;
        stack.open(s);
        eightBitSamples = null;
        renderedAt = kept == null ? null : s != null ? DisplayRange.initial(s.pages()) : DisplayRange.initial(kept);
        ranges.opened(renderedAt);
        show(image, kept, fxCopy);
        file.set(path);
    }

    private void show(RgbaImage image, SampleImage kept, Image fxCopy) {
        samples.set(kept);
        fx = fxCopy;
        input.set(image);
    }

    /** Shows page (c, z, t) of the open stack at the input's display range. */
    void showSlice(int c, int z, int t) {
        stack.c.set(c);
        stack.z.set(z);
        stack.t.set(t);
        SampleImage kept = stack.slice();
        renderedAt = ranges.get(DisplayRanges.Target.INPUT);
        show(kept.render(renderedAt), kept, null);
    }

    /** The input as a JavaFX image, made when first asked for (on the FX thread); null while none is open or too big. */
    Image fx() {
        RgbaImage img = input.get();
        if (fx == null && img != null && FxImages.fitsOneImage(img.width(), img.height())) {
            fx = FxImages.toFx(img);
        }
        return fx;
    }

    /**
     * The samples a filter takes: the input's own when it is not 8-bit; an 8-bit image's when the output depth is
     * 16 bits or float (a signed Laplacian) or the mask is 3D; null when the packed 8-bit path gives the result.
     */
    SampleImage samplesToFilter(EditState s) {
        if (samples.get() != null) {
            return samples.get();
        }
        if (!s.is3d() && (s.depth() == OutputDepth.SAME || s.depth() == OutputDepth.EIGHT)) {
            return null;
        }
        if (eightBitSamples == null) {
            eightBitSamples = SampleImage.of(input.get());
        }
        return eightBitSamples;
    }

    /**
     * The stack a filter of {@code s} goes through: the open one; for a single image with a 3D mask, a stack of that
     * one slice (its z ghost cells from the policy, as {@code convolab filter} treats one image); else null (a 2D
     * mask on a single image, which then takes its own ways again: the packed 8-bit path, a big image's preview).
     */
    StackModel stackFor(EditState s) {
        if (stack.get() != null && stack.get().pages().length == 1 && !s.is3d()) {
            return null; // a stack of one is only made for a 3D mask (a one-page TIFF is no stack)
        }
        if (stack.get() == null && s.is3d()) {
            stack.open(new ImageStack(String.valueOf(file.get()), new SampleImage[] {samplesToFilter(s)}, Hyperstack.slices(1),
                    Optional.empty()));
        }
        return stack.get() == null ? null : stack;
    }

    /** The file, for the views. */
    ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
    }
}
