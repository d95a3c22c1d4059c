package org.convolab.cuda;

import static org.convolab.cuda.KernelLaunch.ceilDiv;

import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask3D;
import org.convolab.core.SeparableMask3D;
import org.convolab.core.VolumeStrategy;
import org.convolab.core.WrapPolicy;

/**
 * The launches of the direct 3D strategies (cuda-kernels/volume.cu): naive, constant, tiled, separable and
 * fast. {@link #prepare} puts the weights where the strategy's kernels read them (global memory is the
 * caller's upload; {@code __constant__} here), {@link #launch} queues the kernels on the stream. Blocks are
 * {@code VOL_BX x VOL_BY}; kernels that give each thread a whole column of outputs take grid z as a stride
 * over the slices (at most 65535).
 */
final class VolumeKernels {

    /** Every kernel of cuda-kernels/volume.cu that the 3D strategies launch (FatbinKernelsTest holds the fatbin to it). */
    static java.util.List<String> names() {
        java.util.List<String> n = new java.util.ArrayList<>(java.util.List.of("convolab_vol_naive", "convolab_vol_constant",
                "convolab_vol_tiled", "convolab_vol_line", "convolab_vol_fast_sep", "convolab_vol_fast_any",
                "convolab_vol_fft_pad", "convolab_vol_fft_place", "convolab_vol_fft_crop"));
        for (int r = 1; r <= KernelGeometry.VOL_FAST_MAX_R; r++) {
            n.add("convolab_vol_fast_r" + r);
        }
        for (int r = 1; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            n.add("convolab_vol_sep3_r" + r);
        }
        for (int r = 1; r <= KernelGeometry.VOL_SEP3_TMA_MAX_R; r++) {
            n.add("convolab_vol_sep3t_r" + r);
        }
        for (int r = KernelGeometry.VOL_SEP3Y_MIN_R; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            n.add("convolab_vol_sep3y_r" + r);
        }
        for (int r = KernelGeometry.VOL_SEP3W_MIN_R; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            n.add("convolab_vol_sep3w_r" + r);
        }
        return n;
    }

    private static final int MAX_GRID_Z = 65535;
    private static final int WRAP = new WrapPolicy().code();
    private static final int CONSTANT = new ConstantPolicy(0).code();

    private VolumeKernels() {
    }

    /** Weights into the {@code __constant__} arrays the strategy reads (a synchronous copy); nothing for the others. */
    static void prepare(VolumeStrategy s, VolumeRun r) {
        Mask3D m = r.mask();
        if (s == VolumeStrategy.CONSTANT || (s == VolumeStrategy.FAST && fastKind(m) == FastKind.CUBE)) {
            r.module().setConstant("c_vol_mask", m.weights());
        } else if (s == VolumeStrategy.SEPARABLE || (s == VolumeStrategy.FAST && SeparableMask3D.of(m).isPresent())) {
            SeparableMask3D f = factors(m);
            float[] lines = new float[3 * KernelGeometry.CONVOLAB_MAX_1D];
            System.arraycopy(f.x(), 0, lines, 0, m.width());
            System.arraycopy(f.y(), 0, lines, KernelGeometry.CONVOLAB_MAX_1D, m.height());
            System.arraycopy(f.z(), 0, lines, 2 * KernelGeometry.CONVOLAB_MAX_1D, m.depth());
            r.module().setConstant("c_vol_line", lines);
        }
    }

    /** Queues the strategy's kernels; the sums end in {@code r.out()}. */
    static void launch(VolumeStrategy s, VolumeRun r) {
        switch (s) {
            case NAIVE -> perVoxel(new KernelLaunch("convolab_vol_naive"), r).ptr(r.in()).ptr(r.out()).ptr(r.maskWeights())
                    .i(r.width()).i(r.height()).i(r.depth()).i(r.mask().width()).i(r.mask().height()).i(r.mask().depth())
                    .i(r.policy()).f(r.constant()).run(r.module(), r.stream());
            case CONSTANT -> perVoxel(new KernelLaunch("convolab_vol_constant"), r).ptr(r.in()).ptr(r.out())
                    .i(r.width()).i(r.height()).i(r.depth()).i(r.mask().width()).i(r.mask().height()).i(r.mask().depth())
                    .i(r.policy()).f(r.constant()).run(r.module(), r.stream());
            case TILED -> tiled(r);
            case SEPARABLE -> {
                if (VolumePlanner.sep3Radius(r.mask()) > 0) {
                    sep3(r);
                } else {
                    separable(r);
                }
            }
            case FAST -> fast(r);
            default -> throw new IllegalArgumentException(s + " has no direct kernels");
        }
    }

