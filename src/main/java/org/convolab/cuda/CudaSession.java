package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;

import jcuda.CudaException;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;

/**
 * Everything the engine holds on the device: the context, the module, one stream, the phase
 * events, the global-memory mask and the resident image. Built on first use ({@link #ensure}) and
 * torn down after a CUDA error ({@link #teardown}); only the engine's CUDA thread touches it.
 */
final class CudaSession {
    /**
     * The events a filter records, in stream order: each phase is timed between two of them (upload:
     * START to UPLOADED; unpack: to UNPACKED; the filter kernels: to FILTERED, through RED and GREEN
     * where the kernels run a channel at a time; pack: to PACKED; download: to DOWNLOADED), and a batch of
     * back-to-back launches between BATCH_START and BATCH_END.
     */
    enum Mark { START, UPLOADED, UNPACKED, RED, GREEN, FILTERED, PACKED, DOWNLOADED, BATCH_START, BATCH_END }

    private static final int MAX_MASK_FLOATS = Mask.DIRECT_MAX_SIZE * Mask.DIRECT_MAX_SIZE;

    private final CudaDeviceInfo device;
    private CUcontext context;
    private CudaModule module;
    private CUstream stream;
    private final CUevent[] events = new CUevent[Mark.values().length];
    private DeviceBuffer globalMask;
    private ResidentImage resident;
    private final LeaseBuffers leaseBuffers = new LeaseBuffers();
    private final BitstreamBuffers bitstreams = new BitstreamBuffers();
    private NvJpegCodec jpegCodec;

    CudaSession(CudaDeviceInfo device) {
        this.device = device;
    }

    CudaModule module() {
        return module;
    }

    CUstream stream() {
        return stream;
    }

    CUevent event(Mark mark) {
        return events[mark.ordinal()];
    }

    DeviceBuffer globalMask() {
        return globalMask;
    }

    /** The image on the device, or null. */
    ResidentImage resident() {
        return resident;
    }

    void resident(ResidentImage image) {
        resident = image;
    }

    /**
     * The nvJPEG codec in this context, opened on first use.
     *
     * @throws org.convolab.core.DeviceJpeg.Unsupported where this host has no nvJPEG
     */
    NvJpegCodec jpegCodec() {
        if (jpegCodec == null) {
            jpegCodec = NvJpegCodec.open(stream, bitstreams);
        }
        return jpegCodec;
    }

    /**
     * The host buffers nvJPEG's encoded files are lent in: kept across context resets (registered again in the
     * new context); thread-safe, so a batch may make them ahead on another thread ({@link BitstreamBuffers#make}).
     */
    BitstreamBuffers bitstreams() {
        return bitstreams;
    }

    /** The host buffers results are lent in (registered in this context). */
    LeaseBuffers leaseBuffers() {
        return leaseBuffers;
    }

    /** Frees the resident image (the next filter uploads again). */
    void releaseResident() {
        if (resident != null) {
            resident.close();
            resident = null;
        }
    }

    /** Milliseconds between two recorded events. */
    double elapsed(Mark from, Mark to) {
        float[] ms = {0};
        cuEventElapsedTime(ms, event(from), event(to));
        return ms[0];
    }

    /** Creates the context, module, stream, events and mask buffer unless they are there. */
    void ensure() {
        if (context != null) {
            return;
        }
        byte[] fatbin = KernelImage.load().orElseThrow(() -> new ConvolabException(KernelImage.MISSING));
        try {
            JCudaDriver.setExceptionsEnabled(true);
            cuInit(0);
            CUdevice dev = new CUdevice();
            cuDeviceGet(dev, device.ordinal());
            CUcontext ctx = new CUcontext();
            cuCtxCreate(ctx, 0, dev);
            context = ctx;
            module = new CudaModule(fatbin, device.major());
            stream = new CUstream();
            cuStreamCreate(stream, 0);
            for (int i = 0; i < events.length; i++) {
                events[i] = new CUevent();
                cuEventCreate(events[i], 0);
            }
            globalMask = new DeviceBuffer(MAX_MASK_FLOATS * 4L);
        } catch (CudaException e) {
            teardown();
            throw new CudaFault("could not set up the GPU (" + e.getMessage() + ")", e);
        }
    }

    /** Frees everything and destroys the context; safe after a sticky error. */
    void teardown() {
        if (context == null) {
            return;
        }
        try {
            cuCtxSetCurrent(context);
            if (jpegCodec != null) {
                jpegCodec.close();
            }
            if (resident != null) {
                resident.close();
            }
            leaseBuffers.releaseFree();
            bitstreams.releaseFree();
            if (globalMask != null) {
                globalMask.close();
            }
            for (int i = 0; i < events.length; i++) {
                if (events[i] != null) {
                    cuEventDestroy(events[i]);
                    events[i] = null;
                }
            }
            if (stream != null) {
                cuStreamDestroy(stream);
            }
            if (module != null) {
                module.close();
            }
        } catch (CudaException e) {
            // after a sticky error the frees fail too; destroying the context releases everything
        } finally {
            leaseBuffers.contextGone();
            bitstreams.contextGone();
            jpegCodec = null;
            resident = null;
            globalMask = null;
            stream = null;
            module = null;
            try {
                cuCtxDestroy(context);
            } catch (CudaException e) {
                // nothing more can be released
            }
            context = null;
        }
    }
}
