package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static org.convolab.cuda.KernelLaunch.ceilDiv;

import com.sun.jna.ptr.IntByReference;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask3D;

/**
 * 3D fft on the GPU: the volume padded with the policy's ghost cells into P x Q x S (z, y, x; each the smallest
 * length of factors 2, 3, 5 and 7 that holds the padded extent, as {@link FftLauncher} does in 2D), cuFFT's
 * real-to-complex transform, the product with the conjugate of the mask's spectrum (fft.cu's multiply kernel),
 * the inverse transform and the crop (cuda-kernels/volume.cu). The plans, buffers and mask spectrum stay while
 * the context, the volume's size and the mask's radii stay; a new mask of the same size costs one transform.
 * Use on the CUDA thread.
 */
final class VolumeFft {
    private static final int MAX_GRID_Z = 65535;

    private Prepared prepared;

    /** Makes (or keeps) the plans, buffers and mask spectrum; the mask's weights are already in {@code r.maskWeights()}. */
    void prepare(VolumeRun r, CudaEngine engine) {
        Mask3D m = r.mask();
        Prepared p = prepared;
        if (p != null && p.module == r.module() && p.w == r.width() && p.h == r.height() && p.d == r.depth()
                && p.mw == m.width() && p.mh == m.height() && p.md == m.depth()) {
            if (!m.equals(p.mask)) {
                p.spectrumOf(r);
            }
            return;
        }
        release(r.module());
        prepared = null; // a new context (after a teardown) took the old plans' memory with it
        long s = FftLauncher.smoothLength(r.width() + 2 * m.radiusX());
        long q = FftLauncher.smoothLength(r.height() + 2 * m.radiusY());
        long pz = FftLauncher.smoothLength(r.depth() + 2 * m.radiusZ());
        long real = s * q * pz;
        long complex = (s / 2 + 1) * q * pz;
        if (real > Integer.MAX_VALUE) {
            throw new ConvolabException("3D fft of " + r.describe() + " with a " + m + " would transform " + pz + "x" + q + "x"
                    + s + " values, past cuFFT's 32-bit sizes; use a direct strategy (fast) or a smaller volume");
        }
        // padded volume, its spectrum and the mask's, plus about one volume of cuFFT work area
        engine.makeRoomFor(4 * real + 2 * 8 * complex + 4 * real, "the 3D fft of " + r.describe());
        prepared = new Prepared(r, (int) pz, (int) q, (int) s);
    }

    /** Queues pad, forward transform, multiply, inverse transform and crop; the sums end in {@code r.out()}. */
    void launch(VolumeRun r) {
        Prepared p = prepared;
        long stream = r.stream() == null ? 0 : CudaLibrary.address(r.stream());
        CuFft.Api fft = CuFft.api();
        CuFft.check(fft.cufftSetStream(p.forward, stream), "cufftSetStream");
        CuFft.check(fft.cufftSetStream(p.inverse, stream), "cufftSetStream");
        Mask3D m = r.mask();
        new KernelLaunch("convolab_vol_fft_pad").grid(ceilDiv(p.s, KernelGeometry.VOL_BX), ceilDiv(p.q, KernelGeometry.VOL_BY),
                        Math.min(p.p, MAX_GRID_Z)).block(KernelGeometry.VOL_BX, KernelGeometry.VOL_BY)
                .ptr(r.in()).ptr(p.padded.ptr()).i(r.width()).i(r.height()).i(r.depth()).i(m.radiusX()).i(m.radiusY())
                .i(m.radiusZ()).i(p.s).i(p.q).i(p.p).i(r.policy()).f(r.constant()).run(r.module(), r.stream());
        CuFft.check(fft.cufftExecR2C(p.forward, CudaLibrary.address(p.padded.ptr()), CudaLibrary.address(p.spectrum.ptr())),
                "cufftExecR2C " + p.describe());
        int n = p.complexCount();
        new KernelLaunch("convolab_fft_multiply").grid(Math.min(ceilDiv(n, 256), 4096), 1).block(256, 1)
                .ptr(p.spectrum.ptr()).ptr(p.maskSpectrum.ptr()).i(n).f((float) (1.0 / ((double) p.p * p.q * p.s)))
                .run(r.module(), r.stream());
        CuFft.check(fft.cufftExecC2R(p.inverse, CudaLibrary.address(p.spectrum.ptr()), CudaLibrary.address(p.padded.ptr())),
                "cufftExecC2R " + p.describe());
        new KernelLaunch("convolab_vol_fft_crop").grid(ceilDiv(r.width(), KernelGeometry.VOL_BX), ceilDiv(r.height(), KernelGeometry.VOL_BY),
                        Math.min(r.depth(), MAX_GRID_Z)).block(KernelGeometry.VOL_BX, KernelGeometry.VOL_BY)
                .ptr(p.padded.ptr()).ptr(r.out()).i(r.width()).i(r.height()).i(r.depth()).i(p.s).i(p.q)
                .run(r.module(), r.stream());
    }

