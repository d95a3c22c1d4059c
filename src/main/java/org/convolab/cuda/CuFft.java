package org.convolab.cuda;

import com.sun.jna.Library;
import com.sun.jna.ptr.IntByReference;

/**
 * cuFFT from the host's CUDA libraries, bound through JNA: the bundle carries no cuFFT (JCufft
 * 12.0.0 is not on Maven Central). Loaded once, on first use; where no libcufft loads,
 * {@link #problem()} says why and strategy fft is reported unavailable. Use on the CUDA thread.
 */
final class CuFft {
    /** cufftType values (cufft.h). */
    static final int R2C = 0x2a;
    static final int C2R = 0x2c;

    /** The few cuFFT entry points Convolab calls; device pointers and the stream as addresses. */
    interface Api extends Library {
        int cufftPlanMany(IntByReference plan, int rank, int[] n, int[] inembed, int istride, int idist, int[] onembed,
                          int ostride, int odist, int type, int batch);

        int cufftSetStream(int plan, long stream);

        int cufftExecR2C(int plan, long idata, long odata);

        int cufftExecC2R(int plan, long idata, long odata);

        int cufftDestroy(int plan);
    }

    /** Names tried in order: the development link, then the sonames of CUDA 12, 11 and 13. */
    private static final CudaLibrary<Api> LIBRARY = new CudaLibrary<>("cuFFT", Api.class, "convolab.noCufft",
            "cufft", "libcufft.so.12", "libcufft.so.11", "libcufft.so.13");

    private CuFft() {
    }

    /** The binding, or null where no cuFFT loads ({@link #problem()} says why). */
    static Api api() {
        return LIBRARY.api();
    }

    /** Why cuFFT is unavailable, or null when it loaded. */
    static String problem() {
        return LIBRARY.problem();
    }

    /** Throws a ConvolabException naming the call when a cuFFT call did not return CUFFT_SUCCESS. */
    static void check(int status, String call) {
        if (status != 0) {
            throw new CudaFault("cuFFT " + call + " failed with status " + status, null);
        }
    }
}
