// Round ten, call Y: the tensor-copy loader's stages and z chunks by radius (sep3x.cu's harness; the app's cp.async
// shape first at each radius, timed with both loaders).
#define X3_LIST(X)                                                                                             \
    X(1, 64, 8, 4, 3, 2, 2, 12) X(1, 64, 8, 4, 4, 2, 2, 12)                                                     \
    X(2, 64, 8, 4, 3, 2, 2, 12) X(2, 64, 8, 4, 4, 2, 2, 12) X(2, 64, 8, 4, 5, 2, 2, 12)                         \
    X(3, 64, 4, 4, 3, 3, 4, 26) X(3, 64, 4, 4, 4, 3, 4, 26) X(3, 64, 4, 4, 5, 3, 4, 26) X(3, 64, 4, 4, 6, 3, 4, 26) \
    X(4, 32, 8, 4, 4, 2, 4, 80) X(4, 32, 8, 4, 5, 2, 4, 80)                                                     \
    X(5, 32, 8, 4, 4, 2, 4, 96) X(5, 32, 8, 4, 5, 2, 4, 96)                                                     \
    X(6, 32, 8, 4, 4, 2, 4, 96) X(6, 32, 8, 4, 5, 2, 4, 96)                                                     \
    X(7, 32, 8, 4, 4, 2, 4, 96)
#include "sep3x.cu"
