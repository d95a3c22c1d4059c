package org.convolab.imagej;

import ij.Macro;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.convolab.api.Convolab;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * The settings of "Convolab Convolve...", as the dialog shows them and as a macro line records them:
 * {@code mask=[1 2 1;2 4 2;1 2 1] border=mirror strategy=auto backend=auto normalize output=same}. The keys
 * are the dialog labels' first words, lower case, so ImageJ's recorder writes the line this class reads.
 *
 * @param mask     rows inline ("1 2 1;2 4 2;1 2 1") or a preset (gaussian:2); ignored when {@code maskFile} is set
 * @param maskFile a mask file (text rows, or a libvips {@code .mat}), or empty
 * @param border   zero, constant:V, clamp, reflect, mirror or wrap
 * @param strategy a strategy's name, or auto
 * @param backend  auto, cuda or cpu
 * @param normalize divide the weights by their sum when it is not 0 (ImageJ's "Normalize Kernel")
 * @param output   {@code same} (in place, rounded and clamped to the image's depth) or {@code 32-bit} (a new
 *                 float image, unrounded)
 */
public record ConvolveOptions(String mask, String maskFile, String border, String strategy, String backend,
                              boolean normalize, String output) {

    /** The borders the dialog offers; clamp first, as ImageJ's own Convolve repeats the edge pixels. */
    public static final List<String> BORDERS = List.of("clamp", "zero", "reflect", "mirror", "wrap");

    /** The output depths the dialog offers. */
    public static final List<String> OUTPUTS = List.of("same", "32-bit");

    /** The backends the dialog offers. */
    public static final List<String> BACKENDS = List.of("auto", "cuda", "cpu");

    /** ImageJ's defaults: a 3x3 smoothing mask, clamped edges, normalised, auto strategy and backend. */
    public static final ConvolveOptions DEFAULTS = new ConvolveOptions("1 2 1;2 4 2;1 2 1", "", "clamp", "auto", "auto",
            true, "same");

    /** The options of a macro line, each missing key taking its value from {@code defaults}; normalize only when present. */
    public static ConvolveOptions fromMacro(String options, ConvolveOptions defaults) {
        return new ConvolveOptions(Macro.getValue(options, "mask", defaults.mask),
                Macro.getValue(options, "mask_file", ""),
                Macro.getValue(options, "border", defaults.border),
                Macro.getValue(options, "strategy", defaults.strategy),
                Macro.getValue(options, "backend", defaults.backend),
                hasFlag(options, "normalize"),
                Macro.getValue(options, "output", defaults.output));
    }

    /** A checkbox in a macro line: its key alone, outside any [bracketed] value (as ImageJ records it). */
    static boolean hasFlag(String options, String key) {
        StringBuilder outside = new StringBuilder(" ");
        int depth = 0;
        for (char c : options.toCharArray()) {
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0) {
                outside.append(c);
            }
        }
        return outside.append(' ').toString().toLowerCase(Locale.ROOT).contains(" " + key + " ");
    }

    /** The macro line's options, in the form {@link #fromMacro} reads and ImageJ's recorder writes. */
    public String toMacro() {
        StringBuilder sb = new StringBuilder();
        if (maskFile.isBlank()) {
            sb.append("mask=[").append(mask.strip()).append(']');
        } else {
            sb.append("mask_file=[").append(maskFile.strip()).append(']');
        }
        sb.append(" border=").append(border).append(" strategy=").append(strategy).append(" backend=").append(backend);
        if (normalize) {
            sb.append(" normalize");
        }
        return sb.append(" output=").append(output).toString();
    }

    /**
     * The mask, normalised as asked (a mask whose weights sum to 0 is left as it is, as ImageJ does).
     *
     * @throws ConvolabException naming what is wrong with the mask text or file
     */
    public Mask resolvedMask() {
        Mask m = maskFile.isBlank() ? Convolab.mask(mask.replace('\n', ';')) : Convolab.readMask(Path.of(maskFile.strip()));
        return normalize ? m.normalized() : m;
    }

    /** The whole filter: the mask, the policy and the identity mapping. */
    public FilterSpec spec() {
        BorderPolicy b = Convolab.border(border);
        return FilterSpec.of(resolvedMask(), b);
    }

    /** The strategy by name. */
    public Strategy parsedStrategy() {
        return Strategy.parse(strategy);
    }

    /** True for a new 32-bit image instead of changing the image in place. */
    public boolean floatOutput() {
        String o = output.strip().toLowerCase(Locale.ROOT);
        if (!OUTPUTS.contains(o)) {
            throw new ConvolabException("unknown output '" + output + "' (use same or 32-bit)");
        }
        return o.equals("32-bit");
    }
}
