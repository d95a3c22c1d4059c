package org.convolab.cuda;

/**
 * The kernels' geometry on the Java side: the same names and values as cuda-kernels/geometry.cuh
 * (block shapes, tile widths, outputs per thread, compiled radii), for the launchers that size
 * grids and shared memory from them. KernelGeometryTest parses the header and checks every
 * constant here against it, so the two cannot drift apart unnoticed.
 */
final class KernelGeometry {
    private KernelGeometry() {
    }

    // ---- masks
    static final int CONVOLAB_MAX_MASK = 63;
    static final int CONVOLAB_MAX_1D = 63;

    // ---- separable-tiled
    static final int SEP_BX = 32;
    static final int SEP_BY = 8;
    static final int SEP_STEPS = 4;

    // ---- fast: shared-tile (compiled radius 5..15) and runtime-radius kernels
    static final int FAST_BX = 64;
    static final int FAST_BY = 4;
    static final int FAST_OW = FAST_BX;
    static final int FAST_MAX_R = 31;
    static final int FAST_TILE_PY = 4;
    static final int FAST_MAX_COMPILED_R = 15;

    // ---- fast: run-time size kernel (radius 16..31 and rectangular masks)
    static final int FANY_BX = 32;
    static final int FANY_BY = 4;
    static final int FANY_PX = 4;
    static final int FANY_PY = 8;
    static final int FANY_OW = FANY_PX * FANY_BX;
    static final int FANY_OH = FANY_BY * FANY_PY;
    static final int FANY_ROWS = 16;
    // ---- fast: float4 kernel (radius 0..3)
    static final int FASTV_BX = 32;
    static final int FASTV_BY = 8;
    static final int FASTV_PY = 3;
    static final int FASTV_MAX_R = 3;

    // ---- fast on packed 8-bit ARGB through shared memory (radius 2..7)
    static final int ARGBS_MIN_R = 2;
    static final int ARGBS_MAX_R = 7;
    static final int ARGBS_PY = 2;

    // ---- fast: streamed kernel (radius 4)
    static final int FASTS_BX = 32;
    static final int FASTS_BY = 8;
    static final int FASTS_OW = 4 * FASTS_BX;
    static final int FASTS_LEAD = 4;
    static final int FASTS_SW = FASTS_OW + 2 * FASTS_LEAD;
    static final int FASTS_R = 4;
    static final int FASTS_PY = 3;

    // ---- fast-separable: two-stage kernel (radius 0..15)
    static final int FSEPT_BX = 32;
    static final int FSEPT_BY = 8;
    static final int FSEPT_OW = 4 * FSEPT_BX;
    static final int FSEPT_PY_SMALL = 4;
    static final int FSEPT_SMALL_MAX_R = 7;
    static final int FSEPT_PY_LARGE = 8;

    // ---- histograms
    static final int HIST_CHANNELS = 5;
    static final int HIST_MAX_BINS = 256;
    static final int HIST_THREADS = 256;
    static final int HIST_FAST_THREADS = 512;
    static final int HIST_FAST_COPIES = 8;
    static final int HIST_FAST_QUADS = 2;
    static final int HIST_FAST_OPAQUE = 1;
    static final int HIST_FAST_RUNS = 0;
    static final int HIST_FAST_BLOCKS_PER_SM = 0;
    static final int HIST16_SHARED_BINS = 2048;

    // ---- volumes (3D masks on a stack)
    static final int VOL_BX = 32;
    static final int VOL_BY = 8;
    static final int VOL_CONST_MAX = 6859;
    static final int VOL_TILED_BZ = 8;
    static final int VOL_SHARED_MAX = 49152;
    static final int VOL_FAST_ZCH = 64;
    static final int VOL_FAST_MAX_R = 4;
    static final int VOL_FAST_KC = 8;
    static final int VOL_SEP_LOADS = 6;
}
