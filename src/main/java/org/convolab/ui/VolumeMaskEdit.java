package org.convolab.ui;

import org.convolab.core.Mask;
import org.convolab.core.Mask3D;

/**
 * The edits of a 3D mask as the mask editor makes them, slice by slice: one slice replaced, every slice padded or
 * cropped to a new width and height, and a new depth (slices of zeros added, or cut, about the middle one).
 */
final class VolumeMaskEdit {
    private VolumeMaskEdit() {
    }

    /** {@code v} with slice {@code k} (from 0) replaced by {@code slice}, which has the volume's width and height. */
    static Mask3D withSlice(Mask3D v, int k, Mask slice) {
        float[] w = v.weights();
        float[] s = slice.weights();
        System.arraycopy(s, 0, w, k * s.length, s.length);
        return Mask3D.of(v.width(), v.height(), v.depth(), w);
    }

    /** Every slice of {@code v} padded with zeros or cropped to {@code width x height} about its centre. */
    static Mask3D resized(Mask3D v, int width, int height) {
        float[] w = new float[width * height * v.depth()];
        for (int k = 0; k < v.depth(); k++) {
            float[] s = MaskResize.padOrCrop(v.slice(k), width, height).weights();
            System.arraycopy(s, 0, w, k * s.length, s.length);
        }
        return Mask3D.of(width, height, v.depth(), w);
    }

    /**
     * {@code v} at a new depth: slices of zeros added on both sides, or the outer slices cut, about the middle one (a
     * 2D mask deepened this way still filters every slice on its own: its slices around are zeros).
     */
    static Mask3D withDepth(Mask3D v, int depth) {
        int plane = v.width() * v.height();
        float[] w = new float[plane * depth];
        int shift = (depth - v.depth()) / 2;
        float[] from = v.weights();
        for (int k = 0; k < v.depth(); k++) {
            int to = k + shift;
            if (to >= 0 && to < depth) {
                System.arraycopy(from, k * plane, w, to * plane, plane);
            }
        }
        return Mask3D.of(v.width(), v.height(), depth, w);
    }
}