    /** Grid and block of a one-thread-per-voxel kernel (grid z strides over the slices). */
    private static KernelLaunch perVoxel(KernelLaunch k, VolumeRun r) {
        return k.grid(ceilDiv(r.width(), KernelGeometry.VOL_BX), ceilDiv(r.height(), KernelGeometry.VOL_BY),
                Math.min(r.depth(), MAX_GRID_Z)).block(KernelGeometry.VOL_BX, KernelGeometry.VOL_BY);
    }

    /**
     * Outputs a thread computes down z (bz) and mask slices a brick load serves (kc) for tiled: a brick of
     * {@code bz + kc - 1} slices of {@code (VOL_BX+mw-1) x (VOL_BY+mh-1)} floats fits VOL_SHARED_MAX; as many
     * mask slices as fit once bz outputs (up to VOL_TILED_BZ) have their share.
     */
    static int[] tiledShape(Mask3D m) {
        int slice = 4 * (KernelGeometry.VOL_BX + m.width() - 1) * (KernelGeometry.VOL_BY + m.height() - 1);
        int slices = Math.max(1, KernelGeometry.VOL_SHARED_MAX / slice);
        int bz = Math.max(1, Math.min(KernelGeometry.VOL_TILED_BZ, slices - m.depth() + 1));
        int kc = Math.max(1, Math.min(m.depth(), slices - bz + 1));
        return new int[] {bz, kc, (bz + kc - 1) * slice};
    }

    private static void tiled(VolumeRun r) {
        Mask3D m = r.mask();
        int[] shape = tiledShape(m);
        new KernelLaunch("convolab_vol_tiled").grid(ceilDiv(r.width(), KernelGeometry.VOL_BX),
                        ceilDiv(r.height(), KernelGeometry.VOL_BY), gridZ(ceilDiv(r.depth(), shape[0]), r))
                .block(KernelGeometry.VOL_BX, KernelGeometry.VOL_BY).sharedBytes(shape[2])
                .ptr(r.in()).ptr(r.out()).ptr(r.maskWeights()).i(r.width()).i(r.height()).i(r.depth())
                .i(m.width()).i(m.height()).i(m.depth()).i(shape[0]).i(shape[1]).i(r.policy()).f(r.constant())
                .run(r.module(), r.stream());
    }

    /** x: in to out, y: out to scratch, z: scratch to out; the constant ghost value scaled by the earlier passes' sums. */
    private static void separable(VolumeRun r) {
        Mask3D m = r.mask();
        SeparableMask3D f = factors(m);
        float cx = r.constant();
        float cy = (float) (cx * SeparableMask3D.sum(f.x()));
        float cz = (float) (cx * SeparableMask3D.sum(f.x()) * SeparableMask3D.sum(f.y()));
        line(r, r.in(), r.out(), 0, m.width(), cx);
        line(r, r.out(), r.scratch(), 1, m.height(), cy);
        line(r, r.scratch(), r.out(), 2, m.depth(), cz);
    }

    private static void line(VolumeRun r, jcuda.driver.CUdeviceptr in, jcuda.driver.CUdeviceptr out, int axis, int n, float ghost) {
        perVoxel(new KernelLaunch("convolab_vol_line"), r).ptr(in).ptr(out).i(r.width()).i(r.height()).i(r.depth())
                .i(axis).i(n).i(r.policy()).f(ghost).run(r.module(), r.stream());
    }

