package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import com.sun.jna.ptr.IntByReference;
import jcuda.Pointer;
import java.util.List;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * fft on the GPU: cuFFT ({@link CuFft}) between three small kernels of cuda-kernels/fft.cu (pad with
 * the policy's ghost cells, multiply by the conjugate mask spectrum, crop), over the three planes of an
 * image or the one of {@link CudaPlaneFilter} in one batch. The transforms, the work
 * buffers and the mask spectrum are made in {@link #prepare} and kept while the context, image size
 * and mask stay, so a repeated filter (the bench's batches, live preview) runs only the five steps.
 * Transform lengths are the smallest with factors 2, 3, 5 and 7 that hold the padded image.
 */
final class FftLauncher implements ChannelLauncher {
    /** What was prepared, for one context, image size and mask. */
    private Prepared prepared;

    @Override
    public Strategy strategy() {
        return Strategy.FFT;
    }

    @Override
    public boolean allChannels() {
        return true;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        Mask m = ctx.mask();
        Prepared p = prepared;
        if (p != null && p.module == ctx.module() && p.width == ctx.width() && p.height == ctx.height()
                && p.channels == ctx.channels() && p.rx == m.radiusX() && p.ry == m.radiusY()) {
            if (!p.mask.equals(m)) {
                p.spectrumOf(m, ctx);
            }
            return;
        }
        if (p != null && p.module == ctx.module()) {
            p.close(); // same context, another size or channel count: free the old plans and buffers first
        }
        // A new context (after a teardown) took the old plans and buffers with it.
        prepared = null;
        prepared = new Prepared(ctx);
    }

    @Override
    public void release(CudaModule current) {
        Prepared p = prepared;
        prepared = null;
        if (p != null && p.module == current) {
            p.close();
        }
    }

    /** The plan's five steps: pad, the forward transforms, multiply, the inverse transforms, crop. */
    @Override
    public void launchAll(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr[] in, CUdeviceptr[] out) {
        Prepared p = prepared;
        long stream = ctx.stream() == null ? 0 : CudaLibrary.address(ctx.stream());
        CuFft.Api fft = CuFft.api();
        CuFft.check(fft.cufftSetStream(p.forward, stream), "cufftSetStream");
        CuFft.check(fft.cufftSetStream(p.inverse, stream), "cufftSetStream");
        steps.get(0).launch().ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(p.planes.ptr()).i(p.width).i(p.height).i(p.rx).i(p.ry).i(p.q).i(p.p)
                .i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
        CuFft.check(fft.cufftExecR2C(p.forward, CudaLibrary.address(p.planes.ptr()), CudaLibrary.address(p.spectra.ptr())),
                "cufftExecR2C " + p.describe());
        int n = p.p * (p.q / 2 + 1);
        steps.get(2).launch().ptr(p.spectra.ptr()).ptr(p.maskSpectrum.ptr()).i(n).f(1f / ((float) p.p * p.q))
                .run(ctx.module(), ctx.stream());
        CuFft.check(fft.cufftExecC2R(p.inverse, CudaLibrary.address(p.spectra.ptr()), CudaLibrary.address(p.planes.ptr())),
                "cufftExecC2R " + p.describe());
        steps.get(4).launch().ptr(p.planes.ptr()).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(p.width).i(p.height).i(p.q).i(p.p)
                .run(ctx.module(), ctx.stream());
    }

    /** The smallest length of at least n whose only prime factors are 2, 3, 5 and 7 (cuFFT's fast radices). */
    static int smoothLength(int n) {
        for (int m = Math.max(1, n); ; m++) {
            int k = m;
            for (int f : new int[] {2, 3, 5, 7}) {
                while (k % f == 0) {
                    k /= f;
                }
            }
            if (k == 1) {
                return m;
            }
        }
    }

    /** Plans, buffers and the mask spectrum for one context, image size, channel count and mask radius. */
    private static final class Prepared implements AutoCloseable {
        final CudaModule module;
        final int width;
        final int height;
        /** Planes transformed in one batch: three for an image, one for a plane. */
        final int channels;
        final int rx;
        final int ry;
        /** Transform rows and columns. */
        final int p;
        final int q;
        final int forward;
        final int inverse;
        final DeviceBuffer planes;
        final DeviceBuffer spectra;
        final DeviceBuffer maskSpectrum;
        Mask mask;

        Prepared(LaunchContext ctx) {
            Mask m = ctx.mask();
            module = ctx.module();
            width = ctx.width();
            height = ctx.height();
            channels = ctx.channels();
            rx = m.radiusX();
            ry = m.radiusY();
            int[] pq = KernelTable.fftSize(width, height, m);
            p = pq[0];
            q = pq[1];
            long real = (long) p * q;
            long complex = (long) p * (q / 2 + 1);
            CuFft.Api fft = CuFft.api();
            int[] dims = {p, q};
            IntByReference h = new IntByReference();
            CuFft.check(fft.cufftPlanMany(h, 2, dims, null, 1, 0, null, 1, 0, CuFft.R2C, channels), "cufftPlanMany R2C " + describe());
            forward = h.getValue();
            CuFft.check(fft.cufftPlanMany(h, 2, dims, null, 1, 0, null, 1, 0, CuFft.C2R, channels), "cufftPlanMany C2R " + describe());
            inverse = h.getValue();
            planes = new DeviceBuffer(channels * real * 4);
            spectra = new DeviceBuffer(channels * complex * 8);
            maskSpectrum = new DeviceBuffer(complex * 8);
            spectrumOf(m, ctx);
        }

        /** The mask placed at the origin of a P x Q plane, transformed (one batch) into maskSpectrum. */
        void spectrumOf(Mask m, LaunchContext ctx) {
            float[] plane = new float[Math.multiplyExact(p, q)];
            float[] w = m.weights();
            for (int j = 0; j < m.height(); j++) {
                System.arraycopy(w, j * m.width(), plane, j * q, m.width());
            }
            CuFft.Api fft = CuFft.api();
            // The plane goes where the image planes will be padded; the pad kernel overwrites it later.
            cuMemcpyHtoD(planes.ptr(), Pointer.to(plane), plane.length * 4L);
            IntByReference h = new IntByReference();
            CuFft.check(fft.cufftPlanMany(h, 2, new int[] {p, q}, null, 1, 0, null, 1, 0, CuFft.R2C, 1), "cufftPlanMany " + describe());
            try {
                long stream = ctx.stream() == null ? 0 : CudaLibrary.address(ctx.stream());
                CuFft.check(fft.cufftSetStream(h.getValue(), stream), "cufftSetStream");
                CuFft.check(fft.cufftExecR2C(h.getValue(), CudaLibrary.address(planes.ptr()), CudaLibrary.address(maskSpectrum.ptr())),
                        "cufftExecR2C (mask) " + describe());
                cuStreamSynchronize(ctx.stream()); // the one-off plan goes once its transform is done
            } finally {
                fft.cufftDestroy(h.getValue());
            }
            mask = m;
        }

        String describe() {
            return "(" + p + "x" + q + ", " + channels + (channels == 1 ? " plane" : " planes") + " of " + width + "x" + height + ")";
        }

        @Override
        public void close() {
            CuFft.Api fft = CuFft.api();
            fft.cufftDestroy(forward);
            fft.cufftDestroy(inverse);
            planes.close();
            spectra.close();
            maskSpectrum.close();
        }
    }
}
