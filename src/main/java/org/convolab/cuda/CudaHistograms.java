package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;

/**
 * The engine's histogram room: a {@link HistogramRunner} for the session's current context, made on
 * first use and made again when the context has been rebuilt (the old one's memory went with the old
 * context). The image the session holds for filtering is counted where it lies, without an upload.
 * Use on the CUDA thread.
 */
final class CudaHistograms {
    private HistogramRunner runner;
    private CudaModule owner;

    /** Counts the image with the strategy's kernel. */
    HistogramResult count(CudaSession session, RgbaImage image, int bins, HistogramStrategy strategy) {
        return runner(session).count(session.module(), session.stream(), image, resident(session, image), bins, strategy);
    }

    /** Counts a 16-bit image with the strategy's 16-bit kernel (uploaded: the session holds 8-bit images only). */
    HistogramResult count(CudaSession session, Rgba16Image image, int bins, HistogramStrategy strategy) {
        return runner(session).count(session.module(), session.stream(), image, bins, strategy);
    }

    /** One count's time over {@code launches} back-to-back ones, in ms. */
    double batchedMs(CudaSession session, RgbaImage image, int bins, HistogramStrategy strategy, int launches) {
        return runner(session).batchedMs(session.module(), session.stream(), image, resident(session, image), bins, strategy,
                launches);
    }

    /** Frees the runner's copy of the last image counted (the next count uploads again). */
    void releaseImage(CudaSession session) {
        if (runner != null && owner == session.module()) {
            runner.release();
        }
    }

    private HistogramRunner runner(CudaSession session) {
        if (runner == null || owner != session.module()) {
            // a rebuilt context: the old runner's buffers and events died with the old one
            runner = new HistogramRunner();
            owner = session.module();
        }
        return runner;
    }

    private static CUdeviceptr resident(CudaSession session, RgbaImage image) {
        ResidentImage r = session.resident();
        return r != null && r.image() == image ? r.argbIn().ptr() : null;
    }
}
