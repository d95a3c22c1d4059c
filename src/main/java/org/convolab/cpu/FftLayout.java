package org.convolab.cpu;

import java.util.stream.IntStream;

/**
 * The band count and complex transform size of an {@link FftConvolver} plan, with its estimated cost
 * (arbitrary units): picks, among even band counts, the transform sizes of 2, 3 and 5 that the cost
 * model ({@link #candidates}, {@link #lengthCost}) finds cheapest while the work array fits in memory.
 *
 * @param bands even number of row bands the planes are cut into
 * @param rows  rows of the complex transform
 * @param cols  columns of the complex transform
 * @param cost  estimated cost of one channel
 */
record FftLayout(int bands, int rows, int cols, double cost) {

    /** Largest number of bands tried: beyond it the overlap rows outweigh the shorter transforms. */
    private static final int MAX_BANDS = 64;

    /**
     * Cost a point of a job beside its transforms, in units of {@link #lengthCost}: loading the
     * bands, the product with the spectrum, storing, and JTransforms' column gathers. Measured on
     * 2048x2048 (2 cores), 2 to 18 bands cost about the same a channel; this keeps the bands few.
     */
    private static final double POINT_COST = 8;

    /** Floats of the work array (and of the spectrum) above which more bands are taken: 128 MB each. */
    private static final long MAX_WORK_FLOATS = 1L << 25;

    /**
     * The layout for height rows of paddedWidth floats, each band read with 2*radiusY overlap rows.
     *
     * @param forcedBands a given even band count, or 0 for the cost model's
     */
    static FftLayout plan(int height, int paddedWidth, int radiusY, int forcedBands) {
        FftLayout best = null;
        for (int bands = 2; bands <= MAX_BANDS; bands += 2) {
            FftLayout l = FftLayout.of(bands, ceilDiv(height, bands) + 2 * radiusY, paddedWidth);
            if (bands == forcedBands || (forcedBands == 0 && l.betterThan(best))) {
                best = l;
            }
            if (ceilDiv(height, bands) <= 1) {
                break;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException(forcedBands + " bands do not fit " + height + " rows");
        }
        return best;
    }

    /** The cheapest transform size for bands bands of bandRows rows of paddedWidth floats. */
    static FftLayout of(int bands, int bandRows, int paddedWidth) {
        FftLayout best = null;
        for (int m : candidates(bandRows)) {
            for (int n : candidates(paddedWidth)) {
                // a 2D transform: m transforms of length n, then n of length m; bands/2 of them
                double cost = bands / 2 * ((double) m * lengthCost(n) + (double) n * lengthCost(m) + POINT_COST * m * n);
                if (best == null || cost < best.cost) {
                    best = new FftLayout(bands, m, n, cost);
                }
            }
        }
        return best;
    }

    boolean fits() {
        return 2L * rows * cols <= MAX_WORK_FLOATS;
    }

    /** Cheaper among the layouts that fit in memory; while none fits, smaller. */
    boolean betterThan(FftLayout other) {
        if (other == null) {
            return true;
        }
        if (fits() != other.fits()) {
            return fits();
        }
        return fits() ? cost < other.cost : (long) rows * cols < (long) other.rows * other.cols;
    }

    /**
     * Lengths of 2, 3 and 5 only, from n (at least 2: JTransforms' 2D transforms need it) to the next
     * power of two; multiples of 4 from 16 on, as JTransforms' mixed-radix code runs radix-4 passes
     * first (measured: 375 rows took as long as 1080 on 2048x2048).
     */
    static int[] candidates(int n) {
        int from = Math.max(2, n);
        int pow2 = Integer.highestOneBit(from - 1) << 1;
        return IntStream.rangeClosed(from, pow2).filter(m -> isSmooth(m) && (m < 16 || m % 4 == 0)).toArray();
    }

    /** True when n has no prime factor but 2, 3 and 5. */
    static boolean isSmooth(int n) {
        for (int p : new int[] {2, 3, 5}) {
            while (n % p == 0) {
                n /= p;
            }
        }
        return n == 1;
    }

    /**
     * The time of one complex FFT of length n, relative: n log n, with powers of two (JTransforms'
     * split-radix code) about 15% cheaper per point than its mixed-radix code (measured on 1024..2560).
     */
    static double lengthCost(int n) {
        double c = n * Math.max(1, Math.log(n) / Math.log(2));
        return Integer.bitCount(n) == 1 ? 0.85 * c : c;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
