package org.convolab.cuda;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.ptr.IntByReference;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import jcuda.NativePointerObject;
import org.convolab.core.ConvolabException;

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

    /** Names tried in order: the development link, then the sonames of CUDA 13, 12 and 11. */
    private static final String[] NAMES = {"cufft", "libcufft.so.12", "libcufft.so.11", "libcufft.so.13"};

    private static Api api;
    private static String problem;
    private static boolean tried;

    private CuFft() {
    }

    /** The binding, or null where no cuFFT loads ({@link #problem()} says why). */
    static synchronized Api api() {
        if (!tried) {
            tried = true;
            load();
        }
        return api;
    }

    /** Why cuFFT is unavailable, or null when it loaded. */
    static synchronized String problem() {
        api();
        return problem;
    }

    private static void load() {
        if (Boolean.getBoolean("convolab.noCufft")) {
            problem = "cuFFT is switched off (convolab.noCufft is set)";
            return;
        }
        List<String> dirs = new ArrayList<>();
        for (String env : new String[] {"CUDA_HOME", "CUDA_PATH"}) {
            String home = System.getenv(env);
            if (home != null && !home.isBlank()) {
                dirs.add(home + "/lib64");
            }
        }
        dirs.add("/usr/local/cuda/lib64");
        List<String> errors = new ArrayList<>();
        for (String name : NAMES) {
            for (String d : dirs) {
                NativeLibrary.addSearchPath(name, d);
            }
            try {
                api = Native.load(name, Api.class);
                return;
            } catch (LinkageError | RuntimeException e) {
                // not found, or JNA itself cannot load here: try the next name, then report
                errors.add(name);
            }
        }
        problem = "no cuFFT library found on this host (tried " + String.join(", ", errors) + " on the library path and in "
                + String.join(", ", dirs) + ")";
    }

    /** Throws a ConvolabException naming the call when a cuFFT call did not return CUFFT_SUCCESS. */
    static void check(int status, String call) {
        if (status != 0) {
            throw new CudaFault("cuFFT " + call + " failed with status " + status, null);
        }
    }

    /**
     * The address behind a JCuda pointer (device memory or a stream), for cuFFT. JCuda keeps it in a
     * protected getter; read once through reflection, since JCuda offers no public accessor.
     */
    static long address(NativePointerObject p) {
        try {
            return (long) NATIVE_POINTER.invoke(p);
        } catch (ReflectiveOperationException e) {
            throw new ConvolabException("cannot read a JCuda pointer for cuFFT (" + e + ")");
        }
    }

    private static final Method NATIVE_POINTER;

    static {
        try {
            NATIVE_POINTER = NativePointerObject.class.getDeclaredMethod("getNativePointer");
            NATIVE_POINTER.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
