package org.convolab.cli;

import java.nio.file.Path;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ClampPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.convolab.core.MaskPresets;
import org.convolab.core.VolumeMaskPresets;
import org.convolab.core.MirrorPolicy;
import org.convolab.core.OutputDepth;
import org.convolab.io.MaskFiles;
import org.convolab.io.VolumeMaskFiles;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options that describe a filter, shared by the commands that filter, with the conventions of the tools
 * next door: {@code --imagej} (ImageJ's Convolve), {@code --auto-divisor} (GIMP's automatic divisor and
 * offset), and a libvips {@code .mat} mask file's scale and offset.
 */
public final class FilterOptions {

    static final class MaskSource {
        @Option(names = "--mask", paramLabel = "SPEC",
                description = "a preset (identity, box:N, gaussian:SIGMA[:SIZE], sharpen, laplacian[:4|:8], sobel-x, sobel-y, "
                        + "prewitt-x, prewitt-y, emboss, unsharp, motion:LENGTH[:ANGLE]), a 3D preset (box3d:N, gaussian3d:SIGMA[:SIZE], "
                        + "gaussian3d:SX,SY,SZ) or rows inline, e.g. \"1 2 1; 2 4 2; 1 2 1\"")
        String spec;

        @Option(names = "--mask-file", paramLabel = "FILE",
                description = "an ImageJ-style text mask (one row per line, numbers separated by spaces or commas, # comments), "
                        + "or a libvips matrix (.mat: a first line 'width height [scale [offset]]', then the rows; its scale "
                        + "and offset are the divisor and offset unless --divisor or --offset is given); a 3D mask: a multi-page TIFF "
                        + "(one page a z slice) or text with slices separated by a line '---'; - reads it from standard input")
        Path file;
    }

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @ArgGroup(exclusive = true, multiplicity = "1")
    MaskSource mask;

    @Option(names = "--border", paramLabel = "POLICY", converter = OptionConverters.Border.class,
            description = {"ghost cells: zero, constant:V, clamp (OpenCV REPLICATE, SciPy nearest, ImageJ, libvips), "
                    + "reflect (dcba|abcd; OpenCV REFLECT, SciPy reflect), mirror (dcb|abcd; OpenCV REFLECT_101, SciPy mirror), "
                    + "wrap (periodic; SciPy grid-wrap). Default: mirror (clamp with --imagej)"})
    BorderPolicy border;

    @Option(names = "--divisor", paramLabel = "D", converter = OptionConverters.Divisor.class,
            description = "divide the sum by D (default 1, or a .mat file's scale)")
    Float divisor;

    @Option(names = "--offset", paramLabel = "O", converter = OptionConverters.Finite.class,
            description = "add O after dividing (default 0, or a .mat file's offset)")
    Float offset;

    @Option(names = "--abs", description = "take the absolute value of the sum first (edge detectors)")
    boolean abs;

    @Option(names = "--depth", paramLabel = "same|8|16|float", defaultValue = "same", converter = OptionConverters.Depth.class,
            description = {"output samples: same (the input's, default), 8 or 16 (unsigned integers, rounded and clamped), "
                    + "float (32-bit float TIFF: the exact sum / D + O, signed, not rounded or clamped)"})
    OutputDepth depth;

    @Option(names = {"--normalize", "--normalise"}, description = "divide the weights by their sum (when it is not 0)")
    boolean normalize;

    @Option(names = "--imagej", description = "ImageJ's Convolve: normalise the weights when they do not sum to 0, and "
            + "repeat the edge pixels (clamp) unless --border says otherwise")
    boolean imagej;

    @Option(names = "--auto-divisor", description = "GIMP's automatic divisor and offset: divide by the weights' sum; "
            + "when it is 0, divisor 1 and offset 128; when it is negative, divide by -sum and offset 255 (8-bit values)")
    boolean autoDivisor;

    @Option(names = "--flip", description = "flip the mask (true convolution instead of correlation)")
    boolean flip;

