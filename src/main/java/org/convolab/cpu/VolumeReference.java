package org.convolab.cpu;

import java.util.stream.IntStream;

import org.convolab.core.BorderPolicy;
import org.convolab.core.Mask3D;

/**
 * The double-precision 3D reference: a direct correlation of a volume with a {@link Mask3D}, ghost cells from
 * the {@link BorderPolicy} along x, y and z alike. The ground truth of every 3D test, as
 * {@link ReferenceConvolver} is in 2D. Slow on purpose: every tap of every voxel, no tricks.
 */
public final class VolumeReference {

    private VolumeReference() {
    }

    /**
     * Correlates a volume with the mask.
     *
     * @param voxels width*height*depth values, slice after slice, each slice row-major
     * @return the raw sums (before divisor, offset and abs), same layout
     */
    public static double[] correlate(float[] voxels, int width, int height, int depth, Mask3D mask, BorderPolicy border) {
        if ((long) width * height * depth != voxels.length) {
            throw new IllegalArgumentException(width + "x" + height + "x" + depth + " needs " + (long) width * height * depth
                    + " voxels, got " + voxels.length);
        }
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        int rz = mask.radiusZ();
        double ghost = border.constant();
        double[] out = new double[voxels.length];
        int plane = width * height;
        IntStream.range(0, depth * height).parallel().forEach(zy -> {
            int z = zy / height;
            int y = zy % height;
            for (int x = 0; x < width; x++) {
                double s = 0;
                for (int k = 0; k < mask.depth(); k++) {
                    int zz = border.index(z + k - rz, depth);
                    for (int j = 0; j < mask.height(); j++) {
                        int yy = border.index(y + j - ry, height);
                        for (int i = 0; i < mask.width(); i++) {
                            float w = mask.at(i, j, k);
                            if (w == 0f) {
                                continue;
                            }
                            int xx = border.index(x + i - rx, width);
                            double v = zz == BorderPolicy.GHOST_CONSTANT || yy == BorderPolicy.GHOST_CONSTANT
                                    || xx == BorderPolicy.GHOST_CONSTANT ? ghost : voxels[zz * plane + yy * width + xx];
                            s += w * v;
                        }
                    }
                }
                out[z * plane + y * width + x] = s;
            }
        });
        return out;
    }
}