    /** Whether the strategy's kernels need the scratch volume (separable's three line passes). */
    static boolean needsScratch(VolumeStrategy s, Mask3D m) {
        return s == VolumeStrategy.SEPARABLE && VolumePlanner.sep3Radius(m) == 0;
    }

    /**
     * Output slices a block of convolab_vol_sep3_rN walks down z, by radius: a chunk re-reads 2R slices past its
     * ends, and fewer, longer chunks leave SMs idle at the grid's tail and start fewer slab pipelines at once.
     * The fastest for each radius on an H100 (512^3 floats, mirror, bench/volumelab/sep3d.cu, the shape the radius
     * takes, medians of 20x10 launches): r 1 and 2 take 12 (bench/results/h100-2026-11-27-round8/sep3g-time.txt, f0:
     * r 1 0.441 ms, 16: 0.447; r 2 0.462, 16: 0.465), r 3 26 (round nine's h/sep3s-time.txt: 0.483, 32: 0.492);
     * shape L with its four slabs (round nine's i/sep3s-time.txt): r 4 80 (0.507, 96: 0.509), r 5, 6 and 7 96
     * (r 7 0.644, 112: 0.652, 128 in call H: 0.675).
     */
    private static final int[] SEP3_CHUNK = {0, 12, 12, 26, 80, 96, 96, 96};

    /**
     * The same for convolab_vol_sep3t_rN (slabs by tensor copies, four in flight), from round ten's
     * bench/results/h100-2026-11-27-round10/y/sep3y-time.txt (H100, 512^3, mirror, best of two medians of 20x10):
     * r 1 12 (0.405 ms, 16: 0.409), r 2 16 (0.425, 12: 0.427), r 3 26 (0.453; 48 was 0.443 in one round and 0.459
     * in the other, 56 up to 0.526: 26 keeps clear of that edge), r 4 96 (0.483, 80: 0.485).
     */
    private static final int[] SEP3T_CHUNK = {0, 12, 16, 26, 96};

    /**
     * The same for convolab_vol_sep3y_rN (the y pass first, 64x16 tiles, eight slabs), from round fifteen's
     * bench/results/h100-2026-11-27-round15/f/yf-time.txt (H100, 512^3, mirror, medians of 20x10): r 5 96 (0.472 ms,
     * 128: 0.496), r 6 96 (0.521, 128: 0.533), r 7 171 (0.579, 96: 0.585, 128: 0.586).
     */
    private static final int[] SEP3Y_CHUNK = {0, 0, 0, 0, 0, 96, 96, 171};

    static int sep3Chunk(int radius) {
        return SEP3_CHUNK[radius];
    }

    static int sep3tChunk(int radius) {
        return SEP3T_CHUNK[radius];
    }

    static int sep3yChunk(int radius) {
        return SEP3Y_CHUNK[radius];
    }

    /**
     * Output slices a block of convolab_vol_sep3w_rN walks down z. One block fills an SM, so the chunk is set by how
     * many tiles there are against the blocks the device holds at once: where the tiles alone fill the device,
     * VOL_SEP3W_FULL_CHUNK slices (round sixteen's call M, H100, r 7, mirror: at 768^3 and 1024^3 171 was the best of
     * 96 to 512); where they do not, the depth is split into as many chunks as fill it again (at 512^3 the 128 tiles
     * take the whole depth, at 384^3 the 72 tiles two chunks), but into chunks of no fewer than
     * VOL_SEP3W_MIN_CHUNK slices, since each chunk reads 2R slices past its ends.
     *
     * @param tiles the volume's 128 x 16 tiles
     * @param depth slices of the volume
     * @param resident blocks of the kernel the device holds at once
     */
    static int sep3wChunk(int tiles, int depth, int resident) {
        if (tiles >= resident) {
            return Math.min(depth, VOL_SEP3W_FULL_CHUNK);
        }
        int chunks = Math.max(1, Math.round((float) resident / tiles));
        return Math.max(Math.min(depth, VOL_SEP3W_MIN_CHUNK), ceilDiv(depth, chunks));
    }

