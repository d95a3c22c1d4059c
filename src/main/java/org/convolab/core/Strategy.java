package org.convolab.core;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a filter is executed. Every backend gives the same result whatever the strategy; a strategy's
 * requirement (a separable mask) is checked for every backend, so a request that would fail on the
 * GPU fails the same way on the CPU.
 */
public enum Strategy {
    NAIVE("naive", "one thread per output pixel, mask in global memory", false),
    CONSTANT("constant", "one thread per output pixel, mask in __constant__ memory", false),
    TILED("tiled", "shared-memory tile, block = input tile (halo threads only load)", false),
    TILED_OUT("tiled-out", "shared-memory tile, block = output tile (threads load several inputs)", false),
    CACHED("cached", "tile interior in shared memory, halo read through the cache", false),
    SEPARABLE("separable", "rows then columns, 1D masks in constant memory, one thread per output", true),
    SEPARABLE_TILED("separable-tiled", "rows then columns through shared-memory tiles, several outputs per thread", true),
    FAST("fast", "2D, all channels in one launch, compile-time radius, outputs slide down a register window", false),
    FAST_SEPARABLE("fast-separable", "one-pass separable: rows into shared memory, then columns; all channels in one launch "
            + "(masks past 63x63, up to 1023 taps a side: a wide row pass, then a column pass)", true),
    TENSOR("tensor", "2D on the tensor cores: each mask row a banded (Toeplitz) matrix product, FP16 inputs and weights "
            + "split into two halves, FP32 sums; any mask up to 63x63", false),
    FFT("fft", "FFT correlation: pad with the ghost cells, transform, multiply by the mask's spectrum, transform back; "
            + "its time hardly grows with the mask", false),
    AUTO("auto", "the fastest strategy for the mask, from the measured table (fast-separable for separable masks from radius 3, "
            + "of any size; for other masks the fastest of fast, tensor and fft measured on the nearest mask that the GPU can run)", false);

    private final String id;
    private final String description;
    private final boolean needsSeparable;

    Strategy(String id, String description, boolean needsSeparable) {
        this.id = id;
        this.description = description;
        this.needsSeparable = needsSeparable;
    }

    /** The name used on the command line. */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** True when the strategy only takes rank-1 (separable) masks. */
    public boolean needsSeparable() {
        return needsSeparable;
    }

    /** Null when the strategy applies to the mask, else the reason it does not. */
    public String whyNotApplicable(Mask mask) {
        boolean large = mask.width() > Mask.DIRECT_MAX_SIZE || mask.height() > Mask.DIRECT_MAX_SIZE;
        if (this == FAST_SEPARABLE && large && mask.separable().isPresent()) {
            return null; // rows then columns take any separable mask: wide 1D kernels on the GPU, the CPU's row pass
        }
        if (this != FFT && this != AUTO && large) {
            return "strategy " + id + " takes masks up to " + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE
                    + " (its GPU kernels hold the mask in constant or shared memory); this " + mask.width() + "x"
                    + mask.height() + " mask runs through fft (use --strategy fft or auto"
                    + (mask.separable().isPresent() ? ", or fast-separable for this separable one)" : ")");
        }
        if (needsSeparable && mask.separable().isEmpty()) {
            return "strategy " + id + " needs a separable (rank-1) mask, and this " + mask.width() + "x"
                    + mask.height() + " mask is not separable; use a 2D strategy such as tiled";
        }
        return null;
    }

    /** Throws {@link StrategyRefusedException} when the strategy does not apply to the mask. */
    public void checkApplicable(Mask mask) {
        String why = whyNotApplicable(mask);
        if (why != null) {
            throw new StrategyRefusedException(why);
        }
    }

    /** Every strategy but auto. */
    public static List<Strategy> concrete() {
        return Arrays.stream(values()).filter(s -> s != AUTO).collect(Collectors.toList());
    }

    /** Parses a strategy name. */
    public static Strategy parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Strategy st : values()) {
            if (st.id.equals(s)) {
                return st;
            }
        }
        throw new ConvolabException("unknown strategy '" + text + "' (use "
                + Arrays.stream(values()).map(Strategy::id).collect(Collectors.joining(", ")) + ")");
    }

    @Override
    public String toString() {
        return id;
    }
}
