// Round thirteen, call B: the app's one-sweep kernel (cuda-kernels/volume_sep.cuh) with its tensor-copy loader at r 7,
// on 64x16 and 128x16 tiles with 4-8 slabs in flight (sep3x.cu's harness). Call A (sep3mc.cu) found the tensor copies
// of a 64x16 slab sweep at r 7 far cheaper than round twelve's cp.async copies. The app's r 7 shape (L, 32x32) first,
// timed with both loaders. Fields: radius, TX, BY, PY, stages, min blocks an SM, ZU, the chunk of the checks.
#define X3_LIST(X)                                                                                             \
    X(7, 32, 8, 4, 4, 2, 4, 96) X(7, 64, 4, 4, 4, 2, 4, 96) X(7, 64, 4, 4, 6, 2, 4, 96) X(7, 64, 4, 4, 8, 2, 4, 96) \
    X(7, 32, 8, 4, 6, 2, 4, 96) X(7, 32, 8, 4, 8, 2, 4, 96) X(7, 128, 4, 4, 6, 1, 4, 96) X(7, 128, 4, 4, 8, 1, 4, 96) \
    X(7, 64, 4, 4, 8, 2, 2, 96)
#include "sep3x.cu"
