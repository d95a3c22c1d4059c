package org.convolab.ui;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The display ranges of the input and of the output, for images kept as samples ({@link SampleImage}): each
 * starts at {@link DisplayRange#initial}; one the user chose (the Display Range dialog) is kept for the
 * results that follow, as ImageJ keeps an image's B&amp;C, until Reset. Null while the image is 8-bit.
 * Use on the FX thread.
 */
final class DisplayRanges {
    /** Which image a range is for. */
    enum Target {
        INPUT("Input"), OUTPUT("Output");

        final String label;

        Target(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private final ReadOnlyObjectWrapper<DisplayRange> input = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<DisplayRange> output = new ReadOnlyObjectWrapper<>();
    private boolean outputChosen;

    /** The input's range; null for an 8-bit input. */
    ReadOnlyObjectProperty<DisplayRange> inputProperty() {
        return input.getReadOnlyProperty();
    }

    /** The output's range; null for an 8-bit result. */
    ReadOnlyObjectProperty<DisplayRange> outputProperty() {
        return output.getReadOnlyProperty();
    }

    /** The range of a target, or null. */
    DisplayRange get(Target t) {
        return (t == Target.INPUT ? input : output).get();
    }

    /** A new input shown at {@code initial} (null for an 8-bit one); the output's choice is forgotten with the old image. */
    void opened(DisplayRange initial) {
        outputChosen = false;
        input.set(initial);
    }

    /** A new result: its initial range unless the user chose one (null for an 8-bit result). */
    void result(SampleImage image) {
        if (image == null) {
            output.set(null);
        } else if (!outputChosen || output.get() == null) {
            outputChosen = false;
            output.set(DisplayRange.initial(image));
        }
    }

    /** The user's range for a target, kept until Reset. */
    void choose(Target t, DisplayRange r) {
        if (t == Target.INPUT) {
            input.set(r);
        } else {
            outputChosen = true;
            output.set(r);
        }
    }

    /** Back to the image's initial range, which new results follow again. */
    void reset(Target t, SampleImage image) {
        if (t == Target.INPUT) {
            input.set(DisplayRange.initial(image));
        } else {
            outputChosen = false;
            output.set(DisplayRange.initial(image));
        }
    }
}
