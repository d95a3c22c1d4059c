package org.convolab.ui;

import org.convolab.core.FilterCost;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask3D;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleMapping;
import org.convolab.core.VolumeFilter;
import org.convolab.core.VolumeStrategy;

/**
 * Slices of one channel of one time frame filtered as a volume with a 3D mask (the engine's {@link VolumeFilter}),
 * mapped into the output depth as {@code convolab filter} maps a stack (divisor, offset, abs, then the format's
 * rounding; alpha passes through). The window filters the whole stack this way, and the slice it shows as the middle
 * of a slab: the slices the mask reaches around it, those past the stack's ends taken through the ghost-cell policy
 * along z, so that the middle slice is exactly that slice of the whole stack's result.
 */
final class VolumeSlices {
    private VolumeSlices() {
    }

    /** What a run made: the kept slices' samples, the plan and the work done. */
    record Result(SampleImage[] slices, LaunchPlan plan, FilterCost cost) {
    }

    /**
     * Filters {@code slices} (a null slice is a ghost slice of the policy's constant) as one volume, z policy from
     * {@code s}'s border, and returns {@code count} output slices from {@code from}.
     */
    static Result filter(VolumeFilter filter, SampleImage[] slices, EditState s, VolumeStrategy strategy, int from, int count) {
        SampleImage any = firstReal(slices);
        SampleFormat fmt = any.format();
        SampleFormat outFormat = s.depth().of(fmt);
        SampleMapping mapping = new SampleMapping(s.spec(), fmt, outFormat);
        int w = any.width();
        int plane = w * any.height();
        int depth = slices.length;
        int ch = fmt.channels();
        int och = outFormat.channels();
        Mask3D mask = s.mask3d();
        float ghost = s.border().constant();
        int[][] out = new int[count][plane * och];
        float[] voxels = new float[plane * depth];
        float[] sums = new float[voxels.length];
        LaunchPlan plan = null;
        for (int k = 0; k < fmt.colourChannels(); k++) {
            for (int z = 0; z < depth; z++) {
                SampleImage slice = slices[z];
                for (int i = 0; i < plane; i++) {
                    voxels[z * plane + i] = slice == null ? ghost : fmt.toFloat(slice.samples()[i * ch + k]);
                }
            }
            plan = filter.correlate(voxels, w, any.height(), depth, mask, s.border(), strategy, sums);
            for (int z = 0; z < count; z++) {
                mapping.samples(sums, (from + z) * plane, out[z], k, och, plane);
            }
        }
        SampleImage[] result = new SampleImage[count];
        for (int z = 0; z < count; z++) {
            if (fmt.alpha()) {
                int[] alpha = slices[from + z] == null ? null : slices[from + z].samples();
                for (int i = 0; i < plane; i++) {
                    out[z][i * och + och - 1] = alpha == null ? outFormat.fromFloat(0) : mapping.passThrough(alpha[i * ch + ch - 1]);
                }
            }
            result[z] = new SampleImage(w, any.height(), outFormat, out[z]);
        }
        return new Result(result, plan, FilterCost.ofVolume(w, any.height(), depth, mask, fmt, outFormat));
    }

    /**
     * The slab a 3D mask reaches around slice {@code z} of {@code volume}: {@code 2 * rz + 1} slices, those past the
     * ends through the policy along z (null where the policy gives its constant). Its middle slice filtered is slice z
     * of the whole volume filtered.
     */
    static SampleImage[] slab(SampleImage[] volume, int z, int rz, org.convolab.core.BorderPolicy border) {
        SampleImage[] slab = new SampleImage[2 * rz + 1];
        for (int k = -rz; k <= rz; k++) {
            int i = border.index(z + k, volume.length);
            slab[k + rz] = i == org.convolab.core.BorderPolicy.GHOST_CONSTANT ? null : volume[i];
        }
        return slab;
    }

    private static SampleImage firstReal(SampleImage[] slices) {
        for (SampleImage s : slices) {
            if (s != null) {
                return s;
            }
        }
        throw new IllegalArgumentException("no slice");
    }
}
