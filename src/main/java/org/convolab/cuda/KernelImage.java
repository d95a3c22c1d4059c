package org.convolab.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * The fatbin that the build compiles from {@code cuda-kernels/*.cu}, packed in the jar. Absent when
 * the build ran without nvcc.
 */
public final class KernelImage {

    /** Class-path location of the fatbin. */
    public static final String RESOURCE = "/org/convolab/cuda/convolab.fatbin";

    /** Why there are no kernels, for messages. */
    public static final String MISSING = "GPU kernels are not included in this build (it was built without nvcc)";

    private KernelImage() {
    }

    /** The fatbin's bytes, or empty when this build has none. */
    public static Optional<byte[]> load() {
        try (InputStream in = KernelImage.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.of(in.readAllBytes());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** True when the jar holds the fatbin. */
    public static boolean present() {
        return KernelImage.class.getResource(RESOURCE) != null;
    }
}
