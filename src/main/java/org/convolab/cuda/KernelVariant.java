package org.convolab.cuda;

import java.util.List;
import org.convolab.core.Strategy;

/**
 * One row of the variant table ({@link KernelTable}): how the GPU runs a concrete strategy for a mask
 * and sample layout. Its kernels, in order; whether it reads and writes packed ARGB itself (fused: no
 * planes, no pack kernel); whether one launch covers every channel (grid z) or the kernels run once a
 * channel; and each launch's geometry for an image, which the launchers run as given.
 *
 * @param runs        the strategy it runs
 * @param kernels     the kernels (and library calls) it runs, one a pass, in order
 * @param fused       true where it reads and writes packed 8-bit ARGB in one kernel
 * @param allChannels true where each launch covers every channel; false: the steps run once a channel
 * @param geometry    the launches for an image
 */
record KernelVariant(Strategy runs, List<String> kernels, boolean fused, boolean allChannels, Geometry geometry) {

    KernelVariant {
        kernels = List.copyOf(kernels);
    }

    /** The launches of a variant for an image: one channel's where the variant runs a channel at a time. */
    @FunctionalInterface
    interface Geometry {
        List<KernelStep> steps(Image image);
    }

    /**
     * The image the kernels run over: its size, its planes (three for an image, one for a plane filter;
     * a fused kernel reads the packed words whatever this says) and the device they run on.
     */
    record Image(int width, int height, int channels, DeviceShape device) {
    }

    /** The launches for an image, in order. */
    List<KernelStep> steps(int width, int height, int channels, DeviceShape device) {
        return geometry.steps(new Image(width, height, channels, device));
    }
}
