package org.convolab.cuda;

import java.nio.ByteBuffer;
import java.util.Optional;
import org.convolab.core.FilterSpec;
import org.convolab.core.ResultLease;
import org.convolab.core.StagedInput;
import org.convolab.core.Strategy;

/**
 * The CUDA engine's {@link StagedInput}: the resident image's page-locked input buffer, handed to a decoder, so a
 * decoded JPEG goes up as the decoder wrote it. The ordinary filter copies the decoder's Java array into that
 * buffer first (a 24 MP photograph's 96 MB: 5 to 13 ms on an H100 host, more than the upload, kernels and
 * download of a 241-tap Gaussian together). The result is lent as {@link CudaEngine#filterLeased} lends it.
 *
 * <p>The filter runs once, without the engine's retry on a rebuilt context: the staged pixels live in the context's
 * memory and go with it. A fault therefore becomes {@link StagedInput.Lost}, and the caller decodes again and filters
 * the ordinary way, where the engine retries (and, past a second fault, the auto backend goes over to the CPU).
 */
final class CudaStagedInput implements StagedInput {
    private final CudaEngine engine;

    CudaStagedInput(CudaEngine engine) {
        this.engine = engine;
    }

    @Override
    public Optional<ByteBuffer> buffer(int width, int height) {
        long bytes = 4L * width * height;
        if (bytes > LeaseBuffers.MAX_BYTES) {
            return Optional.empty(); // a direct buffer holds at most 2 GB
        }
        return engine.onGpu(() -> {
            if (!engine.fitsWhole(width, height)) {
                return Optional.empty(); // filtered in strips, each uploaded from a Java array
            }
            ResidentImage r = engine.residentFor(width, height);
            return Optional.of(r.hostIn().bytes(bytes));
        });
    }

    @Override
    public ResultLease filterLeased(int width, int height, FilterSpec spec, Strategy strategy) {
        CudaPlanner.Decision decision = engine.decide(spec, strategy);
        try {
            return engine.onGpuOnce(() -> {
                ResidentImage r = engine.session().resident();
                if (r == null || r.width() != width || r.height() != height) {
                    throw new IllegalStateException("no staged " + width + "x" + height + " image: call buffer first");
                }
                engine.beforeGpuWork();
                ResidentFilter filter = engine.residentFilter();
                ChannelLauncher launcher = engine.launcher(decision.plan().runs());
                return filter.leased(width, height, into -> filter.runStaged(r, spec, decision, launcher, into));
            });
        } catch (CudaFault f) {
            throw new Lost("the GPU failed while filtering the staged image (" + f.getMessage() + ")", f);
        }
    }
}
