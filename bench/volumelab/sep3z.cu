// Round ten, call Z: why the tensor-copy loader loses at r 7 (sep3x.cu's harness): the app's L shape beside a taller
// tile (32 x 64, 512 threads, one block an SM: the x pass's y halo 14 of 78 rows instead of 14 of 46), with 3 and 4
// slabs; r 3 and 4 for reference. SEP3_L2 sets the maps' L2 promotion.
#define X3_LIST(X)                                                                                             \
    X(3, 64, 4, 4, 4, 3, 4, 26) X(4, 32, 8, 4, 4, 2, 4, 96)                                                     \
    X(7, 32, 8, 4, 4, 2, 4, 96) X(7, 32, 16, 4, 4, 1, 4, 96) X(7, 32, 16, 4, 3, 1, 4, 96)                       \
    X(7, 64, 8, 4, 4, 1, 4, 96)
#include "sep3x.cu"
