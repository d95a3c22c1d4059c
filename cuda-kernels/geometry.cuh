// =====================================================================================
// Kernel geometry: block shapes, tile widths, outputs per thread and the radii compiled per
// kernel family, in one place. org.convolab.cuda.KernelGeometry holds the same values for the
// launchers; KernelGeometryTest parses this file and checks every constant against it.
// One definition a line, "#define NAME value", value an integer or an expression of earlier
// names with +, -, * and /; a formula of the radius is "#define NAME(R) expression".
//
// Each kernel variant has one policy (as CUB's tuning policies): its block (PREFIX_BX x PREFIX_BY),
// outputs per thread (PREFIX_PX along x, PREFIX_PY down a column), blocks per SM it is compiled for
// (PREFIX_MINB, the second __launch_bounds__ argument; 0: no bound) and its dynamic shared memory
// (PREFIX_SMEM(R), where it takes any). KernelGeometry.POLICIES holds the same records.
// =====================================================================================
#pragma once

// Turing (sm_75) holds at most 1024 threads an SM, four blocks of 256: a bound asking for more
// blocks is lowered to that there.
#define TURING_MAX_MINB 4
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define CONVOLAB_ARCH_MINB(B) ((B) < TURING_MAX_MINB ? (B) : TURING_MAX_MINB)
#else
#define CONVOLAB_ARCH_MINB(B) (B)
#endif

// ---- masks: the largest mask side the constant-memory arrays hold ----------------------
#define CONVOLAB_MAX_MASK 63
#define CONVOLAB_MAX_1D   63

// ---- separable-tiled (separable.cu) ---------------------------------------------------
#define SEP_BX    32
#define SEP_BY    8
#define SEP_STEPS 4

// ---- fast, shared-tile kernel (r 5..15) (fast_tile.cu) -------------------------------------
#define FAST_BX 64                      // threads along x = output tile width
#define FAST_BY 4                       // threads along y
#define FAST_OW FAST_BX
#define FAST_MAX_R 31
#define FAST_PX 1
#define FAST_TILE_PY 4                  // outputs per thread down a column (compiled radius)
#define FAST_MINB 0
#define FAST_MAX_COMPILED_R 15          // square masks up to this radius have their own kernel

// ---- fast, run-time size kernel (r 16..31 and rectangular masks; fast_any.cu) -------------------------
#define FANY_BX   32
#define FANY_BY   4
#define FANY_PX   4                     // outputs per thread along x (one float4)
#define FANY_PY   8                     // outputs per thread down a column
#define FANY_OW   (FANY_PX * FANY_BX)
#define FANY_OH   (FANY_BY * FANY_PY)
#define FANY_ROWS 16                    // mask rows a pass (shared memory: at most 40 KB at 63x63)
#define FANY_MINB 0

// ---- fast, float4 kernel (r 0..2; fast_vec.cu) -------------------------------------------------------
#define FASTV_BX 32
#define FASTV_BY 8
#define FASTV_PY 3
#define FASTV_PX 4
#define FASTV_MAX_R 2
#define FASTV_MINB 5                    // next row prefetched, at most 48 registers

// ---- fast on packed 8-bit ARGB (fast_argb.cu): register kernel (r 0..1) --------------------
#define ARGB2D_BX FASTV_BX
#define ARGB2D_BY FASTV_BY
#define ARGB2D_PX 4
#define ARGB2D_PY FASTV_PY
#define ARGB2D_MINB 4                   // at most 64 registers (H100: 0.090 ms at r 1, unbounded 0.117)

