package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link OutputMapping}, the spec's and the plane filter's mapping, against {@link OutputMappingTable}. */
class OutputMappingTest {

    @Test
    void floatMappingGivesTheTablesSamples() {
        for (OutputMappingTable.Row r : OutputMappingTable.ROWS) {
            assertThat(r.mapping().toSample(r.sum(), 255)).as("8-bit %s", r).isEqualTo(r.byteValue());
            assertThat(r.mapping().toSample(r.sum(), 65535)).as("16-bit %s", r).isEqualTo(r.shortValue());
        }
    }

    @Test
    void theReferencesDoubleMappingGivesTheTablesSamples() {
        for (OutputMappingTable.Row r : OutputMappingTable.ROWS) {
            FilterSpec spec = new FilterSpec(Mask.of(1, 1, 1f), ConstantPolicy.ZERO, r.divisor(), r.offset(), r.abs());
            assertThat(spec.toByte((double) r.sum())).as("8-bit %s", r).isEqualTo(r.byteValue());
            assertThat(spec.toSample((double) r.sum(), 65535)).as("16-bit %s", r).isEqualTo(r.shortValue());
            assertThat(PlaneFilter.toSample(r.sum(), spec, 65535)).as("plane %s", r).isEqualTo(r.shortValue());
        }
    }

    @Test
    void sixteenBitOutputsOfTheSampleMappingGiveTheTablesSamples() {
        SampleFormat grey16 = new SampleFormat(1, 16);
        for (OutputMappingTable.Row r : OutputMappingTable.ROWS) {
            FilterSpec spec = new FilterSpec(Mask.of(1, 1, 1f), ConstantPolicy.ZERO, r.divisor(), r.offset(), r.abs());
            SampleMapping m = new SampleMapping(spec, grey16, grey16);
            int[] dst = new int[1];
            m.samples(new float[] {r.sum()}, 0, dst, 0, 1, 1);
            assertThat(dst[0]).as("row loop %s", r).isEqualTo(r.shortValue());
            assertThat(m.sample(r.sum())).as("one sample %s", r).isEqualTo(r.shortValue());
        }
    }

    @Test
    void roundingIsHalfUpAndNanIsZero() {
        assertThat(OutputMapping.round(Float.NaN, 255)).isZero();
        assertThat(OutputMapping.round(Float.POSITIVE_INFINITY, 255)).isEqualTo(255);
        assertThat(OutputMapping.round(Float.NEGATIVE_INFINITY, 65535)).isZero();
        assertThat(new OutputMapping(1f, 0f, false).identity()).isTrue();
        assertThat(new OutputMapping(1f, 0f, true).identity()).isFalse();
    }
}
