package org.convolab.cuda;

/** A 2D launcher whose kernels read the mask from {@code __constant__ c_mask}. */
abstract class ConstantMaskLauncher implements ChannelLauncher {

    /** Copies the 2D mask into {@code c_mask}. */
    @Override
    public void prepare(LaunchContext ctx) {
        ctx.module().setConstant("c_mask", ctx.mask().weights());
    }
}
