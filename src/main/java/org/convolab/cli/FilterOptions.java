package org.convolab.cli;

import java.nio.file.Path;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
import org.convolab.io.MaskFiles;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** The options that describe a filter, shared by the commands that filter. */
public final class FilterOptions {

    static final class MaskSource {
        @Option(names = "--mask", paramLabel = "SPEC",
                description = "a preset (identity, box:N, gaussian:SIGMA[:SIZE], sharpen, laplacian[:4|:8], sobel-x, sobel-y, "
                        + "prewitt-x, prewitt-y, emboss, unsharp, motion:LENGTH[:ANGLE]) or rows inline, e.g. \"1 2 1; 2 4 2; 1 2 1\"")
        String spec;

        @Option(names = "--mask-file", paramLabel = "FILE",
                description = "an ImageJ-style text mask: one row per line, numbers separated by spaces or commas, # comments")
        Path file;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    MaskSource mask;

    @Option(names = "--border", paramLabel = "POLICY", defaultValue = "mirror", converter = OptionConverters.Border.class,
            description = {"ghost cells: zero, constant:V, clamp (OpenCV REPLICATE, SciPy nearest), "
                    + "reflect (dcba|abcd; OpenCV REFLECT, SciPy reflect), mirror (dcb|abcd; OpenCV REFLECT_101, SciPy mirror), "
                    + "wrap (periodic; SciPy grid-wrap). Default: ${DEFAULT-VALUE}"})
    BorderPolicy border;

    @Option(names = "--divisor", paramLabel = "D", defaultValue = "1", converter = OptionConverters.Divisor.class, description = "divide the sum by D (default ${DEFAULT-VALUE})")
    float divisor;

    @Option(names = "--offset", paramLabel = "O", defaultValue = "0", converter = OptionConverters.Finite.class, description = "add O after dividing (default ${DEFAULT-VALUE})")
    float offset;

    @Option(names = "--abs", description = "take the absolute value of the sum first (edge detectors)")
    boolean abs;

    @Option(names = "--depth", paramLabel = "same|8|16|float", defaultValue = "same", converter = OptionConverters.Depth.class,
            description = {"output samples: same (the input's, default), 8 or 16 (unsigned integers, rounded and clamped), "
                    + "float (32-bit float TIFF: the exact sum / D + O, signed, not rounded or clamped)"})
    OutputDepth depth;

    @Option(names = {"--normalize", "--normalise"}, description = "divide the weights by their sum (when it is not 0)")
    boolean normalize;

    @Option(names = "--flip", description = "flip the mask (true convolution instead of correlation)")
    boolean flip;

    /** The mask the options give, normalised and flipped as asked. */
    Mask mask() {
        Mask m = mask.spec != null ? MaskPresets.parse(mask.spec) : MaskFiles.read(mask.file);
        if (normalize) {
            if (m.sum() == 0) {
                throw new ConvolabException("cannot normalise: the mask's weights sum to 0 (drop --normalize, or use --divisor)");
            }
            m = m.normalized();
        }
        if (flip) {
            m = m.flipped();
        }
        return m;
    }

    /**
     * Refuses {@code --depth float} into a file format that holds no float samples, as a usage error naming TIFF.
     *
     * @param format the output's format (png, jpeg, bmp, tiff) or null when each input's decides
     */
    void checkDepthFor(String format, picocli.CommandLine cmd) {
        if (depth == OutputDepth.FLOAT && format != null && !format.equals("tiff")) {
            throw new picocli.CommandLine.ParameterException(cmd, "--depth float writes 32-bit float samples, which only TIFF holds,"
                    + " not " + format.toUpperCase(java.util.Locale.ROOT) + ": name the output .tif");
        }
    }

    /** The whole filter spec. */
    FilterSpec spec() {
        return new FilterSpec(mask(), border, divisor, offset, abs);
    }
}
