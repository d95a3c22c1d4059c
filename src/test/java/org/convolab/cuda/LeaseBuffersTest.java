package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A lease buffer holds every pixel of its result, page-aligned, whatever the size (no GPU needed: the
 * registration is not part of it). Before, the aligned slice could come out a page short: a 2,132,108-byte
 * result failed with "newLimit > capacity" on the GPU host.
 */
class LeaseBuffersTest {

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(longs = {4, 4092, 4096, 4100, 240_000, 2_132_108, 96_000_000})
    void aBufferHoldsTheWholeResultPageAligned(long bytes) {
        for (int i = 0; i < 8; i++) { // direct buffers start at different offsets within a page
            LeaseBuffers.Buffer b = new LeaseBuffers.Buffer(bytes, 0);
            assertThat(b.bytes()).isEqualTo(bytes);
            assertThat(b.ints().capacity()).isEqualTo(bytes / 4);
            assertThat(LeaseBuffers.pages(bytes)).isGreaterThanOrEqualTo(bytes).isEqualTo((bytes + 4095) / 4096 * 4096);
        }
    }
}
