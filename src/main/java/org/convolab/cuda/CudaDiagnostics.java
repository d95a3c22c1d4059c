package org.convolab.cuda;

import java.util.OptionalLong;
import org.convolab.core.EngineDiagnostics;

/**
 * What a {@link CudaEngine} tells about itself for reports and tests: the device's free memory, the
 * faults it recovered from, and a way to free its resident image.
 */
final class CudaDiagnostics implements EngineDiagnostics {

    private final CudaEngine engine;

    CudaDiagnostics(CudaEngine engine) {
        this.engine = engine;
    }

    @Override
    public OptionalLong deviceFreeBytes() {
        return OptionalLong.of(engine.memoryInfo()[0]);
    }

    @Override
    public int faultsSurvived() {
        return engine.faultsSurvived();
    }

    @Override
    public void releaseImage() {
        engine.releaseImage();
    }
}
