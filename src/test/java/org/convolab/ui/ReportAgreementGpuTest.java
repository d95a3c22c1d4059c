package org.convolab.ui;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.convolab.core.Backend;
import org.convolab.engine.DeviceReport;
import org.convolab.engine.Engines;
import org.junit.jupiter.api.Tag;

/**
 * {@link ReportAgreement} on the CUDA engine: 8-bit images take the fused ARGB kernels where the plan has them
 * (8 bytes a pixel in every report), 16-bit and float the planes kernels of the sample filter. Skipped without a
 * usable CUDA device.
 */
@Tag("gpu")
class ReportAgreementGpuTest extends ReportAgreement {
    @Override
    Backend backend() {
        return Backend.CUDA;
    }

    @Override
    void assumeBackend() {
        DeviceReport d = Engines.devices();
        assumeTrue(d.usable(), () -> "no usable CUDA device: " + d.problem());
    }
}