    /**
     * The 3D mask the options give (a box3d or gaussian3d preset, a mask file of several TIFF pages or text slices
     * separated by {@code ---}), normalised and flipped as asked; empty for a 2D mask.
     */
    java.util.Optional<Mask3D> mask3d() {
        java.util.Optional<Mask3D> m = mask.spec != null ? VolumeMaskPresets.parse(mask.spec)
                : PipedInput.isStdin(mask.file) ? java.util.Optional.empty() : VolumeMaskFiles.read(mask.file);
        return m.map(v -> {
            Mask3D r = normalize || imagej ? (normalize || v.sum() != 0 ? v.normalized() : v) : v;
            return flip ? r.flipped() : r;
        });
    }

    /** The filter spec of a 3D mask: its mapping (divisor, offset, abs) and policy; the 2D mask is its middle slice. */
    FilterSpec volumeSpec(Mask3D m) {
        checkConventions();
        float d = divisor != null ? divisor : 1f;
        float o = offset != null ? offset : 0f;
        if (autoDivisor) {
            double sum = m.sum();
            d = sum == 0 ? 1f : (float) Math.abs(sum);
            o = sum == 0 ? 128f : (sum < 0 ? 255f : 0f);
        }
        return new FilterSpec(m.slice(m.radiusZ()), border(), d, o, abs);
    }

    /** The mask the options give, normalised and flipped as asked. */
    Mask mask() {
        return read().mask();
    }

    /** The mask file's (or preset's) weights with its mapping, normalised and flipped as asked. */
    private MaskFiles.Matrix read() {
        MaskFiles.Matrix read = mask.spec != null ? new MaskFiles.Matrix(MaskPresets.parse(mask.spec), 1f, 0f)
                : PipedInput.isStdin(mask.file) ? new MaskFiles.Matrix(MaskFiles.read(System.in, PipedInput.STDIN), 1f, 0f)
                : MaskFiles.readMatrix(mask.file);
        Mask m = read.mask();
        if (normalize) {
            if (m.sum() == 0) {
                throw new ConvolabException("cannot normalise: the mask's weights sum to 0 (drop --normalize, or use --divisor)");
            }
            m = m.normalized();
        } else if (imagej) {
            m = m.normalized(); // ImageJ leaves a mask that sums to 0 as it is
        }
        if (flip) {
            m = m.flipped();
        }
        return new MaskFiles.Matrix(m, read.divisor(), read.offset());
    }

    /** True when the mask is read from standard input ({@code --mask-file -}). */
    boolean maskFromStdin() {
        return mask.file != null && PipedInput.isStdin(mask.file);
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
        checkConventions();
        MaskFiles.Matrix m = read();
        float d = divisor != null ? divisor : m.divisor();
        float o = offset != null ? offset : m.offset();
        if (autoDivisor) {
            double sum = m.mask().sum();
            d = sum == 0 ? 1f : (float) Math.abs(sum);
            o = sum == 0 ? 128f : (sum < 0 ? 255f : 0f);
        }
        return new FilterSpec(m.mask(), border(), d, o, abs);
    }

    /** The ghost-cell policy: --border, else clamp for --imagej, else mirror. */
    BorderPolicy border() {
        return border != null ? border : (imagej ? new ClampPolicy() : new MirrorPolicy());
    }

    /** Options that say two things about the same number are usage errors (exit 2). */
    private void checkConventions() {
        String clash = null;
        if (autoDivisor && (divisor != null || offset != null)) {
            clash = "--auto-divisor sets the divisor and offset itself; drop --divisor and --offset, or --auto-divisor";
        } else if (autoDivisor && (normalize || imagej)) {
            clash = "--auto-divisor and " + (normalize ? "--normalize" : "--imagej") + " both scale by the weights' sum; use one";
        }
        if (clash != null) {
            if (command != null) {
                throw new ParameterException(command.commandLine(), clash);
            }
            throw new ConvolabException(clash);
        }
    }
}