// ---- fast on packed 8-bit ARGB through shared memory (r 2..7) ------------------------------
#define ARGBS_MIN_R 2                   // fused 8-bit ARGB: from this radius through shared memory
#define ARGBS_MAX_R 7                   // the largest radius with a fused ARGB kernel
#define ARGBS_BX FASTV_BX
#define ARGBS_BY FASTV_BY
#define ARGBS_PX 4
#define ARGBS_PY 2                      // its outputs per thread down a column
#define ARGBS_MINB 6                    // radius 2 to 4, identity mapping (at most 40 registers)
#define ARGBS_MAP_MINB 5                // radius 2 to 4, any mapping (convolab_argbs_rN_map)
#define ARGBS_WIDE_MIN_R 5              // from here two float4s of tile either side, 44 to 52 KB
#define ARGBS_WIDE_MINB 4               // radius 5 to 7, both entry points
// Float4 columns of the tile left and right of a block's 128 outputs (radius 1 and up): enough for R.
#define ARGBS_LEAD4(R) (((R) + 3) / 4)
// Dynamic shared memory of a block, bytes: three float planes of (32 + 2 LEAD4) float4s x (8 PY + 2R) rows.
#define ARGBS_SMEM(R) (3 * (ARGBS_BX + 2 * ARGBS_LEAD4(R)) * (ARGBS_BY * ARGBS_PY + 2 * (R)) * 16)

// ---- fast, streamed kernel (r 3..4; fast_stream.cu) --------------------------------------------------------
#define FASTS_BX 32
#define FASTS_BY 8
#define FASTS_PX 4
#define FASTS_OW (FASTS_PX * FASTS_BX)
#define FASTS_LEAD 4                    // floats left of a strip (radius <= 4)
#define FASTS_SW (FASTS_OW + 2 * FASTS_LEAD)   // ring row, floats
#define FASTS_MIN_R 3                   // the streamed kernel from this radius (H100: r 3 0.175 ms at 4096x4096
                                        // against the float4 kernel's 0.207, bench/results/h100-2026-11-27-h28b)
#define FASTS_R 4                       // up to this radius
#define FASTS_PY 3
#define FASTS_MINB 0
#define FASTS_WAVES 6                   // the grid is cut into about this many waves of resident blocks
#define FASTS_MAX_ROWS 200              // and no chunk longer than this (H100, 8192x8192 r 3: 0.637 ms at 200 rows
                                        // a block against 0.662 at the 410 of six waves)

// ---- fast-separable, two-stage kernel (r 0..15; fast_separable.cu) -----------------------------------------
#define FSEPT_BX 32
#define FSEPT_BY 8
#define FSEPT_PX 4
#define FSEPT_OW (FSEPT_PX * FSEPT_BX)
#define FSEPT_PY_SMALL 4                // outputs per thread down a column up to FSEPT_SMALL_MAX_R
#define FSEPT_SMALL_MAX_R 7
#define FSEPT_PY_LARGE 8                // from FSEPT_SMALL_MAX_R + 1
#define FSEPT_MINB_SMALL 4              // blocks an SM up to FSEPT_SMALL_MAX_R
#define FSEPT_MINB_LARGE 3              // from FSEPT_SMALL_MAX_R + 1 (unbounded: 103 registers at r 15, half the speed)

// ---- fast-separable past the compiled kernels: wide 1D masks, any radius up to 511 (wide_separable.cu) ------
// Rows: a warp filters WSR_PX consecutive outputs a lane (odd, so the lanes' shared-memory reads fall in
// distinct banks) from a shared tile of its row; columns: WSC_PY outputs a thread down a column, read through
// the cache. Both keep a register window of the inputs and read each tap's weight once for all their outputs.
#define WSR_BX 32
#define WSR_BY 4                        // rows a block (a warp a row)
#define WSR_PX 9
#define WSR_PY 1
#define WSR_OW (WSR_PX * WSR_BX)
#define WSR_MINB 0
#define WSC_BX 32
#define WSC_BY 8
#define WSC_PX 1
#define WSC_PY 8
#define WSC_MINB 0
#define WS_MAX_TAPS 1023                // the largest mask side (Mask.MAX_SIZE)

