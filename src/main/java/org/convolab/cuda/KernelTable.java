package org.convolab.cuda;

import static org.convolab.cuda.KernelLaunch.ceilDiv;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * The variant table: for a concrete strategy, a mask and a sample layout, which kernels run and how
 * each is launched. One chain of candidates, tried in order, the first that takes the request wins
 * (as OpenCV's filter2D tries its implementations in one chain): the fused ARGB kernels before the
 * planes' kernels of fast, and the other strategies' kernels after. Geometry comes from the policies in
 * {@link KernelGeometry}; launchers run the steps as given and only add the arguments.
 *
 * <p>To add a variant (a tensor-core kernel, say): write a {@link Candidate} that returns a
 * {@link KernelVariant} for the requests it takes and empty for the rest, and put it in
 * {@link #CANDIDATES} before the candidates it should win over. Its launcher reads the steps.
 */
final class KernelTable {
    private KernelTable() {
    }

    /** What a candidate is asked: the strategy that runs, the mask, the layout, the spec's mapping and whether fusing is on. */
    record Request(Strategy runs, Mask mask, SampleLayout layout, boolean identityMapping, boolean fuse) {

        /** The compiled radius of a square mask up to {@link KernelGeometry#FAST_MAX_COMPILED_R}, else -1. */
        int compiledRadius() {
            return mask.width() == mask.height() && mask.radiusX() <= KernelGeometry.FAST_MAX_COMPILED_R ? mask.radiusX() : -1;
        }

        boolean fusable() {
            return runs == Strategy.FAST && layout == SampleLayout.ARGB8 && fuse;
        }
    }

    /** One entry of the chain: the variant it offers for a request, or empty. */
    @FunctionalInterface
    interface Candidate {
        Optional<KernelVariant> offer(Request request);
    }

    /** The passes of fft on the GPU: three kernels of fft.cu around cuFFT's two transforms. */
    static final List<String> FFT_PASSES = List.of("convolab_fft_pad", "cufft R2C", "convolab_fft_multiply", "cufft C2R",
            "convolab_fft_crop");

    /** The run-time size kernel of fast (it takes the mask's width and height). */
    static final String FAST_ANY = "convolab_fast2d_any";

    /** The chain, in order. */
    static final List<Candidate> CANDIDATES = List.of(
            KernelTable::argbRegister,
            KernelTable::argbShared,
            KernelTable::fastVector,
            KernelTable::fastStream,
            KernelTable::fastTile,
            KernelTable::fastAny,
            KernelTable::fastSeparable,
            KernelTable::wideSeparable,
            KernelTable::separable,
            KernelTable::tiled,
            KernelTable::simple,
            KernelTable::tensor,
            KernelTable::fft);

    /** The first variant of the chain that takes the request. */
    static KernelVariant variant(Request request) {
        for (Candidate c : CANDIDATES) {
            Optional<KernelVariant> v = c.offer(request);
            if (v.isPresent()) {
                return v.get();
            }
        }
        throw new IllegalStateException("no kernel takes " + request.runs().id() + " on a " + request.mask().width() + "x"
                + request.mask().height() + " mask (" + request.layout() + ")");
    }

    // ---- fast on packed 8-bit ARGB: one kernel reads the words and writes the result (8 bytes a pixel)

    /** Radius 0 and 1: the words straight into registers (convolab_argb2d_rN). */
    private static Optional<KernelVariant> argbRegister(Request q) {
        int r = q.compiledRadius();
        if (!q.fusable() || r < 0 || r >= KernelGeometry.ARGBS_MIN_R) {
            return Optional.empty();
        }
        KernelPolicy p = KernelGeometry.ARGB_REGISTER;
        String name = "convolab_argb2d_r" + r;
        return fused(name, i -> KernelStep.of(name, ceilDiv(ceilDiv(i.width(), p.px()), p.bx()), ceilDiv(i.height(), p.outputsY()), 1,
                p.bx(), p.by(), 0));
    }

    /** Radius 2 to 7: the tile as float planes in shared memory (convolab_argbs_rN, _map for other output mappings). */
    private static Optional<KernelVariant> argbShared(Request q) {
        int r = q.compiledRadius();
        if (!q.fusable() || r < KernelGeometry.ARGBS_MIN_R || r > KernelGeometry.ARGBS_MAX_R) {
            return Optional.empty();
        }
        KernelPolicy p = r >= KernelGeometry.ARGBS_WIDE_MIN_R ? KernelGeometry.ARGB_SHARED_WIDE
                : q.identityMapping() ? KernelGeometry.ARGB_SHARED : KernelGeometry.ARGB_SHARED_MAP;
        String name = "convolab_argbs_r" + r + (q.identityMapping() ? "" : "_map");
        int shared = p.sharedBytes(q.mask());
        return fused(name, i -> KernelStep.of(name, ceilDiv(i.width(), p.outputsX()), ceilDiv(i.height(), p.outputsY()), 1, p.bx(),
                p.by(), shared));
    }

    private static Optional<KernelVariant> fused(String name, Function<KernelVariant.Image, KernelStep> step) {
        return Optional.of(new KernelVariant(Strategy.FAST, List.of(name), true, true, i -> List.of(step.apply(i))));
    }

    // ---- fast on planes: all channels in one launch (grid z)

    /** Radius 0 to 2: the float4 kernel. */
    private static Optional<KernelVariant> fastVector(Request q) {
        int r = q.compiledRadius();
        if (q.runs() != Strategy.FAST || r < 0 || r > KernelGeometry.FASTV_MAX_R) {
            return Optional.empty();
        }
        KernelPolicy p = KernelGeometry.FAST_VEC;
        return planes(Strategy.FAST, "convolab_fast2d_r" + r, p, i -> ceilDiv(ceilDiv(i.width(), p.px()), p.bx()), 0);
    }

    /**
     * Radius 3 and 4: the streamed kernel. Its rows per block cut the grid (strips x row chunks x channels) into
     * about {@link KernelGeometry#FASTS_WAVES} waves of the blocks the device holds at once, the last one
     * nearly full (fewer, longer chunks leave SMs idle in the last wave), and at most
     * {@link KernelGeometry#FASTS_MAX_ROWS} rows a chunk (faster on large images: more blocks, each streaming
     * fewer rows; the halo rows a chunk reads twice are 2r of 200).
     */
    private static Optional<KernelVariant> fastStream(Request q) {
        int r = q.compiledRadius();
        if (q.runs() != Strategy.FAST || r < KernelGeometry.FASTS_MIN_R || r > KernelGeometry.FASTS_R) {
            return Optional.empty();
        }
        KernelPolicy p = KernelGeometry.FAST_STREAM;
        String name = "convolab_fast2d_r" + r;
        return Optional.of(new KernelVariant(Strategy.FAST, List.of(name), false, true, i -> {
            int chunk = Math.min(KernelGeometry.FASTS_MAX_ROWS, streamChunk(i.width(), i.height(), i.channels(),
                    i.device().residentBlocks(name, p.bx() * p.by()), KernelGeometry.FASTS_WAVES));
            return List.of(new KernelStep(name, ceilDiv(i.width(), p.outputsX()), ceilDiv(i.height(), chunk), i.channels(), p.bx(),
                    p.by(), 0, chunk));
        }));
    }

    /** Rows per block of the streamed kernel for about {@code waves} waves of {@code residentBlocks}. */
    static int streamChunk(int width, int height, int channels, int residentBlocks, int waves) {
        int columns = channels * ceilDiv(width, KernelGeometry.FASTS_OW);
        int chunks = Math.max(1, (int) Math.min(height, (long) waves * residentBlocks / columns));
        int rows = ceilDiv(height, chunks);
        return Math.max(rows, 1);
    }

    /** Radius 5 to 15: the shared-tile kernel. */
    private static Optional<KernelVariant> fastTile(Request q) {
        int r = q.compiledRadius();
        if (q.runs() != Strategy.FAST || r < 0) {
            return Optional.empty();
        }
        KernelPolicy p = KernelGeometry.FAST_TILE;
        return planes(Strategy.FAST, "convolab_fast2d_r" + r, p, i -> ceilDiv(i.width(), p.outputsX()), 0);
    }

    /** Every other shape up to 63x63: the run-time size kernel. */
    private static Optional<KernelVariant> fastAny(Request q) {
        if (q.runs() != Strategy.FAST) {
            return Optional.empty();
        }
        KernelPolicy p = KernelGeometry.FAST_ANY;
        return planes(Strategy.FAST, FAST_ANY, p, i -> ceilDiv(i.width(), p.outputsX()), p.sharedBytes(q.mask()));
    }

    /** fast-separable: rows into shared memory and columns from there, one kernel a square radius 0 to 15. */
    private static Optional<KernelVariant> fastSeparable(Request q) {
        int r = q.compiledRadius();
        if (q.runs() != Strategy.FAST_SEPARABLE || r < 0) {
            return Optional.empty();
        }
        KernelPolicy p = r <= KernelGeometry.FSEPT_SMALL_MAX_R ? KernelGeometry.FASTSEP_SMALL : KernelGeometry.FASTSEP_LARGE;
        return planes(Strategy.FAST_SEPARABLE, "convolab_fastsep_r" + r, p, i -> ceilDiv(i.width(), p.outputsX()), 0);
    }

    /** The wide kernels of fast-separable: a row pass then a column pass. */
    static final List<String> WIDE_PASSES = List.of("convolab_wsep_rows", "convolab_wsep_cols");

    /**
     * fast-separable on a separable mask past 63x63 (up to {@link KernelGeometry#WS_MAX_TAPS} a side): the wide row
     * pass into the scratch plane, then the column pass, one channel at a time (the scratch holds one plane).
     */
    private static Optional<KernelVariant> wideSeparable(Request q) {
        Mask m = q.mask();
        if (q.runs() != Strategy.FAST_SEPARABLE || !CudaPlanner.large(m)) {
            return Optional.empty();
        }
        KernelPolicy rows = KernelGeometry.WIDE_ROWS;
        KernelPolicy cols = KernelGeometry.WIDE_COLS;
        return perChannel(Strategy.FAST_SEPARABLE, WIDE_PASSES, i -> List.of(
                KernelStep.of(WIDE_PASSES.get(0), ceilDiv(i.width(), rows.outputsX()), ceilDiv(i.height(), rows.outputsY()), 1,
                        rows.bx(), rows.by(), rows.sharedBytes(m)),
                KernelStep.of(WIDE_PASSES.get(1), ceilDiv(i.width(), cols.outputsX()), ceilDiv(i.height(), cols.outputsY()), 1,
                        cols.bx(), cols.by(), cols.sharedBytes(m))));
    }

    /** One launch over every plane (grid z), {@code gx} blocks along x and the policy's rows a block down. */
    private static Optional<KernelVariant> planes(Strategy runs, String name, KernelPolicy p, ToIntFunction<KernelVariant.Image> gx,
                                                  int shared) {
        return Optional.of(new KernelVariant(runs, List.of(name), false, true, i -> List.of(KernelStep.of(name, gx.applyAsInt(i),
                ceilDiv(i.height(), p.outputsY()), i.channels(), p.bx(), p.by(), shared))));
    }

    // ---- the teaching strategies: one channel a launch

    /** separable (32x8, one thread an output) and separable-tiled (SEP_* tiles): a row pass, then a column pass. */
    private static Optional<KernelVariant> separable(Request q) {
        Mask m = q.mask();
        if (q.runs() == Strategy.SEPARABLE) {
            return perChannel(q.runs(), List.of("convolab_sep_rows", "convolab_sep_cols"), i -> List.of(
                    KernelStep.of("convolab_sep_rows", ceilDiv(i.width(), 32), ceilDiv(i.height(), 8), 1, 32, 8, 0),
                    KernelStep.of("convolab_sep_cols", ceilDiv(i.width(), 32), ceilDiv(i.height(), 8), 1, 32, 8, 0)));
        }
        if (q.runs() != Strategy.SEPARABLE_TILED) {
            return Optional.empty();
        }
        int bx = KernelGeometry.SEP_BX;
        int by = KernelGeometry.SEP_BY;
        int steps = KernelGeometry.SEP_STEPS;
        return perChannel(q.runs(), List.of("convolab_sep_rows_tiled", "convolab_sep_cols_tiled"), i -> List.of(
                KernelStep.of("convolab_sep_rows_tiled", ceilDiv(i.width(), bx * steps), ceilDiv(i.height(), by), 1, bx, by,
                        by * (bx * steps + 2 * m.radiusX()) * 4),
                KernelStep.of("convolab_sep_cols_tiled", ceilDiv(i.width(), bx), ceilDiv(i.height(), by * steps), 1, bx, by,
                        (by * steps + 2 * m.radiusY()) * bx * 4)));
    }

    /** tiled: block = input tile ({@link TiledLauncher#inputTile}); the planner has made sure one fits. */
    private static Optional<KernelVariant> tiled(Request q) {
        if (q.runs() != Strategy.TILED) {
            return Optional.empty();
        }
        Mask m = q.mask();
        int[] tile = TiledLauncher.inputTile(m);
        if (tile == null) {
            throw new IllegalStateException("tiled cannot take a " + m.width() + "x" + m.height() + " mask; the planner runs tiled-out");
        }
        int ox = tile[0] - 2 * m.radiusX();
        int oy = tile[1] - 2 * m.radiusY();
        return perChannel(q.runs(), List.of("convolab_tiled"), i -> List.of(KernelStep.of("convolab_tiled", ceilDiv(i.width(), ox),
                ceilDiv(i.height(), oy), 1, tile[0], tile[1], tile[0] * tile[1] * 4)));
    }

    /** naive, constant, tiled-out and cached: one thread an output, the rows of {@link SimpleLauncher#TABLE}. */
    private static Optional<KernelVariant> simple(Request q) {
        SimpleLauncher.Row row = SimpleLauncher.TABLE.get(q.runs());
        if (row == null) {
            return Optional.empty();
        }
        int shared = row.sharedBytes().applyAsInt(q.mask());
        return perChannel(q.runs(), List.of(row.kernel()), i -> List.of(KernelStep.of(row.kernel(), ceilDiv(i.width(), SimpleLauncher.BX),
                ceilDiv(i.height(), SimpleLauncher.BY), 1, SimpleLauncher.BX, SimpleLauncher.BY, shared)));
    }

    /**
     * tensor: the mask's rows as banded matrix products on the tensor cores, all channels in one launch; on 8-bit
     * ARGB a fused kernel (it applies any output mapping). The table names the kernel family; {@link TensorLauncher}
     * picks the variant of it (split inputs, high halves alone, one load) from the spec and the device.
     */
    private static Optional<KernelVariant> tensor(Request q) {
        if (q.runs() != Strategy.TENSOR) {
            return Optional.empty();
        }
        Mask m = q.mask();
        boolean fused = q.layout() == SampleLayout.ARGB8 && q.fuse();
        String name = fused ? "convolab_tensor_argb_d" + TensorLauncher.bandBlocks(m.width()) : TensorLauncher.planesKernel(m);
        return Optional.of(new KernelVariant(Strategy.TENSOR, List.of(name), fused, true, i -> List.of(KernelStep.of(name,
                ceilDiv(i.width(), TensorLauncher.OW), ceilDiv(i.height(), TensorLauncher.OH), fused ? 1 : i.channels(),
                TensorLauncher.THREADS, 1, TensorLauncher.sharedBytes(m, !fused)))));
    }

    private static Optional<KernelVariant> perChannel(Strategy runs, List<String> kernels, KernelVariant.Geometry geometry) {
        return Optional.of(new KernelVariant(runs, kernels, false, false, geometry));
    }

    // ---- fft: cuFFT between three kernels, all channels in one batch

    /** Transform rows and columns of fft for an image and mask: {@code {p, q}}. */
    static int[] fftSize(int width, int height, Mask m) {
        return new int[] {FftLauncher.smoothLength(height + 2 * m.radiusY()), FftLauncher.smoothLength(width + 2 * m.radiusX())};
    }

    private static Optional<KernelVariant> fft(Request q) {
        if (q.runs() != Strategy.FFT) {
            return Optional.empty();
        }
        Mask m = q.mask();
        return Optional.of(new KernelVariant(Strategy.FFT, FFT_PASSES, false, true, i -> {
            int[] pq = fftSize(i.width(), i.height(), m);
            int n = pq[0] * (pq[1] / 2 + 1);
            int c = i.channels();
            return List.of(KernelStep.of("convolab_fft_pad", ceilDiv(pq[1], 32), ceilDiv(pq[0], 8), c, 32, 8, 0),
                    KernelStep.library("cufft R2C"),
                    KernelStep.of("convolab_fft_multiply", Math.min(ceilDiv(n, 256), 4096), c, 1, 256, 1, 0),
                    KernelStep.library("cufft C2R"),
                    KernelStep.of("convolab_fft_crop", ceilDiv(i.width(), 32), ceilDiv(i.height(), 8), c, 32, 8, 0));
        }));
    }
}
