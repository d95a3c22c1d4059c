package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The arrays a batch's files are read into: reused, the smallest that fits, and a bounded number kept. */
class ByteArrayPoolTest {

    @Test
    void anArrayGivenBackIsTakenAgainByAFileItHoldsAndTheSmallestThatFitsIsChosen() {
        ByteArrayPool pool = new ByteArrayPool();
        byte[] big = pool.take(1000);
        byte[] small = pool.take(100);
        assertThat(big.length).isGreaterThanOrEqualTo(1000);
        pool.giveBack(big);
        pool.giveBack(small);
        assertThat(pool.take(90)).isSameAs(small);
        assertThat(pool.take(900)).isSameAs(big);
        assertThat(pool.take(900)).isNotSameAs(big).hasSizeGreaterThanOrEqualTo(900);
    }

    @Test
    void aBatchOfManyFilesKeepsNoMoreArraysThanItHeldAtOnce() {
        ByteArrayPool pool = new ByteArrayPool();
        for (int file = 0; file < 1000; file++) { // files of varying length, four in flight at a time
            byte[][] held = new byte[4][];
            for (int k = 0; k < 4; k++) {
                held[k] = pool.take(5000 + (file * 37 + k * 11) % 500);
            }
            for (byte[] a : held) {
                pool.giveBack(a);
            }
        }
        assertThat(pool.free()).isBetween(4, 8);
        for (int i = 0; i < ByteArrayPool.MAX_KEPT + 10; i++) {
            pool.giveBack(new byte[1]);
        }
        assertThat(pool.free()).isEqualTo(ByteArrayPool.MAX_KEPT);
    }
}
