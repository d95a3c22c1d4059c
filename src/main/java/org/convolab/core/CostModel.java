package org.convolab.core;

/**
 * The course's cost model of each strategy (shared/course-examples.md, sections 4 and 5), for float32
 * data: global-memory loads per output, arithmetic intensity in FLOP per byte of global memory read,
 * and the bandwidth reduction of tiling. {@code mask} is the mask width M, {@code tile} the output
 * tile width T (O_TILE_WIDTH); the input tile is T + M - 1 wide; {@code dims} is 1 or 2.
 */
public final class CostModel {

    /** Bytes of one float. */
    public static final int FLOAT = 4;

    /** Threads in a block at most: a block = input tile is at most 32 x 32 in 2D. */
    public static final int MAX_BLOCK_THREADS = 1024;

    private CostModel() {
    }

    private static void check(int dims, int mask, int tile) {
        if (dims < 1 || dims > 3) {
            throw new ConvolabException("dims must be 1, 2 or 3, not " + dims);
        }
        if (mask < 1 || mask % 2 == 0) {
            throw new ConvolabException("mask width must be odd and positive, not " + mask);
        }
        if (tile < 1) {
            throw new ConvolabException("tile width must be positive, not " + tile);
        }
    }

    /** Input tile width: T + M - 1. */
    public static int inputTile(int mask, int tile) {
        return tile + mask - 1;
    }

    /**
     * The bandwidth reduction of tiling: input elements the untiled kernel loads for a tile's outputs
     * over those the tiled kernel loads. 1D: M·T / (T + M − 1); 2D: T²·M² / (T + M − 1)².
     */
    public static double reduction(int dims, int mask, int tile) {
        check(dims, mask, tile);
        double r = (double) mask * tile / inputTile(mask, tile);
        return Math.pow(r, dims); // the 1D ratio per dimension: (T·M)^d / (T+M−1)^d
    }

    /** The passes of a separable strategy: rows and columns (two, as in 1D and 2D), three 1D passes in 3D. */
    private static int passes(int dims) {
        return dims == 3 ? 3 : 2;
    }

    /** Multiply-adds per output: M in 1D, M² in 2D, M³ in 3D. */
    public static long tapsPerOutput(int dims, int mask) {
        long taps = 1;
        for (int d = 0; d < dims; d++) {
            taps *= mask;
        }
        return taps;
    }

    /**
     * Global-memory loads per output under a strategy: naive reads an input and a weight per tap;
     * constant reads an input per tap (the weights come from the constant cache); the tiled strategies
     * read the input tile once per block, (T + M − 1)^d / T^d per output (cached reads the same
     * elements, its halo through the cache); separable runs two 1D passes.
     */
    public static double loadsPerOutput(Strategy s, int dims, int mask, int tile) {
        check(dims, mask, tile);
        long taps = tapsPerOutput(dims, mask);
        return switch (s) {
            case NAIVE -> 2.0 * taps;
            case CONSTANT -> taps;
            case TILED, TILED_OUT, CACHED, FAST, TENSOR, AUTO -> Math.pow((double) inputTile(mask, tile) / tile, dims);
            case SEPARABLE -> passes(dims) * (double) mask;
            case SEPARABLE_TILED -> passes(dims) * (double) inputTile(mask, tile) / tile;
            // one pass: the input tile once, the row-filtered intermediate stays in shared memory
            case FAST_SEPARABLE -> Math.pow((double) inputTile(mask, tile) / tile, dims);
            // the padded plane once; the transforms' own passes over the spectrum are not counted
            case FFT -> 1.0;
        };
    }

    /** FLOP per output: a multiply and an add per tap (two passes of M taps for the separable ones). */
    public static double flopsPerOutput(Strategy s, int dims, int mask) {
        if (s.needsSeparable()) {
            return 2.0 * passes(dims) * mask;
        }
        return 2.0 * tapsPerOutput(dims, mask);
    }

    /**
     * Arithmetic intensity: FLOP per byte of global memory read. naive 0.25, constant 0.5, tiled
     * OUT^d·2M^d / (IN^d·4), tending to M^d/2 when OUT ≫ r.
     */
    public static double intensity(Strategy s, int dims, int mask, int tile) {
        return flopsPerOutput(s, dims, mask) / (loadsPerOutput(s, dims, mask, tile) * FLOAT);
    }

    /**
     * For a block = input tile: the largest output tile that fits {@value #MAX_BLOCK_THREADS} threads,
     * OUT ≤ 32 − 2r in 2D (0 when none fits), 1024 − 2r in 1D.
     */
    public static int maxOutputTileForInputBlocks(int dims, int mask) {
        int side = dims == 1 ? MAX_BLOCK_THREADS : dims == 2 ? (int) Math.sqrt(MAX_BLOCK_THREADS) : 10; // 10³ = 1000
        return Math.max(0, side - (mask - 1));
    }

    /**
     * Multiply-adds the tensor strategy issues per output for an M-wide, N-tall mask: each of the N
     * mask rows is a product of the input rows with a band matrix of 16-column blocks, ceil((15 + M) / 16)
     * blocks of 16 inputs for each output, twice (the weight's high and low FP16 halves). Compared with the
     * M·N taps this is the price of mapping taps onto matrix products (zeros around the band); the
     * tensor cores' rate (15 to 30 times FP32 on an H100) pays it back from about 7 taps a row.
     */
    public static long tensorMacsPerOutput(int maskWidth, int maskHeight) {
        if (maskWidth < 1 || maskHeight < 1) {
            throw new ConvolabException("mask sides must be positive, not " + maskWidth + "x" + maskHeight);
        }
        long blocks = (15 + maskWidth + 15) / 16;
        return 2L * 16 * blocks * maskHeight;
    }

    /**
     * The classroom's account of the tensor strategy for an M-wide, N-tall mask: taps as matrix products, what the
     * band costs in multiply-adds against the taps, and why the FP32 floor no longer binds.
     */
    public static String tensorExplanation(int maskWidth, int maskHeight) {
        long macs = tensorMacsPerOutput(maskWidth, maskHeight);
        long taps = (long) maskWidth * maskHeight;
        return String.format(java.util.Locale.ROOT, "tensor: taps as matrix products. Each of the %d mask rows multiplies the"
                        + " input rows by a band of %d 16-column blocks holding that row's %d weights (zeros around them),"
                        + " split into FP16 high and low halves: %d multiply-adds an output on the tensor cores for %d taps"
                        + " (%.1fx). The tensor cores run 15 to 30 times the FP32 rate, so the FP32 floor (taps / 28.3 T/s"
                        + " on an H100) no longer binds; what limits the kernel is feeding them the input tile from shared"
                        + " memory, once a mask row.", maskHeight, (15 + maskWidth + 15) / 16, maskWidth, macs, taps,
                (double) macs / taps);
    }
}
