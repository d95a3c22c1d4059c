package org.convolab.cuda;

import java.util.List;
import org.convolab.core.Mask;

/**
 * The kernels' geometry on the Java side: the same names and values as cuda-kernels/geometry.cuh
 * (block shapes, tile widths, outputs per thread, blocks per SM, compiled radii), and one
 * {@link KernelPolicy} a compiled kernel variant, from which {@link CudaPlanner} sizes grids and
 * shared memory. KernelGeometryTest parses the header and checks every constant, every policy and
 * the shared-memory formulas here against it, so the two cannot drift apart unnoticed.
 */
final class KernelGeometry {
    private KernelGeometry() {
    }

    /** Turing holds at most four blocks of 256 threads an SM; a bound asking more is lowered there. */
    static final int TURING_MAX_MINB = 4;

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
    static final int FAST_PX = 1;
    static final int FAST_TILE_PY = 4;
    static final int FAST_MINB = 0;
    static final int FAST_MAX_COMPILED_R = 15;

    // ---- fast: run-time size kernel (radius 16..31 and rectangular masks)
    static final int FANY_BX = 32;
    static final int FANY_BY = 4;
    static final int FANY_PX = 4;
    static final int FANY_PY = 8;
    static final int FANY_OW = FANY_PX * FANY_BX;
    static final int FANY_OH = FANY_BY * FANY_PY;
    static final int FANY_ROWS = 16;
    static final int FANY_MINB = 0;

    // ---- fast: float4 kernel (radius 0..2)
    static final int FASTV_BX = 32;
    static final int FASTV_BY = 8;
    static final int FASTV_PY = 3;
    static final int FASTV_PX = 4;
    static final int FASTV_MAX_R = 2;
    static final int FASTV_MINB = 5;

    // ---- fast on packed 8-bit ARGB: register kernel (radius 0..1)
    static final int ARGB2D_BX = FASTV_BX;
    static final int ARGB2D_BY = FASTV_BY;
    static final int ARGB2D_PX = 4;
    static final int ARGB2D_PY = FASTV_PY;
    static final int ARGB2D_MINB = 4;

    // ---- fast on packed 8-bit ARGB through shared memory (radius 2..7)
    static final int ARGBS_MIN_R = 2;
    static final int ARGBS_MAX_R = 7;
    static final int ARGBS_BX = FASTV_BX;
    static final int ARGBS_BY = FASTV_BY;
    static final int ARGBS_PX = 4;
    static final int ARGBS_PY = 2;
    static final int ARGBS_MINB = 6;
    static final int ARGBS_MAP_MINB = 5;
    static final int ARGBS_WIDE_MIN_R = 5;
    static final int ARGBS_WIDE_MINB = 4;

    // ---- fast: streamed kernel (radius 3..4)
    static final int FASTS_BX = 32;
    static final int FASTS_BY = 8;
    static final int FASTS_PX = 4;
    static final int FASTS_OW = FASTS_PX * FASTS_BX;
    static final int FASTS_LEAD = 4;
    static final int FASTS_SW = FASTS_OW + 2 * FASTS_LEAD;
    static final int FASTS_MIN_R = 3;
    static final int FASTS_R = 4;
    static final int FASTS_PY = 3;
    static final int FASTS_MINB = 0;
    static final int FASTS_WAVES = 6;
    static final int FASTS_MAX_ROWS = 200;

    // ---- fast-separable: two-stage kernel (radius 0..15)
    static final int FSEPT_BX = 32;
    static final int FSEPT_BY = 8;
    static final int FSEPT_PX = 4;
    static final int FSEPT_OW = FSEPT_PX * FSEPT_BX;
    static final int FSEPT_PY_SMALL = 4;
    static final int FSEPT_SMALL_MAX_R = 7;
    static final int FSEPT_PY_LARGE = 8;
    static final int FSEPT_MINB_SMALL = 4;
    static final int FSEPT_MINB_LARGE = 3;

    // ---- fast-separable past the compiled kernels: wide 1D masks (wide_separable.cu)
    static final int WSR_BX = 32;
    static final int WSR_BY = 4;
    static final int WSR_PX = 9;
    static final int WSR_PY = 1;
    static final int WSR_OW = WSR_PX * WSR_BX;
    static final int WSR_MINB = 0;
    static final int WSC_BX = 32;
    static final int WSC_BY = 8;
    static final int WSC_PX = 1;
    static final int WSC_PY = 8;
    static final int WSC_MINB = 0;
    static final int WS_MAX_TAPS = 1023;

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

    // ---- shared-memory formulas (geometry.cuh's function-like macros)

    /** ARGBS_LEAD4(R): float4 columns of the ARGB tile either side of a block's outputs (radius 1 and up). */
    static int argbsLead4(int r) {
        return (r + 3) / 4;
    }

