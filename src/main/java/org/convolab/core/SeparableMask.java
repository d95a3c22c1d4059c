package org.convolab.core;

/**
 * The two vectors of a rank-1 mask: {@code weight(x,y) = column[y] * row[x]}. Filtering with
 * {@code row} along each row, then with {@code column} along each column, equals the 2D filter.
 *
 * @param row    horizontal weights, length = mask width
 * @param column vertical weights, length = mask height
 */
public record SeparableMask(float[] row, float[] column) {

    public SeparableMask {
        row = row.clone();
        column = column.clone();
    }

    @Override
    public float[] row() {
        return row.clone();
    }

    @Override
    public float[] column() {
        return column.clone();
    }
}
