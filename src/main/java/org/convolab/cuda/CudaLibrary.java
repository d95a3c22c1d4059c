package org.convolab.cuda;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import jcuda.NativePointerObject;
import org.convolab.core.ConvolabException;

/**
 * A library of the host's CUDA toolkit (cuFFT, nvJPEG) bound through JNA at run time, never a hard
 * dependency: the names are tried in order, on the library path and in {@code $CUDA_HOME/lib64},
 * {@code $CUDA_PATH/lib64} and {@code /usr/local/cuda/lib64}. Where none loads, or the switch-off
 * property is set, {@link #problem()} says why in one line.
 *
 * @param <T> the JNA interface of the entry points used
 */
final class CudaLibrary<T extends Library> {
    private final String what;
    private final String[] names;
    private final Class<T> type;
    private final String offProperty;
    private T api;
    private String problem;
    private boolean tried;

    /**
     * @param what        the library as messages name it ("cuFFT")
     * @param offProperty a system property that, set to true, switches the library off (tests of the fall-back)
     */
    CudaLibrary(String what, Class<T> type, String offProperty, String... names) {
        this.what = what;
        this.names = names.clone();
        this.type = type;
        this.offProperty = offProperty;
    }

    /** The binding, or null where the library did not load ({@link #problem()} says why). */
    synchronized T api() {
        if (!tried) {
            tried = true;
            load();
        }
        return api;
    }

    /** Why the library is unavailable, or null when it loaded. */
    synchronized String problem() {
        api();
        return problem;
    }

    private void load() {
        if (Boolean.getBoolean(offProperty)) {
            problem = what + " is switched off (" + offProperty + " is set)";
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
        for (String name : names) {
            for (String d : dirs) {
                NativeLibrary.addSearchPath(name, d);
            }
            try {
                api = Native.load(name, type);
                return;
            } catch (LinkageError | RuntimeException e) {
                // not found, or JNA itself cannot load here: try the next name, then report
                errors.add(name);
            }
        }
        problem = "no " + what + " library found on this host (tried " + String.join(", ", errors)
                + " on the library path and in " + String.join(", ", dirs) + ")";
    }

    /**
     * The address behind a JCuda pointer (device or pinned host memory, a stream), for the libraries
     * bound through JNA. JCuda keeps it in a protected getter, read through reflection since JCuda
     * offers no public accessor.
     */
    static long address(NativePointerObject p) {
        try {
            return (long) NATIVE_POINTER.invoke(p);
        } catch (ReflectiveOperationException e) {
            throw new ConvolabException("cannot read a JCuda pointer's address (" + e + ")");
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
