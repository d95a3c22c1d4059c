package org.convolab.cuda;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * nvJPEG from the host's CUDA toolkit ({@code libnvjpeg.so}), bound through JNA at run time as cuFFT
 * is: without it, JPEG files take the CPU codec and nothing else changes. Only the entry points
 * Convolab calls; device pointers, host buffers and the stream travel as addresses. Use on the CUDA
 * thread, with the engine's context current.
 */
final class NvJpeg {
    /** nvjpegBackend_t: Huffman decoding on the CPU (small images), on the GPU, on the JPEG engines. */
    static final int BACKEND_DEFAULT = 0;
    static final int BACKEND_GPU_HYBRID = 2;
    static final int BACKEND_HARDWARE = 3;
    /** nvjpegOutputFormat_t: planar Y, Cb, Cr as stored (chroma subsampled). */
    static final int YUV = 1;
    /** nvjpegOutputFormat_t / nvjpegInputFormat_t: interleaved RGB, three bytes a pixel. */
    static final int RGBI = 5;
    /** nvjpegChromaSubsampling_t values: the ones the device path upsamples as libjpeg does, and the encoder's. */
    static final int CSS_444 = 0;
    static final int CSS_422 = 1;
    static final int CSS_420 = 2;
    /** Size of nvjpegImage_t: four channel pointers, four pitches. */
    static final int IMAGE_STRUCT_BYTES = 64;

    /** The entry points used (nvjpeg.h, CUDA 11 to 13). */
    interface Api extends Library {
        int nvjpegCreateEx(int backend, Pointer devAllocator, Pointer pinnedAllocator, int flags, PointerByReference handle);

        int nvjpegDestroy(Pointer handle);

        int nvjpegGetProperty(int type, IntByReference value);

        int nvjpegJpegStateCreate(Pointer handle, PointerByReference state);

        int nvjpegJpegStateDestroy(Pointer state);

        int nvjpegGetImageInfo(Pointer handle, long data, long length, IntByReference components, IntByReference subsampling,
                               int[] widths, int[] heights);

        int nvjpegDecode(Pointer handle, Pointer state, long data, long length, int outputFormat, Pointer image, long stream);

        int nvjpegDecodeBatchedInitialize(Pointer handle, Pointer state, int batchSize, int maxCpuThreads, int outputFormat);

        int nvjpegDecodeBatched(Pointer handle, Pointer state, Pointer data, Pointer lengths, Pointer images, long stream);

        int nvjpegEncoderStateCreate(Pointer handle, PointerByReference state, long stream);

        int nvjpegEncoderStateDestroy(Pointer state);

        int nvjpegEncoderParamsCreate(Pointer handle, PointerByReference params, long stream);

        int nvjpegEncoderParamsDestroy(Pointer params);

        int nvjpegEncoderParamsSetQuality(Pointer params, int quality, long stream);

        int nvjpegEncoderParamsSetSamplingFactors(Pointer params, int subsampling, long stream);

        int nvjpegEncoderParamsSetOptimizedHuffman(Pointer params, int optimized, long stream);

        int nvjpegEncodeImage(Pointer handle, Pointer state, Pointer params, Pointer image, int inputFormat, int width, int height,
                              long stream);

        int nvjpegEncodeRetrieveBitstream(Pointer handle, Pointer state, Pointer data, LongByReference length, long stream);
    }

    private static final CudaLibrary<Api> LIBRARY = new CudaLibrary<>("nvJPEG", Api.class, "convolab.noNvjpeg",
            "nvjpeg", "libnvjpeg.so.13", "libnvjpeg.so.12", "libnvjpeg.so.11");

    private NvJpeg() {
    }

    /** The binding, or null where no nvJPEG loads ({@link #problem()} says why). */
    static Api api() {
        return LIBRARY.api();
    }

    /** Why nvJPEG is unavailable, or null when it loaded. */
    static String problem() {
        return LIBRARY.problem();
    }

    /** nvjpegStatus_t 2 (NVJPEG_STATUS_INVALID_PARAMETER) .. 4 (BAD_JPEG), 5 (JPEG_NOT_SUPPORTED). */
    static boolean refusedTheData(int status) {
        return status == 2 || status == 4 || status == 5;
    }

    /** The library's version, "12.3.1", or "?" where it cannot say. */
    static String version() {
        Api a = api();
        if (a == null) {
            return "?";
        }
        int[] v = new int[3];
        for (int k = 0; k < 3; k++) {
            IntByReference r = new IntByReference();
            if (a.nvjpegGetProperty(k, r) != 0) { // MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL
                return "?";
            }
            v[k] = r.getValue();
        }
        return v[0] + "." + v[1] + "." + v[2];
    }

    /** Throws a CudaFault naming the call when an nvJPEG call did not return NVJPEG_STATUS_SUCCESS. */
    static void check(int status, String call) {
        if (status != 0) {
            throw new CudaFault("nvJPEG " + call + " failed with status " + status, null);
        }
    }
}