// ---- histograms (histogram.cu) ---------------------------------------------------------
#define HIST_CHANNELS 5                 // R, G, B, alpha, luminance
#define HIST_MAX_BINS 256
#define HIST_THREADS 256                // block of the plain kernels
// The fast kernels' tuning (bench/histlab tries other values; H100 results in bench/results/h100-2026-11-23):
#define HIST_FAST_THREADS 512           // block of convolab_hist_fast and convolab_hist16_fast
#define HIST_FAST_COPIES 8              // shared copies a block in convolab_hist_fast (lane % 8 picks one)
#define HIST_FAST_QUADS 2               // 16-byte loads a thread issues before its atomics
#define HIST_FAST_OPAQUE 1              // 1: alpha at its maximum counted in a register
#define HIST_FAST_RUNS 0                // 0: none, 1: runs of equal pixels as weights, 2: and increments apart
#define HIST_FAST_BLOCKS_PER_SM 0       // fast kernels' blocks a multiprocessor (0: as many as fit)
#define HIST16_SHARED_BINS 2048         // the most 16-bit bins counted in shared memory (5 * 2048 words: 40 KiB)

// ---- volumes: 3D masks on a stack (volume.cu) ------------------------------------------
#define VOL_BX 32                       // block of every 3D kernel: x
#define VOL_BY 8                        // and y
#define VOL_CONST_MAX 6859              // weights c_vol_mask holds (19x19x19): the module's 64 KiB
                                        // __constant__ bank also holds the 2D masks (about 32 KiB)
