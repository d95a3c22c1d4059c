package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemGetInfo;

import java.util.Locale;
import org.convolab.core.ConvolabException;

/**
 * What of the device's memory a resident image may take, in a session; on the CUDA thread. The free
 * memory (plus what the current image holds) less a 64 MiB margin; -Dconvolab.cuda.maxImageBytes lowers
 * it (to test the strips).
 */
final class DeviceMemory {
    private static final long MARGIN = 64L << 20;

    private final CudaSession session;

    DeviceMemory(CudaSession session) {
        this.session = session;
    }

    /** Device bytes a resident image of this size takes: ARGB in and out, seven float planes. */
    static long residentBytes(int w, int h) {
        return 11L * 4 * w * h;
    }

    /** Free and total device memory in bytes, as the driver reports them. */
    static long[] info() {
        long[] free = {0};
        long[] total = {0};
        cuMemGetInfo(free, total);
        return new long[] {free[0], total[0]};
    }

    /** How many bytes a resident image may take. */
    long imageBytesLimit() {
        ResidentImage resident = session.resident();
        long limit = info()[0] + (resident == null ? 0 : residentBytes(resident.width(), resident.height())) - MARGIN;
        return Math.min(limit, Long.getLong("convolab.cuda.maxImageBytes", Long.MAX_VALUE));
    }

    /** Whether a {@code w x h} image fits whole (else it goes in strips). */
    boolean fitsWhole(int w, int h) {
        return residentBytes(w, h) <= imageBytesLimit();
    }

    /**
     * Makes room for {@code bytes} of device memory for {@code what} (a plane): frees the resident image
     * when it stands in the way (the next image filter uploads again), or says in one line that the device
     * cannot hold them.
     */
    void makeRoomFor(long bytes, String what) {
        long limit = imageBytesLimit();
        if (bytes > limit) {
            throw new ConvolabException(String.format(Locale.ROOT,
                    "the GPU has too little free memory for %s (%.0f MiB needed, %.0f MiB free); use the CPU backend", what,
                    bytes / 1048576.0, Math.max(0, limit) / 1048576.0));
        }
        ResidentImage r = session.resident();
        if (r != null && bytes > limit - residentBytes(r.width(), r.height())) {
            session.releaseResident();
        }
    }
}