    static final int VOL_SEP3W_FULL_CHUNK = 171;
    static final int VOL_SEP3W_MIN_CHUNK = 64;

    /**
     * Whether a rank-1 cube of this radius takes the wide sweep (convolab_vol_sep3w_rN): the y-first sweep's conditions
     * ({@code copiesServe}: compute capability 9.x, whole 16-byte rows, zero or folding ghost cells), radius
     * VOL_SEP3W_MIN_R..VOL_SEP3_MAX_R (at r 5 the y-first sweep is faster), and a volume of whole
     * VOL_SEP3W_TX x VOL_SEP3W_TY tiles, at least two each way: its side blocks fold their halo by where their tiles
     * end, so no tile may end inside the volume; at least two each way so that no block is at both sides of an axis
     * and a top or bottom block's copy, moved 8 rows inward, stays inside the volume.
     */
    static boolean wide(int radius, int width, int height, int policy, float constant, int computeMajor) {
        return radius >= KernelGeometry.VOL_SEP3W_MIN_R && radius <= KernelGeometry.VOL_SEP3_MAX_R
                && width % KernelGeometry.VOL_SEP3W_TX == 0 && width >= 2 * KernelGeometry.VOL_SEP3W_TX
                && height % KernelGeometry.VOL_SEP3W_TY == 0 && height >= 2 * KernelGeometry.VOL_SEP3W_TY
                && copiesServe(width, policy, constant, computeMajor);
    }

    /**
     * Whether a rank-1 cube of this radius takes the y-first sweep (convolab_vol_sep3y_rN): on compute capability 9.x,
     * radius VOL_SEP3Y_MIN_R..VOL_SEP3_MAX_R (the radii whose slab leads by 8 columns, so that the y items
     * fill whole warps; below them the x-first tensor copies run), and the
     * tensor copies' conditions ({@code copiesServe}): rows of whole 16-byte steps, zero or folding ghost cells.
     */
    static boolean yFirst(int radius, int width, int policy, float constant, int computeMajor) {
        return radius >= KernelGeometry.VOL_SEP3Y_MIN_R && radius <= KernelGeometry.VOL_SEP3_MAX_R
                && copiesServe(width, policy, constant, computeMajor);
    }

    /**
     * Whether a rank-1 cube of this radius takes the tensor-copy kernel (convolab_vol_sep3t_rN): on compute
     * capability 9.x, radius 1..VOL_SEP3_TMA_MAX_R (from r 5 cp.async is faster: round ten's call Y), rows of
     * whole 16-byte steps (the map's strides) and a policy whose ghost cells the copies can give: zero (constant 0,
     * out of the box) or mirrors of cells the slab holds (clamp, reflect, mirror). Wrap and other constants keep
     * convolab_vol_sep3_rN, which gathers any ghost cell.
     */
    static boolean tensorCopies(int radius, int width, int policy, float constant, int computeMajor) {
        return radius >= 1 && radius <= KernelGeometry.VOL_SEP3_TMA_MAX_R && copiesServe(width, policy, constant, computeMajor);
    }

    /**
     * What the tensor-copy sweeps need of the device, the volume and the policy: compute capability 9.x, rows of whole
     * 16-byte steps (the map's strides), and ghost cells the copies can give (zero, or mirrors of slab cells).
     * Only 9.x: the fatbin holds these kernels' code as sm_90 SASS, and a later GPU would run its compute_75 PTX, in
     * which they only trap (they need Hopper's tensor copies); there the cp.async sweep runs. Every 9.x device gives
     * a block the 227 KB of shared memory the wide sweep asks.
     */
    private static boolean copiesServe(int width, int policy, float constant, int computeMajor) {
        return computeMajor == 9 && width % 4 == 0 && policy != WRAP && (policy != CONSTANT || constant == 0.0f);
    }

    /**
     * The input volume's 3D tensor map with the box (floats along x, rows along y) one copy brings, or null where the
     * maps are unavailable or the driver would not make this one: the caller then runs its cp.async kernel, which gives
     * the same sums (the launch log says which ran).
     */
    private static byte[] volumeMap(VolumeRun r, int[] box) {
        if (TensorMaps.problem() != null) {
            return null;
        }
        try {
            return TensorMaps.volume(CudaLibrary.address(r.in()), r.width(), r.height(), r.depth(), box[0], box[1]);
        } catch (CudaFault e) {
            return null;
        }
    }

