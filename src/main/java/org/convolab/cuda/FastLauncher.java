package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * fast: all channels in one launch (grid z = channel: three for an image, one for a plane). Square
 * masks of radius 0 to 3 run the float4 kernel (32x8 threads, 4 outputs along x and {@value #VECTOR_PY} down a column each); radius
 * 4 the streamed kernel (32x8 threads walking down strips of 128 columns, {@value #STREAM_PY} rows
 * a step, rows split so that the grid fills about {@value #STREAM_WAVES} waves of resident blocks);
 * radius 5 to 15 the shared-tile kernel (64x4 threads, 4 outputs down a column); other shapes the
 * run-time size kernel (32x4 threads, 4x{@value #ANY_PY} outputs each, the mask in passes of
 * {@value #ANY_ROWS} rows; dynamic shared memory of at most 40 KB, {@link #anySharedBytes}). The
 * tile shapes were chosen with bench/fastlab on an H200; they live in {@link KernelGeometry}
 * (FAST_*, FANY_*, FASTV_*, FASTS_*). On the app's own path (a packed 8-bit ARGB image resident on the
 * GPU) square masks of radius 0 to 7 run one fused kernel instead ({@link #launchArgb}): the float4
 * kernel's window and FMA order for each of R, G and B, reading and writing packed words (8 bytes a
 * pixel instead of 24 for the planes and 20 for the pack kernel), with the same bits; from radius 2
 * through a shared-memory tile of floats (bench/fastlab/argblab.cu measured the choice).
 */
final class FastLauncher implements ChannelLauncher {
    static final int BX = KernelGeometry.FAST_BX;
    static final int BY = KernelGeometry.FAST_BY;
    static final int ANY_BX = KernelGeometry.FANY_BX;
    static final int ANY_BY = KernelGeometry.FANY_BY;
    static final int ANY_PY = KernelGeometry.FANY_PY;
    static final int ANY_OW = KernelGeometry.FANY_OW;
    static final int ANY_OH = KernelGeometry.FANY_OH;
    static final int ANY_ROWS = KernelGeometry.FANY_ROWS;
    static final int MAX_COMPILED_RADIUS = KernelGeometry.FAST_MAX_COMPILED_R;
    static final int MAX_VECTOR_RADIUS = KernelGeometry.FASTV_MAX_R;
    static final int VBX = KernelGeometry.FASTV_BX;
    static final int VBY = KernelGeometry.FASTV_BY;
    static final int TILE_PY = KernelGeometry.FAST_TILE_PY;
    /** The radius that runs the streamed kernel. */
    static final int STREAM_RADIUS = KernelGeometry.FASTS_R;
    static final int STREAM_OW = KernelGeometry.FASTS_OW;
    static final int STREAM_PY = KernelGeometry.FASTS_PY;
    /** Waves of resident blocks the streamed kernel's grid is cut to. */
    static final int STREAM_WAVES = KernelGeometry.FASTS_WAVES;

    /** Outputs per thread down a column in the float4 kernel. */
    static final int VECTOR_PY = KernelGeometry.FASTV_PY;

    /**
     * Rows per block for the streamed kernel: the grid (strips x row chunks x channels) is cut so
     * that it fills about {@code waves} waves of the blocks the device holds at once, the last one
     * nearly full; fewer, longer chunks leave SMs idle in the last wave.
     */
    static int streamChunk(int width, int height, int channels, int residentBlocks, int waves) {
        int columns = channels * KernelLaunch.ceilDiv(width, STREAM_OW);
        int chunks = Math.max(1, (int) Math.min(height, (long) waves * residentBlocks / columns));
        int rows = KernelLaunch.ceilDiv(height, chunks);
        return Math.max(rows, 1);
    }

    @Override
    public boolean allChannels() {
        return true;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        ctx.module().setConstant("c_fast_mask", ctx.mask().weights());
    }

    @Override
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        throw new UnsupportedOperationException("fast filters all channels in one launch");
    }

    static int anySharedBytes(Mask m) {
        return KernelGeometry.fanySharedBytes(m);
    }

    /** The compiled radius for the mask, or -1 when it takes the runtime-radius kernel. */
    static int compiledRadius(Mask m) {
        return m.width() == m.height() && m.radiusX() <= MAX_COMPILED_RADIUS ? m.radiusX() : -1;
    }

    /** The kernel for the mask: one compiled per square radius up to 15, else the runtime-radius one. */
    static String kernelName(Mask m) {
        int r = compiledRadius(m);
        return r >= 0 ? "convolab_fast2d_r" + r : "convolab_fast2d_any";
    }

    /** Radius from which the fused ARGB kernel stages its tile in shared memory. */
    static final int ARGBS_MIN_RADIUS = KernelGeometry.ARGBS_MIN_R;
    /** The largest radius with a fused ARGB kernel. */
    static final int ARGBS_MAX_RADIUS = KernelGeometry.ARGBS_MAX_R;
    /** Outputs per thread down a column in the shared-memory ARGB kernel. */
    static final int ARGBS_PY = KernelGeometry.ARGBS_PY;

    /**
     * The fused ARGB kernel for the mask (square, radius 0 to {@value #ARGBS_MAX_RADIUS}), or null: the
     * register kernel (convolab_argb2d_rN) for radius 0 and 1, the shared-memory kernel
     * (convolab_argbs_rN, with a _map twin for output mappings other than the identity) from radius 2.
     */
    @Override
    public String argbKernel(Mask m) {
        int r = compiledRadius(m);
        if (r < 0 || r > ARGBS_MAX_RADIUS) {
            return null;
        }
        return r < ARGBS_MIN_RADIUS ? "convolab_argb2d_r" + r : "convolab_argbs_r" + r;
    }

    /** True where the spec's output mapping is the identity (divisor 1, offset 0, no abs), as the kernels test it. */
    static boolean identityMapping(FilterSpec spec) {
        return spec.divisor() == 1f && spec.offset() == 0f && !spec.abs();
    }

    static int argbsSharedBytes(int radius) {
        return KernelGeometry.argbsSharedBytes(radius);
    }

    @Override
    public void launchArgb(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        String name = argbKernel(ctx.mask());
        if (name == null || ctx.channels() != LaunchContext.RGB) {
            throw new IllegalStateException("no fused ARGB kernel for a " + ctx.mask().width() + "x" + ctx.mask().height()
                    + " mask on " + ctx.channels() + " channel(s)");
        }
        int w = ctx.width();
        int h = ctx.height();
        FilterSpec spec = ctx.spec();
        int r = compiledRadius(ctx.mask());
        KernelLaunch k;
        if (r < ARGBS_MIN_RADIUS) {
            k = new KernelLaunch(name).grid(KernelLaunch.ceilDiv(KernelLaunch.ceilDiv(w, 4), VBX), KernelLaunch.ceilDiv(h, VBY * VECTOR_PY), 1);
        } else {
            k = new KernelLaunch(identityMapping(spec) ? name : name + "_map")
                    .grid(KernelLaunch.ceilDiv(w, 4 * VBX), KernelLaunch.ceilDiv(h, VBY * ARGBS_PY), 1).sharedBytes(argbsSharedBytes(r));
        }
        k.block(VBX, VBY).ptr(in).ptr(out).i(w).i(h).i(ctx.policy()).f(ctx.constant())
                .f(spec.divisor()).f(spec.offset()).i(spec.abs() ? 1 : 0).run(ctx.module(), ctx.stream());
    }

    @Override
    public void launchAll(LaunchContext ctx, CUdeviceptr[] in, CUdeviceptr[] out) {
        Mask m = ctx.mask();
        int r = compiledRadius(m);
        int w = ctx.width();
        int h = ctx.height();
        int c = ctx.channels(); // grid z: blockIdx.z picks the plane
        String name = kernelName(m);
        KernelLaunch k = new KernelLaunch(name);
        int chunk = 0;
        if (r == STREAM_RADIUS) {
            int sbx = KernelGeometry.FASTS_BX;
            int sby = KernelGeometry.FASTS_BY;
            chunk = streamChunk(w, h, c, ctx.module().residentBlocks(name, sbx * sby), STREAM_WAVES);
            k.grid(KernelLaunch.ceilDiv(w, STREAM_OW), KernelLaunch.ceilDiv(h, chunk), c).block(sbx, sby);
        } else if (r >= 0 && r <= MAX_VECTOR_RADIUS) {
            k.grid(KernelLaunch.ceilDiv(KernelLaunch.ceilDiv(w, 4), VBX), KernelLaunch.ceilDiv(h, VBY * VECTOR_PY), c).block(VBX, VBY);
        } else if (r >= 0) {
            k.grid(KernelLaunch.ceilDiv(w, BX), KernelLaunch.ceilDiv(h, BY * TILE_PY), c).block(BX, BY);
        } else {
            k.grid(KernelLaunch.ceilDiv(w, ANY_OW), KernelLaunch.ceilDiv(h, ANY_OH), c).block(ANY_BX, ANY_BY);
        }
        k.ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(w).i(h);
        if (r == STREAM_RADIUS) {
            k.i(chunk);
        }
        if (r < 0) {
            k.sharedBytes(anySharedBytes(m)).i(m.width()).i(m.height());
        }
        k.i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
    }
}
