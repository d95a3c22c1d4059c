package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The spare array goes out once, only for its own length; otherwise a new array is made. */
class SpareWholeBufferTest {
    @Test
    void handsTheOfferedArrayOutOnceForItsLength() {
        SpareWholeBuffer spare = new SpareWholeBuffer();
        int[] a = spare.take(12);
        assertThat(a).hasSize(12);
        spare.offer(a);
        assertThat(spare.take(12)).isSameAs(a);
        assertThat(spare.take(12)).as("handed out once").isNotSameAs(a).hasSize(12);
    }

    @Test
    void makesANewArrayForAnotherLengthAndKeepsTheNewestOffer() {
        SpareWholeBuffer spare = new SpareWholeBuffer();
        int[] a = new int[12];
        int[] b = new int[12];
        spare.offer(a);
        assertThat(spare.take(13)).hasSize(13);
        spare.offer(b);
        assertThat(spare.take(12)).isSameAs(b);
    }
}