#define VOL_TILED_BZ 8                  // tiled: the most outputs a thread computes down z
#define VOL_SHARED_MAX 49152            // tiled: bytes of shared memory a brick may take
#define VOL_FAST_ZCH 64                 // fast: output slices a block walks down z
#define VOL_FAST_MAX_R 4                // fast: cubes of radius 1..4 have their own kernel
#define VOL_FAST_KC 8                   // fast, any size: mask slices a pass (outputs in registers)
#define VOL_SEP_LOADS 6                 // fast, rank-1: slab elements a thread prefetches into registers
// ---- volumes, rank-1 cubes in one sweep down z (volume_sep.cuh; bench/volumelab/sep3d.cu tunes it) -----------
#define VOL_SEP3_MAX_R 7                // rank-1 cubes of radius 1..7 have their own kernel
#define VOL_SEP3_M_FROM 3               // radii below take the small shape (S), from here the middle one (M),
#define VOL_SEP3_L_FROM 4               // from here the large one (L)
#define VOL_SEP3_S_BX 64                // S: threads (and outputs) along x
#define VOL_SEP3_S_BY 8                 // S: threads along y
#define VOL_SEP3_S_PY 4                 // S: outputs a thread down y (each with 2R+1 z values in registers)
#define VOL_SEP3_S_MINB 2               // S: blocks an SM the kernels are compiled for
#define VOL_SEP3_M_BX 64                // M: a 64x16 tile of 256 threads, 3 blocks an SM
#define VOL_SEP3_M_BY 4
#define VOL_SEP3_M_PY 4
#define VOL_SEP3_M_MINB 3
#define VOL_SEP3_L_BX 32                // L: a 32x32 tile of 256 threads, 2 blocks an SM
#define VOL_SEP3_L_BY 8
#define VOL_SEP3_L_PY 4
#define VOL_SEP3_L_MINB 2
#define VOL_SEP3_S_STAGES 3             // slabs in shared memory: the one in use and the rest in flight;
#define VOL_SEP3_M_STAGES 3             // 4 for L (round nine: r 4-7 1-4% faster, with z chunks of 80-96;
#define VOL_SEP3_L_STAGES 4             // r 3 slower with 4 or 5)
#define VOL_SEP3_S_ZU 2                 // steps a loop turn (the z ring slides ZU slots a turn: M-1 register
#define VOL_SEP3_M_ZU 4                 // moves for ZU steps); 4 for M and L (h25d, static counts: 4 spills at r 2)
#define VOL_SEP3_L_ZU 4
// Slab columns either side of the tile (a multiple of 4: rows start 16-byte aligned) and the dynamic shared
// memory of a block of each shape, bytes: its VOL_SEP3_*_STAGES slabs and the x pass's two row buffers.
#define VOL_SEP3_LEAD(R) (((R) + 3) / 4 * 4)
#define VOL_SEP3_S_SMEM(R) (4 * (VOL_SEP3_S_BY * VOL_SEP3_S_PY + 2 * (R)) * (VOL_SEP3_S_STAGES * (VOL_SEP3_S_BX + 2 * VOL_SEP3_LEAD(R)) + 2 * VOL_SEP3_S_BX))
#define VOL_SEP3_M_SMEM(R) (4 * (VOL_SEP3_M_BY * VOL_SEP3_M_PY + 2 * (R)) * (VOL_SEP3_M_STAGES * (VOL_SEP3_M_BX + 2 * VOL_SEP3_LEAD(R)) + 2 * VOL_SEP3_M_BX))
#define VOL_SEP3_L_SMEM(R) (4 * (VOL_SEP3_L_BY * VOL_SEP3_L_PY + 2 * (R)) * (VOL_SEP3_L_STAGES * (VOL_SEP3_L_BX + 2 * VOL_SEP3_LEAD(R)) + 2 * VOL_SEP3_L_BX))
// The tensor-copy variant (convolab_vol_sep3t_rN, sm_90 and up): radii 1..VOL_SEP3_TMA_MAX_R, the shape of the
// radius with VOL_SEP3_*_TMA_STAGES slabs, each slab one copy of the slab's box
// (round ten, bench/volumelab/sep3y.cu: 4 slabs beat 3 and 5 at r 1-4; r 5-7 are faster by cp.async).
#define VOL_SEP3_TMA_MAX_R 4
#define VOL_SEP3_S_TMA_STAGES 4
#define VOL_SEP3_M_TMA_STAGES 4
#define VOL_SEP3_L_TMA_STAGES 4
// Its dynamic shared memory, bytes: the slabs (rows of BX + 2 LEAD floats, BY * PY + 2R rows, each slab rounded up
// to 128 bytes), the x pass's two row buffers, a barrier a slab (8 bytes), the halo columns' sources (2 LEAD ints)
// and 128 bytes to align the first slab.
#define VOL_SEP3_S_TMA_SMEM(R) (4 * (VOL_SEP3_S_TMA_STAGES * (((VOL_SEP3_S_BY * VOL_SEP3_S_PY + 2 * (R)) * (VOL_SEP3_S_BX + 2 * VOL_SEP3_LEAD(R)) + 31) / 32 * 32) + 2 * (VOL_SEP3_S_BY * VOL_SEP3_S_PY + 2 * (R)) * VOL_SEP3_S_BX) + 8 * VOL_SEP3_S_TMA_STAGES + 8 * VOL_SEP3_LEAD(R) + 128)
#define VOL_SEP3_M_TMA_SMEM(R) (4 * (VOL_SEP3_M_TMA_STAGES * (((VOL_SEP3_M_BY * VOL_SEP3_M_PY + 2 * (R)) * (VOL_SEP3_M_BX + 2 * VOL_SEP3_LEAD(R)) + 31) / 32 * 32) + 2 * (VOL_SEP3_M_BY * VOL_SEP3_M_PY + 2 * (R)) * VOL_SEP3_M_BX) + 8 * VOL_SEP3_M_TMA_STAGES + 8 * VOL_SEP3_LEAD(R) + 128)
#define VOL_SEP3_L_TMA_SMEM(R) (4 * (VOL_SEP3_L_TMA_STAGES * (((VOL_SEP3_L_BY * VOL_SEP3_L_PY + 2 * (R)) * (VOL_SEP3_L_BX + 2 * VOL_SEP3_LEAD(R)) + 31) / 32 * 32) + 2 * (VOL_SEP3_L_BY * VOL_SEP3_L_PY + 2 * (R)) * VOL_SEP3_L_BX) + 8 * VOL_SEP3_L_TMA_STAGES + 8 * VOL_SEP3_LEAD(R) + 128)
// The y-first sweep (convolab_vol_sep3y_rN, volume_sep_y.cuh; sm_90 and up): radii VOL_SEP3Y_MIN_R..VOL_SEP3_MAX_R
// take it where the tensor copies can give their ghost cells (round fifteen, bench/volumelab/sep3yf.cu, H100 512^3
// mirror: r 5 0.472, r 6 0.521, r 7 0.579 ms against the x-first kernel's 0.526, 0.586, 0.645). A 64 x 16 tile of
// 256 threads, each 4 x outputs of one row; y items of 2 rows down a float4 column group; 8 slabs; 2 blocks an SM.
#define VOL_SEP3Y_MIN_R 5
#define VOL_SEP3Y_TX 64
#define VOL_SEP3Y_TY 16
#define VOL_SEP3Y_YP 2
#define VOL_SEP3Y_STAGES 8
#define VOL_SEP3Y_ZU 4
#define VOL_SEP3Y_MINB 2
// Its dynamic shared memory, bytes: the slabs (rows of TX + 2 LEAD floats, TY + 2R rows, each slab rounded up to 128
// bytes), two y-pass buffers (TY rows), a barrier a slab, the halo list (an int a slab cell) and its count (16
// bytes), and 128 bytes to align the first slab.
#define VOL_SEP3Y_SMEM(R) (4 * (VOL_SEP3Y_STAGES * (((VOL_SEP3Y_TY + 2 * (R)) * (VOL_SEP3Y_TX + 2 * VOL_SEP3_LEAD(R)) + 31) / 32 * 32) + 2 * VOL_SEP3Y_TY * (VOL_SEP3Y_TX + 2 * VOL_SEP3_LEAD(R))) + 8 * VOL_SEP3Y_STAGES + 4 * (VOL_SEP3Y_TY + 2 * (R)) * (VOL_SEP3Y_TX + 2 * VOL_SEP3_LEAD(R)) + 144)
// The wide sweep (convolab_vol_sep3w_rN, volume_sep_w.cuh; sm_90 and up): radii VOL_SEP3W_MIN_R..VOL_SEP3_MAX_R on
// volumes of whole 128 x 16 tiles, at least two each way, under zero, clamp, reflect or mirror (round sixteen's lab,
// bench/volumelab/sep3yk.cuh, and round seventeen's). 512 threads, a warp a row of x items; 6 slabs, each with
// VOL_SEP3W_PAD rows of room either side (where the top and bottom blocks' tensor copies land); 1 block an SM;
// VOL_SEP3W_ZU steps a turn of the z ring. y items: float2 column pairs of the slab, VOL_SEP3W_YP rows an item, in
// whole warps.
#define VOL_SEP3W_MIN_R 6
#define VOL_SEP3W_TX 128
#define VOL_SEP3W_TY 16
#define VOL_SEP3W_YP 4
#define VOL_SEP3W_STAGES 6
#define VOL_SEP3W_ZU 3
#define VOL_SEP3W_MINB 1
#define VOL_SEP3W_PAD 8
// y-pass row buffers: a buffer a phase of the z ring's turn where VOL_SEP3W_ZU is odd (vol_sep3w_ybuf), else 2.
#define VOL_SEP3W_YBUF 3
// Its dynamic shared memory, bytes: the slabs (rows of TX + 2 LEAD floats, TY + 2R + 2 PAD rows, each slab rounded up
// to 128 bytes), VOL_SEP3W_YBUF y-pass buffers (TY rows), a barrier a slab, the 8 moved rows' sources (ints) and 128
// bytes to align the first slab.
#define VOL_SEP3W_SMEM(R) (4 * (VOL_SEP3W_STAGES * (((VOL_SEP3W_TY + 2 * (R) + 2 * VOL_SEP3W_PAD) * (VOL_SEP3W_TX + 2 * VOL_SEP3_LEAD(R)) + 31) / 32 * 32) + VOL_SEP3W_YBUF * VOL_SEP3W_TY * (VOL_SEP3W_TX + 2 * VOL_SEP3_LEAD(R))) + 8 * VOL_SEP3W_STAGES + 4 * VOL_SEP3W_PAD + 128)
