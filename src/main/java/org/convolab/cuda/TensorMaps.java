package org.convolab.cuda;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * Tensor maps for Hopper's tensor copies (TMA): the 128-byte descriptor of a global array and of the box one copy
 * brings, made by the driver's {@code cuTensorMapEncodeTiled} and passed to a kernel by value. JCuda 12.0.0 has no
 * binding of it, so it is bound here through JNA from the driver library JCuda itself runs on ({@code libcuda}).
 * Where the driver lacks it (before CUDA 12.0) or the switch-off property is set, {@link #problem()} says why and the
 * launchers keep their {@code cp.async} kernels. Use on the CUDA thread.
 */
final class TensorMaps {
    /** Set to true, the one-sweep volume kernels load by cp.async even on Hopper (for comparisons and tests). */
    static final String OFF_PROPERTY = "convolab.noTma";

    /** Bytes of a tensor map (CUtensorMap: 16 quadwords). */
    static final int BYTES = 128;

    // cuda.h's enumerations, as cuTensorMapEncodeTiled takes them
    private static final int DATA_TYPE_FLOAT32 = 7;
    private static final int INTERLEAVE_NONE = 0;
    private static final int SWIZZLE_NONE = 0;
    /** L2 fills of 128 bytes: round ten's call Z (r 3 0.4485 ms against 0.4538 with 256 and 0.4676 with none). */
    private static final int L2_PROMOTION_128B = 2;
    private static final int OOB_FILL_ZERO = 0;

    /** The driver entry point; the device address as a 64-bit integer, the map 64-byte aligned. */
    interface Api extends Library {
        int cuTensorMapEncodeTiled(Pointer tensorMap, int dataType, int rank, long globalAddress, long[] globalDim,
                                   long[] globalStrides, int[] boxDim, int[] elementStrides, int interleave, int swizzle,
                                   int l2Promotion, int oobFill);
    }

    private static final CudaLibrary<Api> LIBRARY = new CudaLibrary<>("CUDA driver (tensor maps)", Api.class, OFF_PROPERTY,
            "libcuda.so.1", "cuda");

    private TensorMaps() {
    }

    /** Why tensor maps cannot be made here, or null when they can. */
    static String problem() {
        return LIBRARY.problem();
    }

    /**
     * The map of a {@code w x h x d} float32 volume at device address {@code address} (x fastest, rows of w floats),
     * a box of {@code boxW x boxH x 1} elements; elements a box reaches outside the volume read as zero.
     *
     * @throws CudaFault where the driver refuses it (w not a multiple of 4, an unaligned address), naming the sizes
     */
    static byte[] volume(long address, int w, int h, int d, int boxW, int boxH) {
        Api api = LIBRARY.api();
        if (api == null) {
            throw new CudaFault("no tensor maps: " + LIBRARY.problem(), null);
        }
        try (Memory raw = new Memory(BYTES + 64)) {
            Pointer map = raw.align(64);
            int status;
            try {
                status = api.cuTensorMapEncodeTiled(map, DATA_TYPE_FLOAT32, 3, address, new long[] {w, h, d},
                        new long[] {4L * w, 4L * w * h}, new int[] {boxW, boxH, 1}, new int[] {1, 1, 1}, INTERLEAVE_NONE,
                        SWIZZLE_NONE, L2_PROMOTION_128B, OOB_FILL_ZERO);
            } catch (UnsatisfiedLinkError e) {   // a driver older than CUDA 12.0 has no such entry point
                throw new CudaFault("this CUDA driver has no cuTensorMapEncodeTiled (CUDA 12.0 and later have it)", e);
            }
            if (status != 0) {
                throw new CudaFault("cuTensorMapEncodeTiled failed with status " + status + " for a " + w + "x" + h + "x" + d
                        + " float volume and a " + boxW + "x" + boxH + " box", null);
            }
            return map.getByteArray(0, BYTES);
        }
    }
}
