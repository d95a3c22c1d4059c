package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ResultLeaseTest {
    private static final Timings TIMINGS = new Timings(0, 0, List.of(1.0), 0, 0, 1, 1, new FilterCost(0, 0));

    private static IntBuffer direct(int... pixels) {
        IntBuffer b = ByteBuffer.allocateDirect(pixels.length * 4).order(ByteOrder.nativeOrder()).asIntBuffer();
        b.put(pixels);
        return b; // position at the end: the lease reads from index 0 all the same
    }

    @Test
    void theLastHolderGivesTheMemoryBackOnceAndOnlyThen() {
        AtomicInteger released = new AtomicInteger();
        ResultLease lease = new ResultLease(2, 1, direct(1, 2), null, LaunchPlan.exactly(Strategy.NAIVE), TIMINGS,
                released::incrementAndGet);
        ResultLease saving = lease.retain();
        lease.close();
        assertThat(released).hasValue(0);
        assertThat(saving.isOpen()).isTrue();
        assertThat(saving.argb(1, 0)).isEqualTo(2);
        saving.close();
        assertThat(released).hasValue(1);
        lease.close(); // more closes than holders do nothing
        assertThat(released).hasValue(1);
        assertThat(lease.isOpen()).isFalse();
        assertThatThrownBy(lease::retain).isInstanceOf(ConvolabException.class).hasMessageContaining("released");
        assertThatThrownBy(lease::image).isInstanceOf(ConvolabException.class);
    }

    @Test
    void lentPixelsAreReadOnlyAndCopiedIntoAnImageOnlyWhenAskedOnce() {
        IntBuffer memory = direct(0xff010203, 0xff040506, 0xff070809, 0xff0a0b0c, 0xff0d0e0f, 0xff101112);
        try (ResultLease lease = new ResultLease(3, 2, memory, null, LaunchPlan.exactly(Strategy.FAST),
                TIMINGS, () -> { })) {
            assertThat(lease.hasImage()).isFalse();
            assertThat(lease.pixels().get(4)).isEqualTo(0xff0d0e0f);
            assertThat(lease.pixels()).isSameAs(lease.pixels());
            assertThatThrownBy(() -> lease.pixels().put(0, 1)).isInstanceOf(ReadOnlyBufferException.class);
            RgbaImage img = lease.image();
            assertThat(img.pixels()).containsExactly(0xff010203, 0xff040506, 0xff070809, 0xff0a0b0c, 0xff0d0e0f, 0xff101112);
            assertThat(lease.image()).isSameAs(img);
            assertThat(lease.toResult().strategy()).isEqualTo(Strategy.FAST);
        }
    }

    @Test
    void aResultInAnArrayIsLentWithoutACopy() {
        RgbaImage img = new RgbaImage(2, 2, new int[] {1, 2, 3, 4});
        ResultLease lease = ResultLease.of(new FilterResult(img, Strategy.TILED, TIMINGS));
        assertThat(lease.hasImage()).isTrue();
        assertThat(lease.image()).isSameAs(img);
        assertThat(lease.argb(0, 1)).isEqualTo(3);
        assertThat(lease.pixels().limit()).isEqualTo(4);
        lease.close();
    }

    @Test
    void aBufferTooSmallForTheSizeIsRefused() {
        assertThatThrownBy(() -> new ResultLease(3, 3, direct(1, 2), null, LaunchPlan.exactly(Strategy.NAIVE), TIMINGS,
                () -> { })).isInstanceOf(IllegalArgumentException.class);
    }
}
