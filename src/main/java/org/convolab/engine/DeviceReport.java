package org.convolab.engine;

import java.util.List;

/**
 * The GPUs this machine has, as {@code convolab devices} and the window show them.
 *
 * @param devices one line per CUDA device (possibly listed even when unusable, e.g. without kernels)
 * @param problem null when the GPU engine can run, else one sentence why not
 */
public record DeviceReport(List<String> devices, String problem) {

    public DeviceReport {
        devices = List.copyOf(devices);
    }

    /** True when the GPU engine can be opened. */
    public boolean usable() {
        return problem == null;
    }

    /** How many devices an engine can be opened on. */
    public int count() {
        return usable() ? devices.size() : 0;
    }
}