    /** ARGBS_SMEM(R): dynamic shared memory of convolab_argbs_rN, bytes (three float planes of the tile). */
    static int argbsSharedBytes(int r) {
        return 3 * (ARGBS_BX + 2 * argbsLead4(r)) * (ARGBS_BY * ARGBS_PY + 2 * r) * 16;
    }

    /**
     * Dynamic shared memory of convolab_fast2d_any for the mask: a pass's weights (rows of the mask width
     * rounded up to a multiple of 4) and its input tile, as fast_any.cu lays them out.
     */
    static int fanySharedBytes(Mask m) {
        int mwp = (m.width() + 3) & ~3;
        int rows = Math.min(m.height(), FANY_ROWS);
        return 4 * (rows * mwp + (FANY_OW + mwp) * (FANY_OH + rows - 1));
    }

    // ---- one policy a compiled kernel variant (KernelGeometryTest holds each against the header)

    static final KernelPolicy FAST_VEC = new KernelPolicy("convolab_fast2d_r0..r2", FASTV_BX, FASTV_BY, FASTV_PX, FASTV_PY,
            FASTV_MINB, KernelPolicy.NO_SHARED);
    static final KernelPolicy FAST_STREAM = new KernelPolicy("convolab_fast2d_r3..r4", FASTS_BX, FASTS_BY, FASTS_PX, FASTS_PY,
            FASTS_MINB, KernelPolicy.NO_SHARED);
    static final KernelPolicy FAST_TILE = new KernelPolicy("convolab_fast2d_r5..r15", FAST_BX, FAST_BY, FAST_PX, FAST_TILE_PY,
            FAST_MINB, KernelPolicy.NO_SHARED);
    static final KernelPolicy FAST_ANY = new KernelPolicy("convolab_fast2d_any", FANY_BX, FANY_BY, FANY_PX, FANY_PY, FANY_MINB,
            KernelGeometry::fanySharedBytes);
    static final KernelPolicy FASTSEP_SMALL = new KernelPolicy("convolab_fastsep_r0..r7", FSEPT_BX, FSEPT_BY, FSEPT_PX,
            FSEPT_PY_SMALL, FSEPT_MINB_SMALL, KernelPolicy.NO_SHARED);
    static final KernelPolicy FASTSEP_LARGE = new KernelPolicy("convolab_fastsep_r8..r15", FSEPT_BX, FSEPT_BY, FSEPT_PX,
            FSEPT_PY_LARGE, FSEPT_MINB_LARGE, KernelPolicy.NO_SHARED);
    static final KernelPolicy ARGB_REGISTER = new KernelPolicy("convolab_argb2d_r0..r1", ARGB2D_BX, ARGB2D_BY, ARGB2D_PX,
            ARGB2D_PY, ARGB2D_MINB, KernelPolicy.NO_SHARED);
    static final KernelPolicy ARGB_SHARED = new KernelPolicy("convolab_argbs_r2..r4", ARGBS_BX, ARGBS_BY, ARGBS_PX, ARGBS_PY,
            ARGBS_MINB, m -> argbsSharedBytes(m.radiusX()));
    static final KernelPolicy ARGB_SHARED_MAP = new KernelPolicy("convolab_argbs_r2..r4_map", ARGBS_BX, ARGBS_BY, ARGBS_PX,
            ARGBS_PY, ARGBS_MAP_MINB, m -> argbsSharedBytes(m.radiusX()));
    static final KernelPolicy ARGB_SHARED_WIDE = new KernelPolicy("convolab_argbs_r5..r7 and _map", ARGBS_BX, ARGBS_BY, ARGBS_PX,
            ARGBS_PY, ARGBS_WIDE_MINB, m -> argbsSharedBytes(m.radiusX()));

    static final KernelPolicy WIDE_ROWS = new KernelPolicy("convolab_wsep_rows", WSR_BX, WSR_BY, WSR_PX, WSR_PY, WSR_MINB,
            m -> wideRowsSharedBytes(m.width()));
    static final KernelPolicy WIDE_COLS = new KernelPolicy("convolab_wsep_cols", WSC_BX, WSC_BY, WSC_PX, WSC_PY, WSC_MINB,
            m -> wideColsSharedBytes(m.height()));

    /** Every policy above. */
    static final List<KernelPolicy> POLICIES = List.of(FAST_VEC, FAST_STREAM, FAST_TILE, FAST_ANY, FASTSEP_SMALL,
            FASTSEP_LARGE, ARGB_REGISTER, ARGB_SHARED, ARGB_SHARED_MAP, ARGB_SHARED_WIDE, WIDE_ROWS, WIDE_COLS);

    /** A wide pass's taps rounded up to a whole number of register windows ({@code step} outputs), as wide_separable.cu pads them. */
    static int widePaddedTaps(int taps, int step) {
        return (taps + step - 1) / step * step;
    }

