package org.convolab.engine;

import java.util.function.Consumer;
import org.convolab.core.Backend;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.cpu.CpuEngine;
import org.convolab.cuda.CudaDeviceInfo;
import org.convolab.cuda.CudaEngine;
import org.convolab.cuda.CudaProbe;

/**
 * The one door to the backends: the CLI and the window open engines and ask about devices here, and
 * never import {@code cuda} or {@code cpu} themselves (an ArchUnit test holds this).
 */
public final class Engines {

    private Engines() {
    }

    /**
     * Starts the probe of the CUDA driver and devices on a thread of its own, so that it overlaps the command line's
     * own start (the driver's initialisation takes a few hundred milliseconds on a GPU host); the first engine or
     * device list then finds the answer made. Harmless where there is no GPU: the probe says why and nothing waits.
     */
    public static void probeAhead() {
        Thread t = new Thread(CudaProbe::probe, "convolab-cuda-probe");
        t.setDaemon(true);
        t.start();
    }

    /** The CUDA devices, or why none is usable. Probes once per process. */
    public static DeviceReport devices() {
        CudaProbe.Result probe = CudaProbe.probe();
        return new DeviceReport(probe.devices().stream().map(CudaDeviceInfo::describe).toList(), probe.problem());
    }

    /**
     * Opens an engine on the first GPU (or the CPU).
     *
     * @param notices receives one sentence when auto falls back to the CPU (why the GPU is not used),
     *                at opening or later when the GPU fails for good
     * @throws ConvolabException when CUDA was asked for and cannot run
     */
    public static ConvolutionEngine open(Backend backend, Consumer<String> notices) {
        return open(backend, 0, notices);
    }

    /**
     * Opens an engine on GPU {@code ordinal} (ignored for the CPU backend).
     *
     * @throws ConvolabException when CUDA was asked for and cannot run, or there is no such device
     */
    public static ConvolutionEngine open(Backend backend, int ordinal, Consumer<String> notices) {
        switch (backend) {
            case CPU:
                return new CpuEngine();
            case CUDA:
                return new CudaEngine(usableDevice(ordinal));
            default: {
                CudaProbe.Result probe = CudaProbe.probe();
                if (!probe.usable()) {
                    notices.accept("GPU not used: " + probe.problem() + "; using the CPU engine");
                    return new CpuEngine();
                }
                try {
                    return new FallbackEngine(new CudaEngine(usableDevice(ordinal)), notices);
                } catch (ConvolabException e) {
                    notices.accept("GPU not used: " + e.getMessage() + "; using the CPU engine");
                    return new CpuEngine();
                }
            }
        }
    }

    private static CudaDeviceInfo usableDevice(int ordinal) {
        CudaProbe.Result probe = CudaProbe.probe();
        if (!probe.usable()) {
            throw new ConvolabException("CUDA backend unavailable: " + probe.problem());
        }
        if (ordinal < 0 || ordinal >= probe.devices().size()) {
            throw new ConvolabException("there is no GPU " + ordinal + " (this machine has " + probe.devices().size()
                    + (probe.devices().size() == 1 ? " GPU, number 0)" : " GPUs, numbered 0 to " + (probe.devices().size() - 1) + ")"));
        }
        return probe.devices().get(ordinal);
    }
}
