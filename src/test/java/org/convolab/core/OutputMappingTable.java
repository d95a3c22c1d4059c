package org.convolab.core;

import java.util.List;

/**
 * The table every implementation of the output mapping is checked against (Java's {@link OutputMapping}, the
 * engines, and {@code cuda-kernels/pack.cuh}): a channel's sum, the divisor, offset and abs, and the sample it
 * must give at 8 and at 16 bits. Rounding half up ({@code 0.5 -> 1}, {@code -0.5 -> 0}), clamping at both ends,
 * {@code |sum|} before the division, power-of-two divisors (the CUDA side multiplies by their reciprocal) and
 * others, negative divisors and offsets.
 */
public final class OutputMappingTable {

    /** One row: the sum and mapping, and the samples it maps to. */
    public record Row(float sum, float divisor, float offset, boolean abs, int byteValue, int shortValue) {
        public OutputMapping mapping() {
            return new OutputMapping(divisor, offset, abs);
        }
    }

    /** The rows. */
    public static final List<Row> ROWS = List.of(
            //      sum        divisor  offset  abs    8-bit 16-bit
            new Row(0f, 1f, 0f, false, 0, 0),
            new Row(0.5f, 1f, 0f, false, 1, 1),
            new Row(0.4999f, 1f, 0f, false, 0, 0),
            new Row(2.5f, 1f, 0f, false, 3, 3),
            new Row(-0.5f, 1f, 0f, false, 0, 0),
            new Row(-0.51f, 1f, 0f, false, 0, 0),
            new Row(-7f, 1f, 0f, true, 7, 7),
            new Row(254.5f, 1f, 0f, false, 255, 255),
            new Row(255.49f, 1f, 0f, false, 255, 255),
            new Row(256f, 1f, 0f, false, 255, 256),
            new Row(1000f, 1f, 0f, false, 255, 1000),
            new Row(65535.4f, 1f, 0f, false, 255, 65535),
            new Row(70000f, 1f, 0f, false, 255, 65535),
            new Row(9f, 9f, 0f, false, 1, 1),
            new Row(13.5f, 9f, 0f, false, 2, 2),
            new Row(7f, 3f, 0f, false, 2, 2),
            new Row(3.5f, 7f, 0f, false, 1, 1),
            new Row(10f, 4f, 0f, false, 3, 3),
            new Row(10f, 0.25f, 0f, false, 40, 40),
            new Row(10f, -2f, 0f, false, 0, 0),
            new Row(-10f, -2f, 0f, false, 5, 5),
            new Row(-10f, -2f, 0f, true, 0, 0),
            new Row(0f, 1f, 128f, false, 128, 128),
            new Row(-100f, 1f, 128f, false, 28, 28),
            new Row(50f, 1f, -100f, false, 0, 0),
            new Row(-300f, 1f, 128f, true, 255, 428),
            new Row(-1.2f, 0.5f, 10f, true, 12, 12),
            new Row(1e6f, 1000f, 0.4f, false, 255, 1000));

    private OutputMappingTable() {
    }
}