    /**
     * Dynamic shared memory of convolab_wsep_rows for a mask {@code taps} wide: the padded weights and, for each of the
     * block's rows, its tile of {@link #WSR_OW} outputs' inputs (wide_separable.cu's layout).
     */
    static int wideRowsSharedBytes(int taps) {
        int np = widePaddedTaps(taps, WSR_PX);
        return 4 * (np + WSR_BY * (WSR_OW + np - 1));
    }

    /** Dynamic shared memory of convolab_wsep_cols for a mask {@code taps} tall: the padded weights. */
    static int wideColsSharedBytes(int taps) {
        return 4 * widePaddedTaps(taps, WSC_PY);
    }

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
    static final int VOL_SEP3_MAX_R = 7;
    static final int VOL_SEP3_M_FROM = 3;
    static final int VOL_SEP3_L_FROM = 4;
    static final int VOL_SEP3_S_BX = 64;
    static final int VOL_SEP3_S_BY = 8;
    static final int VOL_SEP3_S_PY = 4;
    static final int VOL_SEP3_S_MINB = 2;
    static final int VOL_SEP3_M_BX = 64;
    static final int VOL_SEP3_M_BY = 4;
    static final int VOL_SEP3_M_PY = 4;
    static final int VOL_SEP3_M_MINB = 3;
    static final int VOL_SEP3_L_BX = 32;
    static final int VOL_SEP3_L_BY = 8;
    static final int VOL_SEP3_L_PY = 4;
    static final int VOL_SEP3_L_MINB = 2;
    static final int VOL_SEP3_S_STAGES = 3;
    static final int VOL_SEP3_M_STAGES = 3;
    static final int VOL_SEP3_L_STAGES = 4;
    static final int VOL_SEP3_S_ZU = 2;
    static final int VOL_SEP3_M_ZU = 4;
    static final int VOL_SEP3_L_ZU = 4;
    static final int VOL_SEP3_TMA_MAX_R = 4;
    static final int VOL_SEP3_S_TMA_STAGES = 4;
    static final int VOL_SEP3_M_TMA_STAGES = 4;
    static final int VOL_SEP3_L_TMA_STAGES = 4;
    static final int VOL_SEP3Y_MIN_R = 5;
    static final int VOL_SEP3Y_TX = 64;
    static final int VOL_SEP3Y_TY = 16;
    static final int VOL_SEP3Y_YP = 2;
    static final int VOL_SEP3Y_STAGES = 8;
    static final int VOL_SEP3Y_ZU = 4;
    static final int VOL_SEP3Y_MINB = 2;
    static final int VOL_SEP3W_MIN_R = 6;
    static final int VOL_SEP3W_TX = 128;
    static final int VOL_SEP3W_TY = 16;
    static final int VOL_SEP3W_YP = 4;
    static final int VOL_SEP3W_STAGES = 6;
    static final int VOL_SEP3W_ZU = 3;
    static final int VOL_SEP3W_MINB = 1;
    static final int VOL_SEP3W_PAD = 8;
    static final int VOL_SEP3W_YBUF = 3;

    /** VOL_SEP3_LEAD(R): slab columns either side of a convolab_vol_sep3_rN tile (a multiple of 4). */
    static int volSep3Lead(int r) {
        return (r + 3) / 4 * 4;
    }

    /**
     * The block of convolab_vol_sep3_rN as volume.cu compiles it: threads along x (outputs along x too), threads
     * along y, outputs a thread down y. Shape S below VOL_SEP3_M_FROM, M below VOL_SEP3_L_FROM, L from it.
     */
    static int[] volSep3Shape(int r) {
        if (r < VOL_SEP3_M_FROM) {
            return new int[] {VOL_SEP3_S_BX, VOL_SEP3_S_BY, VOL_SEP3_S_PY};
        }
        return r < VOL_SEP3_L_FROM ? new int[] {VOL_SEP3_M_BX, VOL_SEP3_M_BY, VOL_SEP3_M_PY}
                : new int[] {VOL_SEP3_L_BX, VOL_SEP3_L_BY, VOL_SEP3_L_PY};
    }

    /**
     * VOL_SEP3_S_SMEM(R), VOL_SEP3_M_SMEM(R) or VOL_SEP3_L_SMEM(R), by the shape: dynamic shared memory of convolab_vol_sep3_rN, bytes
     * (the slabs in flight and the x pass's two row buffers).
     */
    static int volSep3SharedBytes(int r) {
        int[] slab = volSep3Slab(r);
        return 4 * slab[1] * (volSep3Stages(r) * slab[0] + 2 * volSep3Shape(r)[0]);
    }

