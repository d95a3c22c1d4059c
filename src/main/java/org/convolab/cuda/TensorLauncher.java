package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuCtxGetDevice;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;

import java.util.List;
import jcuda.Pointer;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * tensor: the 2D correlation as banded matrix products on the tensor cores (cuda-kernels/tensor.cu),
 * any odd mask up to 63x63. Each mask row is a Toeplitz band cut into 16x16 blocks, {@link #bandBlocks}
 * of them a row; {@link #prepare} builds them once a filter on the GPU (convolab_tensor_weights: the
 * weights scaled by a power of two, {@link #weightScale}, and split into high and low FP16 halves, in
 * the MMA's register order). On the app's own path (packed 8-bit ARGB resident on the GPU) one kernel
 * reads the packed words and writes packed words with the fast kernels' output mapping
 * (convolab_tensor_argb_dD); float planes (grey and 16-bit images, or the image path with fusing off)
 * take convolab_tensor_planes_dD, which also splits each input into two halves. A block of 8 warps owns
 * 64 output rows x 128 columns ({@value #OH} x {@value #OW}); the mask rows go {@value #ROWS} a pass.
 * The ARGB kernels drop the low halves where the high ones keep the outputs within half a level
 * ({@link #highHalvesSuffice}): one MMA instead of two. Where the device has the shared memory for two blocks an
 * SM ({@link #oneLoad(FilterSpec, int, int)}) the ARGB path takes convolab_tensor_argbn_eE: each packed word read
 * once for R, G and B, all mask rows in one pass, and the band cut per 8 output columns ({@link #groupBands}
 * blocks a mask row, not {@link #bandBlocks}: half the MMAs at r = 4, two thirds at r = 10).
 * Needs mma.sync and ldmatrix: compute capability 7.5 or newer.
 */
final class TensorLauncher implements ChannelLauncher {
    /** Output tile of a block (TENSOR_OH x TENSOR_OW in tensor.cu). */
    static final int OH = 64;
    static final int OW = 128;
    /** Threads of a block: 8 warps. */
    static final int THREADS = 256;
    /** Mask rows a pass through the shared tile. */
    static final int ROWS = 16;
    /** The most band blocks a mask row takes (a 63-wide mask). */
    static final int MAX_BAND_BLOCKS = 5;
    /** Bytes of one mask row's band blocks: blocks x 2 column halves x (hi, lo) x 32 lanes x 8 bytes. */
    static final int ROW_FRAGMENT_BYTES_PER_BLOCK = 2 * 2 * 32 * 8;
    /** The input scale of split inputs (TENSOR_SPLIT_SCALE). */
    static final float SPLIT_SCALE = 1f / 256;
    /** Oldest compute capability with mma.sync on FP16 and ldmatrix (Turing). */
    static final int MIN_MAJOR = 7;
    static final int MIN_MINOR = 5;

    /** The band blocks of the last module, and its device's compute capability. */
    private CudaModule module;
    private DeviceBuffer fragments;
    private String deviceProblem;
    /** The device's shared memory: the most a block may opt in to, and an SM's, bytes. */
    private int sharedPerBlock;
    private int sharedPerSm;
    /** Whether the one-load ARGB kernels may run (tests turn it off to check the per-channel ones). */
    private volatile boolean oneLoad = true;
    /** 1 / the weight scale of the prepared mask. */
    private float inverseScale = 1f;

    @Override
    public Strategy strategy() {
        return Strategy.TENSOR;
    }

    @Override
    public boolean allChannels() {
        return true;
    }

    /** Band blocks of 16 columns a mask row of this width takes: ceil((15 + width) / 16), 1 to 5. */
    static int bandBlocks(int maskWidth) {
        return (15 + maskWidth + 15) / 16;
    }

    /**
     * K blocks of 16 columns that 8 output columns of a mask row take in the argbn kernels: ceil((width + 7) / 16),
     * 1 to 5, never more than {@link #bandBlocks} (whose fragments they read).
     */
    static int groupBands(int maskWidth) {
        return (maskWidth + 7 + 15) / 16;
    }

    /**
     * The power of two S by which the weights are scaled before the FP16 split: the largest |w| S lies
     * in [2^13, 2^14), so the large weights' halves are normal numbers (about 22 bits of each weight in hi
     * + lo) and no product or sum leaves FP32's range. 1 for a mask of zeros.
     */
    static float weightScale(float[] weights) {
        float max = 0f;
        for (float w : weights) {
            max = Math.max(max, Math.abs(w));
        }
        if (max == 0f || !Float.isFinite(max)) {
            return 1f;
        }
        int k = Math.max(-100, Math.min(100, 13 - Math.getExponent(max)));
        return Math.scalb(1f, k);
    }

    /** True when v is exactly an FP16 number (zero, or a normal half: 11 significant bits, 2^-14 to 65504). */
    static boolean exactInHalf(float v) {
        if (v == 0f) {
            return true;
        }
        float a = Math.abs(v);
        return a >= 0x1p-14f && a <= 65504f && (Float.floatToIntBits(a) & 0x1fff) == 0;
    }

    /**
     * The ARGB kernel for the spec: _split where the constant border value is not exactly a half, _hi
     * where the weights' high halves alone keep every output within half a level ({@link #highHalvesSuffice}).
     */
    static String argbKernel(FilterSpec spec) {
        String name = "convolab_tensor_argb_d" + bandBlocks(spec.mask().width());
        name = exactInHalf(spec.border().constant()) ? name : name + "_split";
        return highHalvesSuffice(spec) ? name + "_hi" : name;
    }

    /**
     * True where one MMA a block (the weights' high FP16 halves, hi = half(wS)) keeps every 8-bit output
     * within half a level of the exact sum: the scaled weights are halves already (hi = wS), or the bound
     * on what rounding them moves a sum of samples up to 255, 255 (2^-11 sum|w| + taps 2^-25 / S), is at
     * most |divisor| / 2 (sum|w| / |divisor| up to about 4: every normalised mask of non-negative weights).
     * Half a level, with FP32's own rounding well under the other half, leaves each output within one level.
     */
    static boolean highHalvesSuffice(FilterSpec spec) {
        float[] w = spec.mask().weights();
        float s = weightScale(w);
        boolean halves = true;
        double sumAbs = 0;
        for (float v : w) {
            halves &= exactInHalf(v * s);
            sumAbs += Math.abs(v);
        }
        double moved = 255 * (sumAbs * 0x1p-11 + w.length * 0x1p-25 / s);
        return halves || moved <= Math.abs(spec.divisor()) / 2;
    }

    /** The planes kernel for the mask. */
    static String planesKernel(Mask m) {
        return "convolab_tensor_planes_d" + bandBlocks(m.width());
    }

    /**
     * The kernels of the planes path, one a pass, as the planner lists them (convolab_tensor_weights, which
     * builds the band blocks once a filter, is preparation, as the FFT's mask spectrum is).
     */
    static List<String> kernels(Mask m) {
        return List.of(planesKernel(m));
    }

    /** Dynamic shared memory of a block: one half tile (two when the inputs are split) of 64 + rows - 1 rows. */
    static int sharedBytes(Mask m, boolean split) {
        int pitch = OW - 16 + 16 * bandBlocks(m.width()) + 8;
        return (split ? 2 : 1) * (OH + Math.min(m.height(), ROWS) - 1) * pitch * 2;
    }

    /**
     * Dynamic shared memory of a one-load ARGB block (argbn): three half tiles (R, G, B) of 64 + mask rows - 1 rows
     * of OW - 8 + 16 {@link #groupBands} halves (TENSORN_SMEM).
     */
    static int oneLoadSharedBytes(Mask m) {
        int pitch = OW - 8 + 16 * groupBands(m.width());
        return 3 * (OH + m.height() - 1) * pitch * 2;
    }

    /**
     * Whether the one-load ARGB kernel (convolab_tensor_argbn_eE: each packed word read and converted once for R,
     * G and B, every mask row in one pass) runs: a constant border value that is a half, and shared memory for two
     * such blocks an SM (H100: up to 63x33 and 47x41; an A100 up to 33x15; not Turing).
     */
    static boolean oneLoad(FilterSpec spec, int sharedPerBlock, int sharedPerSm) {
        int bytes = oneLoadSharedBytes(spec.mask());
        return exactInHalf(spec.border().constant()) && bytes <= sharedPerBlock && 2 * (bytes + 1024) <= sharedPerSm;
    }

    /** The one-load ARGB kernel for the spec (argbn, {@link #oneLoad(FilterSpec, int, int)}). */
    static String oneLoadKernel(FilterSpec spec) {
        String name = "convolab_tensor_argbn_e" + groupBands(spec.mask().width());
        return highHalvesSuffice(spec) ? name + "_hi" : name;
    }

    /** Turns the one-load ARGB kernels on or off (tests check both kinds). */
    void oneLoad(boolean on) {
        oneLoad = on;
    }

    /** Null when a device of this compute capability runs tensor, else why not. */
    static String whyNotDevice(int major, int minor) {
        if (major > MIN_MAJOR || (major == MIN_MAJOR && minor >= MIN_MINOR)) {
            return null;
        }
        return "strategy tensor needs tensor cores with mma.sync (compute capability " + MIN_MAJOR + "." + MIN_MINOR
                + " or newer); this GPU is " + major + "." + minor + " (use fast)";
    }

    @Override
    public void prepare(LaunchContext ctx) {
        if (module != ctx.module()) {
            // a new context: what the old one held went with it
            module = ctx.module();
            fragments = null;
            CUdevice dev = new CUdevice();
            cuCtxGetDevice(dev);
            int[] major = {0};
            int[] minor = {0};
            cuDeviceGetAttribute(major, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
            cuDeviceGetAttribute(minor, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
            deviceProblem = whyNotDevice(major[0], minor[0]);
            int[] bytes = {0};
            cuDeviceGetAttribute(bytes, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev);
            sharedPerBlock = bytes[0];
            cuDeviceGetAttribute(bytes, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, dev);
            sharedPerSm = bytes[0];
        }
        if (deviceProblem != null) {
            throw new ConvolabException(deviceProblem);
        }
        if (fragments == null) {
            fragments = new DeviceBuffer((long) Mask.DIRECT_MAX_SIZE * MAX_BAND_BLOCKS * ROW_FRAGMENT_BYTES_PER_BLOCK);
        }
        Mask m = ctx.mask();
        float scale = weightScale(m.weights());
        inverseScale = 1f / scale;
        JCudaDriver.cuMemcpyHtoD(ctx.globalMask(), Pointer.to(m.weights()), m.width() * m.height() * 4L);
        int d = bandBlocks(m.width());
        int threads = m.height() * d * 4 * 32;
        new KernelLaunch("convolab_tensor_weights").grid(KernelLaunch.ceilDiv(threads, 128), 1).block(128, 1)
                .ptr(ctx.globalMask()).i(m.width()).i(m.height()).i(d).f(scale).ptr(fragments.ptr())
                .run(ctx.module(), ctx.stream());
    }

    @Override
    public void release(CudaModule current) {
        if (fragments != null && module == current) {
            fragments.close();
        }
        fragments = null;
        module = null;
    }

    /**
     * Every kernel of cuda-kernels/tensor.cu: the weights' band blocks, and for each band width the planes kernel and
     * the ARGB kernels (per channel and one-load; with split inputs; with the high halves alone).
     */
    static List<String> allKernels() {
        List<String> n = new java.util.ArrayList<>(List.of("convolab_tensor_weights"));
        for (int d = 1; d <= MAX_BAND_BLOCKS; d++) {
            n.add("convolab_tensor_planes_d" + d);
            for (String suffix : List.of("", "_split", "_hi", "_split_hi")) {
                n.add("convolab_tensor_argb_d" + d + suffix);
            }
            n.add("convolab_tensor_argb3_d" + d);
            n.add("convolab_tensor_argb3_d" + d + "_hi");
            n.add("convolab_tensor_argbn_e" + d);
            n.add("convolab_tensor_argbn_e" + d + "_hi");
        }
        return n;
    }

    /**
     * The fused ARGB kernel over all three channels. The tensor kernels pick their variant (split inputs, high halves,
     * one load) from the spec and the device's shared memory here, not in the variant table: the table names the
     * family ({@code convolab_tensor_argb_dD}), the launch log the kernel that ran.
     */
    @Override
    public void launchArgb(LaunchContext ctx, KernelStep step, CUdeviceptr in, CUdeviceptr out) {
        if (ctx.channels() != LaunchContext.RGB) {
            throw new IllegalStateException("the tensor ARGB kernel filters three channels, not " + ctx.channels());
        }
        FilterSpec spec = ctx.spec();
        String name = argbKernel(spec);
        int shared = sharedBytes(ctx.mask(), name.contains("_split"));
        if (oneLoad && oneLoad(spec, sharedPerBlock, sharedPerSm)) {
            name = oneLoadKernel(spec);
            shared = oneLoadSharedBytes(ctx.mask());
        }
        new KernelLaunch(name).grid(KernelLaunch.ceilDiv(ctx.width(), OW), KernelLaunch.ceilDiv(ctx.height(), OH), 1)
                .block(THREADS, 1).sharedBytes(shared)
                .ptr(in).ptr(out).ptr(fragments.ptr()).i(ctx.width()).i(ctx.height()).i(ctx.mask().width()).i(ctx.mask().height())
                .i(ctx.policy()).f(ctx.constant()).f(inverseScale).f(spec.divisor()).f(spec.offset()).i(spec.abs() ? 1 : 0)
                .run(ctx.module(), ctx.stream());
    }

    @Override
    public void launchAll(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr[] in, CUdeviceptr[] out) {
        Mask m = ctx.mask();
        new KernelLaunch(planesKernel(m)).grid(KernelLaunch.ceilDiv(ctx.width(), OW), KernelLaunch.ceilDiv(ctx.height(), OH),
                        ctx.channels()).block(THREADS, 1).sharedBytes(sharedBytes(m, true))
                .ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).ptr(fragments.ptr())
                .i(ctx.width()).i(ctx.height()).i(m.width()).i(m.height()).i(ctx.policy()).f(ctx.constant()).f(inverseScale)
                .run(ctx.module(), ctx.stream());
    }
}