    /**
     * A rank-1 cube of radius 1..VOL_SEP3_MAX_R: x, y and z in one sweep down z (volume_sep.cuh), from
     * VOL_SEP3Y_MIN_R on Hopper with the y pass first (volume_sep_y.cuh), and from VOL_SEP3W_MIN_R on volumes of whole
     * wide tiles the wide sweep (volume_sep_w.cuh). The first of these that the device, volume and policy allow runs.
     */
    private static void sep3(VolumeRun r) {
        int radius = VolumePlanner.sep3Radius(r.mask());
        if (wide(radius, r.width(), r.height(), r.policy(), r.constant(), r.module().computeMajor())) {
            byte[] map = volumeMap(r, KernelGeometry.volSep3wSlab(radius));
            if (map != null) {
                String kernel = "convolab_vol_sep3w_r" + radius;
                int gx = r.width() / KernelGeometry.VOL_SEP3W_TX;
                int gy = r.height() / KernelGeometry.VOL_SEP3W_TY;
                int shared = KernelGeometry.volSep3wSharedBytes(radius);
                int zch = sep3wChunk(gx * gy, r.depth(), r.module().residentBlocks(kernel, KernelGeometry.volSep3wThreads(), shared));
                new KernelLaunch(kernel).grid(gx, gy, gridZ(ceilDiv(r.depth(), zch), r))
                        .block(KernelGeometry.volSep3wThreads(), 1).sharedBytes(shared)
                        .ptr(r.in()).ptr(r.out()).i(r.width()).i(r.height()).i(r.depth()).i(zch).i(r.policy()).f(r.constant())
                        .bytes(map).run(r.module(), r.stream());
                return;
            }
        }
        if (yFirst(radius, r.width(), r.policy(), r.constant(), r.module().computeMajor())) {
            byte[] map = volumeMap(r, KernelGeometry.volSep3ySlab(radius));
            if (map != null) {
                int zch = sep3yChunk(radius);
                new KernelLaunch("convolab_vol_sep3y_r" + radius)
                        .grid(ceilDiv(r.width(), KernelGeometry.VOL_SEP3Y_TX), ceilDiv(r.height(), KernelGeometry.VOL_SEP3Y_TY),
                                gridZ(ceilDiv(r.depth(), zch), r))
                        .block(KernelGeometry.volSep3yThreads(), 1)
                        .sharedBytes(KernelGeometry.volSep3ySharedBytes(radius))
                        .ptr(r.in()).ptr(r.out()).i(r.width()).i(r.height()).i(r.depth()).i(zch).i(r.policy()).f(r.constant())
                        .bytes(map).run(r.module(), r.stream());
                return;
            }
        }
        int[] shape = KernelGeometry.volSep3Shape(radius);
        byte[] map = tensorCopies(radius, r.width(), r.policy(), r.constant(), r.module().computeMajor())
                ? volumeMap(r, KernelGeometry.volSep3Slab(radius)) : null;
        boolean tma = map != null;
        int zch = tma ? sep3tChunk(radius) : sep3Chunk(radius);
        KernelLaunch k = new KernelLaunch(tma ? "convolab_vol_sep3t_r" + radius : "convolab_vol_sep3_r" + radius)
                .grid(ceilDiv(r.width(), shape[0]), ceilDiv(r.height(), shape[1] * shape[2]), gridZ(ceilDiv(r.depth(), zch), r))
                .block(shape[0], shape[1])
                .sharedBytes(tma ? KernelGeometry.volSep3TmaSharedBytes(radius) : KernelGeometry.volSep3SharedBytes(radius))
                .ptr(r.in()).ptr(r.out()).i(r.width()).i(r.height()).i(r.depth()).i(zch).i(r.policy()).f(r.constant());
        if (tma) {
            k.bytes(map);
        }
        k.run(r.module(), r.stream());
    }

