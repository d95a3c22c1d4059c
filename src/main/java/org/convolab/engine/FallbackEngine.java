package org.convolab.engine;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.DeviceJpeg;
import org.convolab.core.EngineDiagnostics;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.core.ResultLease;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.core.StagedInput;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.CpuPlaneFilter;
import org.convolab.cuda.CudaFault;

/**
 * The auto backend: the GPU engine while it works, the CPU engine from the moment it fails for good
 * (it has already rebuilt its context once and failed again: the GPU has vanished or is broken), with
 * one message saying so. The filter that hit the failure is run again on the CPU, so no result is lost;
 * the same holds for its plane filter ({@link #planeFilter}).
 */
public final class FallbackEngine implements ConvolutionEngine {
    private final ConvolutionEngine gpu;
    private final Consumer<String> notices;
    private CpuEngine cpu;
    private String failure;

    public FallbackEngine(ConvolutionEngine gpu, Consumer<String> notices) {
        this.gpu = gpu;
        this.notices = notices;
    }

    /** Null while the GPU is in use, else why the engine went over to the CPU. */
    public synchronized String failure() {
        return failure;
    }

    private synchronized ConvolutionEngine current() {
        return failure == null ? gpu : cpu;
    }

    @Override
    public Backend backend() {
        return current().backend();
    }

    @Override
    public boolean wholeImageFftIsCheap() {
        return current().wholeImageFftIsCheap();
    }

    @Override
    public String device() {
        return current().device();
    }

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        return onCurrent(e -> e.filter(image, spec, strategy));
    }

    /** The GPU engine's lease while it works; after it failed for good, the CPU engine's. */
    @Override
    public org.convolab.core.ResultLease filterLeased(RgbaImage image, FilterSpec spec, Strategy strategy) {
        return onCurrent(e -> e.filterLeased(image, spec, strategy));
    }

    /** Runs work on the GPU engine while it works; when it fails for good, again on the CPU. */
    private <T> T onCurrent(java.util.function.Function<ConvolutionEngine, T> work) {
        if (current() == gpu) {
            try {
                return work.apply(gpu);
            } catch (CudaFault f) {
                fallBack(f);
            }
        }
        return work.apply(current());
    }

    /**
     * The GPU engine's plane filter while the GPU works, going over to the CPU's as {@link #filter} does: the
     * plane that hit the failure is filtered again on the CPU. Empty when the GPU engine has none, or after
     * the fall-back (the caller then takes the CPU's).
     */
    @Override
    public Optional<PlaneFilter> planeFilter() {
        if (current() != gpu) {
            return Optional.empty();
        }
        return gpu.planeFilter().map(FallingBackPlanes::new);
    }

    /**
     * The GPU engine's 3D filter while the GPU works (a failure during a volume is reported, not redone on the CPU);
     * empty after the fall-back, when stacks take the CPU's.
     */
    @Override
    public Optional<org.convolab.core.VolumeFilter> volumeFilter() {
        return current() != gpu ? Optional.empty() : gpu.volumeFilter();
    }

    /** The GPU engine's JPEG codec while the GPU works; empty after the fall-back (files then take the CPU codec). */
    @Override
    public Optional<DeviceJpeg> deviceJpeg() {
        return current() != gpu ? Optional.empty() : gpu.deviceJpeg();
    }

    /**
     * The GPU engine's staged input while the GPU works; empty after the fall-back. A fault while its buffer is made
     * counts as a fault of any GPU work (the engine goes over to the CPU when it is the second); a fault in its filter
     * is {@link StagedInput.Lost}, after which the caller filters the ordinary way.
     */
    @Override
    public Optional<StagedInput> stagedInput() {
        if (current() != gpu) {
            return Optional.empty();
        }
        return gpu.stagedInput().map(onGpu -> new StagedInput() {
            @Override
            public Optional<ByteBuffer> buffer(int width, int height) {
                try {
                    return current() == gpu ? onGpu.buffer(width, height) : Optional.empty();
                } catch (CudaFault f) {
                    fallBack(f);
                    return Optional.empty();
                }
            }

            @Override
            public ResultLease filterLeased(int width, int height, FilterSpec spec, Strategy strategy) {
                return onGpu.filterLeased(width, height, spec, strategy);
            }
        });
    }

    /** A GPU plane filter that, once the GPU fails for good, goes on with a CPU one. */
    private final class FallingBackPlanes implements PlaneFilter {
        private final PlaneFilter onGpu;
        private CpuPlaneFilter onCpu;

        FallingBackPlanes(PlaneFilter onGpu) {
            this.onGpu = onGpu;
        }

        @Override
        public LaunchPlan correlate(float[] rows, int width, int outRows, FilterSpec spec, Strategy strategy, float[] sums) {
            if (current() == gpu) {
                try {
                    return onGpu.correlate(rows, width, outRows, spec, strategy, sums);
                } catch (CudaFault f) {
                    fallBack(f);
                }
            }
            if (onCpu == null) {
                onCpu = new CpuPlaneFilter();
            }
            return onCpu.correlate(rows, width, outRows, spec, strategy, sums);
        }

        @Override
        public void close() {
            try {
                onGpu.close();
            } finally {
                if (onCpu != null) {
                    onCpu.close();
                }
            }
        }
    }

    @Override
    public OptionalDouble batchedKernelMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return current().batchedKernelMs(image, spec, strategy, launches);
    }

    @Override
    public OptionalDouble batchedArgbMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return current().batchedArgbMs(image, spec, strategy, launches);
    }

    @Override
    public HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
        return onCurrent(e -> e.histogram(image, bins, strategy));
    }

    @Override
    public HistogramResult histogram(Rgba16Image image, int bins, HistogramStrategy strategy) {
        return onCurrent(e -> e.histogram(image, bins, strategy));
    }

    @Override
    public OptionalDouble batchedHistogramMs(RgbaImage image, int bins, HistogramStrategy strategy, int launches) {
        return current().batchedHistogramMs(image, bins, strategy, launches);
    }

    @Override
    public EngineDiagnostics diagnostics() {
        EngineDiagnostics inner = current().diagnostics();
        return new EngineDiagnostics() {
            @Override
            public OptionalLong deviceFreeBytes() {
                return inner.deviceFreeBytes();
            }

            @Override
            public int faultsSurvived() {
                return inner.faultsSurvived();
            }

            @Override
            public String fallbackReason() {
                return failure();
            }

            @Override
            public void releaseImage() {
                inner.releaseImage();
            }
        };
    }

    private synchronized void fallBack(CudaFault f) {
        if (failure != null) {
            return;
        }
        failure = f.getMessage();
        cpu = new CpuEngine();
        notices.accept("the GPU stopped working (" + f.getMessage() + "); going on with the CPU engine");
        try {
            gpu.close();
        } catch (RuntimeException ignored) {
            // the GPU is gone; nothing more to release
        }
    }

    @Override
    public synchronized void close() {
        if (failure == null) {
            gpu.close();
        } else {
            cpu.close();
        }
    }
}
