// Round eleven, call O: more warps an SM for r 7's lean kernel (sep3l.cu's harness): 3 outputs a thread down y
// (a 32 x 24 tile, 3 blocks an SM: 24 warps), 2 outputs (a 32 x 32 tile of 512 threads, 2 blocks: 32 warps), and the
// 16 x 48 / 16 x 32 tiles of those; the z ring is PY x (2R+ZU) registers, so fewer outputs a thread leave room for
// more warps, at the cost of more x-pass halo and more shared loads a voxel in the y pass.
#define APP_LIST(X) X(7, 32, 8, 4, 4, 2, 4)
#define LV_LIST(X)                                                                                                 \
    X(7, 16, 16, 4, 4, 2, 4, true, 4, 20, 48, true, 1)                                                             \
    X(7, 32, 8, 3, 4, 3, 4, true, 4, 32, 48, true, 1) X(7, 32, 16, 2, 4, 2, 4, true, 4, 32, 48, true, 1)            \
    X(7, 16, 16, 3, 4, 3, 4, true, 4, 20, 48, true, 1) X(7, 16, 32, 2, 4, 2, 4, true, 4, 20, 48, true, 1)
#include "sep3l.cu"