    /** The slab of convolab_vol_sep3_rN (and the box of one tensor copy of sep3t_rN): floats along x, rows along y. */
    static int[] volSep3Slab(int r) {
        int[] s = volSep3Shape(r);
        return new int[] {s[0] + 2 * volSep3Lead(r), s[1] * s[2] + 2 * r};
    }

    /** VOL_SEP3_S_TMA_STAGES, VOL_SEP3_M_TMA_STAGES or VOL_SEP3_L_TMA_STAGES: slabs a convolab_vol_sep3t_rN block holds. */
    static int volSep3TmaStages(int r) {
        return r < VOL_SEP3_M_FROM ? VOL_SEP3_S_TMA_STAGES : r < VOL_SEP3_L_FROM ? VOL_SEP3_M_TMA_STAGES : VOL_SEP3_L_TMA_STAGES;
    }

    /**
     * VOL_SEP3_S_TMA_SMEM(R), VOL_SEP3_M_TMA_SMEM(R) or VOL_SEP3_L_TMA_SMEM(R): dynamic shared memory of
     * convolab_vol_sep3t_rN, bytes (slabs rounded up to 128 bytes, the row buffers, a barrier a slab, the halo
     * columns' sources and 128 bytes of alignment).
     */
    static int volSep3TmaSharedBytes(int r) {
        int[] slab = volSep3Slab(r);
        int st = volSep3TmaStages(r);
        return 4 * (st * ((slab[0] * slab[1] + 31) / 32 * 32) + 2 * slab[1] * volSep3Shape(r)[0]) + 8 * st + 8 * volSep3Lead(r) + 128;
    }

    /** VOL_SEP3_S_STAGES, VOL_SEP3_M_STAGES or VOL_SEP3_L_STAGES, by the shape: slabs a convolab_vol_sep3_rN block holds. */
    static int volSep3Stages(int r) {
        return r < VOL_SEP3_M_FROM ? VOL_SEP3_S_STAGES : r < VOL_SEP3_L_FROM ? VOL_SEP3_M_STAGES : VOL_SEP3_L_STAGES;
    }

    /**
     * The slab of convolab_vol_sep3y_rN, the box of one tensor copy: floats along x (the tile and VOL_SEP3_LEAD(R)
     * either side), rows along y (the tile and R either side).
     */
    static int[] volSep3ySlab(int r) {
        return new int[] {VOL_SEP3Y_TX + 2 * volSep3Lead(r), VOL_SEP3Y_TY + 2 * r};
    }

    /** Threads of a convolab_vol_sep3y_rN block: one for each 4 outputs along x of the tile. */
    static int volSep3yThreads() {
        return VOL_SEP3Y_TX * VOL_SEP3Y_TY / 4;
    }

    /**
     * VOL_SEP3Y_SMEM(R): dynamic shared memory of convolab_vol_sep3y_rN, bytes (the slabs rounded up to 128 bytes, the
     * y pass's two buffers, a barrier a slab, the halo list and its count, 128 bytes of alignment).
     */
    static int volSep3ySharedBytes(int r) {
        int[] slab = volSep3ySlab(r);
        int cells = slab[0] * slab[1];
        return 4 * (VOL_SEP3Y_STAGES * ((cells + 31) / 32 * 32) + 2 * VOL_SEP3Y_TY * slab[0]) + 8 * VOL_SEP3Y_STAGES + 4 * cells + 144;
    }

    /**
     * The slab of convolab_vol_sep3w_rN, the box of one tensor copy: floats along x (the 128-wide tile and
     * VOL_SEP3_LEAD(R) either side), rows along y (the tile and R either side).
     */
    static int[] volSep3wSlab(int r) {
        return new int[] {VOL_SEP3W_TX + 2 * volSep3Lead(r), VOL_SEP3W_TY + 2 * r};
    }

    /** Threads of a convolab_vol_sep3w_rN block: one for each 4 outputs along x of the tile (a warp a row). */
    static int volSep3wThreads() {
        return VOL_SEP3W_TX * VOL_SEP3W_TY / 4;
    }

    /**
     * VOL_SEP3W_SMEM(R): dynamic shared memory of convolab_vol_sep3w_rN, bytes (the slabs with VOL_SEP3W_PAD rows of
     * room either side, rounded up to 128 bytes; the y pass's VOL_SEP3W_YBUF buffers; a barrier a slab; the moved rows'
     * sources; 128 bytes of alignment).
     */
    static int volSep3wSharedBytes(int r) {
        int[] slab = volSep3wSlab(r);
        int cells = slab[0] * (slab[1] + 2 * VOL_SEP3W_PAD);
        return 4 * (VOL_SEP3W_STAGES * ((cells + 31) / 32 * 32) + VOL_SEP3W_YBUF * VOL_SEP3W_TY * slab[0])
                + 8 * VOL_SEP3W_STAGES + 4 * VOL_SEP3W_PAD + 128;
    }
}