    /** Frees the plans and buffers when they belong to the current context. */
    void release(CudaModule current) {
        Prepared p = prepared;
        prepared = null;
        if (p != null && p.module == current) {
            p.close();
        }
    }

    /** Plans, buffers and the mask spectrum for one context, volume size and mask size. */
    private static final class Prepared implements AutoCloseable {
        final CudaModule module;
        final int w;
        final int h;
        final int d;
        final int mw;
        final int mh;
        final int md;
        /** Transform lengths along z, y and x. */
        final int p;
        final int q;
        final int s;
        final int forward;
        final int inverse;
        final DeviceBuffer padded;
        final DeviceBuffer spectrum;
        final DeviceBuffer maskSpectrum;
        Mask3D mask;

        Prepared(VolumeRun r, int p, int q, int s) {
            module = r.module();
            w = r.width();
            h = r.height();
            d = r.depth();
            mw = r.mask().width();
            mh = r.mask().height();
            md = r.mask().depth();
            this.p = p;
            this.q = q;
            this.s = s;
            CuFft.Api fft = CuFft.api();
            int[] dims = dims();
            IntByReference handle = new IntByReference();
            CuFft.check(fft.cufftPlanMany(handle, dims.length, dims, null, 1, 0, null, 1, 0, CuFft.R2C, 1), "cufftPlanMany R2C " + describe());
            forward = handle.getValue();
            int inv;
            try {
                CuFft.check(fft.cufftPlanMany(handle, dims.length, dims, null, 1, 0, null, 1, 0, CuFft.C2R, 1), "cufftPlanMany C2R " + describe());
                inv = handle.getValue();
            } catch (RuntimeException e) {
                fft.cufftDestroy(forward);
                throw e;
            }
            inverse = inv;
            DeviceBuffer a = null;
            DeviceBuffer b = null;
            try {
                a = new DeviceBuffer(4L * p * q * s);
                b = new DeviceBuffer(8L * complexCount());
                maskSpectrum = new DeviceBuffer(8L * complexCount());
            } catch (RuntimeException e) {
                if (a != null) {
                    a.close();
                }
                if (b != null) {
                    b.close();
                }
                fft.cufftDestroy(forward);
                fft.cufftDestroy(inverse);
                throw e;
            }
            padded = a;
            spectrum = b;
            spectrumOf(r);
        }

        /**
         * The transform's lengths without those of 1 (a volume one voxel wide, high or deep under a mask as thin):
         * the real layout is the same, and cuFFT need not take a length of 1.
         */
        int[] dims() {
            int[] d = java.util.stream.IntStream.of(p, q, s).filter(n -> n > 1).toArray();
            return d.length == 0 ? new int[] {1} : d;
        }

        /** Complex values of a spectrum: the last transformed length halved (plus one), as cuFFT's R2C writes. */
        int complexCount() {
            int[] d = dims();
            int n = d[d.length - 1] / 2 + 1;
            for (int i = 0; i < d.length - 1; i++) {
                n *= d[i];
            }
            return n;
        }

        /** The mask at the origin of a zeroed P x Q x S volume, transformed into maskSpectrum with the forward plan. */
        void spectrumOf(VolumeRun r) {
            Mask3D m = r.mask();
            cuMemsetD32Async(padded.ptr(), 0, (long) p * q * s, r.stream());
            int n = m.width() * m.height() * m.depth();
            new KernelLaunch("convolab_vol_fft_place").grid(ceilDiv(n, 256), 1).block(256, 1).ptr(r.maskWeights())
                    .ptr(padded.ptr()).i(m.width()).i(m.height()).i(m.depth()).i(s).i(q).run(r.module(), r.stream());
            CuFft.Api fft = CuFft.api();
            long stream = r.stream() == null ? 0 : CudaLibrary.address(r.stream());
            CuFft.check(fft.cufftSetStream(forward, stream), "cufftSetStream");
            CuFft.check(fft.cufftExecR2C(forward, CudaLibrary.address(padded.ptr()), CudaLibrary.address(maskSpectrum.ptr())),
                    "cufftExecR2C (mask) " + describe());
            cuStreamSynchronize(r.stream());
            mask = m;
        }

        String describe() {
            return "(" + p + "x" + q + "x" + s + " for a " + w + "x" + h + "x" + d + " volume)";
        }

        @Override
        public void close() {
            CuFft.Api fft = CuFft.api();
            fft.cufftDestroy(forward);
            fft.cufftDestroy(inverse);
            padded.close();
            spectrum.close();
            maskSpectrum.close();
        }
    }
}
