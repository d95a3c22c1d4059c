package org.convolab.cpu;

/**
 * The non-zero taps of a mask in row-major order: row {@code j[t]}, column {@code i[t]}, weight
 * {@code w[t]}. Every CPU path adds the taps' products in this order, one after another starting from 0
 * ({@code ((0 + w0 v0) + w1 v1) + ...}, no fused multiply-add), so the scalar and vector loops give the
 * same bits; a zero weight is left out (it could only turn a -0 sum into +0).
 */
final class TapList {
    final int[] j;
    final int[] i;
    final float[] w;
    /** The taps of mask row r are start[r] until start[r + 1]. */
    final int[] start;

    TapList(float[] weights, int width, int height) {
        int n = 0;
        for (float v : weights) {
            n += v != 0f ? 1 : 0;
        }
        j = new int[n];
        i = new int[n];
        w = new float[n];
        start = new int[height + 1];
        int t = 0;
        for (int r = 0; r < height; r++) {
            start[r] = t;
            for (int c = 0; c < width; c++) {
                float v = weights[r * width + c];
                if (v != 0f) {
                    j[t] = r;
                    i[t] = c;
                    w[t] = v;
                    t++;
                }
            }
        }
        start[height] = t;
    }

    int size() {
        return w.length;
    }

    /** Each tap's offset in a plane of rows {@code stride} floats apart: j * stride + i. */
    int[] offsets(int stride) {
        int[] o = new int[w.length];
        for (int t = 0; t < o.length; t++) {
            o[t] = j[t] * stride + i[t];
        }
        return o;
    }
}
