package org.convolab.core;

import java.util.Map;

/**
 * The table every ghost-cell implementation is checked against (Java and border.cuh): the index
 * each policy reads for coordinates -9 to 9 on a row of width 4 (abcd) and of width 1. -1 is a
 * constant ghost cell.
 */
public final class BorderTable {

    /** First coordinate of each row of the table. */
    public static final int FIRST = -9;

    /** Width 4, coordinates -9..9, by policy name. */
    public static final Map<String, int[]> WIDTH_4 = Map.of(
            //                 -9 -8 -7 -6 -5 -4 -3 -2 -1   0  1  2  3   4  5  6  7  8  9
            "zero", new int[] {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1, -1},
            "clamp", new int[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3},
            "reflect", new int[] {0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1},
            "mirror", new int[] {3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1, 2, 3},
            "wrap", new int[] {3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1});

    /** Width 1: every policy but zero reads the one pixel. */
    public static final Map<String, int[]> WIDTH_1 = Map.of(
            "zero", new int[] {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1},
            "clamp", new int[19],
            "reflect", new int[19],
            "mirror", new int[19],
            "wrap", new int[19]);

    private BorderTable() {
    }
}
