package org.convolab.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jcuda.CudaException;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;

/**
 * The device and pinned host memory of the image on the GPU: ARGB in and out, three input planes,
 * three output planes and one scratch plane, all width*height, and pinned host memory for the
 * transfers (made when first used). Closed when the image changes size
 * and when the engine closes.
 */
final class ResidentImage implements AutoCloseable {
    private final int width;
    private final int height;
    private PinnedBuffer hostIn;
    private PinnedBuffer hostOut;
    private final DeviceBuffer argbIn;
    private final DeviceBuffer argbOut;
    private final DeviceBuffer[] planes = new DeviceBuffer[3];
    private final DeviceBuffer[] outPlanes = new DeviceBuffer[3];
    private final DeviceBuffer scratch;
    private RgbaImage image;

    private ResidentImage(int width, int height, List<AutoCloseable> made) {
        this.width = width;
        this.height = height;
        long bytes = (long) width * height * 4;
        argbIn = add(made, new DeviceBuffer(bytes));
        argbOut = add(made, new DeviceBuffer(bytes));
        for (int c = 0; c < 3; c++) {
            planes[c] = add(made, new DeviceBuffer(bytes));
            outPlanes[c] = add(made, new DeviceBuffer(bytes));
        }
        scratch = add(made, new DeviceBuffer(bytes));
    }

    private static <T extends AutoCloseable> T add(List<AutoCloseable> made, T t) {
        made.add(t);
        return t;
    }

    /** Allocates everything, or frees what was allocated and rethrows. */
    static ResidentImage allocate(int width, int height) {
        List<AutoCloseable> made = new ArrayList<>();
        try {
            return new ResidentImage(width, height, made);
        } catch (RuntimeException e) {
            for (AutoCloseable c : made) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // reporting the allocation failure
                }
            }
            if (e instanceof CudaException ce && String.valueOf(ce.getMessage()).contains("OUT_OF_MEMORY")) {
                throw new ConvolabException(String.format(Locale.ROOT,
                        "the GPU has too little free memory for a %dx%d image (%.0f MiB needed)", width, height,
                        11.0 * width * height * 4 / (1 << 20)), e);
            }
            throw e;
        }
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    RgbaImage image() {
        return image;
    }

    void setImage(RgbaImage image) {
        this.image = image;
    }

    /** Page-locked memory for the upload, made on first use (the device JPEG path never uploads pixels). */
    PinnedBuffer hostIn() {
        if (hostIn == null) {
            hostIn = new PinnedBuffer((long) width * height * 4);
        }
        return hostIn;
    }

    /** Page-locked memory for the download, made on first use. */
    PinnedBuffer hostOut() {
        if (hostOut == null) {
            hostOut = new PinnedBuffer((long) width * height * 4);
        }
        return hostOut;
    }

    DeviceBuffer argbIn() {
        return argbIn;
    }

    DeviceBuffer argbOut() {
        return argbOut;
    }

    DeviceBuffer plane(int c) {
        return planes[c];
    }

    DeviceBuffer outPlane(int c) {
        return outPlanes[c];
    }

    DeviceBuffer scratch() {
        return scratch;
    }

    @Override
    public void close() {
        if (hostIn != null) {
            hostIn.close();
        }
        if (hostOut != null) {
            hostOut.close();
        }
        argbIn.close();
        argbOut.close();
        for (int c = 0; c < 3; c++) {
            planes[c].close();
            outPlanes[c].close();
        }
        scratch.close();
    }
}
