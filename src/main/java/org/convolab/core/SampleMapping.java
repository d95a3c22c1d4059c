package org.convolab.core;

/**
 * Turns a channel's raw sum into an output sample, and carries alpha over, from an input format to an output
 * format: the spec's mapping ({@link FilterSpec#map(float)}), then the output's rounding and clamping
 * ({@link SampleFormat#fromFloat}); a float output keeps the mapped value. Between 8- and 16-bit integer
 * formats the value is rescaled (x 65535/255, or back), as converting the image would; every other change of
 * format keeps the values (a 16-bit image's float result is in 0..65535).
 */
public final class SampleMapping {

    private final FilterSpec spec;
    private final SampleFormat in;
    private final SampleFormat out;
    private final float scale;

    public SampleMapping(FilterSpec spec, SampleFormat in, SampleFormat out) {
        this.spec = spec;
        this.in = in;
        this.out = out;
        this.scale = in.narrowInteger() && out.narrowInteger() && in.bitDepth() != out.bitDepth()
                ? (float) out.maxValue() / in.maxValue() : 1f;
    }

    /** The output sample for a raw sum (before divisor, offset and abs). */
    public int sample(float sum) {
        float v = spec.map(sum);
        return out.fromFloat(scale == 1f ? v : v * scale);
    }

    /**
     * {@link #sample} of {@code count} sums from {@code sums[from]} into {@code dst[start]}, {@code dst[start + stride]}...:
     * a channel of a row. 8- and 16-bit outputs of the same depth take a loop without the general conversion, with the
     * same float arithmetic and so the same values.
     */
    public void samples(float[] sums, int from, int[] dst, int start, int stride, int count) {
        if (scale != 1f || !out.narrowInteger()) {
            for (int x = 0, o = start; x < count; x++, o += stride) {
                dst[o] = sample(sums[from + x]);
            }
            return;
        }
        OutputMapping m = spec.mapping();
        int max = (int) out.maxValue();
        for (int x = 0, o = start; x < count; x++, o += stride) {
            dst[o] = m.toSample(sums[from + x], max);
        }
    }

    /** An input sample that passes through (alpha), in the output's format. */
    public int passThrough(int sample) {
        if (in.equals(out) || (in.bitDepth() == out.bitDepth() && in.kind() == out.kind())) {
            return sample;
        }
        float v = in.toFloat(sample);
        return out.fromFloat(scale == 1f ? v : v * scale);
    }

    /** The format of the output samples. */
    public SampleFormat output() {
        return out;
    }
}
