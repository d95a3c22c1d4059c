package org.convolab.cuda;

import java.util.Locale;

/**
 * One CUDA device as the driver describes it.
 *
 * @param ordinal      device number
 * @param name         marketing name, e.g. "NVIDIA H100 80GB HBM3"
 * @param major        compute capability, major
 * @param minor        compute capability, minor
 * @param totalMemory  bytes of device memory
 * @param multiprocessors SM count
 * @param driverVersion the driver's CUDA version, e.g. 13000
 */
public record CudaDeviceInfo(int ordinal, String name, int major, int minor, long totalMemory, int multiprocessors,
                             int driverVersion) {

    /** "NVIDIA H100 80GB HBM3 (sm_90)". */
    public String label() {
        return name + " (sm_" + major + minor + ")";
    }

    /** One line for {@code convolab devices}. */
    public String describe() {
        return String.format(Locale.ROOT, "%d: %s, compute capability %d.%d, %d SMs, %.1f GiB, driver CUDA %d.%d",
                ordinal, name, major, minor, multiprocessors, totalMemory / (double) (1L << 30),
                driverVersion / 1000, (driverVersion % 1000) / 10);
    }
}