    /** Which fast kernel a mask takes. */
    enum FastKind { SEP3, RANK1, CUBE, ANY }

    static FastKind fastKind(Mask3D m) {
        if (VolumePlanner.sep3Radius(m) > 0) {
            return FastKind.SEP3;
        }
        if (SeparableMask3D.of(m).isPresent()) {
            return FastKind.RANK1;
        }
        return VolumePlanner.cubeRadius(m) > 0 ? FastKind.CUBE : FastKind.ANY;
    }

    /** Dynamic shared memory of convolab_vol_fast_sep: slab, x-pass rows and the z ring. */
    static int fastSepShared(Mask3D m) {
        int th = KernelGeometry.VOL_BY + m.height() - 1;
        int tw = KernelGeometry.VOL_BX + m.width() - 1;
        return 4 * (tw * th + KernelGeometry.VOL_BX * th + m.depth() * KernelGeometry.VOL_BX * KernelGeometry.VOL_BY);
    }

    /** Dynamic shared memory of convolab_vol_fast_any: two slabs. */
    static int fastAnyShared(Mask3D m) {
        return 2 * 4 * (KernelGeometry.VOL_BX + m.width() - 1) * (KernelGeometry.VOL_BY + m.height() - 1);
    }

    private static void fast(VolumeRun r) {
        Mask3D m = r.mask();
        int gx = ceilDiv(r.width(), KernelGeometry.VOL_BX);
        int gy = ceilDiv(r.height(), KernelGeometry.VOL_BY);
        int gz = gridZ(ceilDiv(r.depth(), KernelGeometry.VOL_FAST_ZCH), r);
        switch (fastKind(m)) {
            case SEP3 -> sep3(r);
            case RANK1 -> new KernelLaunch("convolab_vol_fast_sep").grid(gx, gy, gz).block(KernelGeometry.VOL_BX, KernelGeometry.VOL_BY)
                    .sharedBytes(fastSepShared(m)).ptr(r.in()).ptr(r.out()).i(r.width()).i(r.height()).i(r.depth())
                    .i(m.width()).i(m.height()).i(m.depth()).i(r.policy()).f(r.constant()).run(r.module(), r.stream());
            case CUBE -> new KernelLaunch("convolab_vol_fast_r" + VolumePlanner.cubeRadius(m)).grid(gx, gy, gz)
                    .block(KernelGeometry.VOL_BX, KernelGeometry.VOL_BY).ptr(r.in()).ptr(r.out()).i(r.width()).i(r.height())
                    .i(r.depth()).i(r.policy()).f(r.constant()).run(r.module(), r.stream());
            case ANY -> {
                for (int k0 = 0; k0 < m.depth(); k0 += KernelGeometry.VOL_FAST_KC) {
                    int kc = Math.min(KernelGeometry.VOL_FAST_KC, m.depth() - k0);
                    new KernelLaunch("convolab_vol_fast_any").grid(gx, gy, gz).block(KernelGeometry.VOL_BX, KernelGeometry.VOL_BY)
                            .sharedBytes(fastAnyShared(m)).ptr(r.in()).ptr(r.out()).ptr(r.maskWeights()).i(r.width())
                            .i(r.height()).i(r.depth()).i(m.width()).i(m.height()).i(m.depth()).i(k0).i(kc).i(k0 == 0 ? 0 : 1)
                            .i(r.policy()).f(r.constant()).run(r.module(), r.stream());
                }
            }
        }
    }

    private static int gridZ(int blocks, VolumeRun r) {
        if (blocks > MAX_GRID_Z) {
            throw new ConvolabException(r.describe() + " has too many slices for one launch (" + blocks
                    + " blocks down z, at most " + MAX_GRID_Z + ")");
        }
        return blocks;
    }

    private static SeparableMask3D factors(Mask3D m) {
        return SeparableMask3D.of(m).orElseThrow(() -> new ConvolabException(
                "3D strategy separable needs a rank-1 mask (a product of three 1D masks); this " + m + " is not"));
    }
}
